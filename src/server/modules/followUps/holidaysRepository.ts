import type { Kysely } from 'kysely';
import type { HolidayDays } from '#shared/admissions/followUp.ts';
import type { SchoolHoliday } from '#shared/admissions/holidays.ts';
import type { Database } from '#server/storage/schema.ts';

/** The school's holidays (decision 0039, migration 024): the office's list, read by the follow-up rule. */

/** The holidays on `from` (YYYY-MM-DD at the school) and after, in date order. */
export function holidaysFrom(db: Kysely<Database>, from: string): Promise<SchoolHoliday[]> {
  return db.selectFrom('school_holidays').select(['day', 'name']).where('day', '>=', from).orderBy('day').execute();
}

/** The days the follow-up rule skips, counting from `from`: the holidays on it and after. */
export async function holidayDaysFrom(db: Kysely<Database>, from: string): Promise<HolidayDays> {
  const rows = await db.selectFrom('school_holidays').select('day').where('day', '>=', from).execute();
  return new Set(rows.map((row) => row.day));
}

/** Adds a holiday; a day already listed is left as it is, and answered as `taken`. */
export async function addHoliday(
  db: Kysely<Database>,
  holiday: SchoolHoliday,
): Promise<{ added: SchoolHoliday } | { taken: SchoolHoliday }> {
  return db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('school_holidays')
      .values(holiday)
      .onConflict((conflict) => conflict.column('day').doNothing())
      .returning(['day', 'name'])
      .executeTakeFirst();
    if (added) return { added };
    return {
      taken: await trx
        .selectFrom('school_holidays')
        .select(['day', 'name'])
        .where('day', '=', holiday.day)
        .executeTakeFirstOrThrow(),
    };
  });
}

/** Removes the holiday on `day`; answers it, or undefined when there was none. */
export function removeHoliday(db: Kysely<Database>, day: string): Promise<SchoolHoliday | undefined> {
  return db.deleteFrom('school_holidays').where('day', '=', day).returning(['day', 'name']).executeTakeFirst();
}
