/**
 * `npm run bench:enquiries`: sustained enquiry submissions over HTTP on loopback, with durable
 * writes (SQLite WAL, synchronous=FULL) and the mail outbox on (a local SMTP sink receives the
 * emails). The server runs in its own process, as in production; autocannon sends contact and
 * admission enquiries as JSON, each with its own idempotency key, for BENCH_SECONDS (default 10)
 * over BENCH_CONNECTIONS (default 10) connections. Afterwards every 2xx answer must have its row
 * in the database (plus at most one per connection for requests in flight at the stop). Target: >= 500 submissions/s with p99 <= 50 ms.
 * Also printed: the server's CPU time per request (independent of other load on the machine) and,
 * for scale, GET /healthz over the same middleware at the same moment.
 * Options: BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_NO_MAIL=1 (mail off), BENCH_CPU_PROF=<dir> (V8 profile of the server).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import SqliteDatabase from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';
import { validAdmission, validContact } from '#test/support/enquiryTestData.ts';

const TARGET = { perSecond: 500, p99Ms: 50 } as const;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const REFERENCE_SECONDS = 3;

async function serve(): Promise<void> {
  const { loadConfig } = await import('#server/config.ts');
  const { openStorage } = await import('#server/storage/database.ts');
  const { createServices, closeServices } = await import('#server/services.ts');
  const { createApp } = await import('#server/app.ts');
  const { consoleLogger } = await import('#server/log.ts');
  const config = loadConfig();
  const quiet = { ...consoleLogger, info: () => undefined, warn: () => undefined };
  const services = await createServices(config, await openStorage(config.dataDir), quiet);
  const server = createApp(services, { servePages: false }).listen(0, '127.0.0.1', () => {
    const address = server.address();
    const cpu = process.cpuUsage();
    if (typeof address === 'object' && address)
      process.stdout.write(`${JSON.stringify({ port: address.port, cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
  });
  // On SIGUSR2 the server reports the CPU it has used so far (a figure the machine's other load cannot inflate).
  process.on('SIGUSR2', () => {
    const cpu = process.cpuUsage();
    process.stdout.write(`${JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
  });
  process.once('SIGTERM', () => {
    server.close(() => void closeServices(services).then(() => process.exit(0)));
    server.closeAllConnections();
  });
}

async function startSmtpSink(): Promise<{ port: number; received: () => number; close(): Promise<void> }> {
  let received = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const address = sink.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, received: () => received, close: () => new Promise<void>((resolve) => sink.close(resolve)) };
}

async function startServerProcess(env: NodeJS.ProcessEnv) {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextReport = async <Report>(): Promise<Report> => {
    const line = await lines.next();
    if (line.done) throw new Error('The server stopped without reporting');
    return JSON.parse(line.value) as Report;
  };
  const ready = await nextReport<{ port: number; cpuMs: number }>();
  const stopped = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${ready.port}`,
    /** CPU time the server has used since it was ready (serving and mailing). */
    cpuSinceReady: async () => {
      child.kill('SIGUSR2');
      return (await nextReport<{ cpuMs: number }>()).cpuMs - ready.cpuMs;
    },
    stop: () => {
      child.kill('SIGTERM');
      return stopped;
    },
  };
}

async function bench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-enquiries-'));
  const sink = await startSmtpSink();
  const server = await startServerProcess({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1',
    ENQUIRY_RATE_LIMIT: '100000000',
    ...(process.env.BENCH_NO_MAIL ? {} : { SMTP_URL: `smtp://127.0.0.1:${sink.port}` }),
    NOTIFY_EMAIL: 'office@example.in',
    ADMIN_PASSWORD: 'bench-password-not-used',
  });
  const body = (form: 'contact' | 'admission') =>
    JSON.stringify(
      form === 'contact'
        ? validContact({ idempotencyKey: randomUUID() })
        : validAdmission({ idempotencyKey: randomUUID() }),
    );
  const request = (form: 'contact' | 'admission') => ({
    method: 'POST',
    path: form === 'contact' ? '/api/contact' : '/api/admission-enquiry',
    headers: { 'content-type': 'application/json' },
    setupRequest: (raw: { method?: string; path?: string; headers?: Record<string, string>; body?: string }) => ({
      ...raw,
      body: body(form),
    }),
  });

  console.log(`Submitting enquiries for ${SECONDS} s over ${CONNECTIONS} connections …`);
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [request('contact'), request('admission')],
  });
  const serverCpuMs = await server.cpuSinceReady();
  // Reference on the same machine at the same moment: the app's cheapest request (same middleware, one SQLite read).
  const reference = await autocannon({
    url: `${server.url}/healthz`,
    connections: CONNECTIONS,
    duration: REFERENCE_SECONDS,
  });
  await server.stop();
  await sink.close();

  const database = new SqliteDatabase(path.join(dataDir, 'school.sqlite'), { readonly: true });
  const count = (table: string) => (database.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  const rows = count('contact_enquiries') + count('admission_enquiries');
  const outboxRows = count('outbox');
  database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const perSecond = result['2xx'] / result.duration;
  const figures = {
    'submissions/s (2xx)': perSecond.toFixed(0),
    'latency p50 (ms)': result.latency.p50,
    'latency p99 (ms)': result.latency.p99,
    'latency max (ms)': result.latency.max,
    '2xx answers': result['2xx'],
    'non-2xx answers': result.non2xx,
    'errors / timeouts': `${result.errors} / ${result.timeouts}`,
    'rows in database': rows,
    'outbox rows (2 per enquiry)': outboxRows,
    'emails delivered while running': sink.received(),
    'server CPU per enquiry (ms)': (serverCpuMs / Math.max(1, result['2xx'])).toFixed(2),
    'reference GET /healthz (req/s, p99 ms)': `${(reference['2xx'] / reference.duration).toFixed(0)}, ${reference.latency.p99}`,
    'machine load (1 min)': os.loadavg()[0]?.toFixed(1),
  };
  console.table(figures);
  // Requests still in flight when the clock stopped may be committed without their answer being
  // counted: the database may hold up to one extra row per connection, never fewer than acknowledged.
  const durable = rows >= result['2xx'] && rows - result['2xx'] <= CONNECTIONS;
  const fastEnough = perSecond >= TARGET.perSecond && result.latency.p99 <= TARGET.p99Ms;
  console.log(
    durable
      ? `Every acknowledged enquiry is in the database (${rows - result['2xx']} more were committed while their answers were in flight at the stop).`
      : `MISMATCH: ${result['2xx']} acknowledged, ${rows} stored.`,
  );
  console.log(
    `${fastEnough ? 'Meets' : 'MISSES'} the target of >= ${TARGET.perSecond}/s with p99 <= ${TARGET.p99Ms} ms.`,
  );
  if (!durable || result.errors > 0 || result.non2xx > 0) process.exitCode = 1;
}

if (process.argv.includes('--serve')) await serve();
else await bench();
