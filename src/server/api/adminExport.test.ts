import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCookie, testStaffEnv } from '#test/support/testLogin.ts';
import { insertTestAdmissions, insertTestContacts } from '#test/support/testEnquiries.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { textMessages } from '#shared/enquiries/fields.ts';
import { csvHeader } from '#shared/dashboard/index.ts';
import { openCsvInLibreOffice, openXlsxInLibreOffice } from '#test/support/spreadsheet.ts';
import { moveStage, setFollowUp } from '#server/modules/enquiries/pipelineRepository.ts';
import { bookVisit, freeSlots, publishSlots } from '#server/modules/visits/repository.ts';

describe('CSV export', { timeout: 30_000 }, () => {
  let server: TestServer;
  let cookie: string;
  const exportedAt = new Date('2026-11-21T20:00:00.000Z'); // already 22 November at the school

  async function download(path: string): Promise<{ response: Response; bytes: Buffer; records: string[][] }> {
    const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
    const bytes = Buffer.from(await response.arrayBuffer());
    const records = parse(bytes, { bom: true, relax_column_count: false }) as string[][];
    return { response, bytes, records };
  }

  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    server.services.now = () => exportedAt;
    const db = server.services.storage.db;
    await insertTestContacts(db, [
      {
        createdAt: '2026-11-20T18:45:09.000Z',
        name: 'Lakshmi, "Lucky" Narayanan',
        message: 'First line\nsecond line, with comma\r\nthird "quoted"',
        remarks: '=HYPERLINK("http://evil")',
      },
      {
        createdAt: '2026-11-19T04:00:00.000Z',
        name: '+SUM(A1:A2)',
        email: '@evil.example',
        message: '-2+3',
        remarks: '\tTabbed',
        type: 'employment',
        status: 'responded',
        isRead: true,
      },
      {
        createdAt: '2026-11-18T04:00:00.000Z',
        name: 'தமிழ் செல்வி',
        message: '\rCarriage return first',
        remarks: 'plain',
      },
    ]);
    const [aadhya] = await insertTestAdmissions(db, [
      {
        createdAt: '2026-11-21T10:15:00.000Z',
        studentName: 'Aadhya',
        birthDate: '2021-11-23',
        parentName: 'Sundar',
        programOfInterest: 'primary',
        message: 'Is there a bus?',
        guardianConfirmed: 'yes',
      },
      {
        createdAt: '2026-11-20T10:15:00.000Z',
        studentName: 'Vihaan',
        birthDate: '2019-06-01',
        parentName: 'Deepa',
        programOfInterest: 'elementary',
        status: 'responded',
        isRead: true,
      },
    ]);
    const when = { changedAt: '2026-11-21T12:00:00.000Z', sessionId: null, accountId: null };
    await moveStage(db, { id: aadhya!, stage: 'visit-booked' }, when);
    await setFollowUp(db, aadhya!, '2026-12-05', when);
    // Aadhya's family comes on Saturday 28 November at 10:00 at the school.
    await publishSlots(db, [{ startsAt: '2026-11-28T04:30:00.000Z', minutes: 45, places: 3 }], {
      createdAt: when.changedAt,
      accountId: null,
    });
    const [slot] = await freeSlots(db, when.changedAt);
    await bookVisit(
      db,
      { enquiryId: aadhya!, slotId: slot!.id, at: when.changedAt, earliest: when.changedAt, source: '192.0.2.1' },
      () => [],
    );
    cookie = await loginCookie(server.url);
  });
  afterAll(() => server.close());

  it('exports contacts with the spec columns, file name, BOM, RFC 4180 quoting and school-time dates', async () => {
    const { response, bytes, records } = await download('/api/admin/export/contact.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="contact-submissions-2026-11-22.csv"',
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('\r\n');
    expect(records[0]).toEqual([
      'ID',
      'Date',
      'Name',
      'Email',
      'Phone',
      'Type',
      'Message',
      'Status',
      'Remarks',
      'Preferred Time to Call',
      'Country Code',
    ]);
    expect(records.slice(1)).toEqual([
      [
        '1',
        '2026-11-21 00:15:09',
        'Lakshmi, "Lucky" Narayanan',
        'priya@example.com',
        '9840012345',
        'General Enquiry',
        'First line\nsecond line, with comma\r\nthird "quoted"',
        'Yet to respond',
        `'=HYPERLINK("http://evil")`,
        '',
        '91',
      ],
      [
        '2',
        '2026-11-19 09:30:00',
        "'+SUM(A1:A2)",
        "'@evil.example",
        '9840012345',
        'Employment',
        "'-2+3",
        'Responded',
        "'\tTabbed",
        '',
        '91',
      ],
      [
        '3',
        '2026-11-18 09:30:00',
        'தமிழ் செல்வி',
        'priya@example.com',
        '9840012345',
        'General Enquiry',
        "'\rCarriage return first",
        'Yet to respond',
        'plain',
        '',
        '91',
      ],
    ]);
  });

  it('exports admissions with the spec columns at their places, the child age in whole years, then the later columns, the stage, the follow-up day and the coming visit', async () => {
    const { response, records } = await download('/api/admin/export/admission.csv');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="admission-submissions-2026-11-22.csv"',
    );
    expect(records).toEqual([
      [
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
        'Preferred Time to Call',
        'Parent or Guardian',
        'Country Code',
        'Stage',
        'Follow-up',
        'Visit',
      ],
      [
        '1',
        '2026-11-21 15:45:00',
        'Aadhya',
        '4',
        'Sundar',
        'kavitha@example.com',
        '9840098400',
        'Primary',
        'Is there a bus?',
        'Yet to respond',
        '',
        '',
        'Confirmed',
        '91',
        'Visit booked',
        '2026-12-05',
        '2026-11-28 10:00:00',
      ],
      [
        '2',
        '2026-11-20 15:45:00',
        'Vihaan',
        '7',
        'Deepa',
        'kavitha@example.com',
        '9840098400',
        'Elementary',
        '',
        'Responded',
        '',
        '',
        'Not confirmed',
        '91',
        'Enquiry',
        '',
        '',
      ],
    ]);
  });

  it(
    'opens in LibreOffice with one row per enquiry, every phone as a person types it and every formula inert',
    { timeout: 120_000 },
    async () => {
      for (const kind of ['contact', 'admission'] as const) {
        const { bytes } = await download(`/api/admin/export/${kind}.csv`);
        const [header, ...rows] = await openCsvInLibreOffice(bytes);
        expect(header!.map((cell) => cell.text)).toEqual(csvHeader(kind));
        // A line break in a message stays inside its cell, whatever comes with it.
        expect(rows.map((row) => row[0]!.text)).toEqual(kind === 'contact' ? ['1', '2', '3'] : ['1', '2']);
        const column = (name: string) => rows.map((row) => row[header!.findIndex((cell) => cell.text === name)]?.text);
        expect(column('Phone')).toEqual(rows.map(() => (kind === 'contact' ? '9840012345' : '9840098400')));
        expect(column('Country Code')).toEqual(rows.map(() => '91'));
        // Nothing a sender wrote became a formula, however it starts.
        expect(rows.flat().filter((cell) => cell.formula !== undefined)).toEqual([]);
        if (kind === 'contact') expect(column('Remarks')[0]).toContain('=HYPERLINK("http://evil")');
      }
    },
  );

  it(
    'offers the same columns and rows as an .xlsx file that LibreOffice opens with a double-click, Tamil intact',
    { timeout: 120_000 },
    async () => {
      const csv = await download('/api/admin/export/contact.csv');
      const response = await fetch(`${server.url}/api/admin/export/contact.xlsx`, { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="contact-submissions-2026-11-22.xlsx"',
      );
      const [header, ...rows] = await openXlsxInLibreOffice(Buffer.from(await response.arrayBuffer()));
      expect(header!.map((cell) => cell.text)).toEqual(csvHeader('contact'));
      expect(rows.map((row) => row.map((cell) => cell.text))).toEqual(
        csv.records.slice(1).map((record) => record.map((cell) => cell.replace(/\r\n?/g, '\n'))),
      );
      expect(rows.map((row) => row[header!.findIndex((cell) => cell.text === 'Name')]?.text)).toContain('தமிழ் செல்வி');
      expect(rows.flat().filter((cell) => cell.formula !== undefined)).toEqual([]);
    },
  );

  it('follows the list filters', async () => {
    const responded = await download('/api/admin/export/contact.csv?status=responded');
    expect(responded.records.map((record) => record[0])).toEqual(['ID', '2']);
    const searched = await download(`/api/admin/export/contact.csv?search=${encodeURIComponent('தமிழ்')}`);
    expect(searched.records.map((record) => record[0])).toEqual(['ID', '3']);
    const dated = await download('/api/admin/export/admission.csv?from=2026-11-21&to=2026-11-21&program=primary');
    expect(dated.records.map((record) => record[2])).toEqual(['Child Name', 'Aadhya']);
    const booked = await download('/api/admin/export/admission.csv?stage=visit-booked');
    expect(booked.records.map((record) => record[2])).toEqual(['Child Name', 'Aadhya']);
    expect(
      (await fetch(`${server.url}/api/admin/export/admission.csv?stage=lost`, { headers: { cookie } })).status,
    ).toBe(400);
    const none = await download('/api/admin/export/admission.csv?program=toddler');
    expect(none.records).toHaveLength(1);
  });

  it('refuses a search with a NUL before sending anything, never a 200 cut off after the header row', async () => {
    const response = await fetch(
      `${server.url}/api/admin/export/contact.csv?search=${encodeURIComponent('abc\0def')}`,
      { headers: { cookie } },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(await response.json()).toEqual({ message: textMessages.control });
  });

  it('refuses an unknown kind or a bad filter', async () => {
    expect((await fetch(`${server.url}/api/admin/export/parents.csv`, { headers: { cookie } })).status).toBe(400);
    expect(
      (await fetch(`${server.url}/api/admin/export/contact.csv?from=21-11-2026`, { headers: { cookie } })).status,
    ).toBe(400);
  });
});

describe('CSV export when the database refuses the query', { timeout: 30_000 }, () => {
  let server: TestServer;
  afterAll(() => server.close());

  it('answers 500 with a plain sentence before any CSV is sent', async () => {
    server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    await insertTestContacts(server.services.storage.db, [{ createdAt: '2026-11-20T10:00:00.000Z', name: 'Lakshmi' }]);
    const cookie = await loginCookie(server.url);
    // Searches of three characters or more read the full-text index; without it the query fails.
    server.services.storage.sqlite.exec('alter table contact_enquiries_search rename to search_index_gone');
    const response = await fetch(`${server.url}/api/admin/export/contact.csv?search=Lakshmi`, { headers: { cookie } });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-disposition')).toBeNull();
    // The export counts its rows for the audit trail first, so the failure comes as the API's other errors do.
    expect(await response.json()).toEqual({ message: 'Something went wrong. Please try again.' });
  });
});
