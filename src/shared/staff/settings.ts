/** Settings of the staff side that the Owner changes on the Staff tab (stored in the database; each change is in the audit trail). */
export type StaffSettings = {
  /** Every person must have two-step login on before they can use the dashboard. */
  twoStepRequired: boolean;
};

export const staffSettingDefaults: StaffSettings = { twoStepRequired: false };

/** How the activity page names each setting. */
export const staffSettingLabels: Record<keyof StaffSettings, string> = { twoStepRequired: 'Two-step login required for everyone' };
