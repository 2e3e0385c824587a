import { describe, expect, it } from 'vitest';
import { enquiryFields } from '#shared/enquiries/enquiryFields.ts';
import {
  DEFAULT_RETENTION_MONTHS,
  REMOVED_FAMILY_DAYS,
  retentionPeriods,
  SENT_MAIL_RETENTION_DAYS,
  SPAM_RETENTION_DAYS,
} from '#shared/retention.ts';
import { collectedData, privacySections } from './privacy';
import { startingContact } from '#test/support/schoolFacts.ts';
import type { VisitorRow } from '#shared/admissions/visits.ts';
import { BOOKING_LINK_LIFETIME_MS } from '#server/modules/visits/bookingToken.ts';

describe('the privacy notice', () => {
  it.each(['contact', 'admission'] as const)(
    'says why the %s form asks for each of its fields, and for nothing it does not ask',
    (kind) => {
      expect(Object.keys(collectedData[kind]).sort()).toEqual(enquiryFields[kind].map((field) => field.name).sort());
    },
  );

  it('states the periods the server keeps to, who receives the data, the rights and whom to ask', () => {
    const periods = retentionPeriods(DEFAULT_RETENTION_MONTHS);
    const text = JSON.stringify(privacySections(periods, startingContact));
    expect(text).toContain(`${DEFAULT_RETENTION_MONTHS} months`);
    expect(text).toContain(`${SENT_MAIL_RETENTION_DAYS} days after they were sent`);
    expect(text).toContain(`erased ${REMOVED_FAMILY_DAYS} days later`);
    expect(text).toContain(`erased after ${SPAM_RETENTION_DAYS} days`);
    expect(text).toContain('email provider');
    expect(text).toContain('Google');
    for (const right of ['see what we hold', 'correct it', 'erase it']) expect(text).toContain(right);
    expect(text).toContain(startingContact.email);
    for (const phone of startingContact.phones) expect(text).toContain(phone.display);
    expect(text).toContain('Data Protection Board of India');
    // A different setting reads differently: the numbers are not fixed in the words.
    expect(JSON.stringify(privacySections({ ...periods, closedEnquiryMonths: 12 }, startingContact))).toContain(
      '12 months after the last change',
    );
  });

  it('says truthfully what a visit booking keeps and shows, and for how long', () => {
    const periods = retentionPeriods(DEFAULT_RETENTION_MONTHS);
    const section = privacySections(periods, startingContact).find((each) => each.title === 'Booking a visit');
    const text = section?.paragraphs.join(' ') ?? '';
    expect(text).toContain(`valid for ${BOOKING_LINK_LIFETIME_MS / 86_400_000} days`);
    // Every fact of the family the office's list of the day's visits shows (a new one fails to compile here until it is named).
    const shownToOffice: Record<Exclude<keyof VisitorRow, 'bookingId' | 'enquiryId'>, string> = {
      parentName: 'your name',
      phone: 'phone number',
      // The country code is part of the phone number.
      countryCode: 'phone number',
      studentName: "your child's name",
      birthDate: 'age',
      program: 'the program',
      source: 'the internet address you booked from',
    };
    for (const words of Object.values(shownToOffice)) expect(text).toContain(words);
    // What the booking and its emails keep: the time, its changes, and the invitation with the parent's name and address.
    for (const words of [
      'the time you chose',
      'when you booked, moved or cancelled it',
      'calendar invitation',
      'your name and email address',
      'a note when you cancel',
      'reminder the day before',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toContain('erased with it');
  });

  it("says a Parents' Corner family's data is in a parent's copy and goes, at once, with their erasure", () => {
    const periods = retentionPeriods(DEFAULT_RETENTION_MONTHS);
    const section = privacySections(periods, startingContact).find((each) => each.title === "The Parents' Corner");
    const after = section?.after?.join(' ') ?? '';
    for (const words of ['see what we hold about you', 'in the copy we give you', 'erase', 'stops at once'])
      expect(after).toContain(words);
  });
});
