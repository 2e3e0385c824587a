import type { AuditEntry } from '#shared/staff/auditTrail.ts';
import { describe, expect, it } from 'vitest';
import { auditActorText, auditDetailsText } from './auditText';

describe('auditDetailsText', () => {
  it('counts the Parents’ Corner families a data request found, gave or erased, and says nothing when there were none', () => {
    expect(
      auditDetailsText({ action: 'person-search', accountId: 1, details: { by: 'email', found: 0, families: 1 } }),
    ).toBe('0 enquiries found, 1 Parents’ Corner family');
    expect(
      auditDetailsText({ action: 'erasure', accountId: 1, details: { enquiries: 2, families: 2, reason: 'request' } }),
    ).toBe('2 enquiries, 2 Parents’ Corner families');
    expect(auditDetailsText({ action: 'person-download', accountId: 1, details: { enquiries: 1, families: 0 } })).toBe(
      '1 enquiry',
    );
  });

  it('says a link to choose a password was sent by email, and says nothing of it otherwise', () => {
    expect(
      auditDetailsText({
        action: 'link-created',
        accountId: 1,
        details: { accountId: 4, purpose: 'invitation', emailed: true },
      }),
    ).toBe('sent by email');
    expect(
      auditDetailsText({
        action: 'link-created',
        accountId: 1,
        details: { accountId: 4, purpose: 'reset', emailed: false },
      }),
    ).toBe('');
  });

  it('names the account acted on when it is not the actor, and a command on the server as who acted', () => {
    const names = new Map([
      [1, 'Owner'],
      [4, 'Kala Murugan'],
    ]);
    const accountName = (id: number) => names.get(id);
    const byCommand = {
      action: 'account-created',
      accountId: null,
      actor: null,
      details: { accountId: 4, role: 'office', by: 'npm run staff:add' },
    } as const;
    expect(auditActorText(byCommand)).toBe('npm run staff:add');
    expect(auditDetailsText(byCommand, accountName)).toBe('Kala Murugan, Office');
    expect(auditDetailsText({ action: 'password-change', accountId: 4, details: { accountId: 4 } }, accountName)).toBe(
      '',
    );
    expect(
      auditDetailsText(
        { action: 'role-change', accountId: 1, details: { accountId: 4, from: 'office', to: 'editor' } },
        accountName,
      ),
    ).toBe('Kala Murugan');
    expect(auditActorText({ actor: null, details: {} })).toBe('Unknown account');
  });

  it('says which stages an admission enquiry moved between, and only that a reason was given', () => {
    const moved = {
      action: 'stage-change',
      accountId: 1,
      details: { kind: 'admission', id: 12, from: 'visited', to: 'not-proceeding', withReason: true },
    } as const;
    expect(auditDetailsText(moved)).toBe('Admission Form #12, Visited to Not proceeding, with a reason');
    expect(auditDetailsText({ ...moved, details: { ...moved.details, to: 'offered', withReason: false } })).toBe(
      'Admission Form #12, Visited to Offered',
    );
  });

  it('names the school holiday added or removed, with its day', () => {
    expect(
      auditDetailsText({
        action: 'holiday-added',
        accountId: 1,
        details: { day: '2026-12-05', name: 'Founders’ Day' },
      }),
    ).toBe('Sat 5 Dec 2026: Founders’ Day');
    expect(
      auditDetailsText({ action: 'holiday-removed', accountId: 1, details: { day: '2027-01-14', name: 'Pongal' } }),
    ).toBe('Thu 14 Jan 2027: Pongal');
  });

  it("names the Parents' Corner's records by number, and what a change was, never a parent's name", () => {
    const entry = (action: AuditEntry['action'], details: AuditEntry['details']) =>
      auditDetailsText({ action, accountId: 1, details });
    expect(entry('family-added', { familyId: 3, enquiryId: 41 })).toBe('Family #3, from Admission Form #41');
    expect(entry('family-class-changed', { familyId: 3, className: 'Lotus' })).toBe('Family #3, to class Lotus');
    expect(entry('guardian-added', { familyId: 3, guardianId: 7 })).toBe('Family #3, Parent #7');
    expect(entry('notice-published', { noticeId: 9, audience: 'class' })).toBe('Notice #9, to one class');
    expect(entry('notice-published', { noticeId: 10, audience: 'all' })).toBe('Notice #10, to every family');
    expect(entry('parent-document-added', { documentId: 5, withFile: true })).toBe('Document #5, with its PDF');
    expect(entry('parent-event-removed', { eventId: 2 })).toBe('Event #2');
  });
});
