import type { FormPostResult } from '#shared/enquiries/formPostResult.ts';
import type { FieldErrors } from './outbox/sendFailure';

/** The values a form starts with: blank, or what was posted without JavaScript and came back with messages. */
export function initialValues<Field extends string>(
  empty: Record<Field, string>,
  result: FormPostResult | undefined,
): Record<Field, string> {
  if (!result || result.outcome === 'sent') return empty;
  const values = { ...empty };
  for (const field of Object.keys(empty) as Field[]) {
    const posted = result.values[field];
    if (typeof posted === 'string') values[field] = posted;
  }
  return values;
}

/**
 * What the parent typed into the server-rendered form before the script arrived (slow 4G).
 * Hydration would otherwise reset every field to the state's values and lose it; read during
 * the first render, before React touches the page.
 */
export function valuesTypedBeforeHydration<Field extends string>(
  action: string,
  fields: readonly Field[],
  rendered: Record<Field, string>,
): Record<Field, string> | undefined {
  if (typeof document === 'undefined') return undefined;
  const form = document.querySelector<HTMLFormElement>(`form[action="${action}"]`);
  if (!form) return undefined;
  const values = { ...rendered };
  let typed = false;
  for (const field of fields) {
    const control = form.elements.namedItem(field);
    if (
      control instanceof HTMLInputElement ||
      control instanceof HTMLTextAreaElement ||
      control instanceof HTMLSelectElement
    ) {
      // A box's value is what it sends when ticked; unticked, it sends nothing.
      values[field] =
        control instanceof HTMLInputElement && control.type === 'checkbox' && !control.checked ? '' : control.value;
      // Compared as it would be sent: an unticked box's own value is not something typed.
      typed ||= values[field] !== rendered[field];
    }
  }
  return typed ? values : undefined;
}

export function firstMessage(errors: FieldErrors, field: string): string | undefined {
  return errors[field]?.[0];
}

/**
 * The toast when the server names fields to fix. A message about a field the form does not show
 * (a newer server's rule) must be read in the toast, since no field will show it; otherwise the
 * server's own sentence, else the first field's message, else the form's failure text.
 */
export function invalidSendMessage(
  fieldErrors: FieldErrors,
  fields: readonly string[],
  serverMessage: string | undefined,
  fallback: string,
): string {
  const onOtherFields = Object.keys(fieldErrors).filter((field) => !fields.includes(field));
  const message = [...onOtherFields, ...fields].map((field) => firstMessage(fieldErrors, field)).find(Boolean);
  return (onOtherFields.length > 0 ? message : serverMessage) ?? message ?? fallback;
}

/** The booking link in an admission enquiry's answer (issue 24 §2), if there is one. */
export const bookingUrlOf = (answer: unknown) =>
  typeof answer === 'object' && answer !== null && 'bookingUrl' in answer && typeof answer.bookingUrl === 'string'
    ? answer.bookingUrl
    : undefined;
