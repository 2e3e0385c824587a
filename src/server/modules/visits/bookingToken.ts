import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The booking link's token: an admission enquiry's number and an expiry, signed with HMAC-SHA256
 * ("<id>.<expiry in seconds, base 36>.<signature>"). It is made synchronously, because the
 * acknowledgement email that carries it is written inside the transaction that stores the
 * enquiry; and it is short, because parents forward it by WhatsApp. No parent account: whoever
 * holds the link manages that family's visit, so it is sent only to the parent and never logged
 * (decision 0040).
 */

/** A booking link books for 30 days after it is given: one admission season's usual wait for a visit. */
export const BOOKING_LINK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Name of the generated key kept with the data when SESSION_SECRET is not set. */
export const BOOKING_TOKEN_SECRET_NAME = 'visit-booking-key';

export function generateBookingTokenSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** A key per secret, so that rotating SESSION_SECRET (new first, old after) keeps the links already sent. */
export function bookingTokenKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('visit booking token').digest();
}

export type BookingTokenReading =
  | { state: 'valid'; enquiryId: number; expiresAt: Date }
  /** Ours, past its expiry: it still manages a visit already booked, but books no new one. */
  | { state: 'expired'; enquiryId: number; expiresAt: Date }
  /** Not ours: forged, changed, damaged, or signed with a key no longer in use. */
  | { state: 'invalid' };

export type BookingTokens = {
  issue(enquiryId: number, issuedAt: Date): string;
  read(token: string, now: Date): BookingTokenReading;
};

const shape = /^([1-9][0-9]{0,15})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/;

export function createBookingTokens(keys: readonly Buffer[]): BookingTokens {
  const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    issue(enquiryId, issuedAt) {
      const body = `${enquiryId}.${Math.floor((issuedAt.getTime() + BOOKING_LINK_LIFETIME_MS) / 1000).toString(36)}`;
      return `${body}.${sign(keys[0]!, body)}`;
    },
    read(token, now) {
      const parts = shape.exec(token);
      if (!parts) return { state: 'invalid' };
      const [, id, expiry, signature] = parts as unknown as [string, string, string, string];
      // Compared as text: two spellings of the last character can decode to the same bytes.
      const given = Buffer.from(signature);
      const body = `${id}.${expiry}`;
      if (!keys.some((key) => timingSafeEqual(Buffer.from(sign(key, body)), given))) return { state: 'invalid' };
      const expiresAt = new Date(parseInt(expiry, 36) * 1000);
      return { state: now < expiresAt ? 'valid' : 'expired', enquiryId: Number(id), expiresAt };
    },
  };
}
