/**
 * `npm run bench:crash`: the server, started as in production (`npm start`: the compiled server in its own
 * process), is killed with SIGKILL again and again while clients send enquiries, and restarted
 * on the same DATA_DIR each time. The clients behave like the forms' offline queue: each
 * enquiry has its own idempotency key and is resent with that key until it is acknowledged
 * (201); now and then an acknowledged one is sent again (a double click, a lost answer). At the
 * end every acknowledged enquiry must be stored exactly once under the id it was acknowledged
 * with, and nothing else may be stored. Mail is on (a local SMTP sink) and the server takes its
 * own backup (BACKUP_INTERVAL_HOURS), so both are exercised by the crashes too.
 * Options: CRASH_CYCLES (default 10), CRASH_CLIENTS (default 16), CRASH_MIN_MS / CRASH_MAX_MS
 * (time under load before each kill, default 300-2000 ms), CRASH_DRAIN_SECONDS (default 0: how
 * long the last server may take to send every queued email before it is stopped), CRASH_KEEP=1
 * keeps the data folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';
import { buildInfoFile, projectRoot, type BuildInfo } from '#server/buildOutput.ts';
import { validAdmission, validContact } from '#test/support/enquiryTestData.ts';

const CYCLES = Number(process.env.CRASH_CYCLES ?? 10);
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 16);
const MIN_MS = Number(process.env.CRASH_MIN_MS ?? 300);
const MAX_MS = Number(process.env.CRASH_MAX_MS ?? 2000);
const DRAIN_SECONDS = Number(process.env.CRASH_DRAIN_SECONDS ?? 0);
/** How often a client resends an enquiry that was already acknowledged. */
const REPLAY_RATE = 0.05;

type Form = 'contact' | 'admission';
type Enquiry = { key: string; form: Form; email: string; body: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Counts each delivered email by the enquiry it belongs to (the parent's address is unique per enquiry). */
async function startSmtpSink() {
  const deliveries = new Map<string, number>();
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const headers = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n')[0] ?? '';
        const replyTo = /^reply-to:.*?<?(p[0-9a-f]{32}@example\.in)/im.exec(headers)?.[1];
        const recipient = session.envelope.rcptTo[0]?.address ?? '';
        const mail = replyTo ? `office:${replyTo}` : `parent:${recipient}`;
        deliveries.set(mail, (deliveries.get(mail) ?? 0) + 1);
        callback();
      });
    },
  });
  // A killed server drops its SMTP connection mid-conversation: expected here, not a failure.
  sink.on('error', () => undefined);
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const address = sink.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    deliveries,
    close: () => new Promise<void>((resolve) => sink.close(resolve)),
  };
}

function newEnquiry(): Enquiry {
  const key = randomUUID();
  const form: Form = Math.random() < 0.5 ? 'contact' : 'admission';
  const email = `p${key.replaceAll('-', '')}@example.in`;
  const body = JSON.stringify(
    form === 'contact' ? validContact({ idempotencyKey: key, email }) : validAdmission({ idempotencyKey: key, email }),
  );
  return { key, form, email, body };
}

