import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { admissionStages, type AdmissionStage } from '#shared/admissions/stages.ts';
import { DATABASE_FILE_NAME, openStorage } from '../database';
import { moveStage } from '#server/modules/enquiries/pipelineRepository.ts';
import { updateEnquiry } from '#server/modules/enquiries/workRepository.ts';
import { eraseEnquiries } from '#server/modules/privacy/erasureRepository.ts';
import { migrationProvider } from './index';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The same pseudo-random events on every run. */
function randomFrom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return {
    below: (n: number) => Math.floor(next() * n),
    pick: <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!,
  };
}

/** A time in November 2026, not in the order of the entries: the stored times must follow the entries' rules, not their order. */
const timeFor = (random: ReturnType<typeof randomFrom>) =>
  new Date(Date.UTC(2026, 10, 1) + random.below(30 * 24 * 60) * 60_000).toISOString();

type Sqlite = SqliteDatabase.Database;

function addEnquiries(sqlite: Sqlite, count: number, key: string): number[] {
  const insert =
    sqlite.prepare(`insert into admission_enquiries (created_at, student_name, birth_date, parent_name, email, country_code, phone, program_of_interest, idempotency_key)
    values ('2026-10-31T06:00:00.000Z', 'Kavya', '2022-03-03', 'Deepa Krishnan', 'deepa@example.in', '+91', '9876500000', 'toddler', ?)`);
  const contact =
    sqlite.prepare(`insert into contact_enquiries (created_at, name, email, country_code, phone, type, message, idempotency_key)
    values ('2026-10-31T06:00:00.000Z', 'Arun Kumar', 'arun@example.in', '+91', '9840012345', 'general', 'A question', ?)`);
  return Array.from({ length: count }, (_, n) => {
    contact.run(`${key}-c${n}`);
    return Number(insert.run(`${key}-a${n}`).lastInsertRowid);
  });
}

/**
 * Writes every kind of history entry straight into the tables, as any writer may: stage moves by
 * staff and by parents, back and forward, to closing stages, follow-up changes; status changes
 * both ways, remarks; and a contact enquiry's Responded under the same number.
 */
function addHistory(sqlite: Sqlite, ids: number[], entries: number, seed: number): void {
  const random = randomFrom(seed);
  const stage = sqlite.prepare(
    `insert into admission_pipeline_history (enquiry_id, field, old_value, new_value, changed_at, session_id, account_id) values (?, ?, '', ?, ?, ?, ?)`,
  );
  const work = sqlite.prepare(
    `insert into enquiry_history (enquiry_kind, enquiry_id, field, old_value, new_value, changed_at, session_id, account_id) values (?, ?, ?, '', ?, ?, 's', 1)`,
  );
  const write = sqlite.transaction(() => {
    for (let n = 0; n < entries; n++) {
      const id = random.pick(ids);
      const byStaff = random.below(3) > 0;
      switch (random.below(5)) {
        case 0:
        case 1:
          stage.run(
            id,
            'stage',
            random.pick(admissionStages),
            timeFor(random),
            byStaff ? 's' : null,
            byStaff ? 1 : null,
          );
          break;
        case 2:
          stage.run(id, 'followUp', '2026-12-01', timeFor(random), 's', 1);
          break;
        case 3:
          work.run(
            random.below(4) === 0 ? 'contact' : 'admission',
            id,
            'status',
            random.pick(['responded', 'pending']),
            timeFor(random),
          );
          break;
        default:
          work.run('admission', id, random.pick(['remarks', 'isRead']), 'responded', timeFor(random));
      }
    }
  });
  write();
}

const reaching = (stage: AdmissionStage) =>
  admissionStages
    .slice(admissionStages.indexOf(stage), admissionStages.indexOf('enrolled') + 1)
    .map((name) => `'${name}'`)
    .join(', ');

/** What the report derived from the histories before migration 023, word for word: the reference the stored times must equal. */
function derivedTimes(sqlite: Sqlite) {
  const firstReaching = (stage: AdmissionStage) => `(select h.changed_at from admission_pipeline_history h
    where h.enquiry_id = e.id and h.field = 'stage' and h.new_value in (${reaching(stage)}) and not exists (
      select 1 from admission_pipeline_history earlier
      where earlier.enquiry_id = h.enquiry_id and earlier.id < h.id and earlier.field = 'stage' and earlier.new_value in (${reaching(stage)})))`;
  return sqlite
    .prepare(
      `with firsts as (
        select e.id,
          (select min(changed_at) from enquiry_history h
            where h.enquiry_kind = 'admission' and h.enquiry_id = e.id and h.field = 'status' and h.new_value = 'responded') as responded,
          (select min(changed_at) from admission_pipeline_history p where p.enquiry_id = e.id and p.field = 'stage' and p.account_id is not null) as moved
        from admission_enquiries e
      )
      select e.id, ${firstReaching('visit-booked')} as visit, ${firstReaching('offered')} as offer, ${firstReaching('enrolled')} as enrolment,
        min(coalesce(f.responded, f.moved), coalesce(f.moved, f.responded)) as contact
      from admission_enquiries e join firsts f on f.id = e.id order by e.id`,
    )
    .all();
}

const storedTimes = (sqlite: Sqlite) =>
  sqlite
    .prepare(
      'select enquiry_id as id, visit_reached_at as visit, offer_reached_at as offer, enrolment_reached_at as enrolment, first_contact_at as contact from admission_pipeline order by enquiry_id',
    )
    .all();

