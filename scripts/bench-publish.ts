/**
 * `npm run bench:publish`: publishing site content on the real server (production mode, as
 * `npm start` runs it, its own data folder, a free port) while visitors load pages (issue 11).
 * 1. A baseline period: a load generator (autocannon) asks for `/`, `/faq` and a hashed script
 *    over a few connections, nobody publishing.
 * 2. The same load while the Owner publishes PUBLISH_COUNT announcements one after another
 *    through the dashboard's tRPC endpoint (`content.publish`). For each: the time from sending
 *    Publish until a fresh GET of `/` and of `/admissions` (brotli accepted) carries the new text,
 *    and the time until the full-effort brotli copy of `/` replaces the fast one (its size changes).
 * Prints min/median/max of both, the load's totals in each period (requests, non-2xx, errors,
 * p50/p99/max latency) and the server's resident memory before and after the publishes.
 * Targets: new page served within 5 s of Publish (median); 0 non-2xx and 0 errors under load.
 * Options: PUBLISH_COUNT (20), PUBLISH_CONNECTIONS (4), PUBLISH_RATE (overall requests/s of the
 * load, 200; 0 for as fast as it goes), BASELINE_SECONDS (10).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Instance, type Result } from 'autocannon';
import { startingSiteContent, type SiteContentInput } from '#shared/content/siteContent.ts';
import { loginCookie, postJson } from '#test/support/testLogin.ts';
import { freePort } from '#test/support/smtpSink.ts';

const COUNT = Number(process.env.PUBLISH_COUNT ?? 20);
const CONNECTIONS = Number(process.env.PUBLISH_CONNECTIONS ?? 4);
const RATE = Number(process.env.PUBLISH_RATE ?? 200);
const BASELINE_SECONDS = Number(process.env.BASELINE_SECONDS ?? 10);
const TARGET_MS = 5000;
/** How long to wait for the full-effort copy of a page set before going on without it. */
const POLISH_WAIT_MS = 60_000;
const PASSWORD = 'bench-publish-owner-password';
const projectRoot = path.resolve(import.meta.dirname, '..');
const buildDir = path.join(projectRoot, '.builds', 'bench-publish');
const PORT = await freePort();
const origin = `http://127.0.0.1:${PORT}`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

console.log('Building the site …');
const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
  cwd: projectRoot,
  env: { ...process.env, BUILD_DIR: buildDir, PUBLIC_URL: origin },
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

const assetsDir = path.join(buildDir, 'client', 'assets');
const script = fs.readdirSync(assetsDir).find((name) => name.endsWith('.js'));
if (!script) throw new Error(`No script in ${assetsDir}`);
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-publish-'));
const logFile = path.join(workDir, 'server.log');
const serverLog = fs.openSync(logFile, 'w');
const server = spawn(process.execPath, ['scripts/launch.mjs', 'main'], {
  cwd: projectRoot,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    BUILD_DIR: buildDir,
    HOST: '127.0.0.1',
    PORT: String(PORT),
    PUBLIC_URL: origin,
    DATA_DIR: path.join(workDir, 'data'),
    MAIL: 'off',
    ADMIN_PASSWORD: PASSWORD,
  },
  stdio: ['ignore', serverLog, serverLog],
});

/** The server's resident memory, from Linux's /proc (launch.mjs runs the server in its own process). */
function rssMb(): number {
  const line = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? Number.NaN) / 1024;
}

