import { z } from '#shared/zod.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import { dashboardLimits, enquiryRefSchema } from './query';
import type { AdmissionEnquiry, ContactEnquiry } from '#shared/enquiries/enquiry.ts';

/**
 * Why an enquiry was put in the Spam folder. Several can apply; all are stored with the row
 * so the office can judge it.
 */
export const spamReasons = [
  'honeypot',
  'too-fast',
  'no-form-token',
  'invalid-form-token',
  'stale-form-token',
  'reused-form-token',
  'recaptcha-failed',
  'recaptcha-low-score',
] as const;

export type SpamReason = (typeof spamReasons)[number];

export const spamReasonSchema = z.enum(spamReasons);

/** The reasons as the office reads them in the Spam tab. */
export const spamReasonLabels: Record<SpamReason, string> = {
  honeypot: 'Filled in the hidden field that only programs see',
  'too-fast': 'Sent sooner after the form was shown than a person could fill it in',
  'no-form-token': "Sent without the form's token (JavaScript off, or a program posting directly)",
  'invalid-form-token': "The form's token was not one this website issued",
  'stale-form-token': 'The form had been open for more than a day',
  'reused-form-token': "The form's token had already been used for another enquiry",
  'recaptcha-failed': 'reCAPTCHA did not accept it',
  'recaptcha-low-score': 'reCAPTCHA judged it likely automated',
};

export { SPAM_RETENTION_DAYS } from '#shared/retention.ts';

/** One enquiry in the Spam folder: the row as its own tab would show it, and why it is here. */
export type SpamEntry =
  | { kind: 'contact'; row: ContactEnquiry; reasons: SpamReason[] }
  | { kind: 'admission'; row: AdmissionEnquiry; reasons: SpamReason[] };

/** One page of the Spam folder, both kinds together, newest first. */
export type SpamPage = { entries: SpamEntry[]; total: number; page: number; pageSize: number; pageCount: number };

export const spamListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(dashboardLimits.maxPageSize).default(dashboardLimits.defaultPageSize),
});

export type SpamListQuery = z.output<typeof spamListQuerySchema>;

/** "Not spam": names the enquiry to move back to its list. */
export const notSpamSchema = enquiryRefSchema;

/** The answer to "Not spam": where the enquiry went and how many emails were queued for it. */
export type NotSpamResult = { kind: EnquiryKind; id: number; mailsQueued: number };
