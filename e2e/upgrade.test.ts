// It clones and builds whole releases and runs deploy/upgrade.sh.
// test tier: release
/**
 * deploy/upgrade.sh on a scratch layout in a temporary folder: releases cloned from a clone of this
 * repository, a stand-in for systemctl that runs `current`'s server in the background as the unit
 * would, the data and backups beside them. The first release (the previous commit) is installed by
 * hand, its node_modules hardlinked from the project's; the script then shares it with the next
 * release, since package-lock.json did not change (an `npm ci` here would take minutes).
 * Three builds of the site make most of its time (about 20 s each on a quiet machine).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/storage/schema.ts';
import { freePort } from '#test/support/smtpSink.ts';
import { insertTestContacts } from '#test/support/testEnquiries.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrade-test-'));
const source = path.join(root, 'repo');
const dataDir = path.join(root, 'data');
const databaseFile = path.join(dataDir, 'school.sqlite');
const envFile = path.join(root, 'school.env');
const systemctl = path.join(root, 'systemctl');
const pidFile = path.join(root, 'server.pid');
const BROKEN_MIGRATION = '099-upgrade-test-broken';
const git = (...args: string[]) =>
  execFileSync('git', ['-C', source, '-c', 'user.name=Upgrade test', '-c', 'user.email=upgrade@example.com', ...args], {
    encoding: 'utf8',
  });
let port: number;

/** Stands in for systemd: `current`'s server as school.service runs it, its settings from the env file. */
const fakeSystemctl = `#!/usr/bin/env bash
set -euo pipefail
pid_file=${pidFile}
running() { [[ -f $pid_file ]] && grep -qv '^State:.*Z' /proc/$(cat "$pid_file")/status 2>/dev/null; }
stop() {
  if running; then
    kill "$(cat "$pid_file")"
    for _ in $(seq 150); do running || break; sleep 0.1; done
    if running; then kill -9 "$(cat "$pid_file")"; fi
  fi
  rm -f "$pid_file"
}
start() {
  cd ${root}/current
  set -a; . ${envFile}; set +a
  nohup node scripts/launch.mjs main >>${root}/server.log 2>&1 &
  echo $! >"$pid_file"
}
case $1 in stop) stop ;; start) start ;; restart) stop; start ;; esac
`;

/** A migration that adds a column and makes every write of the health probe fail, so /healthz answers 503. */
const brokenMigration = `import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact_enquiries').addColumn('upgrade_test_note', 'text').execute();
  await sql\`create trigger upgrade_test_insert before insert on health_probe begin select raise(abort, 'broken on purpose'); end\`.execute(db);
  await sql\`create trigger upgrade_test_update before update on health_probe begin select raise(abort, 'broken on purpose'); end\`.execute(db);
}
`;

/** Runs the script on the scratch layout; its output also goes to upgrade.log there, to follow while it runs. */
function runUpgrade(tag: string, waitSeconds: number): Promise<{ code: number; output: string }> {
  const logFile = path.join(root, 'upgrade.log');
  fs.writeFileSync(logFile, '');
  const log = fs.openSync(logFile, 'a');
  const script = spawn(path.join(projectRoot, 'deploy', 'upgrade.sh'), [tag], {
    env: {
      ...process.env,
      // What `sudo` sets (the caller's mailbox), while the settings file has no MAIL line (mail on).
      MAIL: '/var/mail/root',
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      SCHOOL_ROOT: root,
      SCHOOL_SOURCE: source,
      SCHOOL_ENV_FILE: envFile,
      SCHOOL_USER: '',
      SCHOOL_SYSTEMCTL: systemctl,
      SCHOOL_HEALTH_URL: `http://127.0.0.1:${port}/healthz`,
      SCHOOL_WAIT_SECONDS: String(waitSeconds),
    },
    stdio: ['ignore', log, log],
  });
  return new Promise((resolve) =>
    script.once('exit', (code) => {
      fs.closeSync(log);
      resolve({ code: code ?? 1, output: fs.readFileSync(logFile, 'utf8') });
    }),
  );
}

