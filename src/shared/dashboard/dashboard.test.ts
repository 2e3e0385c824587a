import { describe, expect, it } from 'vitest';
import { textMessages } from '#shared/enquiries/fields.ts';
import {
  csvFileName,
  csvHeader,
  effectiveStatus,
  exportUrl,
  formatCsvDate,
  formatDashboardDate,
  neutraliseFormula,
  schoolDayStart,
  statusLabel,
  enquiryListQuerySchema,
  enquiryUpdateSchema,
} from '.';

describe('enquiry status (docs/spec.md §4)', () => {
  it('uses a stored status, and without one follows the read flag', () => {
    expect(effectiveStatus('pending', true)).toBe('pending');
    expect(effectiveStatus('responded', false)).toBe('responded');
    expect(effectiveStatus(undefined, true)).toBe('responded');
    expect(effectiveStatus(null, false)).toBe('pending');
    expect(statusLabel(null, false)).toBe('Yet to respond');
    expect(statusLabel('responded', false)).toBe('Responded');
  });
});

describe('dates at the school', () => {
  it('formats dashboard and CSV dates in Asia/Kolkata', () => {
    expect(formatDashboardDate('2026-11-21T08:38:32.000Z')).toBe('Nov 21, 2026 2:08 PM');
    expect(formatDashboardDate('2026-11-21T19:00:00.000Z')).toBe('Nov 22, 2026 12:30 AM');
    expect(formatCsvDate('2026-11-21T08:38:32.000Z')).toBe('2026-11-21 14:08:32');
    expect(formatCsvDate('2026-12-31T18:29:59.000Z')).toBe('2026-12-31 23:59:59');
    expect(formatCsvDate('2026-12-31T18:30:00.000Z')).toBe('2027-01-01 00:00:00');
    expect(formatCsvDate(new Date('2024-02-28T20:00:00.000Z'))).toBe('2024-02-29 01:30:00');
  });

  it('turns a school calendar day into UTC bounds', () => {
    expect(schoolDayStart('2026-11-21')).toBe('2026-11-20T18:30:00.000Z');
    expect(schoolDayStart('2026-11-30', { dayAfter: true })).toBe('2026-11-30T18:30:00.000Z');
    expect(schoolDayStart('2026-12-31', { dayAfter: true })).toBe('2026-12-31T18:30:00.000Z');
  });
});

describe('list and update inputs', () => {
  it('reads empty filters as none and applies defaults', () => {
    expect(enquiryListQuerySchema.parse({ kind: 'contact', search: '  ', status: '', from: '' })).toEqual({
      kind: 'contact',
      page: 1,
      pageSize: 25,
    });
  });

  it('refuses impossible dates, reversed ranges and oversized pages', () => {
    expect(enquiryListQuerySchema.safeParse({ kind: 'admission', from: '2026-02-30' }).success).toBe(false);
    expect(enquiryListQuerySchema.safeParse({ kind: 'admission', from: '2026-11-02', to: '2026-11-01' }).success).toBe(
      false,
    );
    expect(enquiryListQuerySchema.safeParse({ kind: 'admission', pageSize: 101 }).success).toBe(false);
    expect(enquiryListQuerySchema.safeParse({ kind: 'parents' }).success).toBe(false);
  });

  it('refuses control characters in a search (SQLite full-text search fails on a NUL)', () => {
    for (const search of ['abc\0def', 'tab\there', 'bell\u0007', 'del\u007f']) {
      expect(
        enquiryListQuerySchema.safeParse({ kind: 'contact', search }).error?.issues[0]?.message,
        JSON.stringify(search),
      ).toBe(textMessages.control);
    }
    expect(enquiryListQuerySchema.parse({ kind: 'contact', search: ' அருண் 98400 ' }).search).toBe('அருண் 98400');
  });

  it('caps remarks and needs something to change', () => {
    expect(enquiryUpdateSchema.safeParse({ kind: 'contact', id: 1, remarks: 'x'.repeat(2000) }).success).toBe(true);
    expect(enquiryUpdateSchema.safeParse({ kind: 'contact', id: 1, remarks: 'x'.repeat(2001) }).success).toBe(false);
    expect(
      enquiryUpdateSchema.safeParse({ kind: 'contact', id: 1, remarks: 'Called back\nVisit on Monday' }).success,
    ).toBe(true);
    const withNul = enquiryUpdateSchema.safeParse({ kind: 'contact', id: 1, remarks: 'Called\u0000back' });
    expect(withNul.error?.issues.map((issue) => issue.message)).toEqual([
      'This contains invisible control characters. Please type it again without them.',
    ]);
    expect(enquiryUpdateSchema.safeParse({ kind: 'contact', id: 1 }).success).toBe(false);
  });
});

describe('CSV definitions', () => {
  it("names the spec columns at the spec's positions, the columns added since after them, and the files", () => {
    const specContact = ['ID', 'Date', 'Name', 'Email', 'Phone', 'Type', 'Message', 'Status', 'Remarks'];
    const specAdmission = [
      'ID',
      'Date',
      'Child Name',
      'Child Age',
      'Parent Name',
      'Email',
      'Phone',
      'Program',
      'Message',
      'Status',
      'Remarks',
    ];
    expect(csvHeader('contact')).toEqual([...specContact, 'Preferred Time to Call', 'Country Code']);
    expect(csvHeader('admission')).toEqual([
      ...specAdmission,
      'Preferred Time to Call',
      'Parent or Guardian',
      'Country Code',
      'Stage',
      'Follow-up',
      'Visit',
    ]);
    expect(csvFileName('contact', new Date('2026-11-21T19:00:00.000Z'))).toBe('contact-submissions-2026-11-22.csv');
    expect(csvFileName('admission', new Date('2026-11-21T08:00:00.000Z'))).toBe('admission-submissions-2026-11-21.csv');
  });

  it('neutralises every formula prefix and nothing else', () => {
    for (const prefix of ['=', '+', '-', '@', '\t', '\r'])
      expect(neutraliseFormula(`${prefix}1+1`)).toBe(`'${prefix}1+1`);
    expect(neutraliseFormula('Priya = 1')).toBe('Priya = 1');
    expect(neutraliseFormula('')).toBe('');
  });

  it('builds the export URL with the active filters only', () => {
    expect(exportUrl('contact')).toBe('/api/admin/export/contact.csv');
    expect(
      exportUrl('admission', {
        search: ' Priya R ',
        status: 'pending',
        program: undefined,
        from: '2026-11-01',
        to: '',
      }),
    ).toBe('/api/admin/export/admission.csv?search=Priya+R&status=pending&from=2026-11-01');
  });
});
