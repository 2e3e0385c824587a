// It spawns the server process itself, over HTTP.
// test tier: server
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { testStaffEnv } from '#test/support/testLogin.ts';
import { loadConfig } from './config';
import { startServer } from '.';
import { memoryLogger } from '#test/support/memoryLogger.ts';
import { DATABASE_FILE_NAME } from './storage/database';
import { validContact } from '#test/support/enquiryTestData.ts';
import { startHungSmtpServer } from '#test/support/smtpSink.ts';
import { guessableMessage } from '#test/support/guessablePasswords.ts';

const serverProcessFile = fileURLToPath(new URL('../../test/support/serverProcess.ts', import.meta.url));
/** The longest a stop may take, whatever is going on (the limit). */
const STOP_LIMIT_MS = 10_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function temporaryDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-process-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

type ServerProcess = {
  child: ChildProcess;
  port: number;
  /** Every JSON line the server logged so far. */
  log: { message: string }[];
  /** Resolves when a line with this message has been logged. */
  logged(message: string): Promise<void>;
  exited: Promise<{ code: number | null; at: number }>;
};

/** Starts `serverProcess.ts` in a child process on a free port and waits until it listens. */
async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverProcessFile], {
    env: {
      ...process.env,
      ...testStaffEnv,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1',
      DATA_DIR: dataDir,
      ENQUIRY_RATE_LIMIT: '1000000',
      MAIL: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  const log: { message: string; url?: string }[] = [];
  const waiters: { message: string; resolve: () => void }[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      const record = JSON.parse(line) as { message: string; url?: string };
      log.push(record);
      for (const waiter of waiters.filter((w) => w.message === record.message)) waiter.resolve();
    });
  }
  const logged = (message: string) =>
    log.some((record) => record.message === message)
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          waiters.push({ message, resolve });
          void exited.then(() => reject(new Error(`The server exited before logging "${message}"`)));
        });
  await logged('Server listening');
  const url = log.find((record) => record.message === 'Server listening')?.url ?? '';
  return { child, port: Number(new URL(url).port), log, logged, exited };
}

type Answer = { status: number; complete: boolean; connectionClose: boolean; receivedAt: number; body: string };

