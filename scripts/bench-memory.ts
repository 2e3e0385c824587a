/**
 * `npm run bench:memory`: the server's resident memory (production mode, as `npm start` runs it,
 * its own data folder, a free port), to choose the service's MemoryMax on a 1 GB machine (issue 23).
 * Before it starts, 100,000 contact messages are written straight into its database. Then, one
 * after another:
 * 1. page load: a load generator (autocannon) on `/`, `/faq` and a hashed script for LOAD_SECONDS;
 * 2. five 40-megapixel JPEGs (8000 × 5000, about 9 MB each, made here with sharp) uploaded at once, as the Owner;
 * 3. a publish of the site content with a new announcement (every page rendered again);
 * 4. the CSV export of the 100,000 contact messages.
 * VmRSS is sampled every 20 ms; prints the peak of each step and the kernel's own high-water mark
 * (VmHWM, which no sample can miss). Target: the peak under TARGET_MB (450), so that the server,
 * Caddy and Debian fit in 1 GB.
 * Options: ENQUIRIES (100000), LOAD_SECONDS (10), LOAD_CONNECTIONS (8).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { startingSiteContent } from '#shared/content/siteContent.ts';
import { openStorage } from '#server/storage/database.ts';
import { insertTestContacts } from '#test/support/testEnquiries.ts';
import { uploadPhoto } from '#test/support/photoTestData.ts';
import { loginCookie, postJson } from '#test/support/testLogin.ts';
import { freePort } from '#test/support/smtpSink.ts';

const ENQUIRIES = Number(process.env.ENQUIRIES ?? 100_000);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 8);
const TARGET_MB = 450;
const PHOTOS = 5;
const PHOTO_SIZE = { width: 8000, height: 5000 };
const PASSWORD = 'bench-memory-owner-password';
const projectRoot = path.resolve(import.meta.dirname, '..');
const buildDir = path.join(projectRoot, '.builds', 'bench-memory');
const PORT = await freePort();
const origin = `http://127.0.0.1:${PORT}`;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
const dataDir = path.join(workDir, 'data');

console.log('Building the site …');
const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
  cwd: projectRoot,
  env: { ...process.env, BUILD_DIR: buildDir, PUBLIC_URL: origin },
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);
const script = fs.readdirSync(path.join(buildDir, 'client', 'assets')).find((name) => name.endsWith('.js'));
if (!script) throw new Error('No script in the build');

console.log(`Writing ${ENQUIRIES.toLocaleString('en')} contact messages into the database …`);
const storage = await openStorage(dataDir);
const BATCH = 1000;
for (let from = 0; from < ENQUIRIES; from += BATCH) {
  const count = Math.min(BATCH, ENQUIRIES - from);
  await storage.db.transaction().execute((trx) =>
    insertTestContacts(
      trx,
      Array.from({ length: count }, (_, i) => ({
        name: `Parent ${from + i}`,
        email: `parent${from + i}@example.com`,
        message: `We would like to visit the school with our daughter, who is three. Message number ${from + i}.`,
        createdAt: new Date(Date.UTC(2026, 0, 1) + (from + i) * 60_000).toISOString(),
      })),
    ),
  );
}
await storage.close();

console.log(`Making ${PHOTOS} photos of ${(PHOTO_SIZE.width * PHOTO_SIZE.height) / 1e6} megapixels …`);
// Noise, so that each is about as large as a phone's photo of that size and no two are alike: a
// tile of it per photo (40 megapixels of noise take minutes), repeated to the full size.
const TILE = { width: PHOTO_SIZE.width / 8, height: PHOTO_SIZE.height / 8 };
const photos = await Promise.all(
  Array.from({ length: PHOTOS }, async () => {
    const tile = await sharp({
      create: { ...TILE, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } },
    })
      .png()
      .toBuffer();
    return sharp(tile)
      .extend({ right: PHOTO_SIZE.width - TILE.width, bottom: PHOTO_SIZE.height - TILE.height, extendWith: 'repeat' })
      .jpeg({ quality: 85 })
      .toBuffer();
  }),
);

const logFile = path.join(workDir, 'server.log');
const serverLog = fs.openSync(logFile, 'w');
const server = spawn(process.execPath, ['scripts/launch.mjs', 'main'], {
  cwd: projectRoot,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    MAIL: 'off',
    BUILD_DIR: buildDir,
    HOST: '127.0.0.1',
    PORT: String(PORT),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
  },
  stdio: ['ignore', serverLog, serverLog],
});

/** A line of the server's /proc/PID/status in MB (launch.mjs imports the server into its own process). */
function statusMb(field: 'VmRSS' | 'VmHWM'): number {
  const line = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return Number(line?.[1] ?? Number.NaN) / 1024;
}

