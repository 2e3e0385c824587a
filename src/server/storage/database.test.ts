import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME, openStorage } from './database';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

/** The data folder and every file SQLite keeps in it (the database and its -wal and -shm). */
function permissions(dataDir: string): Record<string, number> {
  const files = fs.readdirSync(dataDir).map((name) => [name, modeOf(path.join(dataDir, name))] as const);
  return { '.': modeOf(dataDir), ...Object.fromEntries(files) };
}

describe('data at rest: only the server user can read the data folder', () => {
  const made: string[] = [];
  const tempParent = () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-'));
    made.push(parent);
    return parent;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates a fresh DATA_DIR 0700 and the database, -wal and -shm 0600, even under a permissive umask', async () => {
    const dataDir = path.join(tempParent(), 'data');
    const previousUmask = process.umask(0);
    try {
      const storage = await openStorage(dataDir);
      await storage.db.selectFrom('contact_enquiries').select('id').execute();
      expect(permissions(dataDir)).toEqual({
        '.': 0o700,
        [DATABASE_FILE_NAME]: 0o600,
        [`${DATABASE_FILE_NAME}-wal`]: 0o600,
        [`${DATABASE_FILE_NAME}-shm`]: 0o600,
      });
      await storage.close();
    } finally {
      process.umask(previousUmask);
    }
  });

  it('tightens a DATA_DIR left 0755 with 0644 files when the server starts', async () => {
    const dataDir = path.join(tempParent(), 'data');
    await (await openStorage(dataDir)).close();
    // A crash leaves the -wal and -shm behind; older versions made everything world-readable.
    for (const suffix of ['-wal', '-shm']) fs.writeFileSync(path.join(dataDir, `${DATABASE_FILE_NAME}${suffix}`), '');
    fs.chmodSync(dataDir, 0o755);
    for (const name of fs.readdirSync(dataDir)) fs.chmodSync(path.join(dataDir, name), 0o644);
    expect(permissions(dataDir)['.']).toBe(0o755);

    const storage = await openStorage(dataDir);
    expect(permissions(dataDir)).toEqual({
      '.': 0o700,
      [DATABASE_FILE_NAME]: 0o600,
      [`${DATABASE_FILE_NAME}-wal`]: 0o600,
      [`${DATABASE_FILE_NAME}-shm`]: 0o600,
    });
    await storage.close();
  });
});
