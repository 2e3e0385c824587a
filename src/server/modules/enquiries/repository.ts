import type { Insertable, Kysely, Transaction } from 'kysely';
import type { AdmissionEnquiry, ContactEnquiry, EnquiryAnswers } from '#shared/enquiries/enquiry.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import { insertOutbox, type OutboxMessage } from '#server/modules/mail/repository.ts';
import { answerColumns, toEnquiry } from './rowsRepository';
import { claimFormToken, type FormTokenUse } from './formTokenRepository';
import { pipelinePlace, setFirstFollowUp, type PipelinePlace } from './pipelineRepository';
import type { AdmissionEnquiryTable, ContactEnquiryTable, Database } from '#server/storage/schema.ts';

/** How an enquiry arrived, stored beside the answers: when, from where, under which key, and the spam verdict. */
export type EnquiryReceipt = {
  createdAt: string;
  ip: string;
  userAgent: string | undefined;
  idempotencyKey: string;
  spamReasons: string | null;
};

/** A new row of an enquiry table: the answers in their columns and the receipt. */
export function newEnquiryRow<K extends EnquiryKind>(kind: K, answers: EnquiryAnswers[K], receipt: EnquiryReceipt) {
  return {
    ...answerColumns(kind, answers),
    created_at: receipt.createdAt,
    ip: receipt.ip,
    user_agent: receipt.userAgent?.slice(0, 500) ?? null,
    idempotency_key: receipt.idempotencyKey,
    spam_reasons: receipt.spamReasons,
  };
}

export type NewContactEnquiry = Omit<
  Insertable<ContactEnquiryTable>,
  'id' | 'status' | 'is_read' | 'remarks' | 'updated_at'
>;
export type NewAdmissionEnquiry = Omit<
  Insertable<AdmissionEnquiryTable>,
  'id' | 'status' | 'is_read' | 'remarks' | 'updated_at'
>;

/** Builds the emails of an enquiry once its id is known (the id appears in the office's subject line). */
export type ComposeMessages<Row> = (stored: Row) => OutboxMessage[];

export type InsertOutcome = {
  id: number;
  /**
   * created: a new row. repeated: the key was stored already with the same answers (a retry),
   * nothing written. conflict: the key was stored with other answers, nothing written.
   */
  result: 'created' | 'repeated' | 'conflict';
};

/** Columns that describe the receipt (and the spam verdict on it), not the sender's answers: a retry may differ in these. */
const receiptColumns: ReadonlySet<string> = new Set([
  'created_at',
  'ip',
  'user_agent',
  'idempotency_key',
  'spam_reasons',
]);

/** True when a stored row holds the same answers as a new insert. */
function sameAnswers(stored: Record<string, unknown>, insert: Record<string, unknown>): boolean {
  return Object.entries(insert).every(([column, value]) => receiptColumns.has(column) || stored[column] === value);
}

/**
 * All SQL of the two enquiry tables and their outbox rows. Each insert writes the enquiry and
 * its emails in one transaction, so an enquiry never exists without its notifications (and the
 * other way round). The promise settles only after the commit, which synchronous=FULL makes
 * durable, so the caller may acknowledge the visitor as soon as it resolves.
 */
export type EnquiryRepository = {
  insertContact(enquiry: NewContactEnquiry, compose: ComposeMessages<ContactEnquiry>): Promise<InsertOutcome>;
  /** `followUpOn`: the follow-up the enquiry gets in the same transaction (the follow-ups service's suggestion; null for spam). */
  insertAdmission(
    enquiry: NewAdmissionEnquiry,
    compose: ComposeMessages<AdmissionEnquiry>,
    followUpOn: string | null,
  ): Promise<InsertOutcome>;
  findContact(id: number): Promise<ContactEnquiry | undefined>;
  findAdmission(id: number): Promise<AdmissionEnquiry | undefined>;
  /**
   * Marks a form token as used by the enquiry with this key (see formTokenRepository.ts), in the
   * same group commits as the enquiries, so it costs no fsync of its own under load.
   */
  claimFormToken(use: FormTokenUse): Promise<string>;
  /** An admission enquiry's place in the pipeline; undefined for none (or one in the Spam folder). */
  pipelinePlace(id: number): Promise<PipelinePlace | undefined>;
};

/** One write waiting for a commit; its result type is erased in the queue and restored by `commit`. */
type WriteTask = {
  write: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (outcome: unknown) => void;
  reject: (error: unknown) => void;
};

/** Enquiries committed together at most; a bound on how long one transaction holds the writer. */
const MAX_GROUP = 64;

