import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { staffSettingDefaults, staffSettingsSchema, type StaffSettings } from '../../shared/staff/settings';

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
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: json, updated_at: at, updated_by: by }))
    .execute();
}
