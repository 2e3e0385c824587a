/**
 * `npm run bench:serve`: how many requests per second the server answers for a page (/faq) and
 * for the largest script, each asked with `Accept-Encoding: br` so the build's brotli copy is sent,
 * beside two references serving the same bytes: nginx (2 workers, the build's brotli and gzip
 * copies as static files) and a bare Node HTTP server answering from memory (scripts/bareServer.mjs:
 * what one Node process can do at all). The app is the built server as `npm start` runs it, one process.
 * The load comes from wrk (C, Debian's package): autocannon, a Node process, topped out near
 * 11,000 requests/s here and measured itself. Runs alternate app, nginx, bare node… in each round;
 * medians are compared, with the load average printed, since other work shares the machine, and
 * each server's CPU time per answer (/proc), which moves less with that load than requests/s do.
 * Target: app/nginx >= 0.25 requests/s on both paths.
 * Needs wrk (`apt-get install -y wrk`) and nginx with the brotli_static module
 * (`apt-get install -y nginx libnginx-mod-http-brotli-static`; tried here when missing).
 * Options: SERVE_SECONDS (default 8 per run), SERVE_ROUNDS (default 5), SERVE_CONNECTIONS
 * (default 64), SERVE_THREADS (wrk's threads, default 2).
 * SERVE_BASELINE: the build folder of another version (`BUILD_DIR=.builds/x npm run build` in a
 * checkout of an older commit, PUBLIC_URL=http://127.0.0.1:4380), run in the same rounds, so before
 * and after are measured side by side on a machine whose speed drifts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '#test/support/smtpSink.ts';

const SECONDS = Number(process.env.SERVE_SECONDS ?? 8);
const ROUNDS = Number(process.env.SERVE_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.SERVE_CONNECTIONS ?? 64);
const THREADS = Number(process.env.SERVE_THREADS ?? 2);
const TARGET = 0.25;
const BASELINE = process.env.SERVE_BASELINE ? path.resolve(process.env.SERVE_BASELINE) : undefined;
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const projectRoot = path.resolve(import.meta.dirname, '..');
const buildDir = path.join(projectRoot, '.builds', 'serve');
/** Every build is made for this address (canonical links); the servers listen on their own ports. */
const PUBLIC_URL = 'http://127.0.0.1:4380';

function ensureWrk(): void {
  if (spawnSync('wrk', ['--version']).error === undefined) return;
  console.error('bench:serve drives the servers with wrk, which is not installed: apt-get install -y wrk');
  process.exit(1);
}

