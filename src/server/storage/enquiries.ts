import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { AdmissionEnquiry, ContactEnquiry, EnquiryAnswers } from '#shared/enquiries/enquiry.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import { answerColumns, toEnquiry } from './enquiryColumns';
import { claimFormToken, type FormTokenUse } from './formTokens';
import { setFirstFollowUp } from './admissionPipeline';
import type { Storage } from './database';
import { truncateWriteAheadLog } from './erasure';
import { newMessageId } from './messageId';
import type { AdmissionEnquiryTable, ContactEnquiryTable, Database, EnquiryMailRecipient, OutboxTable } from './schema';

export type OutboxRow = Selectable<OutboxTable>;

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

/** One email to send after the enquiry is committed; stored in the outbox in the same transaction. */
export type OutboxMessage = {
  recipientRole: EnquiryMailRecipient;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo: string | undefined;
  /** A visit's email (one of many an enquiry may have), and the iCalendar invitation it carries. */
  visit?: { calendar?: string };
};

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
   * Marks a form token as used by the enquiry with this key (see storage/formTokens.ts), in the
   * same group commits as the enquiries, so it costs no fsync of its own under load.
   */
  claimFormToken(use: FormTokenUse): Promise<string>;
};

/** Writes an enquiry's emails to the outbox, due at `createdAt`, inside the caller's transaction. */
export async function insertOutbox(
  trx: Transaction<Database>,
  kind: EnquiryKind,
  enquiryId: number,
  createdAt: string,
  messages: OutboxMessage[],
): Promise<void> {
  if (messages.length === 0) return;
  await trx
    .insertInto('outbox')
    .values(
      messages.map((message) => ({
        enquiry_kind: kind,
        enquiry_id: enquiryId,
        recipient_role: message.recipientRole,
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        reply_to: message.replyTo ?? null,
        topic: message.visit ? ('visit' as const) : ('enquiry' as const),
        calendar: message.visit?.calendar ?? null,
        message_id: newMessageId(),
        next_attempt_at: createdAt,
        created_at: createdAt,
      })),
    )
    .execute();
}

/** An email to the office about no one enquiry (the morning's list of follow-ups due). */
export type OfficeMail = { to: string; subject: string; text: string; html: string };

/** Writes an office email about no one enquiry to the outbox, due at `createdAt`, inside the caller's transaction; answers its row's id. */
export async function insertOfficeMail(
  trx: Transaction<Database>,
  recipientRole: 'follow-ups',
  mail: OfficeMail,
  createdAt: string,
): Promise<number> {
  const row = await trx
    .insertInto('outbox')
    .values({
      enquiry_kind: null,
      enquiry_id: null,
      staff_account_id: null,
      recipient_role: recipientRole,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      reply_to: null,
      secret_link: null,
      message_id: newMessageId(),
      next_attempt_at: createdAt,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

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
  };
}

/**
 * The outbox queue. A row is claimed by pushing its next_attempt_at past a lease in one
 * conditional update: a row can be claimed by only one worker (or tick) at a time, so it is
 * never sent twice at once; if the process dies mid-send the lease runs out and it is tried again.
 * Rows are claimed one at a time, so a crash holds back only the mail being sent.
 */
export type OutboxRepository = {
  /** Takes the oldest row due at `now` (not given up) for sending until `leaseUntil`. */
  claimNext(now: string, leaseUntil: string): Promise<OutboxRow | undefined>;
  /** Records a row sent; a staff mail's link is erased (decision 0027). */
  markSent(row: OutboxRow, sentAt: string): Promise<void>;
  /** Records a failed attempt; `failedAt` set means the worker gives the row up, and a staff mail's link is erased. */
  markFailed(
    row: OutboxRow,
    failure: { attempts: number; rejections: number; nextAttemptAt: string; error: string; failedAt: string | null },
  ): Promise<void>;
  /**
   * Makes due at `now` the rows waiting out a backoff, never refused by the relay (a refusal keeps
   * its spacing before the email is given up). A row due before `leaseUntil` keeps its time: it
   * may be claimed by another sender, and a claim looks the same. Answers how many.
   */
  bringForward(now: string, leaseUntil: string): Promise<number>;
};

export function createOutboxRepository({ db, sqlite }: Pick<Storage, 'db' | 'sqlite'>): OutboxRepository {
  /**
   * After a link is erased from its row, the write-ahead log still holds the page as it was: it
   * is emptied too. A backup reading at that moment keeps it from finishing; the link then stays
   * in the -wal file until a later checkpoint, as in any backup taken while the mail waited.
   */
  const linkErased = (row: OutboxRow) => {
    if (row.secret_link !== null) truncateWriteAheadLog(sqlite);
  };
  return {
    async claimNext(now, leaseUntil) {
      return db
        .updateTable('outbox')
        .set({ next_attempt_at: leaseUntil })
        .where('id', '=', (eb) =>
          eb
            .selectFrom('outbox')
            .select('id')
            .where('sent_at', 'is', null)
            .where('failed_at', 'is', null)
            .where('next_attempt_at', '<=', now)
            .orderBy('next_attempt_at')
            .orderBy('id')
            .limit(1),
        )
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .returningAll()
        .executeTakeFirst();
    },
    async markSent(row, sentAt) {
      await db
        .updateTable('outbox')
        .set({ sent_at: sentAt, last_error: null, secret_link: null })
        .where('id', '=', row.id)
        .execute();
      linkErased(row);
    },
    async markFailed(row, failure) {
      await db
        .updateTable('outbox')
        .set({
          attempts: failure.attempts,
          rejections: failure.rejections,
          next_attempt_at: failure.nextAttemptAt,
          last_error: failure.error.slice(0, 1000),
          failed_at: failure.failedAt,
          ...(failure.failedAt ? { secret_link: null } : {}),
        })
        .where('id', '=', row.id)
        .execute();
      if (failure.failedAt) linkErased(row);
    },
    async bringForward(now, leaseUntil) {
      const result = await db
        .updateTable('outbox')
        .set({ next_attempt_at: now })
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .where('rejections', '=', 0)
        .where('attempts', '>', 0)
        .where('next_attempt_at', '>', leaseUntil)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
