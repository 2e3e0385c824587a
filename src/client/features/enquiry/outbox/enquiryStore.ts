import { FORM_TOKEN_LIFETIME_MS } from '#shared/enquiries/formToken.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import { isRecord, readStored, removeStored, writeStored } from './browserStore';

/** The fill token and when this browser received it (its own clock, so a phone set to the wrong time does not matter). */
export type FillToken = { formToken?: string | undefined; formTokenAt?: number | undefined };

/** Typed-but-unsent answers, kept so a reload does not lose them. */
export type Draft<Field extends string> = { values: Record<Field, string>; idempotencyKey: string } & FillToken;

/** A filled form waiting to be delivered, kept in the browser until the server accepts it. */
export type PendingEnquiry<Field extends string> = Draft<Field> & { website: string };

/**
 * A fill token older than this is replaced when the parent comes back to the form (focus,
 * typing, the tab shown again, a draft restored): well inside the server's 24 hours, so a form
 * left open overnight is not sent with an expired token and kept as spam.
 */
export const FILL_TOKEN_RENEW_AFTER_MS = FORM_TOKEN_LIFETIME_MS / 2;

export function fillTokenIsRecent({ formToken, formTokenAt }: FillToken, now: number): boolean {
  return formToken !== undefined && formTokenAt !== undefined && now - formTokenAt < FILL_TOKEN_RENEW_AFTER_MS;
}

/** The answers of a stored value, when it has every field as text. */
export function valuesFrom<Field extends string>(
  fields: readonly Field[],
  source: unknown,
): Record<Field, string> | undefined {
  if (!isRecord(source)) return undefined;
  const values = {} as Record<Field, string>;
  for (const field of fields) {
    const value = source[field];
    if (typeof value !== 'string') return undefined;
    values[field] = value;
  }
  return values;
}

/**
 * The form's two keeps in this browser: the draft (what was typed) and the outbox (a sent
 * enquiry the server has not accepted yet, because the connection was lost). A stored value
 * that is not what this version of the form writes is ignored.
 */
export function enquiryStore<Field extends string>(form: EnquiryKind, fields: readonly Field[]) {
  const draftKey = `enquiry:${form}:draft`;
  const outboxKey = `enquiry:${form}:outbox`;
  const isDraft = (value: unknown): value is Draft<Field> =>
    isRecord(value) &&
    typeof value.idempotencyKey === 'string' &&
    (value.formToken === undefined || typeof value.formToken === 'string') &&
    (value.formTokenAt === undefined || typeof value.formTokenAt === 'number') &&
    valuesFrom(fields, value.values) !== undefined;
  const isPending = (value: unknown): value is PendingEnquiry<Field> =>
    isRecord(value) && typeof value.website === 'string' && isDraft(value);

  return {
    readDraft: () => readStored(draftKey, isDraft),
    /** Keeps the draft while something was typed; a form back at its blank values keeps none. */
    keepDraft(draft: Draft<Field>, empty: Record<Field, string>) {
      const touched = fields.some((field) => draft.values[field] !== empty[field]);
      const { formToken, formTokenAt } = draft;
      if (touched)
        writeStored(draftKey, {
          values: draft.values,
          idempotencyKey: draft.idempotencyKey,
          ...(formToken ? { formToken, formTokenAt } : {}),
        });
      else removeStored(draftKey);
    },
    removeDraft: () => removeStored(draftKey),
    readQueued: () => readStored(outboxKey, isPending),
    queue: (enquiry: PendingEnquiry<Field>) => writeStored(outboxKey, enquiry),
    removeQueued: () => removeStored(outboxKey),
  };
}

export type EnquiryStore<Field extends string> = ReturnType<typeof enquiryStore<Field>>;
