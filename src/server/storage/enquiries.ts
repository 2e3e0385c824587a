import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { AdmissionEnquiryTable, ContactSubmissionTable, Database, EnquiryKind, OutboxTable } from './schema';

export type ContactSubmissionRow = Selectable<ContactSubmissionTable>;
export type AdmissionEnquiryRow = Selectable<AdmissionEnquiryTable>;
export type OutboxRow = Selectable<OutboxTable>;

export type NewContactSubmission = Omit<Insertable<ContactSubmissionTable>, 'id' | 'status' | 'is_read' | 'remarks' | 'updated_at'>;
export type NewAdmissionEnquiry = Omit<Insertable<AdmissionEnquiryTable>, 'id' | 'status' | 'is_read' | 'remarks' | 'updated_at'>;

/** One email to send after the enquiry is committed; stored in the outbox in the same transaction. */
export type OutboxMessage = {
  recipientRole: OutboxTable['recipient_role'];
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo: string | undefined;
};

/** Builds the emails of an enquiry once its id is known (the id appears in the office's subject line). */
export type ComposeMessages<Row> = (stored: Row) => OutboxMessage[];

export type InsertOutcome = {
  id: number;
  /** False when the idempotency key was already stored: nothing new was written. */
  created: boolean;
};

/**
 * All SQL of the two enquiry tables and their outbox rows. Each insert writes the enquiry and
 * its emails in one transaction, so an enquiry never exists without its notifications (and the
 * other way round). The promise settles only after the commit, which synchronous=FULL makes
 * durable, so the caller may acknowledge the visitor as soon as it resolves.
 */
export type EnquiryRepository = {
  insertContact(submission: NewContactSubmission, compose: ComposeMessages<ContactSubmissionRow>): Promise<InsertOutcome>;
  insertAdmission(enquiry: NewAdmissionEnquiry, compose: ComposeMessages<AdmissionEnquiryRow>): Promise<InsertOutcome>;
  findContact(id: number): Promise<ContactSubmissionRow | undefined>;
  findAdmission(id: number): Promise<AdmissionEnquiryRow | undefined>;
  outboxFor(kind: EnquiryKind, id: number): Promise<OutboxRow[]>;
};

async function insertOutbox(
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
        next_attempt_at: createdAt,
        created_at: createdAt,
      })),
    )
    .execute();
}

export function createEnquiryRepository(db: Kysely<Database>): EnquiryRepository {
  /**
   * Insert-or-find by idempotency key inside one transaction: a retried request (double click,
   * a phone resending after a dropped connection) gets the first row's id and writes nothing.
   */
  async function insertOnce<Row extends { id: number }>(
    kind: EnquiryKind,
    createdAt: string,
    insert: (trx: Transaction<Database>) => Promise<Row | undefined>,
    findExisting: (trx: Transaction<Database>) => Promise<{ id: number }>,
    compose: ComposeMessages<Row>,
  ): Promise<InsertOutcome> {
    return db.transaction().execute(async (trx) => {
      const inserted = await insert(trx);
      if (!inserted) return { id: (await findExisting(trx)).id, created: false };
      await insertOutbox(trx, kind, inserted.id, createdAt, compose(inserted));
      return { id: inserted.id, created: true };
    });
  }

  return {
    insertContact: (submission, compose) =>
      insertOnce(
        'contact',
        submission.created_at,
        (trx) =>
          trx
            .insertInto('contact_submissions')
            .values(submission)
            .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
            .returningAll()
            .executeTakeFirst(),
        (trx) =>
          trx
            .selectFrom('contact_submissions')
            .select('id')
            .where('idempotency_key', '=', submission.idempotency_key)
            .executeTakeFirstOrThrow(),
        compose,
      ),
    insertAdmission: (enquiry, compose) =>
      insertOnce(
        'admission',
        enquiry.created_at,
        (trx) =>
          trx
            .insertInto('admission_enquiries')
            .values(enquiry)
            .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
            .returningAll()
            .executeTakeFirst(),
        (trx) =>
          trx
            .selectFrom('admission_enquiries')
            .select('id')
            .where('idempotency_key', '=', enquiry.idempotency_key)
            .executeTakeFirstOrThrow(),
        compose,
      ),
    findContact: (id) => db.selectFrom('contact_submissions').selectAll().where('id', '=', id).executeTakeFirst(),
    findAdmission: (id) => db.selectFrom('admission_enquiries').selectAll().where('id', '=', id).executeTakeFirst(),
    outboxFor: (kind, id) =>
      db.selectFrom('outbox').selectAll().where('enquiry_kind', '=', kind).where('enquiry_id', '=', id).orderBy('id').execute(),
  };
}

/**
 * The outbox queue. A row is claimed by pushing its next_attempt_at past a lease with a
 * conditional update: only one worker (or tick) can win that update, so a row is never sent
 * twice at once; if the process dies mid-send the lease runs out and the row is tried again.
 */
export type OutboxRepository = {
  /** Ids of unsent rows due at `now`, oldest first. */
  dueIds(now: string, limit: number): Promise<number[]>;
  /** Takes the row for sending until `leaseUntil`; undefined when another worker took it or it is no longer due. */
  claim(id: number, now: string, leaseUntil: string): Promise<OutboxRow | undefined>;
  markSent(id: number, sentAt: string): Promise<void>;
  markFailed(id: number, failure: { attempts: number; nextAttemptAt: string; error: string }): Promise<void>;
  find(id: number): Promise<OutboxRow | undefined>;
};

export function createOutboxRepository(db: Kysely<Database>): OutboxRepository {
  return {
    async dueIds(now, limit) {
      const rows = await db
        .selectFrom('outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },
    claim: (id, now, leaseUntil) =>
      db
        .updateTable('outbox')
        .set({ next_attempt_at: leaseUntil })
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .returningAll()
        .executeTakeFirst(),
    async markSent(id, sentAt) {
      await db.updateTable('outbox').set({ sent_at: sentAt, last_error: null }).where('id', '=', id).execute();
    },
    async markFailed(id, failure) {
      await db
        .updateTable('outbox')
        .set({ attempts: failure.attempts, next_attempt_at: failure.nextAttemptAt, last_error: failure.error.slice(0, 1000) })
        .where('id', '=', id)
        .execute();
    },
    find: (id) => db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst(),
  };
}
