import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildInfoFile, distDir, projectRoot, type BuildInfo } from '#server/buildOutput.ts';
import { freePort } from '#test/support/smtpSink.ts';
import { readEnvironmentFile } from './envFile';

export const deployDir = path.join(projectRoot, 'deploy');

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  localAddress?: string;
};

export type CaddySite = {
  /** https://localhost:PORT, Caddy's SITE_ADDRESS, and the app's PUBLIC_URL. */
  url: string;
  /** The same site over plain http (Caddy's HTTP_PORT). */
  httpUrl: string;
  /** Caddy's OTHER_ADDRESS (127.0.0.1 on the same port), as the school's other host name. */
  otherUrl: string;
  dataDir: string;
  /** Through Caddy, trusting its local certificate authority; from `localAddress` when given (127.0.0.2, …). */
  request(url: string, options?: RequestOptions): Promise<Answer>;
  /** Stops the app as systemd does (SIGTERM, waiting for it to exit) and starts it again. */
  restartApp(): Promise<void>;
  stopApp(): Promise<void>;
  /** What Caddy has written so far (its access log and its own messages). */
  caddyLog(): string;
  close(): Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, attempt: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const result = await attempt().catch(() => undefined);
    if (result !== undefined) return result;
    await sleep(100);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/**
 * The build served under another PUBLIC_URL: the compiled server refuses a build made for another
 * one, so this folder links the build's parts and records the https address Caddy serves.
 */
function buildFor(publicUrl: string): string {
  const folder = fs.mkdtempSync(path.join(projectRoot, '.builds', 'caddy-'));
  for (const part of ['app', 'client', 'pages', 'server'])
    fs.symlinkSync(path.join(distDir, part), path.join(folder, part));
  const built = JSON.parse(fs.readFileSync(buildInfoFile, 'utf8')) as BuildInfo;
  fs.writeFileSync(path.join(folder, 'build-info.json'), JSON.stringify({ ...built, publicUrl }));
  return folder;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * The built app, started as school.service starts it (the settings of deploy/school.env.example,
 * with a test's own ports and folders), behind Caddy started from deploy/Caddyfile with
 * SITE_ADDRESS=localhost:PORT, so Caddy serves it with a certificate from its own local authority.
 */
export async function startCaddySite(
  env: Record<string, string>,
  { ownerPassword }: { ownerPassword: string },
): Promise<CaddySite> {
  fs.mkdirSync(path.join(projectRoot, '.builds'), { recursive: true });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'school-caddy-'));
  const [httpsPort, httpPort, appPort] = [await freePort(), await freePort(), await freePort()];
  const url = `https://localhost:${httpsPort}`;
  const buildDir = buildFor(url);
  const dataDir = path.join(scratch, 'data');
  // The template with the test's own ports and folders added below it: the later line wins, in systemd as in sh.
  const envFile = path.join(scratch, 'school.env');
  const testSettings = {
    PUBLIC_URL: url,
    PORT: String(appPort),
    DATA_DIR: dataDir,
    BACKUP_DIR: path.join(scratch, 'backups'),
    ...env,
  };
  fs.writeFileSync(
    envFile,
    `${fs.readFileSync(path.join(deployDir, 'school.env.example'), 'utf8')}\n${Object.entries(testSettings)
      .map(([name, value]) => `${name}="${value}"`)
      .join('\n')}\n`,
  );
  const appEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...readEnvironmentFile(envFile),
    BUILD_DIR: path.relative(projectRoot, buildDir),
  };
  const appAddress = `${appEnv.HOST ?? '127.0.0.1'}:${appPort}`;

  let appOutput = '';
  let app: ChildProcess | undefined;
  const startApp = async () => {
    const child = spawn(process.execPath, ['scripts/launch.mjs', 'main'], {
      cwd: projectRoot,
      env: appEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (appOutput += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (appOutput += chunk.toString()));
    app = child;
    await until(`the app to answer /healthz (output so far: ${appOutput})`, async () => {
      if (child.exitCode !== null) throw new Error(`The app exited: ${appOutput}`);
      const health = await fetch(`http://${appAddress}/healthz`);
      return health.status === 200 ? true : undefined;
    });
  };
  const stopApp = async () => {
    if (!app) return;
    app.kill('SIGTERM');
    await exited(app);
    app = undefined;
  };

  let caddyOutput = '';
  const home = path.join(scratch, 'caddy-home');
  const caddy = spawn('caddy', ['run', '--config', path.join(deployDir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    cwd: scratch,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: path.join(home, 'data'),
      XDG_CONFIG_HOME: path.join(home, 'config'),
      SITE_ADDRESS: `localhost:${httpsPort}`,
      OTHER_ADDRESS: `127.0.0.1:${httpsPort}`,
      APP_ADDRESS: appAddress,
      HTTP_PORT: String(httpPort),
      CADDY_ADMIN: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout?.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
  caddy.stderr?.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));

  const rootCertificate = path.join(home, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  let ca: Buffer | undefined;

  const request = (target: string, { method = 'GET', headers = {}, body, localAddress }: RequestOptions = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const { protocol, hostname, port, pathname, search } = new URL(target);
      const secure = protocol === 'https:';
      // Connect to the IPv4 loopback address whatever the name: a local address of 127.0.0.x cannot reach ::1.
      const options: https.RequestOptions = {
        host: '127.0.0.1',
        port,
        method,
        path: `${pathname}${search}`,
        headers: { host: `${hostname}:${port}`, ...headers },
        localAddress,
        agent: false,
        ...(secure ? { ca, servername: isIP(hostname) ? undefined : hostname } : {}),
      };
      const sent = (secure ? https : http).request(options, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      });
      sent.on('error', reject);
      sent.end(body);
    });

  const close = async () => {
    await stopApp();
    caddy.kill('SIGTERM');
    await exited(caddy);
    fs.rmSync(buildDir, { recursive: true, force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
  };

  try {
    // docs/deploy.md: the first Owner's password is set before the first start, with the service's settings.
    const setPassword = spawnSync(
      'sh',
      ['-c', 'set -a && . "$1" && exec npm run --silent admin:password', 'sh', envFile],
      {
        cwd: projectRoot,
        env: { PATH: process.env.PATH, HOME: scratch, BUILD_DIR: appEnv.BUILD_DIR },
        input: ownerPassword,
        encoding: 'utf8',
      },
    );
    if (setPassword.status !== 0) throw new Error(`npm run admin:password failed: ${setPassword.stderr}`);
    await startApp();
    ca = await until('Caddy’s local certificate authority', async () =>
      fs.existsSync(rootCertificate) ? fs.readFileSync(rootCertificate) : undefined,
    );
    await until(`Caddy to serve ${url} (its output so far: ${caddyOutput})`, async () =>
      (await request(`${url}/healthz`)).status === 200 ? true : undefined,
    );
  } catch (error) {
    await close();
    throw error;
  }

  return {
    url,
    httpUrl: `http://localhost:${httpPort}`,
    otherUrl: `https://127.0.0.1:${httpsPort}`,
    dataDir,
    request,
    async restartApp() {
      await stopApp();
      await startApp();
    },
    stopApp,
    caddyLog: () => caddyOutput,
    close,
  };
}
