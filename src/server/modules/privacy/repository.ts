import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type {
  EnquiryWorkField,
  EnquiryRef,
  PersonDataExport,
  PersonEnquiry,
  PersonLookup,
  PersonVisitBooking,
  EmailedInvitation,
} from '#shared/dashboard/index.ts';
import type { RetentionDue } from '#shared/dashboard/retention.ts';
import { enquiryKinds, type EnquiryKind } from '#shared/enquiries/kinds.ts';
import { pipelineHistory } from '#server/modules/enquiries/pipelineRepository.ts';
import { toEnquiry } from '#server/modules/enquiries/rowsRepository.ts';
import type { Storage } from '#server/storage/database.ts';
import { truncateWriteAheadLog } from '#server/storage/database.ts';
import { eraseEnquiry, type Erasure, type TombstoneRecord } from './erasureRepository';
import type { Database, EnquiryMailRecipient } from '#server/storage/schema.ts';

/** Every enquiry of one person, found by email address or phone number, in both tables and the Spam folder. */

/** The address in any letter case; the phone as stored (digits) or with its country code in front. */
function personCondition(lookup: PersonLookup): RawBuilder<SqlBool> {
  const conditions: RawBuilder<SqlBool>[] = [];
  if (lookup.email !== undefined) conditions.push(sql<SqlBool>`lower(email) = lower(${lookup.email})`);
  if (lookup.phone !== undefined)
    conditions.push(
      sql<SqlBool>`(phone = ${lookup.phone} or replace(country_code, '+', '') || phone = ${lookup.phone})`,
    );
  return sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
}

const newestFirst = (a: { row: { createdAt: string } }, b: { row: { createdAt: string } }) =>
  b.row.createdAt.localeCompare(a.row.createdAt);

/** The whole stored rows of the person, each with its kind. */
async function storedRows(db: Kysely<Database>, lookup: PersonLookup) {
  const where = personCondition(lookup);
  const contacts = await db.selectFrom('contact_enquiries').selectAll().where(where).execute();
  const admissions = await db.selectFrom('admission_enquiries').selectAll().where(where).execute();
  return [
    ...contacts.map((record) => ({
      record,
      enquiry: {
        kind: 'contact' as const,
        row: toEnquiry('contact', record),
        inSpamFolder: record.spam_reasons !== null,
      },
    })),
    ...admissions.map((record) => ({
      record,
      enquiry: {
        kind: 'admission' as const,
        row: toEnquiry('admission', record),
        inSpamFolder: record.spam_reasons !== null,
      },
    })),
  ].sort((a, b) => newestFirst(a.enquiry, b.enquiry));
}

/** The person's enquiries as their tabs show them, newest first. */
async function findPersonEnquiries(db: Kysely<Database>, lookup: PersonLookup): Promise<PersonEnquiry[]> {
  return (await storedRows(db, lookup)).map(({ enquiry }): PersonEnquiry => enquiry);
}

const refKey = (ref: EnquiryRef) => `${ref.kind}:${ref.id}`;

/**
 * Erases the enquiries the staff member ticked of those they saw, in one transaction: when the
 * search now finds others (one arrived meanwhile) or not all of those seen, nothing is erased and
 * 'changed' is answered. The request's schema keeps the ticked ones among those seen.
 */
async function erasePersonEnquiries(
  db: Kysely<Database>,
  lookup: PersonLookup,
  { seen, chosen }: { seen: readonly EnquiryRef[]; chosen: readonly EnquiryRef[] },
  erasure: Erasure,
): Promise<TombstoneRecord[] | 'changed'> {
  return db.transaction().execute(async (trx) => {
    const found = new Set(
      (await findPersonEnquiries(trx, lookup)).map((enquiry) => refKey({ kind: enquiry.kind, id: enquiry.row.id })),
    );
    const expected = new Set(seen.map(refKey));
    if (found.size !== expected.size || [...found].some((key) => !expected.has(key))) return 'changed';
    const erased: TombstoneRecord[] = [];
    for (const ref of chosen) {
      const record = await eraseEnquiry(trx, ref, erasure);
      if (record) erased.push(record);
    }
    return erased;
  });
}