function ensureNginx(): void {
  if (fs.existsSync('/usr/sbin/nginx') && fs.existsSync(BROTLI_MODULE)) return;
  console.log('Installing nginx and its brotli_static module …');
  const installed = spawnSync(
    'bash',
    ['-c', 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx libnginx-mod-http-brotli-static'],
    { stdio: 'inherit' },
  );
  if (installed.status !== 0)
    throw new Error('nginx with brotli_static is needed: apt-get install -y nginx libnginx-mod-http-brotli-static');
}

function build(): void {
  console.log('Building the site …');
  const env = { ...process.env, BUILD_DIR: buildDir, PUBLIC_URL };
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: projectRoot,
    env,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The answer's status, Content-Encoding and raw bytes (fetch would decode them). */
function get(url: string): Promise<{ status: number; encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: response.headers['content-encoding'],
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (
      await get(url).then(
        (response) => response.status === 200,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer`);
}

function logFile(workDir: string, name: string): number {
  return fs.openSync(path.join(workDir, `${name}.log`), 'w');
}

/** The compiled server as `npm start` runs it, serving the build in `build` (its own server code included). */
function startApp(workDir: string, name: string, build: string, port: number): ChildProcess {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    BUILD_DIR: build,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL,
    DATA_DIR: path.join(workDir, `${name}-data`),
    MAIL: 'off',
    ADMIN_PASSWORD: 'bench-serve-password-long',
  };
  const log = logFile(workDir, name);
  return spawn(process.execPath, ['scripts/launch.mjs', 'main'], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', log, log],
  });
}

function startNginx(workDir: string, port: number): ChildProcess {
  const client = path.join(buildDir, 'client');
  const config = `
load_module ${BROTLI_MODULE};
worker_processes 2;
daemon off;
pid ${workDir}/nginx.pid;
error_log ${workDir}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${workDir}/nginx-body;
  proxy_temp_path ${workDir}/nginx-proxy;
  fastcgi_temp_path ${workDir}/nginx-fastcgi;
  uwsgi_temp_path ${workDir}/nginx-uwsgi;
  scgi_temp_path ${workDir}/nginx-scgi;
  brotli_static on;
  gzip_static on;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    location /assets/ { root ${client}; add_header Cache-Control "public, max-age=31536000, immutable"; }
    location = /faq { default_type text/html; alias ${path.join(buildDir, 'pages', 'faq.html')}; add_header Cache-Control "no-cache"; }
  }
}`;
  fs.writeFileSync(path.join(workDir, 'nginx.conf'), config);
  return spawn('/usr/sbin/nginx', ['-c', path.join(workDir, 'nginx.conf'), '-p', workDir], { stdio: 'ignore' });
}

function startBareNode(workDir: string, port: number, files: Record<string, [string, string]>): ChildProcess {
  const env = { ...process.env, PORT: String(port), BARE_FILES: JSON.stringify(files) };
  const log = logFile(workDir, 'bare-node');
  return spawn(process.execPath, [path.join(projectRoot, 'scripts', 'bareServer.mjs')], {
    env,
    stdio: ['ignore', log, log],
  });
}

type Run = { requestsPerSecond: number; p99Ms: number; failed: number; load: number; cpuMicroseconds: number };

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user and system) a process and its children (nginx's workers) have used so far, in seconds. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const own = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  const children = fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((task) =>
      fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  return own + children.reduce((sum, child) => sum + cpuSeconds(child), 0);
}

const toMs: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/**
 * One wrk run; its summary read from what it prints, and the server's CPU time per answer: unlike
 * requests per second, that hardly changes with what else the machine is doing.
 */
function load(url: string, pid: number, seconds = SECONDS): Run {
  const loadAverage = os.loadavg()[0] ?? 0;
  const cpuBefore = cpuSeconds(pid);
  const wrk = spawnSync(
    'wrk',
    [`-t${THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '-H', 'Accept-Encoding: br', url],
    { encoding: 'utf8' },
  );
  if (wrk.status !== 0) throw new Error(`wrk failed: ${wrk.stderr}${wrk.stdout}`);
  const out = wrk.stdout;
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99 = /99%\s+([\d.]+)(us|ms|s|m)\b/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socketErrors =
    (/Socket errors: (.*)/.exec(out)?.[1] ?? '').match(/\d+/g)?.reduce((sum, count) => sum + Number(count), 0) ?? 0;
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  if (!Number.isFinite(requestsPerSecond) || !p99 || !(requests > 0)) throw new Error(`Unexpected wrk output:\n${out}`);
  const cpuMicroseconds = ((cpuSeconds(pid) - cpuBefore) * 1e6) / requests;
  return {
    requestsPerSecond,
    p99Ms: Number(p99[1]) * (toMs[p99[2] ?? 'ms'] ?? 1),
    failed: non2xx + socketErrors,
    load: loadAverage,
    cpuMicroseconds,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

ensureWrk();
ensureNginx();
build();
const assetsDir = path.join(buildDir, 'client', 'assets');
const largestScript = fs
  .readdirSync(assetsDir)
  .filter((name) => name.endsWith('.js'))
  .sort((a, b) => fs.statSync(path.join(assetsDir, b)).size - fs.statSync(path.join(assetsDir, a)).size)[0]!;
const targets = [
  {
    name: '/faq',
    path: '/faq',
    brotliFile: path.join(buildDir, 'pages', 'faq.html.br'),
    type: 'text/html; charset=utf-8',
  },
  {
    name: `largest script (${largestScript}, ${(fs.statSync(path.join(assetsDir, largestScript)).size / 1024).toFixed(0)} KB)`,
    path: `/assets/${largestScript}`,
    brotliFile: path.join(assetsDir, `${largestScript}.br`),
    type: 'text/javascript; charset=utf-8',
  },
];
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-serve-'));
const [appPort, baselinePort, nginxPort, barePort] = [
  await freePort(),
  await freePort(),
  await freePort(),
  await freePort(),
];
const servers = [
  { name: 'app', port: appPort, process: startApp(workDir, 'app', buildDir, appPort) },
  ...(BASELINE
    ? [{ name: 'baseline', port: baselinePort, process: startApp(workDir, 'baseline', BASELINE, baselinePort) }]
    : []),
  { name: 'nginx', port: nginxPort, process: startNginx(workDir, nginxPort) },
  {
    name: 'bare node',
    port: barePort,
    process: startBareNode(
      workDir,
      barePort,
      Object.fromEntries(targets.map((target) => [target.path, [target.brotliFile, target.type]])),
    ),
  },
];
let missed = false;
try {
  await Promise.all(servers.map((server) => waitFor(`http://127.0.0.1:${server.port}/faq`)));
  // Same bytes from everyone, or the comparison means nothing (a baseline has its own build).
  for (const target of targets) {
    const expected = fs.readFileSync(target.brotliFile);
    for (const server of servers.filter((candidate) => candidate.name !== 'baseline')) {
      const answer = await get(`http://127.0.0.1:${server.port}${target.path}`);
      if (answer.status !== 200 || answer.encoding !== 'br' || !answer.body.equals(expected))
        throw new Error(`${server.name} does not send the build's brotli copy of ${target.path}`);
    }
  }
  console.log(
    `wrk: ${THREADS} threads, ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds alternating ${servers.map((server) => server.name).join(', ')}; Accept-Encoding: br`,
  );
  for (const target of targets) {
    const runs = new Map<string, Run[]>(servers.map((server) => [server.name, []]));
    // All warmed up first (the app compiles its hot paths and reads the files on first use).
    for (const server of servers) load(`http://127.0.0.1:${server.port}${target.path}`, server.process.pid!, 2);
    for (let round = 0; round < ROUNDS; round++) {
      for (const server of servers)
        runs.get(server.name)?.push(load(`http://127.0.0.1:${server.port}${target.path}`, server.process.pid!));
    }
    const figures = (name: string) => {
      const own = runs.get(name) ?? [];
      return {
        rps: median(own.map((run) => run.requestsPerSecond)),
        p99: median(own.map((run) => run.p99Ms)),
        failed: own.reduce((sum, run) => sum + run.failed, 0),
        load: median(own.map((run) => run.load)),
        cpu: median(own.map((run) => run.cpuMicroseconds)),
      };
    };
    const nginx = figures('nginx');
    const bare = figures('bare node');
    console.log(`\n${target.name}`);
    for (const server of servers) {
      const f = figures(server.name);
      const each = (runs.get(server.name) ?? []).map((run) => run.requestsPerSecond.toFixed(0)).join(' ');
      console.log(
        `  ${server.name.padEnd(9)} ${f.rps.toFixed(0).padStart(7)} requests/s  CPU ${f.cpu.toFixed(1).padStart(5)} µs each  p99 ${f.p99.toFixed(2).padStart(6)} ms  failed ${f.failed}  load ${f.load.toFixed(2)}  runs: ${each}`,
      );
    }
    for (const server of servers.filter((candidate) => candidate.name === 'app' || candidate.name === 'baseline')) {
      const f = figures(server.name);
      const ratio = f.rps / nginx.rps;
      if (server.name === 'app' && ratio < TARGET) missed = true;
      console.log(
        `  ${server.name}/nginx ${ratio.toFixed(3)} (target >= ${TARGET}: ${ratio >= TARGET ? 'met' : 'missed'})   ${server.name}/bare node ${(f.rps / bare.rps).toFixed(3)}`,
      );
      // Answers per CPU second against nginx's: what the ratio above comes to when the machine is busy with other work.
      console.log(
        `    by CPU per answer: ${server.name}/nginx ${(nginx.cpu / f.cpu).toFixed(3)}, ${server.name}/bare node ${(bare.cpu / f.cpu).toFixed(3)}, ${(f.cpu - bare.cpu).toFixed(1)} µs above bare node's`,
      );
    }
  }
} catch (error) {
  for (const name of ['app', 'baseline', 'bare-node']) {
    const log = path.join(workDir, `${name}.log`);
    if (fs.existsSync(log)) console.error(`${name}:\n${fs.readFileSync(log, 'utf8')}`);
  }
  throw error;
} finally {
  for (const server of servers) server.process.kill(server.name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  fs.rmSync(workDir, { recursive: true, force: true });
}
if (missed) process.exitCode = 1;
