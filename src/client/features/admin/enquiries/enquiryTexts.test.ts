import { describe, expect, it } from 'vitest';
import { erasureText } from './erasureText';
import { retentionText } from './retentionText';

describe('retentionText', () => {
  const status = { nextPurgeAt: '2026-11-20T21:30:00.000Z', closedEnquiryMonths: 24, sentMailDays: 30 };
  const kept =
    '(closed enquiries are kept 24 months after the office last changed them, copies of sent emails 30 days)';

  it('counts what the purge will take, in the singular and the plural', () => {
    expect(retentionText({ ...status, due: { closedEnquiries: 2, sentMailCopies: 1 } })).toBe(
      `It will erase 2 closed enquiries and 1 copy of a sent email ${kept}.`,
    );
    expect(retentionText({ ...status, due: { closedEnquiries: 1, sentMailCopies: 0 } })).toBe(
      `It will erase 1 closed enquiry ${kept}.`,
    );
    expect(retentionText({ ...status, due: { closedEnquiries: 0, sentMailCopies: 12 } })).toBe(
      `It will erase 12 copies of sent emails ${kept}.`,
    );
  });

  it('says when nothing is due', () => {
    expect(retentionText({ ...status, closedEnquiryMonths: 36, due: { closedEnquiries: 0, sentMailCopies: 0 } })).toBe(
      'Nothing will be old enough to erase then (closed enquiries are kept 36 months after the office last changed them, copies of sent emails 30 days).',
    );
  });
});

describe('erasureText', () => {
  it('counts what went and says until when backups hold it', () => {
    expect(
      erasureText({
        enquiries: 3,
        emails: 4,
        historyEntries: 1,
        families: 0,
        backups: { count: 0, goneBy: null, keep: 14 },
      }),
    ).toBe('Erased 3 enquiries, 4 emails and 1 history entry. No backup holds them.');
    expect(
      erasureText({
        enquiries: 1,
        emails: 0,
        historyEntries: 2,
        families: 0,
        backups: { count: 14, goneBy: '2026-12-04T21:30:00.000Z', keep: 14 },
      }),
    ).toBe(
      'Erased 1 enquiry, 0 emails and 2 history entries. 14 backups taken before now still hold them until newer backups replace them, by Dec 5, 2026 3:00 AM.',
    );
    expect(
      erasureText({
        enquiries: 2,
        emails: 2,
        historyEntries: 0,
        families: 0,
        backups: { count: 1, goneBy: null, keep: 14 },
      }),
    ).toBe(
      'Erased 2 enquiries, 2 emails and 0 history entries. 1 backup taken before now still holds them until newer backups replace it: after 14 more backups.',
    );
  });

  it('counts the Parents’ Corner families erased, and says their parents can no longer log in', () => {
    const backups = { count: 0, goneBy: null, keep: 14 };
    expect(erasureText({ enquiries: 0, emails: 0, historyEntries: 0, families: 1, backups })).toBe(
      'Erased 1 Parents’ Corner family with everything held for it: its parents can no longer log in. No backup holds them.',
    );
    expect(erasureText({ enquiries: 1, emails: 2, historyEntries: 0, families: 2, backups })).toBe(
      'Erased 1 enquiry, 2 emails and 0 history entries. Erased 2 Parents’ Corner families with everything held for them: their parents can no longer log in. No backup holds them.',
    );
  });
});
