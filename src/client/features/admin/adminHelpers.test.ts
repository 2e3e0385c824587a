import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './exportCsv';
import { describeChange } from './historyText';
import { pageItems } from './pageNumbers';
import { admissionView, childAgeText, contactLinks, contactView } from './submissionView';

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
    expect(describeChange({ field: 'status', oldValue: 'pending', newValue: 'responded' })).toBe('Status changed from Yet to respond to Responded');
  });

  it('tells added, changed and cleared remarks apart', () => {
    expect(describeChange({ field: 'remarks', oldValue: '', newValue: 'Called' })).toBe('Remarks added: “Called”');
    expect(describeChange({ field: 'remarks', oldValue: 'Called', newValue: 'Visited' })).toBe('Remarks changed from “Called” to “Visited”');
    expect(describeChange({ field: 'remarks', oldValue: 'Called', newValue: '' })).toBe('Remarks cleared (were “Called”)');
  });

  it('describes the read flag', () => {
    expect(describeChange({ field: 'isRead', oldValue: 'false', newValue: 'true' })).toBe('Marked as read');
    expect(describeChange({ field: 'isRead', oldValue: 'true', newValue: 'false' })).toBe('Marked as unread');
  });
});

describe('fileNameFromDisposition', () => {
  it('takes the server name, plain or RFC 5987 encoded', () => {
    expect(fileNameFromDisposition('attachment; filename="contact-submissions-2026-11-21.csv"', 'contact')).toBe('contact-submissions-2026-11-21.csv');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''admission-submissions-2026-11-21.csv", 'admission')).toBe('admission-submissions-2026-11-21.csv');
  });

  it("falls back to the spec's name for today", () => {
    expect(fileNameFromDisposition(null, 'admission')).toMatch(/^admission-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});

describe('row views', () => {
  const now = new Date('2026-11-21T06:00:00Z');

  it('gives a child age in whole years, and babies under one as such', () => {
    expect(childAgeText('2021-11-22', now)).toBe('4 years');
    expect(childAgeText('2021-11-21', now)).toBe('5 years');
    expect(childAgeText('2025-11-21', now)).toBe('1 year');
    expect(childAgeText('2026-03-01', now)).toBe('Under 1 year');
    expect(childAgeText('not a date', now)).toBeUndefined();
  });

  it('applies the status rule and the labels of types and programs', () => {
    const contact = contactView({ id: 1, createdAt: '2026-11-20T04:30:00.000Z', name: 'Asha', email: 'a@example.com', phone: '+91 9840012345', type: 'employment', message: 'Hello there', status: 'pending', isRead: false, remarks: '' });
    expect(contact.topic).toBe('Employment');
    expect(contact.receivedText).toBe('Nov 20, 2026 10:00 AM');
    const admission = admissionView({ id: 2, createdAt: '2026-11-20T04:30:00.000Z', childName: 'Kavin', childAge: '2022-01-05', parentName: 'Devi', email: 'd@example.com', phone: '+91 9840012345', program: 'primary', message: '', status: 'responded', isRead: true, remarks: '' });
    expect(admission.topic).toBe('Primary');
    expect(admission.birthDateText).toBe('Born Jan 5, 2022');
  });

  it('builds one-tap links from a stored phone number', () => {
    expect(contactLinks({ email: 'a@example.com', phone: '+44 7700900123' })).toEqual({
      call: 'tel:+447700900123',
      email: 'mailto:a@example.com',
      whatsApp: 'https://wa.me/447700900123',
    });
  });
});
