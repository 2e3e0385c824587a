import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME, openStorage } from '#server/storage/database.ts';
import { openLiveDatabase, RestoreRefused } from './repository';
import { postJson, validAdmission, validContact } from '#test/support/enquiryTestData.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { loginCookie, testStaffEnv } from '#test/support/testLogin.ts';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { freePort, startSmtpSink } from '#test/support/smtpSink.ts';
import { phoneJpeg, uploadPhoto } from '#test/support/photoTestData.ts';
import { photoSrc } from '#shared/content/photos.ts';
import { photoFileNames, photosDir } from '#server/modules/photos/service.ts';
import { listBackups, takeBackup } from './backupFiles';
import { restoreBackup } from './restore';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const enquiryTables = ['contact_enquiries', 'admission_enquiries'] as const;
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
/** Every file under a folder, with its path. */
const filesUnder = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => fs.statSync(file).isFile());
/** Flips one bit of the byte at `at`, as a failing disk or a bad copy would. */
function flipBit(file: string, at: number): void {
  const bytes = fs.readFileSync(file);
  bytes[at] = bytes[at]! ^ 0x01;
  fs.writeFileSync(file, bytes);
}

/** A checksum file for a backup changed on purpose (or one from before checksums), made as `sha256sum FILE > FILE.sha256` would. */
function writeChecksum(file: string): void {
  fs.writeFileSync(
    `${file}.sha256`,
    `${createHash('sha256').update(fs.readFileSync(file)).digest('hex')}  ${path.basename(file)}\n`,
  );
}

/** Runs `npm run backup` / `npm run restore` as the operator would: another process, configured by the environment. */
function runScript(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(projectRoot, 'scripts', `${script}.ts`), ...args],
      { cwd: projectRoot, env: { ...process.env, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function readRows(file: string): Record<(typeof enquiryTables)[number], Map<number, Record<string, unknown>>> {
  const database = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const rows = (table: string) =>
      new Map(
        (database.prepare(`select * from ${table}`).all() as Record<string, unknown>[]).map((row) => [
          row.id as number,
          row,
        ]),
      );
    return { contact_enquiries: rows('contact_enquiries'), admission_enquiries: rows('admission_enquiries') };
  } finally {
    database.close();
  }
}

function integrity(file: string): string {
  const database = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    return database.pragma('integrity_check', { simple: true }) as string;
  } finally {
    database.close();
  }
}