function readReasons(stored: string | null): string[] {
  const parsed: unknown = stored ? JSON.parse(stored) : [];
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

/**
 * Everything held about the person: each enquiry whole, what the server noted on arrival, its
 * history, its emails (with the calendar invitations they carried) and its visit bookings (as the visits
 * service tells them); only the `chosen` ones when given, undefined if the search does not find one of them.
 */
/** What other subjects read for a person's copy: the visits' bookings, and what a visit's invitation says (mail reads it back). */
export type PersonDataReaders = {
  visitBookings: (enquiryId: number) => Promise<PersonVisitBooking[]>;
  readInvitation: (calendar: string) => EmailedInvitation;
};

async function personDataOf(
  db: Kysely<Database>,
  lookup: PersonLookup,
  { visitBookings, readInvitation }: PersonDataReaders,
  chosen?: readonly EnquiryRef[],
): Promise<PersonDataExport['enquiries'] | undefined> {
  const found = await storedRows(db, lookup);
  const wanted = chosen && new Set(chosen.map(refKey));
  const rows = wanted
    ? found.filter(({ enquiry }) => wanted.has(refKey({ kind: enquiry.kind, id: enquiry.row.id })))
    : found;
  if (wanted && rows.length !== wanted.size) return undefined;
  return Promise.all(
    rows.map(async ({ record, enquiry }) => {
      const history = await db
        .selectFrom('enquiry_history')
        .select(['field', 'old_value', 'new_value', 'changed_at'])
        .where('enquiry_kind', '=', enquiry.kind)
        .where('enquiry_id', '=', record.id)
        .$narrowType<{ field: EnquiryWorkField }>()
        .orderBy('id')
        .execute();
      // An admission enquiry's stage moves and follow-up days, with the reasons given for closing it.
      const pipeline = enquiry.kind === 'admission' ? await pipelineHistory(db, record.id) : [];
      const emails = await db
        .selectFrom('outbox')
        .select(['recipient_role', 'to_address', 'subject', 'text_body', 'created_at', 'sent_at', 'calendar'])
        .where('enquiry_kind', '=', enquiry.kind)
        .where('enquiry_id', '=', record.id)
        .$narrowType<{ recipient_role: EnquiryMailRecipient }>()
        .orderBy('id')
        .execute();
      const visits = enquiry.kind === 'admission' ? await visitBookings(record.id) : [];
      return {
        ...enquiry,
        lastChangedAt: record.updated_at,
        spamReasons: readReasons(record.spam_reasons),
        receipt: { ipAddress: record.ip, browser: record.user_agent },
        history: [
          ...history.map((entry) => ({
            field: entry.field,
            oldValue: entry.old_value,
            newValue: entry.new_value,
            changedAt: entry.changed_at,
          })),
          ...pipeline.map(({ field, oldValue, newValue, changedAt, reason }) => ({
            field,
            oldValue,
            newValue,
            changedAt,
            ...(reason ? { reason } : {}),
          })),
        ].sort((a, b) => a.changedAt.localeCompare(b.changedAt)),
        emails: emails.map((mail) => ({
          recipient: mail.recipient_role,
          to: mail.to_address,
          subject: mail.subject,
          text: mail.text_body,
          queuedAt: mail.created_at,
          sentAt: mail.sent_at,
          invitation: mail.calendar === null ? null : readInvitation(mail.calendar),
        })),
        visits,
      };
    }),
  );
}

/** What is past keeping at one moment: closed enquiries last changed before `closedBefore`, emails sent before `sentBefore`. */
export type RetentionCutoffs = { closedBefore: string; sentBefore: string };

const tables = { contact: 'contact_enquiries', admission: 'admission_enquiries' } as const;

/** Written exactly like the WHERE of the `_closed` indexes (migration 009), so SQLite uses them. */
const closedBefore = (cutoff: string) =>
  sql<SqlBool>`status = 'responded' and spam_reasons is null and coalesce(updated_at, created_at) < ${cutoff}`;

/**
 * An email sent before the cutoff, or a morning list of follow-ups given up before it: a list of a
 * day gone by is never sent again (storage/mailFailures.ts), and it names families.
 */
const copyPastKeeping = (cutoff: string) =>
  sql<SqlBool>`(sent_at < ${cutoff} or (recipient_role = 'follow-ups' and sent_at is null and failed_at < ${cutoff}))`;

/** Enquiries erased per transaction: a first purge of years of enquiries never holds the server for long. */
const PURGE_BATCH = 200;

async function countClosed(db: Kysely<Database>, kind: EnquiryKind, cutoff: string): Promise<number> {
  const result = await db
    .selectFrom(tables[kind])
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(closedBefore(cutoff))
    .executeTakeFirstOrThrow();
  return Number(result.count);
}

/** How many rows a purge at these cutoffs would take. */
async function countDue(db: Kysely<Database>, cutoffs: RetentionCutoffs): Promise<RetentionDue> {
  let closedEnquiries = 0;
  for (const kind of enquiryKinds) closedEnquiries += await countClosed(db, kind, cutoffs.closedBefore);
  const sent = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(copyPastKeeping(cutoffs.sentBefore))
    .executeTakeFirstOrThrow();
  return { closedEnquiries, sentMailCopies: Number(sent.count) };
}

/** Deletes the copies of emails sent before `sentBefore`, and of morning lists given up before it; answers how many. */
async function deleteSentMailBefore(db: Kysely<Database>, sentBefore: string): Promise<number> {
  const result = await db.deleteFrom('outbox').where(copyPastKeeping(sentBefore)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Erases every closed enquiry last changed before `cutoff`, a batch per transaction, each with a
 * tombstone (reason 'retention', no session). Answers how many went.
 */
async function eraseClosedBefore(db: Kysely<Database>, cutoff: string, erasedAt: string): Promise<number> {
  let erased = 0;
  for (const kind of enquiryKinds) {
    for (;;) {
      const done = await db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom(tables[kind])
          .select('id')
          .where(closedBefore(cutoff))
          .limit(PURGE_BATCH)
          .execute();
        for (const { id } of due)
          await eraseEnquiry(
            trx,
            { kind, id },
            { at: erasedAt, sessionId: null, accountId: null, reason: 'retention' },
          );
        return due.length;
      });
      erased += done;
      if (done < PURGE_BATCH) break;
      // Requests waiting on the event loop are served between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return erased;
}

/**
 * The SQL of a person's data and of the retention purge, over the server's database. Erasing one
 * enquiry is erasureRepository.ts; the audit trail's and the staff mail's deletions past keeping are
 * theirs, handed in by the service.
 */
export function createPrivacyRepository({ db, sqlite }: Storage) {
  return {
    findPersonEnquiries: (lookup: PersonLookup) => findPersonEnquiries(db, lookup),
    erasePersonEnquiries: (
      lookup: PersonLookup,
      ticked: { seen: readonly EnquiryRef[]; chosen: readonly EnquiryRef[] },
      erasure: Erasure,
    ) => erasePersonEnquiries(db, lookup, ticked, erasure),
    personDataOf: (lookup: PersonLookup, readers: PersonDataReaders, chosen?: readonly EnquiryRef[]) =>
      personDataOf(db, lookup, readers, chosen),
    countDue: (cutoffs: RetentionCutoffs) => countDue(db, cutoffs),
    deleteSentMailBefore: (sentBefore: string) => deleteSentMailBefore(db, sentBefore),
    eraseClosedBefore: (cutoff: string, erasedAt: string) => eraseClosedBefore(db, cutoff, erasedAt),
    /** Empties the write-ahead log, so what was erased is gone from it too; false while a backup reads. */
    truncateWriteAheadLog: () => truncateWriteAheadLog(sqlite),
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
