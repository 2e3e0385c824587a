/**
 * `npm run bench:dashboard`: the staff dashboard at 100,000 enquiries of each kind, in a
 * temporary database behind a real server on a loopback port. Prints
 *  - the median time of a filtered list page (several filter combinations), measured inside
 *    the server (the tRPC procedure with its session check) and as an HTTP round trip;
 *  - the time to export every admission row through GET /api/admin/export/admission.csv;
 *  - the peak growth of the process's resident memory while that export streams;
 *  - the median time of the admissions board (every stage's count and newest 20 cards) with
 *    the enquiries spread over the stages (issue 24), unfiltered and with a filter;
 *  - the "Due today" list of follow-ups and its menu count (issue 24);
 *  - the median time of the admissions report (12 and 36 months) over a seeded pipeline history.
 * Targets: page, board and due list <= 50 ms, export <= 5 s, memory growth < 100 MB, report <= 200 ms. CPU time is printed beside the
 * wall-clock figures: on a busy shared machine it shows what the work itself costs.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Request, Response } from 'express';
import { loginCookie, testStaffEnv } from '#test/support/testLogin.ts';
import { createCaller } from '#server/api/root.ts';
import { insertTestAdmissions, insertTestContacts } from '#test/support/testEnquiries.ts';
import { startTestServer } from '#test/support/testServer.ts';
import { createContext } from '#server/trpc.ts';
import type { EnquiryListQueryInput } from '#shared/dashboard/index.ts';
import { dueCountText } from '#shared/admissions/dueFollowUps.ts';
import { seedReportHistory, timeReport } from './bench-dashboard/admissionsReport';

const ROWS = 100_000;
const BATCH = 1000;
const RUNS = 15;
const targets = { pageMs: 50, boardMs: 50, exportMs: 5000, memoryMb: 100, reportMs: 200 };

const names = [
  'Aadhya',
  'Arjun',
  'Kavya',
  'Rahul',
  'Divya',
  'Karthik',
  'Meena',
  'Surya',
  'Lakshmi',
  'Vikram',
  'தமிழ்',
  'Nila',
];
const programs = ['toddler', 'primary', 'elementary', 'adolescent'];
const firstDay = Date.parse('2023-01-01T00:00:00.000Z');
const step = 15 * 60_000; // one enquiry every 15 minutes: 100,000 span almost three years

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const server = await startTestServer({ ...testStaffEnv }, { servePages: false });
try {
  const { db, sqlite } = server.services.storage;
  const seedStarted = performance.now();
  sqlite.pragma('synchronous = OFF'); // seeding only; the server itself runs with FULL
  for (let offset = 0; offset < ROWS; offset += BATCH) {
    const indexes = Array.from({ length: BATCH }, (_, i) => offset + i);
    await db.transaction().execute(async (trx) => {
      await insertTestAdmissions(
        trx,
        indexes.map((n) => ({
          createdAt: new Date(firstDay + n * step).toISOString(),
          studentName: `${names[n % names.length]} ${n}`,
          parentName: `${names[(n * 7) % names.length]} Parent`,
          email: `family${n}@example.com`,
          phone: String(9000000000 + n),
          programOfInterest: programs[n % programs.length],
          message: n % 5 === 0 ? 'We would like to visit, "after 4 pm", if possible.\nThank you.' : '',
          status: n % 3 === 0 ? 'responded' : 'pending',
          isRead: n % 2 === 0,
          remarks: n % 10 === 0 ? 'Called, visiting on Saturday' : '',
        })),
      );
      await insertTestContacts(
        trx,
        indexes.map((n) => ({
          createdAt: new Date(firstDay + n * step).toISOString(),
          name: `${names[n % names.length]} ${n}`,
          email: `visitor${n}@example.com`,
          phone: String(9100000000 + n),
          status: n % 4 === 0 ? 'responded' : 'pending',
          isRead: n % 2 === 0,
        })),
      );
    });
  }
  // Most families stay at Enquiry; the later stages thin out, as in an admission season.
  sqlite.exec(`update admission_pipeline set stage = case
    when enquiry_id % 100 < 55 then 'enquiry' when enquiry_id % 100 < 70 then 'visit-booked' when enquiry_id % 100 < 80 then 'visited'
    when enquiry_id % 100 < 85 then 'offered' when enquiry_id % 100 < 88 then 'documents-received' when enquiry_id % 100 < 92 then 'enrolled'
    when enquiry_id % 100 < 96 then 'waitlisted' else 'not-proceeding' end`);
  const historyRows = await seedReportHistory(db);
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('optimize');
  console.log(
    `Seeded ${ROWS.toLocaleString('en')} admission and ${ROWS.toLocaleString('en')} contact enquiries and ${historyRows.toLocaleString('en')} history entries in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const cookie = await loginCookie(server.url);
  const request = {
    headers: { cookie },
    cookies: { staff_session: cookie.split('=')[1] },
    ip: '127.0.0.1',
    socket: {},
    get: () => undefined,
  } as unknown as Request;
  const response = { setHeader: () => undefined, clearCookie: () => undefined } as unknown as Response;
  const caller = createCaller(createContext(server.services, request, response));

  const queries: [string, EnquiryListQueryInput][] = [
    ['first page, no filter', { kind: 'admission' }],
    ['page 2,000 (offset 49,975)', { kind: 'admission', page: 2000 }],
    ['status pending', { kind: 'admission', status: 'pending' }],
    ['program + status', { kind: 'admission', program: 'primary', status: 'responded' }],
    ['date range + program', { kind: 'admission', from: '2024-03-01', to: '2024-03-31', program: 'toddler' }],
    ['search name (8,334 matches)', { kind: 'admission', search: 'kavya' }],
    ['search email (1 match)', { kind: 'admission', search: 'family54321@' }],
    ['search phone digits', { kind: 'admission', search: '90000 5432' }],
    [
      'search + status + dates',
      { kind: 'contact', search: 'meena', status: 'pending', from: '2023-06-01', to: '2024-06-30' },
    ],
    ['search 2 characters (scan)', { kind: 'contact', search: 'ஆ' }],
  ];

  console.log('\nFiltered list page (25 rows), median of', RUNS, 'runs:');
  console.log('  query                                 in server   (CPU)   HTTP round trip   matching rows');
  const serverMedians: number[] = [];
  for (const [label, input] of queries) {
    const inServer: number[] = [];
    const cpu: number[] = [];
    const overHttp: number[] = [];
    let total = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      total = (await caller.dashboard.list(input)).total;
      inServer.push(performance.now() - started);
      const used = process.cpuUsage(cpuStarted);
      cpu.push((used.user + used.system) / 1000);
      const url = `${server.url}/api/trpc/dashboard.list?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
      const httpStarted = performance.now();
      const answer = await fetch(url, { headers: { cookie } });
      await answer.arrayBuffer();
      overHttp.push(performance.now() - httpStarted);
      if (!answer.ok) throw new Error(`${label}: HTTP ${answer.status}`);
    }
    serverMedians.push(median(inServer));
    console.log(
      `  ${label.padEnd(36)} ${median(inServer).toFixed(1).padStart(7)} ms ${median(cpu).toFixed(1).padStart(6)} ms ${median(overHttp).toFixed(1).padStart(12)} ms ${String(total).padStart(14)}`,
    );
  }

  const boards: [string, Parameters<typeof caller.admissions.board>[0]][] = [
    ['no filter', { perStage: 20 }],
    ['program', { perStage: 20, program: 'primary' }],
    ['status + dates', { perStage: 20, status: 'pending', from: '2024-01-01', to: '2024-12-31' }],
    ['counts only (stage filter)', { perStage: 1 }],
  ];
  console.log('\nAdmissions board (count + newest 20 cards of each of 8 stages), median of', RUNS, 'runs:');
  const boardMedians: number[] = [];
  for (const [label, input] of boards) {
    const inServer: number[] = [];
    const cpu: number[] = [];
    let cards = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      cards = (await caller.admissions.board(input)).reduce((sum, column) => sum + column.cards.length, 0);
      inServer.push(performance.now() - started);
      const used = process.cpuUsage(cpuStarted);
      cpu.push((used.user + used.system) / 1000);
    }
    boardMedians.push(median(inServer));
    console.log(
      `  ${label.padEnd(36)} ${median(inServer).toFixed(1).padStart(7)} ms (CPU ${median(cpu).toFixed(1)} ms) ${String(cards).padStart(6)} cards`,
    );
  }
  // Follow-ups (issue 24): every admission enquiry has a date, two days after it arrived, over
  // the stages spread above; the due list reads those on or before today that are still open.
  sqlite.exec(`update admission_pipeline set
      follow_up_on = (select date(created_at, '+2 days') from admission_enquiries where id = enquiry_id)`);
  sqlite.pragma('optimize');
  const dueRuns: Record<'list' | 'count' | 'listCpu' | 'countCpu', number[]> = {
    list: [],
    count: [],
    listCpu: [],
    countCpu: [],
  };
  const cpuMs = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1000;
  let dueTotal = 0;
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    let cpuStarted = process.cpuUsage();
    dueTotal = (await caller.followUps.due()).total;
    dueRuns.list.push(performance.now() - started);
    dueRuns.listCpu.push(cpuMs(process.cpuUsage(cpuStarted)));
    started = performance.now();
    cpuStarted = process.cpuUsage();
    await caller.followUps.dueCount();
    dueRuns.count.push(performance.now() - started);
    dueRuns.countCpu.push(cpuMs(process.cpuUsage(cpuStarted)));
  }
  const worstDue = Math.max(median(dueRuns.list), median(dueRuns.count));
  console.log(
    `\nDue today (every open admission enquiry overdue: ${dueCountText(dueTotal)} counted, 200 listed), median of ${RUNS} runs in the server:`,
  );
  console.log(
    `  list ${median(dueRuns.list).toFixed(1)} ms (CPU ${median(dueRuns.listCpu).toFixed(1)} ms), menu count ${median(dueRuns.count).toFixed(1)} ms (CPU ${median(dueRuns.countCpu).toFixed(1)} ms)`,
  );

  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const exportStarted = performance.now();
  const exportCpuStarted = process.cpuUsage();
  const download = await fetch(`${server.url}/api/admin/export/admission.csv`, { headers: { cookie } });
  if (!download.ok || !download.body) throw new Error(`Export: HTTP ${download.status}`);
  let bytes = 0;
  let lines = 0;
  const decoder = new TextDecoder();
  const reader = download.body.getReader();
  let carry = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.byteLength;
    // Records end in CRLF (quoted messages hold bare LF); a CR may end one chunk and its LF start the next.
    const text = carry + decoder.decode(chunk.value, { stream: true });
    lines += text.split('\r\n').length - 1;
    carry = text.endsWith('\r') ? '\r' : '';
  }
  const exportMs = performance.now() - exportStarted;
  const exportCpu = process.cpuUsage(exportCpuStarted);
  const exportCpuMs = (exportCpu.user + exportCpu.system) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const growthMb = (peak - baseline) / 1024 / 1024;

  console.log(
    `\nExport of every admission row: ${lines.toLocaleString('en')} CSV records (header + rows), ${(bytes / 1024 / 1024).toFixed(1)} MB on the wire`,
  );
  console.log(
    `  time ${(exportMs / 1000).toFixed(2)} s (CPU ${(exportCpuMs / 1000).toFixed(2)} s, server and reading client together); resident memory ${(baseline / 1024 / 1024).toFixed(0)} MB before, peak growth ${growthMb.toFixed(1)} MB`,
  );

  const reportTimes = await timeReport((range) => caller.report.admissions(range), RUNS);
  console.log(`\nAdmissions report in the server, median of ${RUNS} runs:`);
  for (const { label, medianMs, cpuMs } of reportTimes)
    console.log(`  ${label.padEnd(36)} ${medianMs.toFixed(1).padStart(7)} ms (CPU ${cpuMs.toFixed(1)} ms)`);
  const worstReport = Math.max(...reportTimes.map((time) => time.medianMs));

  const worstPage = Math.max(...serverMedians);
  console.log(
    `\nMachine load average (1 min) at the end: ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores; figures grow with it.`,
  );
  console.log('\nTargets:');
  console.log(
    `  list page <= ${targets.pageMs} ms (worst median ${worstPage.toFixed(1)} ms): ${worstPage <= targets.pageMs ? 'met' : 'MISSED'}`,
  );
  const worstBoard = Math.max(...boardMedians);
  console.log(
    `  board <= ${targets.boardMs} ms (worst median ${worstBoard.toFixed(1)} ms): ${worstBoard <= targets.boardMs ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  due list <= ${targets.pageMs} ms (worst median ${worstDue.toFixed(1)} ms): ${worstDue <= targets.pageMs ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  export <= ${targets.exportMs / 1000} s (${(exportMs / 1000).toFixed(2)} s): ${exportMs <= targets.exportMs ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  admissions report <= ${targets.reportMs} ms (worst median ${worstReport.toFixed(1)} ms): ${worstReport <= targets.reportMs ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  memory growth < ${targets.memoryMb} MB (${growthMb.toFixed(1)} MB): ${growthMb < targets.memoryMb ? 'met' : 'MISSED'}`,
  );
} finally {
  await server.close();
}