describe('backup under load and restore (real SQLite files, real HTTP server, the npm scripts)', () => {
  const made: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A data folder with a few enquiries in it; answers the path of a fresh backup of it. */
  async function backupWithEnquiries(count: number): Promise<{ dataDir: string; backup: string }> {
    const dataDir = path.join(tempDir('backup-source-'), 'data');
    const server = await startTestServer(
      { ...testStaffEnv, ENQUIRY_RATE_LIMIT: '100000' },
      { dataDir, servePages: false },
    );
    for (let index = 0; index < count; index += 1) {
      expect((await postJson(`${server.url}/api/contact`, validContact())).status).toBe(201);
    }
    await server.close();
    const source = openLiveDatabase(dataDir);
    const { file } = await takeBackup(
      source,
      { dir: path.join(dataDir, '..', 'backups'), keep: 1, photos: photosDir(dataDir) },
      new Date(),
      'at-once',
    );
    source.close();
    return { dataDir, backup: file };
  }

  type Acknowledged = { table: (typeof enquiryTables)[number]; id: number; key: string; at: number };

  /**
   * Starts a server, has six clients send enquiries without pause and, once 200 are acknowledged,
   * runs `backUp` while they go on. Answers what was acknowledged (and when) and the backup file.
   */
  async function backUpUnderLoad(
    root: string,
    backUp: (server: TestServer, backupDir: string) => Promise<string>,
  ): Promise<{
    dataDir: string;
    backupFile: string;
    acknowledged: Acknowledged[];
    startedAt: number;
    endedAt: number;
  }> {
    const dataDir = path.join(root, 'data');
    const backupDir = path.join(root, 'backups');
    const server = await startTestServer(
      { ENQUIRY_RATE_LIMIT: '1000000', ADMIN_PASSWORD: 'a staff password' },
      { dataDir, servePages: false },
    );
    // A staff session and the generated signing key: bearer secrets that must not travel in a backup.
    const login = await server.services.staffAuth.login({
      password: 'a staff password',
      clientIp: '127.0.0.1',
      userAgent: undefined,
      now: new Date(),
    });
    expect(login.outcome).toBe('success');
    // Every commit stays in the -wal (no automatic checkpoint), where a plain file copy would miss it.
    server.services.storage.sqlite.pragma('wal_autocheckpoint = 0');

    const acknowledged: Acknowledged[] = [];
    let writing = true;
    const writer = async (index: number) => {
      for (let sent = 0; writing; sent += 1) {
        const admission = (index + sent) % 2 === 0;
        const body = admission ? validAdmission() : validContact();
        const response = await postJson(`${server.url}${admission ? '/api/admission-enquiry' : '/api/contact'}`, body);
        expect(response.status).toBe(201);
        const { id } = (await response.json()) as { id: number };
        acknowledged.push({
          table: admission ? 'admission_enquiries' : 'contact_enquiries',
          id,
          key: body.idempotencyKey,
          at: performance.now(),
        });
      }
    };
    const writers = Array.from({ length: 6 }, (_, index) => writer(index));
    while (acknowledged.length < 200) await new Promise((resolve) => setTimeout(resolve, 20));

    const startedAt = performance.now();
    const backupFile = await backUp(server, backupDir).finally(() => {
      writing = false;
    });
    const endedAt = performance.now();
    await Promise.all(writers);
    await server.close();
    // Enquiries kept arriving while the copy was made.
    expect(acknowledged.filter((enquiry) => enquiry.at > startedAt && enquiry.at < endedAt).length).toBeGreaterThan(0);
    return { dataDir, backupFile, acknowledged, startedAt, endedAt };
  }

  /** The backup restored into a fresh DATA_DIR holds every row acknowledged before it began, each exactly as in the live database. */
  async function expectCompleteRestore({
    dataDir,
    backupFile,
    acknowledged,
    startedAt,
  }: Awaited<ReturnType<typeof backUpUnderLoad>>) {
    expect([modeOf(path.dirname(backupFile)), modeOf(backupFile)]).toEqual([0o700, 0o600]);
    expect(integrity(backupFile)).toBe('ok');
    const backup = new SqliteDatabase(backupFile, { readonly: true });
    expect(backup.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(
      backup
        .prepare('select (select count(*) from staff_sessions) + (select count(*) from staff_secrets)')
        .pluck()
        .get(),
    ).toBe(0);
    backup.close();

    const restoredDir = path.join(tempDir('restored-'), 'data');
    const result = await restoreBackup({ file: backupFile, dataDir: restoredDir, now: new Date() });
    const restoredFile = path.join(restoredDir, DATABASE_FILE_NAME);
    expect(integrity(restoredFile)).toBe('ok');
    expect([modeOf(restoredDir), modeOf(restoredFile)]).toEqual([0o700, 0o600]);

    const live = readRows(path.join(dataDir, DATABASE_FILE_NAME));
    const restored = readRows(restoredFile);
    const before = acknowledged.filter((enquiry) => enquiry.at < startedAt);
    const missing = before.filter(
      (enquiry) => restored[enquiry.table].get(enquiry.id)?.idempotency_key !== enquiry.key,
    );
    expect(missing).toEqual([]);
    // Every restored row is the live row, field for field: a snapshot, nothing torn or invented.
    for (const table of enquiryTables) {
      for (const [id, row] of restored[table]) expect(row).toEqual(live[table].get(id));
    }
    expect(result).toMatchObject({
      contactMessages: restored.contact_enquiries.size,
      admissionEnquiries: restored.admission_enquiries.size,
    });
    return { restoredDir, restored };
  }

  it(
    'npm run backup, in another process while enquiries are written, restores with every row acknowledged before it began',
    { timeout: 120_000 },
    async () => {
      let output = { code: -1, stdout: '', stderr: '' };
      const run = await backUpUnderLoad(tempDir('backup-cli-'), async (_server, backupDir) => {
        output = await runScript('backup', [], { DATA_DIR: path.join(backupDir, '..', 'data'), BACKUP_DIR: backupDir });
        return path.join(backupDir, listBackups(backupDir)[0]?.name ?? 'none');
      });
      expect(output).toMatchObject({ code: 0, stderr: '' });
      expect(output.stdout).toContain(`Backed up the database to ${run.backupFile}`);
      expect(fs.readdirSync(path.dirname(run.backupFile)).sort()).toEqual([
        path.basename(run.backupFile),
        `${path.basename(run.backupFile)}.sha256`,
      ]);
      const { restoredDir, restored } = await expectCompleteRestore(run);

      // The restored folder serves again.
      const again = await startTestServer({}, { dataDir: restoredDir, servePages: false });
      expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
      const count = await again.services.storage.db
        .selectFrom('admission_enquiries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(count.n).toBe(restored.admission_enquiries.size);
      await again.close();
    },
  );

  it(
    'npm run backup takes the uploaded photos too (only the new ones each time), and npm run restore brings them back',
    { timeout: 120_000 },
    async () => {
      const root = tempDir('backup-photos-');
      const dataDir = path.join(root, 'data');
      const backupDir = path.join(root, 'backups');
      const server = await startTestServer({ ...testStaffEnv }, { dataDir, servePages: false });
      const cookie = await loginCookie(server.url);
      const photos = [];
      for (const size of [
        { width: 1200, height: 900 },
        { width: 640, height: 480 },
      ]) {
        const { status, photo } = await uploadPhoto(server.url, cookie, await phoneJpeg(size));
        expect(status).toBe(200);
        photos.push(photo!);
      }
      const names = photos.flatMap((photo) => photoFileNames(photo.photoId, photo.width));
      // Upright 900 wide: copies at 480 and 900; upright 480 wide: one width. Three formats each.
      expect(names).toHaveLength((2 + 1) * 3);

      // While the server runs, as the operator's cron would.
      const env = { DATA_DIR: dataDir, BACKUP_DIR: backupDir };
      const first = await runScript('backup', [], env);
      expect(first).toMatchObject({ code: 0, stderr: '' });
      expect(first.stdout).toContain(`Copied ${names.length} new photo files to ${path.join(backupDir, 'photos')}.`);
      expect(fs.readdirSync(path.join(backupDir, 'photos')).sort()).toEqual([...names].sort());
      for (const name of names)
        expect(
          fs
            .readFileSync(path.join(backupDir, 'photos', name))
            .equals(fs.readFileSync(path.join(photosDir(dataDir), name))),
          name,
        ).toBe(true);
      expect([modeOf(path.join(backupDir, 'photos')), modeOf(path.join(backupDir, 'photos', names[0]!))]).toEqual([
        0o700, 0o600,
      ]);
      // Beside the backup, its checksums as sha256sum writes them: the database copy and every photo file it lists.
      const checks = (backup: string) => {
        const file = `${backup}.sha256`;
        expect(modeOf(path.join(backupDir, file))).toBe(0o600);
        expect(
          fs
            .readFileSync(path.join(backupDir, file), 'utf8')
            .trim()
            .split('\n')
            .map((line) => line.split('  ')[1])
            .sort(),
        ).toEqual([backup, ...names.map((name) => `photos/${name}`)].sort());
        return execFileSync('sha256sum', ['--check', '--strict', file], { cwd: backupDir, encoding: 'utf8' });
      };
      expect(checks(listBackups(backupDir)[0]!.name)).toContain(`${listBackups(backupDir)[0]!.name}: OK`);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const second = await runScript('backup', [], env);
      expect(second.code).toBe(0);
      expect(second.stdout).not.toContain('photo files');
      expect(checks(listBackups(backupDir)[0]!.name)).toContain(`photos/${names[0]}: OK`);
      await server.close();

      // The data folder lost: the newest backup restores the photos with the database.
      fs.rmSync(dataDir, { recursive: true });
      const newest = path.join(backupDir, listBackups(backupDir)[0]!.name);
      const restored = await runScript('restore', [newest], env);
      expect(restored).toMatchObject({ code: 0, stderr: '' });
      expect(restored.stdout).toContain(
        `Brought back ${names.length} photo files from ${path.join(backupDir, 'photos')}.`,
      );
      expect(fs.readdirSync(photosDir(dataDir)).sort()).toEqual([...names].sort());
      for (const name of names) expect(modeOf(path.join(photosDir(dataDir), name)), name).toBe(0o600);
      const again = await startTestServer({ ...testStaffEnv }, { dataDir, servePages: false });
      try {
        const owner = await loginCookie(again.url);
        const served = await fetch(`${again.url}${photoSrc(photos[0]!.photoId, 900, 'avif')}`, {
          headers: { cookie: owner },
        });
        expect(served.status).toBe(200);
        expect(
          Buffer.from(await served.arrayBuffer()).equals(
            fs.readFileSync(path.join(backupDir, 'photos', `${photos[0]!.photoId}-900.avif`)),
          ),
        ).toBe(true);
        expect(again.services.storage.sqlite.prepare('select count(*) as count from photos').get()).toEqual({
          count: 2,
        });
      } finally {
        await again.close();
      }

      // A copy missing from the backup's photos folder is named, and the rest still come back.
      const elsewhere = path.join(tempDir('restore-photos-'), 'data');
      fs.rmSync(path.join(backupDir, 'photos', names[0]!));
      const partial = await runScript('restore', [newest], { DATA_DIR: elsewhere });
      expect(partial.code).toBe(0);
      expect(partial.stderr).toContain(
        `1 photo files the database lists are not in ${path.join(backupDir, 'photos')} (${names[0]})`,
      );
      expect(fs.readdirSync(photosDir(elsewhere))).toHaveLength(names.length - 1);

      // A photo copy changed since (one bit) is named, and the database is not replaced. It is the
      // last one read: the copies brought back before it are taken away again, nothing is left behind.
      const changed = path.join(backupDir, 'photos', names.at(-1)!);
      flipBit(changed, 200);
      const third = path.join(tempDir('restore-photos-'), 'data');
      const refused = await runScript('restore', [newest], { DATA_DIR: third });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`${changed} does not match its checksum`);
      expect(fs.existsSync(path.join(third, DATABASE_FILE_NAME))).toBe(false);
      expect(fs.readdirSync(third)).toEqual([]);
    },
  );

  it(
    'refuses a backup changed since it was taken (one bit in a row, which SQLite’s integrity check does not see), naming the file, and one without its checksum',
    { timeout: 60_000 },
    async () => {
      const { dataDir, backup } = await backupWithEnquiries(3);
      const liveBefore = fs.readFileSync(path.join(dataDir, DATABASE_FILE_NAME));
      const at = fs.readFileSync(backup).indexOf('Primary guide');
      expect(at).toBeGreaterThan(0);
      flipBit(backup, at);
      expect(integrity(backup)).toBe('ok');

      // Given the checksum file instead of the backup: it says so, and names the backup beside it.
      const checksumGiven = await runScript('restore', [`${backup}.sha256`], { DATA_DIR: dataDir });
      expect(checksumGiven).toMatchObject({ code: 1, stdout: '' });
      expect(checksumGiven.stderr).toContain(
        `${backup}.sha256 is the checksum file of a backup, not the backup. Restore the backup beside it: npm run restore -- ${backup}`,
      );

      const refused = await runScript('restore', [backup], { DATA_DIR: dataDir });
      expect(refused).toMatchObject({ code: 1, stdout: '' });
      expect(refused.stderr).toContain(`${backup} does not match its checksum in ${backup}.sha256`);
      expect(fs.readFileSync(path.join(dataDir, DATABASE_FILE_NAME)).equals(liveBefore)).toBe(true);
      expect(fs.readdirSync(dataDir)).toEqual([DATABASE_FILE_NAME]);

      // Put right, but without its checksum file (as a backup from before checksums): refused, saying how to make one.
      flipBit(backup, at);
      fs.rmSync(`${backup}.sha256`);
      const unchecked = await runScript('restore', [backup], { DATA_DIR: dataDir });
      expect(unchecked.code).toBe(1);
      expect(unchecked.stderr).toContain(`There is no checksum file beside ${backup}`);
      expect(unchecked.stderr).toContain(`sha256sum ${path.basename(backup)} > ${path.basename(backup)}.sha256`);
      expect(fs.readdirSync(dataDir)).toEqual([DATABASE_FILE_NAME]);
      writeChecksum(backup);
      expect(await runScript('restore', [backup], { DATA_DIR: dataDir })).toMatchObject({ code: 0, stderr: '' });
    },
  );

  it(
    'leaves out of a backup the links to choose a password whose email still waits (mail server down), and that email is not sent after a restore',
    { timeout: 60_000 },
    async () => {
      const root = tempDir('backup-links-');
      const dataDir = path.join(root, 'data');
      const backupDir = path.join(root, 'backups');
      const mailEnv = {
        ...testStaffEnv,
        NOTIFY_EMAIL: 'office@aranya.test',
        MAIL_FROM: 'Aranya Website <website@aranya.test>',
      };
      const server = await startTestServer(
        { ...mailEnv, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` },
        { dataDir, servePages: false },
      );
      const made = await (
        await signedInStaffApi(server)
      ).mutate<{ account: { id: number }; link: { url: string } }>('staff.invite', {
        email: 'priya@example.in',
        name: 'Priya Raman',
        role: 'office',
      });
      expect(made.status).toBe(200);
      server.services.mailOutbox?.kick();
      await server.services.mailOutbox?.whenIdle();
      const outboxRow = () =>
        server.services.storage.sqlite
          .prepare('select sent_at, secret_link from outbox where staff_account_id = ?')
          .get(made.data.account.id);
      expect(outboxRow()).toEqual({ sent_at: null, secret_link: made.data.link.url });

      expect(await runScript('backup', [], { DATA_DIR: dataDir, BACKUP_DIR: backupDir })).toMatchObject({
        code: 0,
        stderr: '',
      });
      const token = made.data.link.url.split('#set-password=')[1]!;
      for (const file of filesUnder(backupDir)) {
        const bytes = fs.readFileSync(file);
        expect(bytes.includes(token) || bytes.includes(made.data.link.url), file).toBe(false);
      }
      // The live database keeps it: the email still goes out once the mail server is back.
      expect(outboxRow()).toEqual({ sent_at: null, secret_link: made.data.link.url });
      await server.close();

      // Restored, with the mail server back and the retry long due: no email with a blank link; the Staff tab asks for a new link.
      const sink = await startSmtpSink();
      const restoredDir = path.join(tempDir('restored-links-'), 'data');
      await restoreBackup({
        file: path.join(backupDir, listBackups(backupDir)[0]!.name),
        dataDir: restoredDir,
        now: new Date(),
      });
      const again = await startTestServer(
        { ...mailEnv, SMTP_URL: sink.url },
        { dataDir: restoredDir, servePages: false },
      );
      try {
        again.services.now = () => new Date(Date.now() + 3_600_000);
        again.services.mailOutbox?.kick();
        await again.services.mailOutbox?.whenIdle();
        expect(sink.received).toEqual([]);
        const accounts = await (
          await signedInStaffApi(again)
        ).query<{ id: number; linkMail: { state: string; error: string | null } | null }[]>('staff.accounts');
        expect(accounts.find((account) => account.id === made.data.account.id)?.linkMail).toMatchObject({
          state: 'failed',
          error: expect.stringContaining('a backup does not keep the link'),
        });
      } finally {
        await again.close();
        await sink.close();
      }
    },
  );

  it(
    'a copy through another connection at a known moment holds every enquiry acknowledged before it (a file copy would miss those still in the -wal)',
    { timeout: 60_000 },
    async () => {
      const run = await backUpUnderLoad(tempDir('backup-at-once-'), async (server, backupDir) => {
        const source = openLiveDatabase(server.dataDir);
        try {
          return (
            await takeBackup(
              source,
              { dir: backupDir, keep: 1, photos: photosDir(server.dataDir) },
              new Date(),
              'at-once',
            )
          ).file;
        } finally {
          source.close();
        }
      });
      await expectCompleteRestore(run);
    },
  );

  it(
    'the server copying through its own connection (the schedule) goes on accepting enquiries and loses none',
    { timeout: 60_000 },
    async () => {
      const run = await backUpUnderLoad(
        tempDir('backup-stepwise-'),
        async (server, backupDir) =>
          (
            await takeBackup(
              server.services.storage.sqlite,
              { dir: backupDir, keep: 1, photos: photosDir(server.dataDir) },
              new Date(),
              'stepwise',
            )
          ).file,
      );
      await expectCompleteRestore(run);
    },
  );

  it(
    'refuses to restore while the server has the database open, and restores once it has stopped',
    { timeout: 60_000 },
    async () => {
      const { backup } = await backupWithEnquiries(2);
      const dataDir = path.join(tempDir('running-'), 'data');
      const server = await startTestServer(
        { ...testStaffEnv, ENQUIRY_RATE_LIMIT: '1000' },
        { dataDir, servePages: false },
      );
      for (let index = 0; index < 5; index += 1)
        expect((await postJson(`${server.url}/api/contact`, validContact())).status).toBe(201);
      const before = fs.readdirSync(dataDir).sort();

      const refused = await runScript('restore', [backup], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/is open in another process\. Stop the server .* Nothing was changed\./);
      expect(fs.readdirSync(dataDir).sort()).toEqual(before);
      expect(await server.services.storage.db.selectFrom('contact_enquiries').select('id').execute()).toHaveLength(5);

      await server.close();
      const result = await restoreBackup({ file: backup, dataDir, now: new Date('2030-01-02T03:04:05.678Z') });
      expect(result).toMatchObject({ contactMessages: 2, admissionEnquiries: 0 });
      expect(readRows(path.join(dataDir, DATABASE_FILE_NAME)).contact_enquiries.size).toBe(2);
      // The replaced database is kept, whole, beside the restored one.
      expect(result.replacedKeptAs).toBe(path.join(dataDir, `${DATABASE_FILE_NAME}.replaced-2030-01-02T03-04-05Z`));
      expect(readRows(result.replacedKeptAs!).contact_enquiries.size).toBe(5);
      expect(fs.readdirSync(dataDir).sort()).toEqual([
        DATABASE_FILE_NAME,
        `${DATABASE_FILE_NAME}.replaced-2030-01-02T03-04-05Z`,
      ]);
    },
  );

  it('keeps commits that were still in the -wal of the replaced database (after a crash) with the copy set aside', async () => {
    const { backup } = await backupWithEnquiries(1);
    const running = path.join(tempDir('crashed-'), 'running');
    const storage = await openStorage(running);
    storage.sqlite.pragma('wal_autocheckpoint = 0');
    for (let index = 0; index < 3; index += 1) {
      storage.sqlite
        .prepare(
          "insert into contact_enquiries (created_at, name, email, country_code, phone, type, message, idempotency_key) values (?, 'Parent', 'p@example.in', '+91', '9840012345', 'general', 'Hello', ?)",
        )
        .run(new Date().toISOString(), `key-${index}`);
    }
    // What a kill -9 leaves: the database file with its -wal and -shm, the newest commits only in the -wal.
    const dataDir = path.join(path.dirname(running), 'data');
    fs.mkdirSync(dataDir, { mode: 0o700 });
    for (const suffix of ['', '-wal', '-shm'])
      fs.copyFileSync(
        path.join(running, `${DATABASE_FILE_NAME}${suffix}`),
        path.join(dataDir, `${DATABASE_FILE_NAME}${suffix}`),
      );
    await storage.close();
    expect(fs.statSync(path.join(dataDir, `${DATABASE_FILE_NAME}-wal`)).size).toBeGreaterThan(0);

    const result = await restoreBackup({ file: backup, dataDir, now: new Date() });
    expect(readRows(result.replacedKeptAs!).contact_enquiries.size).toBe(3);
    expect(readRows(path.join(dataDir, DATABASE_FILE_NAME)).contact_enquiries.size).toBe(1);
    // No -wal or -shm of the old database is left where the restored one would pick it up.
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith(`${DATABASE_FILE_NAME}-`))).toEqual([]);
  });

  it(
    'refuses a backup made by a newer version of the site (a schema migration this code does not know)',
    { timeout: 60_000 },
    async () => {
      const { dataDir, backup } = await backupWithEnquiries(1);
      const future = new SqliteDatabase(backup);
      future
        .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
        .run('099-from-the-future', new Date().toISOString());
      future.close();
      writeChecksum(backup);
      const liveBefore = fs.readFileSync(path.join(dataDir, DATABASE_FILE_NAME));

      const refused = await runScript('restore', [backup], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        'was made by a newer version of the site: its schema includes 099-from-the-future',
      );
      expect(fs.readFileSync(path.join(dataDir, DATABASE_FILE_NAME)).equals(liveBefore)).toBe(true);
      expect(fs.readdirSync(dataDir)).toEqual([DATABASE_FILE_NAME]);
    },
  );

  it('refuses a file that is not a database, a damaged database and a missing file, changing nothing', async () => {
    const { dataDir, backup } = await backupWithEnquiries(30);
    const notADatabase = path.join(path.dirname(backup), 'notes.sqlite');
    fs.writeFileSync(notADatabase, 'These are not the droids you are looking for.'.repeat(200));
    const damaged = path.join(path.dirname(backup), 'damaged.sqlite');
    const bytes = fs.readFileSync(backup);
    const inspect = new SqliteDatabase(backup, { readonly: true });
    const pageSize = inspect.pragma('page_size', { simple: true }) as number;
    const rootPage = inspect
      .prepare("select rootpage from sqlite_schema where name = 'contact_enquiries'")
      .pluck()
      .get() as number;
    inspect.close();
    bytes.fill(0x5a, (rootPage - 1) * pageSize + 8, rootPage * pageSize - 8);
    fs.writeFileSync(damaged, bytes);
    // Checksums that match: these are files damaged before their checksum was made.
    writeChecksum(notADatabase);
    writeChecksum(damaged);

    await expect(restoreBackup({ file: notADatabase, dataDir, now: new Date() })).rejects.toThrow(
      /notes\.sqlite cannot be read as a SQLite database \(file is not a database\)/,
    );
    await expect(restoreBackup({ file: damaged, dataDir, now: new Date() })).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup({ file: damaged, dataDir, now: new Date() })).rejects.toThrow(
      /damaged\.sqlite (is damaged\. SQLite's integrity check found|cannot be read)/,
    );
    await expect(
      restoreBackup({ file: path.join(dataDir, 'nothing-here.sqlite'), dataDir, now: new Date() }),
    ).rejects.toThrow(/There is no backup file at .*nothing-here\.sqlite/);
    expect(fs.readdirSync(dataDir)).toEqual([DATABASE_FILE_NAME]);
    expect(readRows(path.join(dataDir, DATABASE_FILE_NAME)).contact_enquiries.size).toBe(30);
  });
});