/** A database as the server left it before 023, with 40 admission enquiries and a long history. */
async function databaseBefore023(): Promise<{ dataDir: string; before: number[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-023-'));
  dirs.push(dataDir);
  const sqlite = new SqliteDatabase(path.join(dataDir, DATABASE_FILE_NAME));
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('022-visits');
  if (error) throw error;
  const before = addEnquiries(sqlite, 40, 'before');
  addHistory(sqlite, before, 400, 23);
  await db.destroy();
  return { dataDir, before };
}

const columnsOf = (sqlite: Sqlite) =>
  (sqlite.prepare(`select name from pragma_table_info('admission_pipeline')`).pluck().all() as string[]).sort();
const milestoneSchema = [
  'admission_pipeline_visit_reached_at',
  'admission_pipeline_offer_reached_at',
  'admission_pipeline_enrolment_reached_at',
  'admission_pipeline_history_milestones',
  'enquiry_history_first_contact',
];
const schemaNames = (sqlite: Sqlite) =>
  sqlite
    .prepare(
      `select name from sqlite_schema where name in (${milestoneSchema.map((name) => `'${name}'`).join(', ')}) order by name`,
    )
    .pluck()
    .all();

describe('migration 023-admission-milestones', () => {
  it('fills in the times of the enquiries already stored, then keeps them as history is written, equal to what the report derived from the histories', async () => {
    const { dataDir, before } = await databaseBefore023();
    const storage = await openStorage(dataDir);
    try {
      const reference = derivedTimes(storage.sqlite);
      expect(reference.filter((row) => Object.values(row as object).every((value) => value !== null))).not.toEqual([]);
      expect(storedTimes(storage.sqlite)).toEqual(reference);

      const after = addEnquiries(storage.sqlite, 20, 'after');
      addHistory(storage.sqlite, [...before, ...after], 400, 24);
      const staff = { sessionId: 's', accountId: 1 };
      await moveStage(
        storage.db,
        { id: after[0]!, stage: 'offered' },
        { changedAt: '2026-11-30T10:00:00.000Z', ...staff },
      );
      await moveStage(
        storage.db,
        { id: after[1]!, stage: 'visit-booked' },
        { changedAt: '2026-10-31T07:00:00.000Z', sessionId: null, accountId: null },
      );
      await updateEnquiry(
        storage.db,
        { kind: 'admission', id: before[0]!, status: 'responded' },
        { changedAt: '2026-10-31T06:30:00.000Z', ...staff },
      );
      expect(storedTimes(storage.sqlite)).toEqual(derivedTimes(storage.sqlite));
      expect(
        storage.sqlite
          .prepare('select first_contact_at from admission_pipeline where enquiry_id = ?')
          .pluck()
          .get(before[0]),
      ).toBe('2026-10-31T06:30:00.000Z');
    } finally {
      await storage.close();
    }
  });

  it('lets the times go with their enquiry when it is erased', async () => {
    const { dataDir, before } = await databaseBefore023();
    const storage = await openStorage(dataDir);
    try {
      const erased = before
        .filter(
          (id) =>
            storage.sqlite
              .prepare('select first_contact_at from admission_pipeline where enquiry_id = ?')
              .pluck()
              .get(id) !== null,
        )
        .slice(0, 3);
      expect(erased).toHaveLength(3);
      await eraseEnquiries(
        storage.db,
        erased.map((id) => ({ kind: 'admission', id })),
        { at: '2026-12-01T06:00:00.000Z', reason: 'request', sessionId: null, accountId: null },
      );
      expect(
        storage.sqlite
          .prepare(`select count(*) from admission_pipeline where enquiry_id in (${erased.join(', ')})`)
          .pluck()
          .get(),
      ).toBe(0);
      expect(storedTimes(storage.sqlite)).toEqual(derivedTimes(storage.sqlite));
    } finally {
      await storage.close();
    }
  });

  it('goes back to 022 keeping each enquiry’s place, and up again to the same times', async () => {
    const { dataDir } = await databaseBefore023();
    const storage = await openStorage(dataDir);
    try {
      const places = storage.sqlite
        .prepare(
          'select enquiry_id, stage, stage_reason, stage_changed_at, follow_up_on from admission_pipeline order by enquiry_id',
        )
        .all();
      const times = storedTimes(storage.sqlite);
      const migrator = new Migrator({ db: storage.db, provider: migrationProvider });
      const down = await migrator.migrateTo('022-visits');
      expect(down.error).toBeUndefined();
      expect(columnsOf(storage.sqlite)).toEqual([
        'enquiry_id',
        'follow_up_on',
        'stage',
        'stage_changed_at',
        'stage_reason',
      ]);
      expect(schemaNames(storage.sqlite)).toEqual([]);
      expect(
        storage.sqlite
          .prepare(
            'select enquiry_id, stage, stage_reason, stage_changed_at, follow_up_on from admission_pipeline order by enquiry_id',
          )
          .all(),
      ).toEqual(places);
      // History is written as before, with nothing left that names the columns.
      storage.sqlite
        .prepare(
          `insert into admission_pipeline_history (enquiry_id, field, old_value, new_value, changed_at) values (1, 'stage', 'enquiry', 'visited', '2026-12-02T06:00:00.000Z')`,
        )
        .run();
      storage.sqlite
        .prepare(
          `insert into enquiry_history (enquiry_kind, enquiry_id, field, old_value, new_value, changed_at) values ('admission', 1, 'status', 'pending', 'responded', '2026-10-31T06:01:00.000Z')`,
        )
        .run();

      const up = await migrator.migrateToLatest();
      expect(schemaNames(storage.sqlite)).toEqual([...milestoneSchema].sort());
      expect(up.error).toBeUndefined();
      expect(storedTimes(storage.sqlite)).toEqual(derivedTimes(storage.sqlite));
      expect(storedTimes(storage.sqlite)).not.toEqual(times);
    } finally {
      await storage.close();
    }
  });
});
