/**
 * `npm run bench:startup`: how long after the server process starts the first 200 on /healthz
 * comes, as `npm start` runs it (plain node on the compiled server; npm's own start-up aside),
 * with ADMIN_PASSWORD set, against a bare Node HTTP server: a restart with the data folder
 * present (the target), and the very first start, which also creates the database.
 * Median of STARTUP_RUNS (default 15) runs each, alternated. Target: <= 800 ms with a build present
 * (issue 34: the production settings report and the password checks at start cost about 400 ms
 * over the 400 ms of decision 0021; ADMIN_PASSWORD is scored only when it changes).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildInfoFile, projectRoot, serverAppDir, type BuildInfo } from '#server/buildOutput.ts';
import { freePort } from '#test/support/smtpSink.ts';

// A port nothing else listens on: a probe answered by another server would time that one.
const PORT = await freePort();

const RUNS = Number(process.env.STARTUP_RUNS ?? 15);
const TARGET_MS = 800;

if (!fs.existsSync(path.join(serverAppDir, 'main.js'))) {
  console.log('Building the site first …');
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const { publicUrl } = JSON.parse(fs.readFileSync(buildInfoFile, 'utf8')) as BuildInfo;

const bareServer = `require('node:http').createServer((q, s) => s.end('ok')).listen(${PORT}, '127.0.0.1')`;

/** One light probe (node:http, no connection pool): the status, or 0 when nothing listens yet. */
function probe(): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port: PORT, path: '/healthz', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
  });
}

/** Milliseconds from spawning the process to the first 200 on /healthz. */
async function timeToHealthy(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: projectRoot, env, stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
      if ((await probe()) === 200) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const firstStart: number[] = [];
const app: number[] = [];
const bare: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-startup-'));
  try {
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      MAIL: 'off',
      ADMIN_PASSWORD: 'bench-startup-password-long',
    };
    // The very first start also creates the database (each migration a durable write); every
    // later start (a deploy, a restart after a crash) opens it as it is.
    firstStart.push(await timeToHealthy(['scripts/launch.mjs', 'main'], env));
    app.push(await timeToHealthy(['scripts/launch.mjs', 'main'], env));
    bare.push(await timeToHealthy(['-e', bareServer], process.env));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const row = (name: string, values: number[]) =>
  `${name.padEnd(34)} median ${median(values).toFixed(0).padStart(4)} ms   min ${Math.min(...values)
    .toFixed(0)
    .padStart(4)} ms   max ${Math.max(...values)
    .toFixed(0)
    .padStart(4)} ms`;
console.log(`First 200 on /healthz after the process starts (${RUNS} runs each):`);
console.log(row('npm start, data folder present', app));
console.log(row('npm start, very first start', firstStart));
console.log(row('bare Node HTTP server', bare));
console.log(`Target <= ${TARGET_MS} ms: ${median(app) <= TARGET_MS ? 'met' : 'NOT met'}`);
