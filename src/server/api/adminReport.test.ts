import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCookie, testStaffEnv } from '#test/support/testLogin.ts';
import { insertTestAdmissions, insertTestContacts } from '#test/support/testEnquiries.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { openCsvInLibreOffice } from '#test/support/spreadsheet.ts';
import { moveStage } from '#server/modules/enquiries/pipelineRepository.ts';

describe('the admissions report as CSV (GET /api/admin/report.csv)', { timeout: 30_000 }, () => {
  let server: TestServer;
  let cookie: string;
  const download = (query = '') => fetch(`${server.url}/api/admin/report.csv${query}`, { headers: { cookie } });

  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    // 1 December at the school, already: the last 12 months are January to December 2026.
    server.services.now = () => new Date('2026-11-30T19:00:00.000Z');
    const db = server.services.storage.db;
    const [first, second] = await insertTestAdmissions(db, [
      { createdAt: '2026-11-03T05:00:00.000Z', programOfInterest: 'toddler' },
      { createdAt: '2026-11-04T05:00:00.000Z', programOfInterest: 'primary' },
      { createdAt: '2025-12-31T19:00:00.000Z', programOfInterest: 'adolescent' },
    ]);
    await insertTestContacts(db, [{ createdAt: '2026-11-05T05:00:00.000Z' }]);
    const staff = (changedAt: string) => ({ changedAt, sessionId: null, accountId: 1 });
    await moveStage(db, { id: first!, stage: 'visit-booked' }, staff('2026-11-05T05:00:00.000Z'));
    await moveStage(db, { id: second!, stage: 'visit-booked' }, staff('2026-11-07T05:00:00.000Z'));
    await moveStage(db, { id: second!, stage: 'offered' }, staff('2026-11-20T05:00:00.000Z'));
    cookie = await loginCookie(server.url);
  });
  afterAll(() => server.close());

  it('gives a row per month of the last 12 at the school and a total, with the steps, conversions and median as columns', async () => {
    const response = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="admissions-report-2026-01-to-2026-12.csv"',
    );
    const records = parse(Buffer.from(await response.arrayBuffer()), { bom: true }) as string[][];
    expect(records[0]).toEqual([
      'Month',
      'Contact enquiries',
      'Admission enquiries',
      'Toddler enquiries',
      'Primary enquiries',
      'Elementary enquiries',
      'Adolescent enquiries',
      'Visits booked',
      'Visits',
      'Offers',
      'Enrolments',
      'Visits per enquiry (%)',
      'Offers per visit (%)',
      'Enrolments per offer (%)',
      'Enquiries contacted',
      'Median days to first contact',
    ]);
    expect(records.map((record) => record[0])).toEqual([
      'Month',
      ...Array.from({ length: 12 }, (_, index) => `2026-${String(index + 1).padStart(2, '0')}`),
      'Total',
    ]);
    expect(records[1]).toEqual(['2026-01', '0', '1', '0', '0', '0', '1', '0', '0', '0', '0', '0', '', '', '0', '']);
    expect(records[11]).toEqual([
      '2026-11',
      '1',
      '2',
      '1',
      '1',
      '0',
      '0',
      '2',
      '1',
      '1',
      '0',
      '50',
      '100',
      '0',
      '2',
      '2.5',
    ]);
    expect(records[13]).toEqual([
      'Total',
      '1',
      '3',
      '1',
      '1',
      '0',
      '1',
      '2',
      '1',
      '1',
      '0',
      '33',
      '100',
      '0',
      '2',
      '2.5',
    ]);
  });

  it('takes a chosen range, and answers a wrong one in plain words', async () => {
    const chosen = parse(Buffer.from(await (await download('?from=2026-10&to=2026-11')).arrayBuffer()), {
      bom: true,
    }) as string[][];
    expect(chosen.map((record) => record[0])).toEqual(['Month', '2026-10', '2026-11', 'Total']);
    for (const [query, message] of [
      ['?from=2026-13', 'Use a month as YYYY-MM'],
      ['?from=2026-11&to=2026-10', 'The first month must not be after the last.'],
      ['?from=2020-01&to=2026-01', 'Please choose at most 36 months.'],
    ] as const) {
      const response = await download(query);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ message });
    }
  });

  it('opens in LibreOffice Calc with the figures as numbers in their columns', async () => {
    const [header, ...rows] = await openCsvInLibreOffice(
      Buffer.from(await (await download('?from=2026-11&to=2026-11')).arrayBuffer()),
    );
    expect(header!.map((cell) => cell.text)[15]).toBe('Median days to first contact');
    expect(rows.map((row) => row.slice(7, 11).map((cell) => cell.text))).toEqual([
      ['2', '1', '1', '0'],
      ['2', '1', '1', '0'],
    ]);
    expect(rows.flat().filter((cell) => cell.formula !== undefined)).toEqual([]);
  });
});