async function waitFor(condition: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(
        `Not so within ${ms} ms; server log:\n${fs.readFileSync(path.join(root, 'server.log'), 'utf8').slice(-3000)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const healthStatus = () =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    (response) => response.status,
    () => 0,
  );
/** The release folder the server process runs in ('' between a stop and a start). */
function runningRelease(): string {
  try {
    return path.basename(fs.readlinkSync(`/proc/${fs.readFileSync(pidFile, 'utf8').trim()}/cwd`));
  } catch {
    return '';
  }
}
const currentRelease = () => path.basename(fs.readlinkSync(path.join(root, 'current')));

/** The first column of a query's rows, read from the live database. */
function readColumn(query: string): string[] {
  const database = new SqliteDatabase(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return database.prepare(query).pluck().all() as string[];
  } finally {
    database.close();
  }
}
const migrationsInDatabase = () => readColumn('select name from kysely_migration order by name');
const contactNames = () => readColumn('select name from contact_enquiries order by id');

/** An enquiry written into the live database, as the running server would have received it. */
async function receiveContact(name: string): Promise<void> {
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SqliteDatabase(databaseFile, { fileMustExist: true }) }),
  });
  try {
    await insertTestContacts(db, [{ name }]);
  } finally {
    await db.destroy();
  }
}

/**
 * The previous commit, or the nearest before it with the same lock file: the previous release is
 * built with this checkout's packages (hard-linked, no npm ci), which only fit a commit that locks
 * the same versions (a commit that moves a dependency would otherwise fail its own build here).
 */
function previousWithTheSamePackages(): string {
  const lock = git('rev-parse', 'HEAD:package-lock.json').trim();
  const candidates = git('rev-list', '--first-parent', '--max-count=100', 'HEAD~1').trim().split('\n');
  const found = candidates.find((commit) => git('rev-parse', `${commit}:package-lock.json`).trim() === lock);
  if (!found) throw new Error('None of the last 100 commits before HEAD locks the same packages as HEAD');
  return found;
}

describe('deploy/upgrade.sh', () => {
  beforeAll(async () => {
    port = await freePort();
    execFileSync('git', ['clone', '--quiet', projectRoot, source]);
    git('tag', 'previous', previousWithTheSamePackages());
    git('tag', 'head', 'HEAD');
    fs.writeFileSync(
      envFile,
      `# The test's settings\nNODE_ENV=test\nHOST=127.0.0.1\nPORT=${port}\nPUBLIC_URL="http://127.0.0.1:${port}"\nDATA_DIR=${dataDir}\nBACKUP_DIR=${path.join(root, 'backups')}\n`,
    );
    fs.writeFileSync(systemctl, fakeSystemctl, { mode: 0o755 });

    const first = path.join(root, 'releases', 'previous');
    execFileSync('git', ['clone', '--quiet', '--branch', 'previous', source, first], { stdio: 'ignore' });
    execFileSync('cp', [
      '-al',
      fs.realpathSync(path.join(projectRoot, 'node_modules')),
      path.join(first, 'node_modules'),
    ]);
    execFileSync('npm', ['run', '--silent', 'build'], {
      cwd: first,
      env: { ...process.env, PUBLIC_URL: `http://127.0.0.1:${port}` },
      stdio: 'ignore',
    });
    fs.symlinkSync('releases/previous', path.join(root, 'current'));
    execFileSync(systemctl, ['start']);
    await waitFor(async () => (await healthStatus()) === 200, 30_000);
  }, 300_000);

  afterAll(() => {
    execFileSync(systemctl, ['stop']);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it(
    'upgrades from the previous commit to HEAD: backup, new release beside the old one, switched and checked',
    { timeout: 300_000 },
    async () => {
      const { code, output } = await runUpgrade('head', 60);

      expect(output).toContain('sharing its node_modules');
      expect(output).toContain('Upgraded from previous to head.');
      expect(code, output).toBe(0);
      expect(currentRelease()).toBe('head');
      expect(runningRelease()).toBe('head');
      expect(await healthStatus()).toBe(200);
      expect(fs.readdirSync(path.join(root, 'backups')).filter((name) => name.endsWith('.sqlite.sha256'))).toHaveLength(
        1,
      );
      expect(fs.existsSync(path.join(root, 'releases', 'previous', 'dist'))).toBe(true);
    },
  );

  it(
    'rolls a release that fails its health check back, with the enquiries from before and from in between',
    { timeout: 300_000 },
    async () => {
      await receiveContact('Received before the upgrade');
      fs.writeFileSync(path.join(source, 'src/server/storage/migrations', `${BROKEN_MIGRATION}.ts`), brokenMigration);
      const indexFile = path.join(source, 'src/server/storage/migrations/index.ts');
      const index = fs.readFileSync(indexFile, 'utf8');
      const listed = index.replace(/\n};\n/, `\n  '${BROKEN_MIGRATION}': upgradeTestBroken,\n};\n`);
      expect(listed).not.toBe(index);
      fs.writeFileSync(indexFile, `import * as upgradeTestBroken from './${BROKEN_MIGRATION}';\n${listed}`);
      git('add', '-A');
      git('commit', '--quiet', '-m', 'A release whose health check fails');
      git('tag', 'broken');

      let ended: { output: string } | undefined;
      const upgrade = runUpgrade('broken', 20).then((result) => (ended = result));
      // While the broken release runs, with its migration applied, an enquiry arrives.
      await waitFor(() => {
        if (ended) throw new Error(`The script ended before the broken release ran:\n${ended.output}`);
        return runningRelease() === 'broken' && migrationsInDatabase().includes(BROKEN_MIGRATION);
      }, 280_000);
      await receiveContact('Received by the broken release');
      const { code, output } = await upgrade;

      expect(output).toContain('broken failed its check, so the site goes back to head.');
      expect(output).toContain('Carried over what arrived after the backup: 1 contact messages');
      expect(output).toContain('Rolled back: the site runs head again');
      expect(code, output).toBe(1);
      expect(currentRelease()).toBe('head');
      expect(runningRelease()).toBe('head');
      expect(await healthStatus()).toBe(200);
      expect(migrationsInDatabase()).not.toContain(BROKEN_MIGRATION);
      expect(contactNames()).toEqual(['Received before the upgrade', 'Received by the broken release']);
    },
  );
});
