import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DATABASE_FILE_NAME, openStorage } from '#server/storage/database.ts';

const storageDir = path.resolve(import.meta.dirname, '../../src/server/storage');

/** What a fresh database is made of: the migrations and the code that opens and migrates it. */
function schemaHash(): string {
  const hash = createHash('sha256');
  const migrations = path.join(storageDir, 'migrations');
  for (const file of fs.readdirSync(migrations).sort())
    hash.update(file).update(fs.readFileSync(path.join(migrations, file)));
  hash.update(fs.readFileSync(path.join(storageDir, 'database.ts')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A database file with every migration applied and nothing else, for a test server's fresh data
 * folder: migrating an empty file took 1.2 to 1.8 s of the busy 2-core machine for each of the
 * suite's 170 server starts (decision 0058). Made once for each set of migrations (the name carries
 * their hash) and shared by every test process; a process that finds none makes one and renames it
 * into place, so another never reads half a file. The migrations' own tests start from empty files.
 */
export async function migratedDatabase(): Promise<string> {
  const file = path.join(os.tmpdir(), `school-test-schema-${schemaHash()}.sqlite`);
  if (fs.existsSync(file)) return file;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-test-schema-'));
  const storage = await openStorage(dir);
  await storage.close();
  fs.renameSync(path.join(dir, DATABASE_FILE_NAME), file);
  fs.rmSync(dir, { recursive: true, force: true });
  return file;
}
