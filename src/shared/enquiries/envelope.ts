import { z } from '#shared/zod.ts';
import { HONEYPOT_FIELD } from './formFields';

export const idempotencyKeyMessages = {
  /** Our forms always send a key; without one the page is stale. */
  missing: 'The form expired. Please reload the page and try again.',
  malformed: 'The idempotency key must be 1 to 255 visible ASCII characters (a UUID is best).',
  differ: 'The Idempotency-Key header and the idempotencyKey field differ. Send one key.',
} as const;

/** Any visible ASCII, as the IETF httpapi Idempotency-Key draft allows; our forms send a UUID. */
export const idempotencyKeyField = z
  .string(idempotencyKeyMessages.missing)
  .regex(/^[\x21-\x7e]{1,255}$/, idempotencyKeyMessages.malformed)
  .meta({
    description:
      'Makes a retry safe: the same key with the same answers stores one enquiry; with other answers it is refused (409).',
  });

/**
 * What the document says the tokens are made of (base64url parts joined by dots, as a JWT and a
 * reCAPTCHA token are). The server reads anything else as a bot's token, not as a mistake (the
 * Spam folder, not a 400), so the check stays with the token's own verdict.
 */
const tokenCharacters = '^[A-Za-z0-9_.-]*$';

/**
 * What travels with every enquiry besides the parent's answers: the idempotency key made once
 * per form fill (a retry or double click cannot store it twice), the form token the server
 * issued when the form was shown (for the minimum fill time), the honeypot field that people
 * never see, the anti-bot token (reCAPTCHA's, when it is on) and the sender's clock, which
 * docs/spec.md §3 names `token` and `timestamp`.
 */
export const enquiryEnvelopeSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  formToken: z
    .string()
    .max(2000)
    .meta({
      description: 'The token our forms get when they are shown (enquiries.formSession); other clients leave it out.',
      pattern: tokenCharacters,
    })
    .optional(),
  /** Honeypot: the field is named like one a bot would fill; people never see it. */
  [HONEYPOT_FIELD]: z
    .string()
    .max(2000)
    .meta({ description: 'Leave out or empty (a trap for bots).', maxLength: 0 })
    .optional(),
  token: z
    .string()
    .max(4000)
    .meta({
      description: 'The reCAPTCHA v3 token when reCAPTCHA is on; otherwise empty or left out.',
      pattern: tokenCharacters,
    })
    .optional(),
  /** When the sender sent it, by its own clock: accepted, but the server's time of receipt is what is stored. */
  timestamp: z.iso
    .datetime({
      offset: true,
      message: 'The timestamp must be an ISO 8601 date and time, such as 2026-11-23T10:15:00Z.',
    })
    .optional(),
});

export type EnquiryEnvelope = z.infer<typeof enquiryEnvelopeSchema>;

/** The envelope fields, which are not the parent's answers. */
export const envelopeFieldNames = enquiryEnvelopeSchema.keyof().options;
