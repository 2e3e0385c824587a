import type { EnquiryEnvelope } from '#shared/enquiries/envelope.ts';
import type { PendingEnquiry } from './enquiryStore';
import { classifySendFailure, type FieldErrors, type SendFailure } from './sendFailure';

export type Validation<Output> = { ok: true; data: Output } | { ok: false; fieldErrors: FieldErrors };

export type DeliveryOutcome<Field extends string> =
  /** `answer` is the server's: an admission enquiry's carries its booking link. */
  | { sent: true; answer: unknown }
  /** `attempt` is the enquiry as it was tried, with the fill token it carried: what the outbox keeps. */
  | { sent: false; failure: SendFailure; attempt: PendingEnquiry<Field> };

export type Delivery<Field extends string, Output> = {
  /** The shared schema's check, with its messages; it rejects when the schema cannot be loaded (offline). */
  validate(values: Record<Field, string>): Promise<Validation<Output>>;
  /** The form's fill token for an enquiry that carries none; it may wait for one on its way, and never rejects. */
  formToken(): Promise<string | undefined>;
  /** The reCAPTCHA site key of the form session (loaded now if the form has none yet), or null when reCAPTCHA is off. */
  recaptchaSiteKey(): Promise<string | null | undefined>;
  /** Google's token for this form's action; undefined when reCAPTCHA is off or unreachable (the server tolerates that). */
  recaptchaToken(siteKey: string | null | undefined): Promise<string | undefined>;
  send(data: Output, envelope: EnquiryEnvelope): Promise<unknown>;
};

/**
 * One try at delivering an enquiry: checked again with the shared schema (a queued one may have
 * been kept by an older page), then sent with its envelope: the idempotency key of its fill, the
 * honeypot, the fill token (the enquiry's own, else the form's) and reCAPTCHA's token.
 * A schema that cannot be loaded is a connection that is not there: the enquiry is kept and tried again.
 */
export async function deliverEnquiry<Field extends string, Output>(
  enquiry: PendingEnquiry<Field>,
  delivery: Delivery<Field, Output>,
): Promise<DeliveryOutcome<Field>> {
  const formToken = enquiry.formToken ?? (await delivery.formToken());
  const attempt = formToken ? { ...enquiry, formToken } : enquiry;
  try {
    const checked = await delivery.validate(enquiry.values);
    if (!checked.ok)
      return { sent: false, failure: { kind: 'invalid', fieldErrors: checked.fieldErrors }, attempt: enquiry };
    const token = await delivery.recaptchaToken(await delivery.recaptchaSiteKey());
    const answer = await delivery.send(checked.data, {
      idempotencyKey: attempt.idempotencyKey,
      website: attempt.website,
      ...(formToken ? { formToken } : {}),
      ...(token ? { token } : {}),
    });
    return { sent: true, answer };
  } catch (error) {
    return { sent: false, failure: classifySendFailure(error), attempt };
  }
}