/** One JSON POST over the given agent, answered with how (and whether) the whole response arrived. */
function post(port: number, agent: http.Agent, pathName: string, body: unknown): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathName,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', () => undefined);
        response.on('close', () =>
          resolve({
            status: response.statusCode ?? 0,
            complete: response.complete,
            connectionClose: response.headers.connection === 'close',
            receivedAt: Date.now(),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('stopping the server process', { timeout: 60_000 }, () => {
  it('on SIGTERM under keep-alive load: stops accepting, answers what it received in full, closes the connections and exits within 10 s', async () => {
    const dataDir = temporaryDataDir();
    const server = await startServerProcess(dataDir);
    const connections = 8;
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    cleanups.push(() => agent.destroy());

    const answers: Answer[] = [];
    const failures: string[] = [];
    let signalledAt = Number.POSITIVE_INFINITY;
    const load = async () => {
      for (;;) {
        try {
          answers.push(await post(server.port, agent, '/api/contact', validContact()));
        } catch (error) {
          failures.push((error as NodeJS.ErrnoException).code ?? String(error));
          // A refused connection means the server no longer listens: this client is done.
          if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED' || Date.now() - signalledAt > STOP_LIMIT_MS)
            return;
        }
      }
    };
    const clients = Array.from({ length: connections }, load);

    while (answers.length < 100) await new Promise((resolve) => setTimeout(resolve, 20));
    signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await server.logged('Shutting down');

    // No new connection is accepted once shutdown has begun.
    const fresh = net.connect(server.port, '127.0.0.1');
    const freshOutcome = await new Promise<string>((resolve) => {
      fresh.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      fresh.once('connect', () => resolve('connected'));
    });
    fresh.destroy();
    expect(freshOutcome).toBe('ECONNREFUSED');

    const { code, at } = await server.exited;
    await Promise.all(clients);
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(STOP_LIMIT_MS);

    // Every answer that arrived arrived whole, and each was an accepted enquiry.
    expect(answers.filter((answer) => !answer.complete)).toEqual([]);
    expect(answers.filter((answer) => answer.status !== 201)).toEqual([]);
    // After the signal each connection gets at most the answer to what it had already sent, told to close.
    const afterSignal = answers.filter((answer) => answer.receivedAt > signalledAt);
    expect(afterSignal.length).toBeLessThanOrEqual(2 * connections);
    expect(afterSignal.filter((answer) => !answer.connectionClose).length).toBeLessThanOrEqual(connections);
    // Clients only ever see a refused or closed connection, never a half-answered request.
    for (const failure of failures) expect(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']).toContain(failure);
    // Nothing was stored without its answer reaching the client.
    const database = new SqliteDatabase(path.join(dataDir, DATABASE_FILE_NAME), { readonly: true });
    const stored = (database.prepare('select count(*) as n from contact_enquiries').get() as { n: number }).n;
    database.close();
    expect(stored).toBe(answers.length);
  });

  it('exits within 10 s on SIGTERM while the mail server hangs mid-send', async () => {
    const hung = await startHungSmtpServer();
    cleanups.push(() => hung.close());
    const server = await startServerProcess(temporaryDataDir(), {
      MAIL: '',
      SMTP_URL: hung.url,
      NOTIFY_EMAIL: 'office@aranya.test',
    });
    const agent = new http.Agent();
    cleanups.push(() => agent.destroy());
    expect((await post(server.port, agent, '/api/contact', validContact())).status).toBe(201);
    while (hung.connections === 0) await new Promise((resolve) => setTimeout(resolve, 20));

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(STOP_LIMIT_MS);
  });
});

describe('request time limits', { timeout: 30_000 }, () => {
  async function startWithShortLimits() {
    const dataDir = temporaryDataDir();
    const config = loadConfig({ ...testStaffEnv, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
    const running = await startServer(config, memoryLogger(), {
      servePages: false,
      timeouts: { headersMs: 400, requestMs: 1_000, checkIntervalMs: 100 },
    });
    cleanups.push(() => running.close());
    return running.server.address() as net.AddressInfo;
  }

  /** Opens a connection, sends `first`, then `drip` one character at a time every 50 ms; resolves with what the server said when it hung up. */
  function slowClient(
    port: number,
    first: string,
    drip: string,
  ): Promise<{ answer: string; hungUpAfterMs: number; dripped: number }> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      let dripped = 0;
      socket.write(first);
      const timer = setInterval(() => {
        if (dripped < drip.length) socket.write(drip[dripped++]!);
      }, 50);
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer, hungUpAfterMs: Date.now() - started, dripped });
      });
    });
  }

  it('cuts off a client that sends its headers too slowly (slow loris) with 408', async () => {
    const { port } = await startWithShortLimits();
    const result = await slowClient(
      port,
      'GET /healthz HTTP/1.1\r\n',
      `Host: 127.0.0.1\r\n${'X-Padding: slow\r\n'.repeat(20)}\r\n`,
    );
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
    // Cut off while it was still sending: long before the 400-odd characters at 20 a second were through.
    expect(result.dripped).toBeLessThan(100);
  });

  it('cuts off a request whose body comes too slowly with 408', async () => {
    const { port } = await startWithShortLimits();
    const body = JSON.stringify(validContact());
    const head = `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    const result = await slowClient(port, head, body);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(result.dripped).toBeLessThan(body.length);
  });

  it('uses 20 s for headers and 60 s for a whole request by default', async () => {
    const config = loadConfig({
      ...testStaffEnv,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: temporaryDataDir(),
    });
    const running = await startServer(config, memoryLogger(), { servePages: false });
    cleanups.push(() => running.close());
    expect(running.server.headersTimeout).toBe(20_000);
    expect(running.server.requestTimeout).toBe(60_000);
  });
});

describe('a staff password from the environment', { timeout: 60_000 }, () => {
  it('stops start-up when ADMIN_PASSWORD is a common password, naming the variable and the rule, as staff:add and the links do', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', serverProcessFile], {
      env: {
        ...process.env,
        ...testStaffEnv,
        ADMIN_PASSWORD: 'aranyamontessori',
        MAIL: 'off',
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        PUBLIC_URL: 'http://127.0.0.1',
        DATA_DIR: temporaryDataDir(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000, 'still running'))]);
    expect(code, output).toBe(1);
    expect(output).toContain(`Invalid configuration:\n  ADMIN_PASSWORD: ${guessableMessage}`);
    expect(output).not.toMatch(/\n\s+at /);
    expect(output).not.toContain('aranyamontessori');
  });
});

describe('TRUST_PROXY and the address the server listens on', { timeout: 30_000 }, () => {
  /** Starts on a free port with these settings; answers the warnings about TRUST_PROXY logged at start. */
  async function proxyWarnings(
    env: Record<string, string>,
  ): Promise<{ message: string; fields?: Record<string, unknown> }[]> {
    const config = loadConfig({ ...testStaffEnv, NODE_ENV: 'test', PORT: '0', DATA_DIR: temporaryDataDir(), ...env });
    const log = memoryLogger();
    const running = await startServer(config, log, { servePages: false });
    cleanups.push(() => running.close());
    return log.records.filter((record) => record.level === 'warn' && record.message.includes('TRUST_PROXY'));
  }

  it('warns when it trusts a proxy hop yet anyone can reach it directly and name their own address', async () => {
    for (const env of [
      { TRUST_PROXY: '1' },
      { TRUST_PROXY: 'true', HOST: '0.0.0.0' },
      { TRUST_PROXY: '2', HOST: '::' },
    ] as Record<string, string>[]) {
      const warnings = await proxyWarnings(env);
      expect(warnings, JSON.stringify(env)).toHaveLength(1);
      expect(warnings[0]!.message).toMatch(/X-Forwarded-For/);
      expect(warnings[0]!.message).toMatch(/HOST=127\.0\.0\.1/);
      expect(warnings[0]!.message).toContain(`listens on ${env.HOST ?? '0.0.0.0'}`);
      expect(warnings[0]!.fields).toEqual({ variable: 'TRUST_PROXY' });
    }
  });

  it('says nothing when only the proxy can connect, or when only named addresses are trusted', async () => {
    for (const env of [
      { TRUST_PROXY: '1', HOST: '127.0.0.1' },
      { TRUST_PROXY: '1', HOST: '::1' },
      { TRUST_PROXY: '1', HOST: 'localhost' },
      { TRUST_PROXY: 'loopback', HOST: '0.0.0.0' },
      {},
      { TRUST_PROXY: '0' },
    ] as Record<string, string>[]) {
      expect(await proxyWarnings(env), JSON.stringify(env)).toEqual([]);
    }
  });
});