async function main(): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-restart-'));
  const dataDir = path.join(workDir, 'data');
  const backupDir = path.join(workDir, 'backups');
  const serverLog = fs.openSync(path.join(workDir, 'server.log'), 'a');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const sink = await startSmtpSink();
  // The build is made for one PUBLIC_URL; using it avoids a rebuild on every start.
  // Any address the build was made for will do (no browser follows its links here); without a build, one is made.
  const publicUrl = fs.existsSync(buildInfoFile)
    ? (JSON.parse(fs.readFileSync(buildInfoFile, 'utf8')) as BuildInfo).publicUrl
    : 'http://localhost:3000';
  if (!fs.existsSync(buildInfoFile)) {
    const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
      cwd: projectRoot,
      stdio: 'inherit',
      env: { ...process.env, PUBLIC_URL: publicUrl },
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    BACKUP_DIR: backupDir,
    BACKUP_INTERVAL_HOURS: '1',
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    NOTIFY_EMAIL: 'office@example.in',
    ADMIN_PASSWORD: 'crash-test-password-not-used',
    ENQUIRY_RATE_LIMIT: '100000000',
    ENQUIRY_MIN_FILL_SECONDS: '0',
  };

  let server: ChildProcess | undefined;
  process.once('exit', () => server?.kill('SIGKILL'));
  const startServer = async (): Promise<number> => {
    const startedAt = performance.now();
    const child = spawn(process.execPath, ['scripts/launch.mjs', 'main'], {
      cwd: projectRoot,
      env,
      stdio: ['ignore', serverLog, serverLog],
    });
    server = child;
    const deadline = startedAt + 180_000;
    while (performance.now() < deadline) {
      if (child.exitCode !== null)
        throw new Error(`The server exited with ${child.exitCode} while starting; see ${workDir}/server.log`);
      try {
        if ((await fetch(`${url}/healthz`)).ok) return performance.now() - startedAt;
      } catch {
        // not listening yet
      }
      await sleep(25);
    }
    throw new Error(`The server did not start within 180 s; see ${workDir}/server.log`);
  };
  const stopServer = async (signal: NodeJS.Signals): Promise<number> => {
    const child = server!;
    const stoppedAt = performance.now();
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
    return performance.now() - stoppedAt;
  };

  const acknowledged = new Map<string, { id: number; form: Form; email: string }>();
  const generated = new Set<string>();
  const figures = {
    requests: 0,
    connectionErrors: 0,
    replays: 0,
    replayMismatches: 0,
    unexpected: new Map<number, number>(),
  };
  let producing = true;
  const send = async (enquiry: Enquiry): Promise<number | undefined> => {
    figures.requests += 1;
    try {
      const response = await fetch(`${url}${enquiry.form === 'contact' ? '/api/contact' : '/api/admission-enquiry'}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: enquiry.body,
        signal: AbortSignal.timeout(15_000),
      });
      if (response.status === 201) return ((await response.json()) as { id: number }).id;
      figures.unexpected.set(response.status, (figures.unexpected.get(response.status) ?? 0) + 1);
      await response.body?.cancel();
    } catch {
      // Reset by the kill, or refused while the server is down: the offline queue sends it again.
      figures.connectionErrors += 1;
    }
    await sleep(100);
    return undefined;
  };
  const client = async () => {
    let pending: Enquiry | undefined;
    while (producing || pending) {
      if (!pending) {
        pending = newEnquiry();
        generated.add(pending.key);
      }
      const id = await send(pending);
      if (id === undefined) continue;
      acknowledged.set(pending.key, { id, form: pending.form, email: pending.email });
      if (Math.random() < REPLAY_RATE) {
        figures.replays += 1;
        let again: number | undefined;
        while (again === undefined) again = await send(pending);
        if (again !== id) figures.replayMismatches += 1;
      }
      pending = undefined;
    }
  };

  console.log(`Crash-and-restart: ${CYCLES} kill -9 cycles under load from ${CLIENTS} clients; data in ${dataDir}`);
  const startTimes: number[] = [await startServer()];
  const clients = Array.from({ length: CLIENTS }, () => client());
  const killedAfter: number[] = [];
  for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
    const uptime = Math.round(MIN_MS + Math.random() * (MAX_MS - MIN_MS));
    await sleep(uptime);
    await stopServer('SIGKILL');
    killedAfter.push(uptime);
    startTimes.push(await startServer());
    process.stdout.write(
      `  cycle ${cycle}: killed after ${uptime} ms under load, ${acknowledged.size} acknowledged so far, back in ${startTimes.at(-1)!.toFixed(0)} ms\n`,
    );
  }
  producing = false;
  await Promise.all(clients);
  const databaseFile = path.join(dataDir, 'school.sqlite');
  const unsentMail = () => {
    const database = new SqliteDatabase(databaseFile, { readonly: true, fileMustExist: true });
    const unsent = database.prepare('select count(*) from outbox where sent_at is null').pluck().get() as number;
    database.close();
    return unsent;
  };
  const drainUntil = performance.now() + DRAIN_SECONDS * 1000;
  while (performance.now() < drainUntil && unsentMail() > 0) await sleep(1000);
  const gracefulStopMs = await stopServer('SIGTERM');
  await sink.close();

  const database = new SqliteDatabase(databaseFile, { readonly: true, fileMustExist: true });
  const rows = database
    .prepare(
      `select 'contact' as form, id, idempotency_key as key, email from contact_enquiries
       union all select 'admission', id, idempotency_key, email from admission_enquiries`,
    )
    .all() as { form: Form; id: number; key: string; email: string }[];
  const integrity = database.pragma('integrity_check', { simple: true }) as string;
  const outboxRows = database.prepare('select count(*) from outbox').pluck().get() as number;
  database.close();
  const outboxUnsent = unsentMail();

  const storedByKey = new Map<string, typeof rows>();
  for (const row of rows) storedByKey.set(row.key, [...(storedByKey.get(row.key) ?? []), row]);
  const lost = [...acknowledged].filter(([key, ack]) => {
    const stored = storedByKey.get(key);
    return stored?.length !== 1 || stored[0]!.id !== ack.id || stored[0]!.form !== ack.form;
  });
  const duplicated =
    [...storedByKey.values()].filter((stored) => stored.length > 1).length +
    (rows.length - new Set(rows.map((row) => row.email)).size);
  const phantom = rows.filter((row) => !generated.has(row.key)).length;
  const neverAcknowledged = [...generated].filter((key) => !acknowledged.has(key)).length;
  const deliveries = [...sink.deliveries.values()];
  const backups = fs.existsSync(backupDir) ? fs.readdirSync(backupDir) : [];
  const completeBackups = backups.filter((name) => name.endsWith('.sqlite'));
  const damagedBackups = completeBackups.filter((name) => {
    const backup = new SqliteDatabase(path.join(backupDir, name), { readonly: true });
    const ok = backup.pragma('integrity_check', { simple: true }) === 'ok';
    backup.close();
    return !ok;
  });
  const mode = (target: string) => (fs.statSync(target).mode & 0o777).toString(8);
  const sorted = [...startTimes].sort((a, b) => a - b);

  console.table({
    'kill -9 cycles': CYCLES,
    'time under load before each kill (ms)': `${Math.min(...killedAfter)}-${Math.max(...killedAfter)}`,
    'requests sent': figures.requests,
    'connection errors (reset or refused, then resent)': figures.connectionErrors,
    'other answers than 201': [...figures.unexpected].map(([status, count]) => `${status}: ${count}`).join(', ') || 0,
    'enquiries acknowledged (201)': acknowledged.size,
    'acknowledged ones resent, same id answered': `${figures.replays - figures.replayMismatches} of ${figures.replays}`,
    'rows stored': rows.length,
    'acknowledged but lost (or another id)': lost.length,
    'duplicated rows': duplicated,
    'rows nobody sent': phantom,
    'sent but never acknowledged': neverAcknowledged,
    integrity_check: integrity,
    'start to ready (ms, min / median / max)': `${sorted[0]!.toFixed(0)} / ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} / ${sorted.at(-1)!.toFixed(0)}`,
    'graceful stop at the end (ms)': gracefulStopMs.toFixed(0),
    'outbox rows (2 per enquiry) / unsent at the end': `${outboxRows} / ${outboxUnsent}`,
    'emails delivered / delivered more than once': `${deliveries.reduce((sum, count) => sum + count, 0)} / ${deliveries.filter((count) => count > 1).length}`,
    'server backups (complete / failing integrity_check)': `${completeBackups.length} / ${damagedBackups.length}`,
    'modes: DATA_DIR, database': `${mode(dataDir)}, ${mode(databaseFile)}`,
  });
  const passed =
    lost.length === 0 &&
    duplicated === 0 &&
    phantom === 0 &&
    neverAcknowledged === 0 &&
    integrity === 'ok' &&
    figures.replayMismatches === 0 &&
    figures.unexpected.size === 0 &&
    outboxRows === rows.length * 2 &&
    damagedBackups.length === 0;
  console.log(
    passed
      ? `Every one of the ${acknowledged.size} acknowledged enquiries is stored exactly once, across ${CYCLES} kills under load.`
      : `FAILED: see the figures above; the data is kept in ${workDir}.`,
  );
  fs.closeSync(serverLog);
  if (passed && !process.env.CRASH_KEEP) fs.rmSync(workDir, { recursive: true, force: true });
  if (!passed) process.exitCode = 1;
}

await main();
