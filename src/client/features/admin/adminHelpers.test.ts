import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './downloadFile';
import { csvFileName, describeChange } from '../../../shared/dashboard';
import { erasureText } from './erasureText';
import { retentionText } from './retentionText';
import { pageItems } from './pageNumbers';
import { ageInYearsText } from '../../../shared/enquiries/birthDate';
import { contactLinks, enquiryView } from './enquiryView';
import { auditActorText, auditDetailsText } from './auditText';

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
    expect(fileNameFromDisposition('attachment; filename="contact-submissions-2026-11-21.csv"', csvFileName('contact'))).toBe('contact-submissions-2026-11-21.csv');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''admission-submissions-2026-11-21.csv", csvFileName('admission'))).toBe('admission-submissions-2026-11-21.csv');
  });

  it("falls back to the spec's name for today", () => {
    expect(fileNameFromDisposition(null, csvFileName('admission'))).toMatch(/^admission-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});

describe('row views', () => {
  const now = new Date('2026-11-21T06:00:00Z');
  const admission = { id: 2, createdAt: '2026-11-20T04:30:00.000Z', studentName: 'Kavin', birthDate: '2022-01-05', parentName: 'Devi', email: 'd@example.com', countryCode: '+91', phone: '9840012345', programOfInterest: 'primary', message: '', status: 'responded', isRead: true, remarks: '' } as const;

  it('gives a child age in whole years, and babies under one as such', () => {
    const ageText = (birthDate: string) => enquiryView('admission', { ...admission, birthDate }, now).childAgeText;
    expect(ageText('2021-11-22')).toBe('4 years');
    expect(ageText('2021-11-21')).toBe('5 years');
    expect(ageText('2025-11-21')).toBe('1 year');
    expect(ageText('2026-03-01')).toBe('Under 1 year');
    expect(ageInYearsText(undefined)).toBeUndefined();
  });

  it('applies the status rule and shows each field as declared once for staff', () => {
    const contact = enquiryView('contact', { id: 1, createdAt: '2026-11-20T04:30:00.000Z', name: 'Asha', email: 'a@example.com', countryCode: '+91', phone: '9840012345', type: 'employment', message: 'Hello there', status: 'pending', isRead: false, remarks: '' }, now);
    expect(contact.topic).toBe('Employment');
    expect(contact.receivedText).toBe('Nov 20, 2026 10:00 AM');
    expect(contact.facts.map((fact) => [fact.label, fact.text])).toEqual([['Email', 'a@example.com'], ['Phone', '+91 9840012345'], ['Preferred Time to Call', 'No preference'], ['Type', 'Employment']]);
    const view = enquiryView('admission', admission, now);
    expect(view.name).toBe('Kavin');
    expect(view.topic).toBe('Primary');
    expect(view.facts.map((fact) => [fact.label, fact.text])).toEqual([
      ['Child Age', '4 years (born Jan 5, 2022)'],
      ['Parent Name', 'Devi'],
      ['Email', 'd@example.com'],
      ['Phone', '+91 9840012345'],
      ['Preferred Time to Call', 'No preference'],
      ['Program', 'Primary'],
      ['Parent or Guardian', 'Not confirmed'],
    ]);
    expect(enquiryView('admission', { ...admission, guardianConfirmed: 'yes' }, now).facts.at(-1)?.text).toBe('Confirmed by the sender');
  });

  it('builds one-tap links from a stored phone number', () => {
    expect(contactLinks({ email: 'a@example.com', phone: '+44 7700900123' })).toEqual({
      call: 'tel:+447700900123',
      email: 'mailto:a@example.com',
      whatsApp: 'https://wa.me/447700900123',
    });
  });
});

describe('retentionText', () => {
  const status = { nextPurgeAt: '2026-11-20T21:30:00.000Z', closedEnquiryMonths: 24, sentMailDays: 30 };
  const kept = '(closed enquiries are kept 24 months after the office last changed them, copies of sent emails 30 days)';

  it('counts what the purge will take, in the singular and the plural', () => {
    expect(retentionText({ ...status, due: { closedEnquiries: 2, sentMailCopies: 1 } })).toBe(`It will erase 2 closed enquiries and 1 copy of a sent email ${kept}.`);
    expect(retentionText({ ...status, due: { closedEnquiries: 1, sentMailCopies: 0 } })).toBe(`It will erase 1 closed enquiry ${kept}.`);
    expect(retentionText({ ...status, due: { closedEnquiries: 0, sentMailCopies: 12 } })).toBe(`It will erase 12 copies of sent emails ${kept}.`);
  });

  it('says when nothing is due', () => {
    expect(retentionText({ ...status, closedEnquiryMonths: 36, due: { closedEnquiries: 0, sentMailCopies: 0 } })).toBe(
      'Nothing will be old enough to erase then (closed enquiries are kept 36 months after the office last changed them, copies of sent emails 30 days).',
    );
  });
});

describe('erasureText', () => {
  it('counts what went and says until when backups hold it', () => {
    expect(erasureText({ enquiries: 3, emails: 4, historyEntries: 1, backups: { count: 0, goneBy: null, keep: 14 } })).toBe(
      'Erased 3 enquiries, 4 emails and 1 history entry. No backup holds them.',
    );
    expect(erasureText({ enquiries: 1, emails: 0, historyEntries: 2, backups: { count: 14, goneBy: '2026-12-04T21:30:00.000Z', keep: 14 } })).toBe(
      'Erased 1 enquiry, 0 emails and 2 history entries. 14 backups taken before now still hold them until newer backups replace them, by Dec 5, 2026 3:00 AM.',
    );
    expect(erasureText({ enquiries: 2, emails: 2, historyEntries: 0, backups: { count: 1, goneBy: null, keep: 14 } })).toBe(
      'Erased 2 enquiries, 2 emails and 0 history entries. 1 backup taken before now still holds them until newer backups replace it: after 14 more backups.',
    );
  });
});

describe('auditDetailsText', () => {
  it('says a link to choose a password was sent by email, and says nothing of it otherwise', () => {
    expect(auditDetailsText({ action: 'link-created', accountId: 1, details: { accountId: 4, purpose: 'invitation', emailed: true } })).toBe('sent by email');
    expect(auditDetailsText({ action: 'link-created', accountId: 1, details: { accountId: 4, purpose: 'reset', emailed: false } })).toBe('');
  });

  it('names the account acted on when it is not the actor, and a command on the server as who acted', () => {
    const names = new Map([[1, 'Owner'], [4, 'Kala Murugan']]);
    const accountName = (id: number) => names.get(id);
    const byCommand = { action: 'account-created', accountId: null, actor: null, details: { accountId: 4, role: 'office', by: 'npm run staff:add' } } as const;
    expect(auditActorText(byCommand)).toBe('npm run staff:add');
    expect(auditDetailsText(byCommand, accountName)).toBe('Kala Murugan, Office');
    expect(auditDetailsText({ action: 'password-change', accountId: 4, details: { accountId: 4 } }, accountName)).toBe('');
    expect(auditDetailsText({ action: 'role-change', accountId: 1, details: { accountId: 4, from: 'office', to: 'editor' } }, accountName)).toBe('Kala Murugan');
    expect(auditActorText({ actor: null, details: {} })).toBe('Unknown account');
  });
});
