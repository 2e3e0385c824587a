import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { staffSettingDefaults, staffSettingsSchema, type StaffSettings } from '#shared/staff/settings.ts';

/** The staff side's settings, each its default until the Owner changes it (or when its stored value is not one it can take). */
export async function readStaffSettings(db: Kysely<Database>): Promise<StaffSettings> {
  const rows = await db.selectFrom('staff_settings').select(['name', 'value']).execute();
  const settings = { ...staffSettingDefaults };
  for (const { name, value } of rows) {
    const parsed = staffSettingsSchema.partial().safeParse({ [name]: JSON.parse(value) as unknown });
    if (parsed.success) Object.assign(settings, parsed.data);
  }
  return settings;
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
    // The same value again leaves the row alone, so updated_at is when the setting last changed.
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ value: json, updated_at: at, updated_by: by })
        .where('staff_settings.value', '!=', json),
    )
    .execute();
}

/** When a setting last changed, or undefined while it has never been set. */
export async function staffSettingChangedAt(
  db: Kysely<Database>,
  name: keyof StaffSettings,
): Promise<string | undefined> {
  const row = await db.selectFrom('staff_settings').select('updated_at').where('name', '=', name).executeTakeFirst();
  return row?.updated_at;
}
