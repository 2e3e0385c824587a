import { randomBytes, scryptSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { FIRST_OWNER_PASSWORD_FILE } from './firstOwnerPassword';
import {
  generatePassword,
  hashPassword,
  isPasswordHash,
  PasswordCheckBusyError,
  passwordCheckLimits,
  passwordChecksFull,
  verifyPassword,
} from './password';
import { loginCookie, postJson } from '#test/support/testLogin.ts';

describe('password hashing', { timeout: 30_000 }, () => {
  it('hashes with scrypt N=2^16, r=8, p=2 and a random salt, and verifies', async () => {
    const [first, second] = [await hashPassword('staff room key'), await hashPassword('staff room key')];
    expect(first).toMatch(/^\$scrypt\$n=65536,r=8,p=2\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    expect(isPasswordHash(first)).toBe(true);
    expect(await verifyPassword('staff room key', first)).toBe(true);
    expect(await verifyPassword('staff room kez', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
  });

  it('still accepts a hash made with N=2^17, r=8, p=1 (the earlier setting, of the same strength)', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('staff room key', salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 2 ** 28 });
    const older = `$scrypt$n=131072,r=8,p=1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    expect(isPasswordHash(older)).toBe(true);
    expect(await verifyPassword('staff room key', older)).toBe(true);
    expect(await verifyPassword('staff room kez', older)).toBe(false);
  });

  it('never matches a malformed or weakened hash', async () => {
    const made = await hashPassword('x');
    for (const weak of [made.replace('n=65536', 'n=1024'), made.replace('p=2', 'p=1'), made.replace('r=8', 'r=4')]) {
      expect(isPasswordHash(weak)).toBe(false);
      expect(await verifyPassword('x', weak)).toBe(false);
    }
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });

  it.each(['shared', 'knownDevice'] as const)(
    'checks a bounded number of login passwords at once in the %s lane and refuses the rest without waiting',
    async (lane) => {
      const hash = await hashPassword('staff room key');
      const admitted = passwordCheckLimits[lane].concurrent + passwordCheckLimits[lane].waiting;
      const settled: string[] = [];
      const note = (check: Promise<boolean>) =>
        check.then(
          (matches) => settled.push(matches ? 'match' : 'no match'),
          (error: unknown) => settled.push(error instanceof PasswordCheckBusyError ? 'busy' : String(error)),
        );
      const guesses = Array.from({ length: admitted + 4 }, (_, index) =>
        note(verifyPassword(`guess ${index}`, hash, { whenBusy: 'refuse', lane })),
      );
      await Promise.all(guesses);
      // The refusals come first, before any hash has finished: nobody waits behind a full queue.
      expect(settled).toEqual([...Array<string>(4).fill('busy'), ...Array<string>(admitted).fill('no match')]);
      // Once the queue has drained, the right password is checked at once.
      expect(await verifyPassword('staff room key', hash, { whenBusy: 'refuse', lane })).toBe(true);
    },
  );

  it('checks a known device while the shared lane is full', async () => {
    const hash = await hashPassword('staff room key');
    const flood = Array.from({ length: 6 }, (_, index) =>
      verifyPassword(`guess ${index}`, hash, { whenBusy: 'refuse' }).catch((error: unknown) => error),
    );
    expect(passwordChecksFull('shared')).toBe(true);
    expect(passwordChecksFull('knownDevice')).toBe(false);
    expect(await verifyPassword('staff room key', hash, { whenBusy: 'refuse', lane: 'knownDevice' })).toBe(true);
    await Promise.all(flood);
  });

  it('lets operator work (hashing a new password, checking at start-up) wait instead of failing', async () => {
    const hash = await hashPassword('staff room key');
    const { concurrent, waiting } = passwordCheckLimits.shared;
    const checks = Array.from({ length: concurrent + waiting + 2 }, () => verifyPassword('staff room key', hash));
    expect(await Promise.all(checks)).toEqual(checks.map(() => true));
  });

  it('generates long unambiguous passwords', () => {
    const password = generatePassword();
    expect(password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    expect(password).not.toMatch(/[ilo01]/);
    expect(generatePassword()).not.toBe(password);
  });
});

describe('password sources', { timeout: 60_000 }, () => {
  it('generates a password on first start into an owner-only file the log names, and stores only its hash', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-password-'));
    const file = path.join(dataDir, FIRST_OWNER_PASSWORD_FILE);
    const generatedLines = (server: TestServer) =>
      server.log.records.filter((entry) => entry.fields?.source === 'generated');
    try {
      const first = await startTestServer({}, { servePages: false, dataDir });
      expect(generatedLines(first)).toEqual([
        expect.objectContaining({ level: 'warn', fields: { audit: 'password-change', source: 'generated', file } }),
      ]);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const password = fs.readFileSync(file, 'utf8').trim();
      expect(password).toMatch(/^[a-z2-9-]{23}$/);
      expect(JSON.stringify(first.log.records)).not.toContain(password);
      await loginCookie(first.url, password);
      const stored = first.services.storage.sqlite
        .prepare('select password_hash from staff_accounts where from_environment = 1')
        .get() as { password_hash: string };
      expect(stored.password_hash).toMatch(/^\$scrypt\$/);
      expect(fs.readFileSync(first.services.storage.file).includes(Buffer.from(password))).toBe(false);
      await first.close();

      const second = await startTestServer({}, { servePages: false, dataDir });
      expect(generatedLines(second)).toEqual([]);
      await loginCookie(second.url, password);
      await second.close();

      // Setting ADMIN_PASSWORD replaces it, ends the old sessions and deletes the file, whose password no longer works.
      const third = await startTestServer({ ADMIN_PASSWORD: 'from the environment' }, { servePages: false, dataDir });
      expect((await postJson(`${third.url}/api/admin/login`, { password })).status).toBe(401);
      expect(fs.existsSync(file)).toBe(false);
      await loginCookie(third.url, 'from the environment');
      await third.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('accepts ADMIN_PASSWORD_HASH and refuses a malformed one', async () => {
    const hash = await hashPassword('hashed elsewhere');
    const server = await startTestServer({ ADMIN_PASSWORD_HASH: hash }, { servePages: false });
    await loginCookie(server.url, 'hashed elsewhere');
    await server.close();
    await expect(startTestServer({ ADMIN_PASSWORD_HASH: 'md5:abc' }, { servePages: false })).rejects.toThrow(
      /ADMIN_PASSWORD_HASH/,
    );
  });

  it('refuses a SESSION_SECRET shorter than 32 characters', async () => {
    await expect(
      startTestServer({ ADMIN_PASSWORD: 'long enough staff password', SESSION_SECRET: 'short' }, { servePages: false }),
    ).rejects.toThrow(/SESSION_SECRET/);
  });
});
