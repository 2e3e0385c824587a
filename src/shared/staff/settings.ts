import { z } from '../zod';

/** Settings of the staff side that the Owner changes on the Staff tab (stored in the database; each change is in the audit trail). */
export const staffSettingsSchema = z.object({
  /** Every person must have two-step login on before they can use the dashboard. */
  twoStepRequired: z.boolean(),
});

export type StaffSettings = z.output<typeof staffSettingsSchema>;

export const staffSettingDefaults: StaffSettings = { twoStepRequired: false };
