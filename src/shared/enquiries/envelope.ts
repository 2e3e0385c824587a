import { z } from '../zod';

/**
 * What travels with every enquiry besides the parent's answers: the idempotency key made once
 * per form fill (a retry or double click cannot store it twice), the form token the server
 * issued when the form was shown (for the minimum fill time), the honeypot field that people
 * never see, and the anti-bot token when reCAPTCHA is on.
 */
export const enquiryEnvelopeSchema = z.object({
  idempotencyKey: z.uuid('The form expired. Please reload the page and try again.'),
  formToken: z.string().max(2000).optional(),
  /** Honeypot: the field is named like one a bot would fill; people never see it. */
  website: z.string().max(2000).optional(),
  recaptchaToken: z.string().max(4000).optional(),
});

export type EnquiryEnvelope = z.infer<typeof enquiryEnvelopeSchema>;

/** The honeypot's input name, shared by the form markup and the server check. */
export const HONEYPOT_FIELD = 'website';
