import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './downloadFile';
import { csvFileName, describeChange } from '#shared/dashboard/index.ts';
import { pageItems } from './pageNumbers';
import { firstMessagePerField } from './fieldMessages';
import { ageInYearsText } from '#shared/enquiries/birthDate.ts';
import { contactLinks, enquiryView } from './enquiryView';

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the ends and the neighbours of the current page, with gaps between', () => {
    expect(pageItems(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 19, 20]);
  });

  it('shows a single hidden page instead of a gap', () => {
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('describeChange', () => {
  it('names status changes with their labels', () => {
    expect(describeChange({ field: 'status', oldValue: 'pending', newValue: 'responded' })).toBe(
      'Status changed from Yet to respond to Responded',
    );
  });

  it('tells added, changed and cleared remarks apart', () => {
    expect(describeChange({ field: 'remarks', oldValue: '', newValue: 'Called' })).toBe('Remarks added: “Called”');
    expect(describeChange({ field: 'remarks', oldValue: 'Called', newValue: 'Visited' })).toBe(
      'Remarks changed from “Called” to “Visited”',
    );
    expect(describeChange({ field: 'remarks', oldValue: 'Called', newValue: '' })).toBe(
      'Remarks cleared (were “Called”)',
    );
  });

  it('describes the read flag', () => {
    expect(describeChange({ field: 'isRead', oldValue: 'false', newValue: 'true' })).toBe('Marked as read');
    expect(describeChange({ field: 'isRead', oldValue: 'true', newValue: 'false' })).toBe('Marked as unread');
  });
});

describe('fileNameFromDisposition', () => {
  it('takes the server name, plain or RFC 5987 encoded', () => {
    expect(
      fileNameFromDisposition('attachment; filename="contact-submissions-2026-11-21.csv"', csvFileName('contact')),
    ).toBe('contact-submissions-2026-11-21.csv');
    expect(
      fileNameFromDisposition(
        "attachment; filename*=UTF-8''admission-submissions-2026-11-21.csv",
        csvFileName('admission'),
      ),
    ).toBe('admission-submissions-2026-11-21.csv');
  });

  it("falls back to the spec's name for today", () => {
    expect(fileNameFromDisposition(null, csvFileName('admission'))).toMatch(
      /^admission-submissions-\d{4}-\d{2}-\d{2}\.csv$/,
    );
  });
});

describe('row views', () => {
  const now = new Date('2026-11-21T06:00:00Z');
  const admission = {
    id: 2,
    createdAt: '2026-11-20T04:30:00.000Z',
    studentName: 'Kavin',
    birthDate: '2022-01-05',
    parentName: 'Devi',
    email: 'd@example.com',
    countryCode: '+91',
    phone: '9840012345',
    programOfInterest: 'primary',
    message: '',
    status: 'responded',
    isRead: true,
    remarks: '',
    stage: 'enquiry',
  } as const;

  it('gives a child age in whole years, and babies under one as such', () => {
    const ageText = (birthDate: string) => enquiryView('admission', { ...admission, birthDate }, now).childAgeText;
    expect(ageText('2021-11-22')).toBe('4 years');
    expect(ageText('2021-11-21')).toBe('5 years');
    expect(ageText('2025-11-21')).toBe('1 year');
    expect(ageText('2026-03-01')).toBe('Under 1 year');
    expect(ageInYearsText(undefined)).toBeUndefined();
  });

  it('notes, for the office, a child whose age does not fit the chosen program (a child of 4 for Toddler), and nothing when it fits', () => {
    const note = (programOfInterest: 'toddler' | 'primary') =>
      enquiryView('admission', { ...admission, programOfInterest, birthDate: '2022-09-10' }, now).programAgeNote;
    expect(note('toddler')).toBe(
      'The child is 4 years 2 months today; the Toddler Community is for ages 18 months – 3 years. ' +
        "The Primary Children's House (3 – 6 years) may suit better.",
    );
    expect(note('primary')).toBeUndefined();
  });

  it('applies the status rule and shows each field as declared once for staff', () => {
    const contact = enquiryView(
      'contact',
      {
        id: 1,
        createdAt: '2026-11-20T04:30:00.000Z',
        name: 'Asha',
        email: 'a@example.com',
        countryCode: '+91',
        phone: '9840012345',
        type: 'employment',
        message: 'Hello there',
        status: 'pending',
        isRead: false,
        remarks: '',
      },
      now,
    );
    expect(contact.topic).toBe('Employment');
    expect(contact.receivedText).toBe('Nov 20, 2026 10:00 AM');
    expect(contact.facts.map((fact) => [fact.label, fact.text])).toEqual([
      ['Email', 'a@example.com'],
      ['Phone', '+91 9840012345'],
      ['Type', 'Employment'],
      ['Preferred Time to Call', 'No preference'],
    ]);
    const view = enquiryView('admission', admission, now);
    expect(view.name).toBe('Kavin');
    expect(view.topic).toBe('Primary');
    expect(view.facts.map((fact) => [fact.label, fact.text])).toEqual([
      ['Child Age', '4 years (born Jan 5, 2022)'],
      ['Parent Name', 'Devi'],
      ['Email', 'd@example.com'],
      ['Phone', '+91 9840012345'],
      ['Program', 'Primary'],
      ['Preferred Time to Call', 'No preference'],
      ['Parent or Guardian', 'Not confirmed'],
    ]);
    expect(enquiryView('admission', { ...admission, guardianConfirmed: 'yes' }, now).facts.at(-1)?.text).toBe(
      'Confirmed by the sender',
    );
  });

  it('builds one-tap links from a stored phone number', () => {
    expect(contactLinks({ email: 'a@example.com', phone: '+44 7700900123' })).toEqual({
      call: 'tel:+447700900123',
      email: 'mailto:a@example.com',
      whatsApp: 'https://wa.me/447700900123',
    });
  });
});

describe('firstMessagePerField', () => {
  it('keeps each field’s first message, by the field the issue names', () => {
    const issues = [
      { path: ['day'], message: 'Please enter the date.' },
      { path: ['day'], message: 'Please enter a date that exists.' },
      { path: ['name'], message: 'Please enter the name.' },
    ];
    expect(firstMessagePerField(issues)).toEqual({ day: 'Please enter the date.', name: 'Please enter the name.' });
    expect(firstMessagePerField([])).toEqual({});
  });
});