/**
 * Group commit: writes that arrive in the same turn of the event loop (or during a commit) are
 * committed together, so under load one fsync covers many enquiries instead of one each. Every
 * promise still settles only after the commit that contains its write; a lone write waits only
 * for the end of the current turn. If a group fails, each of its writes is retried in a
 * transaction of its own, so one bad write cannot fail the others.
 */
function createGroupCommitter(db: Kysely<Database>) {
  let queue: WriteTask[] = [];
  let running = false;

  async function commitAlone(task: WriteTask): Promise<void> {
    try {
      task.resolve(await db.transaction().execute(task.write));
    } catch (error) {
      task.reject(error);
    }
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const group = queue.slice(0, MAX_GROUP);
      queue = queue.slice(group.length);
      if (group.length === 1) {
        await commitAlone(group[0]!);
        continue;
      }
      let outcomes: unknown[];
      try {
        outcomes = await db.transaction().execute(async (trx) => {
          const results: unknown[] = [];
          for (const task of group) results.push(await task.write(trx));
          return results;
        });
      } catch {
        for (const task of group) await commitAlone(task);
        continue;
      }
      group.forEach((task, index) => task.resolve(outcomes[index]));
    }
  }

  return <Outcome>(write: (trx: Transaction<Database>) => Promise<Outcome>): Promise<Outcome> =>
    new Promise<Outcome>((resolve, reject) => {
      queue.push({ write, resolve: (outcome) => resolve(outcome as Outcome), reject });
      if (running) return;
      running = true;
      // better-sqlite3 is synchronous, so a transaction never yields to the event loop: requests
      // only pile up between turns. Waiting one turn lets every request that arrived in the same
      // I/O phase join this commit.
      setImmediate(() => {
        void drain().finally(() => {
          running = false;
        });
      });
    });
}

export function createEnquiryRepository(db: Kysely<Database>): EnquiryRepository {
  const commit = createGroupCommitter(db);

  /**
   * Insert-or-find by idempotency key, inside the (group) transaction: a retried request (double
   * click, a phone resending after a dropped connection) gets the first row's id and writes nothing.
   */
  function insertOnce<K extends EnquiryKind, Row extends { id: number }>(
    kind: K,
    values: Record<string, unknown> & { created_at: string },
    insert: (trx: Transaction<Database>) => Promise<Row | undefined>,
    findExisting: (trx: Transaction<Database>) => Promise<Row>,
    compose: (stored: Row) => OutboxMessage[],
  ): Promise<InsertOutcome> {
    return commit(async (trx) => {
      const inserted = await insert(trx);
      if (!inserted) {
        const existing = await findExisting(trx);
        return { id: existing.id, result: sameAnswers(existing, values) ? 'repeated' : 'conflict' };
      }
      await insertOutbox(trx, kind, inserted.id, values.created_at, compose(inserted));
      return { id: inserted.id, result: 'created' };
    });
  }

  return {
    insertContact: (enquiry, compose) =>
      insertOnce(
        'contact',
        enquiry,
        (trx) =>
          trx
            .insertInto('contact_enquiries')
            .values(enquiry)
            .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
            .returningAll()
            .executeTakeFirst(),
        (trx) =>
          trx
            .selectFrom('contact_enquiries')
            .selectAll()
            .where('idempotency_key', '=', enquiry.idempotency_key)
            .executeTakeFirstOrThrow(),
        (row) => compose(toEnquiry('contact', row)),
      ),
    insertAdmission: (enquiry, compose, followUpOn) =>
      insertOnce(
        'admission',
        enquiry,
        (trx) =>
          trx
            .insertInto('admission_enquiries')
            .values(enquiry)
            .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
            .returningAll()
            .executeTakeFirst()
            .then(async (row) => {
              // Spam gets its follow-up when the office takes it out of the folder (releaseFromSpam).
              if (row && row.spam_reasons === null && followUpOn) await setFirstFollowUp(trx, row.id, followUpOn);
              return row;
            }),
        (trx) =>
          trx
            .selectFrom('admission_enquiries')
            .selectAll()
            .where('idempotency_key', '=', enquiry.idempotency_key)
            .executeTakeFirstOrThrow(),
        (row) => compose(toEnquiry('admission', row)),
      ),
    findContact: async (id) => {
      const row = await db.selectFrom('contact_enquiries').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toEnquiry('contact', row);
    },
    findAdmission: async (id) => {
      const row = await db.selectFrom('admission_enquiries').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toEnquiry('admission', row);
    },
    claimFormToken: (use) => commit((trx) => claimFormToken(trx, use)),
    pipelinePlace: (id) => pipelinePlace(db, id),
  };
}