/** Runs a step while sampling VmRSS; answers its peak. */
async function peakDuring(step: () => Promise<unknown>): Promise<number> {
  let peak = statusMb('VmRSS');
  const sampler = setInterval(() => (peak = Math.max(peak, statusMb('VmRSS'))), 20);
  try {
    await step();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, statusMb('VmRSS'));
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
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The server did not answer');
}

const figures: [string, number][] = [];
const mb = (value: number) => `${value.toFixed(0).padStart(4)} MB`;
try {
  await waitForServer();
  figures.push(['started, idle', statusMb('VmRSS')]);
  const cookie = await loginCookie(origin, PASSWORD);

  figures.push([
    `page load (${CONNECTIONS} connections, ${LOAD_SECONDS} s)`,
    await peakDuring(
      () =>
        new Promise((resolve, reject) =>
          autocannon(
            {
              url: origin,
              connections: CONNECTIONS,
              duration: LOAD_SECONDS,
              headers: { 'accept-encoding': 'gzip, deflate, br' },
              requests: [
                { method: 'GET', path: '/' },
                { method: 'GET', path: '/faq' },
                { method: 'GET', path: `/assets/${script}` },
              ],
            },
            (error, result) => (error ? reject(error) : resolve(result)),
          ),
        ),
    ),
  ]);

  figures.push([
    `${PHOTOS} photo uploads at once (${(photos.reduce((sum, photo) => sum + photo.byteLength, 0) / 1024 / 1024).toFixed(0)} MB in all)`,
    await peakDuring(async () => {
      const answers = await Promise.all(photos.map((photo) => uploadPhoto(origin, cookie, photo)));
      const refused = answers.filter((answer) => answer.status !== 200);
      if (refused.length > 0)
        throw new Error(`Uploads refused: ${refused.map((answer) => `${answer.status} ${answer.message}`).join('; ')}`);
    }),
  ]);

  figures.push([
    'a publish',
    await peakDuring(async () => {
      const content = startingSiteContent();
      const changed = {
        ...content,
        announcement: { ...content.announcement, text: `Open morning on Saturday (${Date.now().toString(36)})` },
      };
      const response = await postJson(`${origin}/api/trpc/content.publish`, { json: changed }, { cookie });
      if (!response.ok) throw new Error(`content.publish: HTTP ${response.status} ${await response.text()}`);
    }),
  ]);

  let exportedBytes = 0;
  figures.push([
    `CSV export of ${ENQUIRIES.toLocaleString('en')} contact messages`,
    await peakDuring(async () => {
      const response = await fetch(`${origin}/api/admin/export/contact.csv`, { headers: { cookie } });
      if (!response.ok || !response.body) throw new Error(`Export: HTTP ${response.status}`);
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read())
        exportedBytes += read.value.byteLength;
    }),
  ]);

  const highWater = statusMb('VmHWM');
  console.log('\nServer resident memory (VmRSS), the peak during each step:');
  for (const [name, value] of figures) console.log(`  ${name.padEnd(52)} ${mb(value)}`);
  console.log(`  ${'peak over the whole run (VmHWM)'.padEnd(52)} ${mb(highWater)}`);
  console.log(`\nThe export was ${(exportedBytes / 1024 / 1024).toFixed(1)} MB of CSV.`);
  console.log(`Machine load average (1 min) at the end: ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores.`);
  console.log(
    `\nTarget: peak under ${TARGET_MB} MB (${highWater.toFixed(0)} MB): ${highWater < TARGET_MB ? 'met' : 'MISSED'}`,
  );
} catch (error) {
  console.error(fs.readFileSync(logFile, 'utf8').slice(-5000));
  throw error;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(workDir, { recursive: true, force: true });
}
