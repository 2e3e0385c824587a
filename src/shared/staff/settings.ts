import { z } from '#shared/zod.ts';

/** How many days a person may take to set up two-step login once the Owner requires it: 7 unless the Owner says otherwise. */
export const TWO_STEP_GRACE_DAYS = { default: 7, min: 1, max: 90 } as const;

const graceDaysMessage = `Please enter a whole number of days from ${TWO_STEP_GRACE_DAYS.min} to ${TWO_STEP_GRACE_DAYS.max}.`;

export const twoStepGraceDaysSchema = z
  .number(graceDaysMessage)
  .int(graceDaysMessage)
  .min(TWO_STEP_GRACE_DAYS.min, graceDaysMessage)
  .max(TWO_STEP_GRACE_DAYS.max, graceDaysMessage);

/** Settings of the staff side that the Owner changes on the Staff tab (stored in the database; each change is in the audit trail). */
export const staffSettingsSchema = z.object({
  /** Every person must have two-step login on before they can use the dashboard. */
  twoStepRequired: z.boolean(),
  /**
   * While it is required, a person without it may set it up from their own session for this many
   * days (decision 0026); afterwards only after a new link from the Owner.
   */
  twoStepGraceDays: twoStepGraceDaysSchema,
});

export type StaffSettings = z.output<typeof staffSettingsSchema>;

export const staffSettingDefaults: StaffSettings = {
  twoStepRequired: false,
  twoStepGraceDays: TWO_STEP_GRACE_DAYS.default,
};