async function waitForServer(): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`${origin}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await sleep(50);
  }
  throw new Error('The server did not answer');
}

/** A fresh visitor's request for a page: the raw HTML, brotli accepted (fetch decodes it), and the size on the wire. */
async function visit(page: string): Promise<{ html: string; bytes: number }> {
  const response = await fetch(`${origin}${page}`, { headers: { 'accept-encoding': 'br' } });
  if (!response.ok) throw new Error(`${page}: HTTP ${response.status}`);
  return { bytes: Number(response.headers.get('content-length')), html: await response.text() };
}

async function until(condition: () => Promise<boolean>, limitMs: number): Promise<boolean> {
  const deadline = performance.now() + limitMs;
  while (performance.now() < deadline) {
    if (await condition()) return true;
    await sleep(25);
  }
  return false;
}

type Load = { instance: Instance; result: Promise<Result> };

/** `/`, `/faq` and a hashed script in turn on each connection, as browsers ask for them, until stopped. */
function startLoad(): Load {
  let instance!: Instance;
  const result = new Promise<Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: origin,
        connections: CONNECTIONS,
        duration: 3600,
        ...(RATE > 0 ? { overallRate: RATE } : {}),
        headers: { 'accept-encoding': 'gzip, deflate, br' },
        requests: [
          { method: 'GET', path: '/' },
          { method: 'GET', path: '/faq' },
          { method: 'GET', path: `/assets/${script}` },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
  });
  return { instance, result };
}

async function stopLoad(load: Load): Promise<Result> {
  load.instance.stop();
  return load.result;
}

function printLoad(name: string, result: Result): void {
  console.log(
    `  ${name.padEnd(18)} ${String(result.requests.total).padStart(7)} requests in ${result.duration.toFixed(1).padStart(5)} s   non-2xx ${result.non2xx}   errors ${result.errors}   timeouts ${result.timeouts}` +
      `   latency p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  max ${result.latency.max} ms`,
  );
}

const announcement = (n: number) =>
  `Bench publish ${n} of ${COUNT}: open mornings on Saturday ${Date.now().toString(36)}`;

try {
  await waitForServer();
  const cookie = await loginCookie(origin, PASSWORD);
  const publish = async (content: SiteContentInput) => {
    const response = await postJson(`${origin}/api/trpc/content.publish`, { json: content }, { cookie });
    if (!response.ok) throw new Error(`content.publish: HTTP ${response.status} ${await response.text()}`);
  };
  // Everything read once and the server's hot paths compiled before anything is measured.
  for (const page of ['/', '/faq', '/admissions', `/assets/${script}`]) await visit(page);

  console.log(
    `\nLoad: ${CONNECTIONS} connections on /, /faq and /assets/${script}, ${RATE > 0 ? `${RATE} requests/s in all` : 'as fast as they go'}; Accept-Encoding: gzip, deflate, br`,
  );
  const baselineLoad = startLoad();
  await sleep(BASELINE_SECONDS * 1000);
  const baseline = await stopLoad(baselineLoad);

  const rssBefore = rssMb();
  const visible: number[] = [];
  const polished: number[] = [];
  const publishLoad = startLoad();
  let unpolished = 0;
  for (let n = 1; n <= COUNT; n++) {
    const text = announcement(n);
    const started = performance.now();
    const sent = publish({ ...startingSiteContent(), announcement: { ...startingSiteContent().announcement, text } });
    let fastBytes = 0;
    const shown = await until(async () => {
      const [home, admissions] = await Promise.all([visit('/'), visit('/admissions')]);
      fastBytes = home.bytes;
      return home.html.includes(text) && admissions.html.includes(text);
    }, 30_000);
    await sent;
    if (!shown) throw new Error(`Publish ${n}: the new text was not served within 30 s`);
    const shownAt = performance.now();
    visible.push(shownAt - started);
    // The full-effort copy carries the same page in fewer bytes: its size tells when it is in.
    const polishedThis = await until(async () => (await visit('/')).bytes !== fastBytes, POLISH_WAIT_MS);
    if (polishedThis) polished.push(performance.now() - shownAt);
    else unpolished++;
    console.log(
      `  publish ${String(n).padStart(2)}: served after ${seconds(shownAt - started)}, full-effort copy ${polishedThis ? `a further ${seconds(performance.now() - shownAt)} later` : 'not seen'}; server memory ${rssMb().toFixed(0)} MB`,
    );
  }
  const underPublishing = await stopLoad(publishLoad);
  const rssAfter = rssMb();

  const summary = (values: number[]) =>
    `min ${seconds(Math.min(...values))}   median ${seconds(median(values))}   max ${seconds(Math.max(...values))}`;
  console.log(`\n${COUNT} publishes, each with a new announcement:`);
  console.log(`  from Publish to the new text on / and /admissions: ${summary(visible)}`);
  console.log(
    `  then to the full-effort brotli copy of /:          ${polished.length ? summary(polished) : '-'}${unpolished ? `   (${unpolished} not seen within ${POLISH_WAIT_MS / 1000} s)` : ''}`,
  );
  console.log('\nLoad generator:');
  printLoad('baseline', baseline);
  printLoad('while publishing', underPublishing);
  console.log(
    `\nServer resident memory: ${rssBefore.toFixed(0)} MB before the publishes, ${rssAfter.toFixed(0)} MB after`,
  );
  console.log(
    `Machine load average (1 min) at the end: ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores; figures grow with it.`,
  );

  const failed = underPublishing.non2xx + underPublishing.errors + underPublishing.timeouts;
  console.log('\nTargets:');
  console.log(
    `  median from Publish to served <= ${TARGET_MS / 1000} s (${seconds(median(visible))}): ${median(visible) <= TARGET_MS ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  visitors' answers during the publishes: 0 non-2xx, 0 errors (${failed}): ${failed === 0 ? 'met' : 'MISSED'}`,
  );
} catch (error) {
  console.error(fs.readFileSync(logFile, 'utf8'));
  throw error;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(workDir, { recursive: true, force: true });
}
