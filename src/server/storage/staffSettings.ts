import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { staffSettingDefaults, type StaffSettings } from '../../shared/staff/settings';

/** The staff side's settings, each its default until the Owner changes it. */
export async function readStaffSettings(db: Kysely<Database>): Promise<StaffSettings> {
  const rows = await db.selectFrom('staff_settings').select(['name', 'value']).execute();
  const stored = Object.fromEntries(rows.filter((row) => row.name in staffSettingDefaults).map((row) => [row.name, JSON.parse(row.value) as unknown]));
  return { ...staffSettingDefaults, ...stored };
}

export async function writeStaffSetting<Name extends keyof StaffSettings>(
  db: Kysely<Database>,
  name: Name,
  value: StaffSettings[Name],
  { at, by }: { at: string; by: number },
): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('staff_settings')
    .values({ name, value: json, updated_at: at, updated_by: by })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: json, updated_at: at, updated_by: by }))
    .execute();
}
