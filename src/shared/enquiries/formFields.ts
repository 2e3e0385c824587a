/**
 * What the forms' markup needs to know of their fields, without zod: a form page draws and
 * hydrates with this and its own list of fields (ContactForm.tsx, AdmissionForm.tsx), and loads the
 * schemas (contactForm.ts, admissionForm.ts, which declare each field's rules) once the parent starts
 * filling it in (decision 0006).
 */

/** Field length caps: generous for people, small enough that no request can bloat the database. */
export const fieldLimits = {
  name: 100,
  email: 254,
  phoneDigits: 10,
  message: 5000,
} as const;

export const phoneRules = { minDigits: 4, maxDigits: fieldLimits.phoneDigits } as const;

/** When the sender would like the school to call back; not answering means any time. */
export const callTimes = [
  { value: 'morning', label: 'Morning' },
  { value: 'afternoon', label: 'Afternoon' },
  { value: 'evening', label: 'Evening' },
] as const;

export type CallTime = (typeof callTimes)[number]['value'];

/** The box the sender ticks on the admission form; its value when ticked is the one a form post sends. */
export const guardianConfirmation = {
  label: "I am this child's parent or guardian",
  message: "Please confirm that you are the child's parent or guardian",
  value: 'yes',
} as const;

/** The honeypot's input name, shared by the form markup and the server check (envelope.ts). */
export const HONEYPOT_FIELD = 'website';

/** The blank form as the browser holds it: every field a string, '' unless `defaults` gives one. */
export function emptyForm<Field extends string>(
  fields: readonly Field[],
  defaults: Partial<Record<Field, string>> = {},
): Record<Field, string> {
  const empty = {} as Record<Field, string>;
  for (const field of fields) empty[field] = defaults[field] ?? '';
  return empty;
}
