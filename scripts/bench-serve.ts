/**
 * `npm run bench:serve`: how many requests per second the server answers for a page (/faq) and
 * for the largest script, against nginx serving the same built files the same way (brotli and
 * gzip copies written at build time, 2 workers), with a load generator (autocannon) on this
 * machine. Runs alternate app, nginx, app, nginx… and the medians are compared.
 * Targets: app/nginx >= 0.25 requests/s on both, p99 <= 3x nginx's.
 * Needs nginx with the brotli_static module: `apt-get install -y nginx libnginx-mod-http-brotli-static`
 * (tried here when missing, as .ci/run installs the browser).
 * Options: SERVE_SECONDS (default 8 per run), SERVE_ROUNDS (default 3), SERVE_CONNECTIONS (default 32).
 * SERVE_BASELINE: the build folder of another version (`npm run build` with BUILD_DIR set, in a
 * checkout of an older commit), run in the same rounds, so before and after are measured side by
 * side on a machine whose speed drifts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../test/support/smtpSink';

const SECONDS = Number(process.env.SERVE_SECONDS ?? 8);
const ROUNDS = Number(process.env.SERVE_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.SERVE_CONNECTIONS ?? 32);
const BASELINE = process.env.SERVE_BASELINE ? path.resolve(process.env.SERVE_BASELINE) : undefined;
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const projectRoot = path.resolve(import.meta.dirname, '..');
const buildDir = path.join(projectRoot, '.builds', 'serve');
const [APP_PORT, NGINX_PORT, BASELINE_PORT] = [await freePort(), await freePort(), await freePort()];
/** Every build is made for this address (canonical links); the servers listen on their own ports. */
const PUBLIC_URL = 'http://127.0.0.1:4380';

function ensureNginx(): void {
  if (fs.existsSync('/usr/sbin/nginx') && fs.existsSync(BROTLI_MODULE)) return;
  console.log('Installing nginx and its brotli_static module …');
  const installed = spawnSync('bash', ['-c', 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx libnginx-mod-http-brotli-static'], { stdio: 'inherit' });
  if (installed.status !== 0) throw new Error('nginx with brotli_static is needed: apt-get install -y nginx libnginx-mod-http-brotli-static');
}

function build(): void {
  console.log('Building the site …');
  const env = { ...process.env, BUILD_DIR: buildDir, PUBLIC_URL };
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: projectRoot, env, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (await fetch(url).then((response) => response.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer`);
}

/** The compiled server as `npm start` runs it, serving the build in `build` (its own server code included). */
function startApp(workDir: string, name: string, build: string, port: number): ChildProcess {
  const env = { ...process.env, NODE_ENV: 'production', BUILD_DIR: build, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL, DATA_DIR: path.join(workDir, `${name}-data`), MAIL: 'off', ADMIN_PASSWORD: 'bench-serve-password-long' };
  const log = fs.openSync(path.join(workDir, `${name}.log`), 'w');
  return spawn(process.execPath, ['scripts/launch.mjs', 'main'], { cwd: projectRoot, env, stdio: ['ignore', log, log] });
}

function startNginx(workDir: string): ChildProcess {
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
    listen 127.0.0.1:${NGINX_PORT};
    location /assets/ { root ${client}; add_header Cache-Control "public, max-age=31536000, immutable"; }
    location = /faq { default_type text/html; alias ${path.join(buildDir, 'pages', 'faq.html')}; add_header Cache-Control "no-cache"; }
  }
}`;
  fs.writeFileSync(path.join(workDir, 'nginx.conf'), config);
  return spawn('/usr/sbin/nginx', ['-c', path.join(workDir, 'nginx.conf'), '-p', workDir], { stdio: 'ignore' });
}

type Run = { requestsPerSecond: number; p99: number; errors: number; non2xx: number };

async function load(url: string, seconds = SECONDS): Promise<Run> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, requests: [{ method: 'GET', headers: { 'accept-encoding': 'gzip, deflate, br' } }] });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

ensureNginx();
build();
const assetsDir = path.join(buildDir, 'client', 'assets');
const largestScript = fs
  .readdirSync(assetsDir)
  .filter((name) => name.endsWith('.js'))
  .sort((a, b) => fs.statSync(path.join(assetsDir, b)).size - fs.statSync(path.join(assetsDir, a)).size)[0]!;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-serve-'));
const servers = [
  { name: 'app', port: APP_PORT, process: startApp(workDir, 'app', buildDir, APP_PORT) },
  ...(BASELINE ? [{ name: 'baseline', port: BASELINE_PORT, process: startApp(workDir, 'baseline', BASELINE, BASELINE_PORT) }] : []),
  { name: 'nginx', port: NGINX_PORT, process: startNginx(workDir) },
];
try {
  await Promise.all(servers.map((server) => waitFor(`http://127.0.0.1:${server.port}/faq`)));
  const targets = [
    { name: '/faq', path: '/faq' },
    { name: `largest script (${largestScript}, ${(fs.statSync(path.join(assetsDir, largestScript)).size / 1024).toFixed(0)} KB)`, path: `/assets/${largestScript}` },
  ];
  console.log(`${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds, alternating ${servers.map((server) => server.name).join(', ')}; Accept-Encoding: gzip, deflate, br`);
  for (const target of targets) {
    const runs = new Map<string, Run[]>(servers.map((server) => [server.name, []]));
    // All warmed up first (the app compiles its hot paths and reads the files on first use).
    for (const server of servers) await load(`http://127.0.0.1:${server.port}${target.path}`, 2);
    for (let round = 0; round < ROUNDS; round++) {
      for (const server of servers) runs.get(server.name)?.push(await load(`http://127.0.0.1:${server.port}${target.path}`));
    }
    const figures = (name: string) => {
      const own = runs.get(name) ?? [];
      return { rps: median(own.map((run) => run.requestsPerSecond)), p99: median(own.map((run) => run.p99)), failed: own.reduce((sum, run) => sum + run.errors + run.non2xx, 0) };
    };
    const nginx = figures('nginx');
    console.log(`\n${target.name}`);
    for (const server of servers) {
      const f = figures(server.name);
      console.log(`  ${server.name.padEnd(8)} ${f.rps.toFixed(0).padStart(7)} requests/s   p99 ${f.p99.toFixed(1).padStart(6)} ms   failed ${f.failed}`);
    }
    for (const server of servers.filter((candidate) => candidate.name !== 'nginx')) {
      const f = figures(server.name);
      console.log(`  ${server.name}/nginx requests/s ${(f.rps / nginx.rps).toFixed(3)} (target >= 0.25), p99 ${(f.p99 / Math.max(nginx.p99, 0.1)).toFixed(2)}x (target <= 3x)`);
    }
  }
} catch (error) {
  for (const name of ['app', 'baseline']) {
    const log = path.join(workDir, `${name}.log`);
    if (fs.existsSync(log)) console.error(`${name}:\n${fs.readFileSync(log, 'utf8')}`);
  }
  throw error;
} finally {
  for (const server of servers) server.process.kill(server.name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  fs.rmSync(workDir, { recursive: true, force: true });
}
