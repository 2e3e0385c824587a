import type { FieldErrors } from './outbox/sendFailure';

/** One line of the error summary: a field's first message. */
export type ErrorSummaryItem = {
  field: string;
  message: string;
  /** False for a part of the enquiry the form does not show (its envelope): listed, with nothing to link to. */
  linked: boolean;
};

/**
 * The error summary's lines: first what concerns the whole enquiry, then every field's message in
 * the order the fields appear, so the list reads like the form.
 */
export function errorSummaryItems(errors: FieldErrors, fields: readonly string[]): ErrorSummaryItem[] {
  const lineFor = (field: string, linked: boolean) => {
    const message = errors[field]?.[0];
    return message ? [{ field, message, linked }] : [];
  };
  const others = Object.keys(errors).filter((field) => !fields.includes(field));
  return [...others.flatMap((field) => lineFor(field, false)), ...fields.flatMap((field) => lineFor(field, true))];
}
