import { describe, expect, it } from 'vitest';
import { BOOKING_LINK_LIFETIME_MS, bookingTokenKey, createBookingTokens } from './bookingToken';

const issuedAt = new Date('2026-11-26T05:00:00.000Z');
const tokens = createBookingTokens([bookingTokenKey('a'.repeat(32))]);

describe('the booking token', () => {
  it('names its enquiry until it expires, then reads as expired', () => {
    const token = tokens.issue(42, issuedAt);
    expect(tokens.read(token, new Date(issuedAt.getTime() + BOOKING_LINK_LIFETIME_MS - 1000))).toMatchObject({
      state: 'valid',
      enquiryId: 42,
    });
    expect(tokens.read(token, new Date(issuedAt.getTime() + BOOKING_LINK_LIFETIME_MS))).toMatchObject({
      state: 'expired',
      enquiryId: 42,
    });
  });

  it('refuses a token with another enquiry, a later expiry or a changed signature', () => {
    const token = tokens.issue(42, issuedAt);
    const [id, expiry, signature] = token.split('.') as [string, string, string];
    const lastChanged = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    for (const forged of [
      `43.${expiry}.${signature}`,
      `${id}.${(parseInt(expiry, 36) + 1).toString(36)}.${signature}`,
      `${id}.${expiry}.${lastChanged}`,
      `${token}x`,
      '',
      'not a token',
    ]) {
      expect(tokens.read(forged, issuedAt)).toEqual({ state: 'invalid' });
    }
  });

  it('refuses a token signed with a key no longer in use, and keeps one signed with a rotated-out key that is still listed', () => {
    const old = createBookingTokens([bookingTokenKey('b'.repeat(32))]).issue(7, issuedAt);
    expect(tokens.read(old, issuedAt)).toEqual({ state: 'invalid' });
    const rotated = createBookingTokens([bookingTokenKey('c'.repeat(32)), bookingTokenKey('b'.repeat(32))]);
    expect(rotated.read(old, issuedAt)).toMatchObject({ state: 'valid', enquiryId: 7 });
  });
});
