import { sql, type Kysely, type SqlBool } from 'kysely';
import {
  spamReasonSchema,
  type SpamEntry,
  type SpamListQuery,
  type SpamPage,
  type SpamReason,
  type EnquiryKind,
  type EnquiryRef,
} from '#shared/dashboard/index.ts';
import type { AdmissionEnquiry, ContactEnquiry } from '#shared/enquiries/enquiry.ts';
import { insertOutbox } from '#server/modules/mail/repository.ts';
import type { ComposeMessages } from './repository';
import { staffColumns, toEnquiry } from './rowsRepository';
import { setFirstFollowUp } from './pipelineRepository';
import { forgetExpiredFormTokens } from './formTokenRepository';
import type { Database } from '#server/storage/schema.ts';

/** How the reasons are stored: a JSON array, NULL for a normal enquiry. */
export function storedSpamReasons(reasons: readonly SpamReason[]): string | null {
  return reasons.length > 0 ? JSON.stringify(reasons) : null;
}

function readSpamReasons(stored: string | null): SpamReason[] {
  const parsed = spamReasonSchema.array().safeParse(stored ? JSON.parse(stored) : []);
  // A reason this version does not know (written by a newer one) still leaves the row in the folder.
  return parsed.success ? parsed.data : [];
}

const inSpam = sql<SqlBool>`spam_reasons is not null`;

async function countSpamOf(db: Kysely<Database>, table: 'contact_enquiries' | 'admission_enquiries'): Promise<number> {
  const result = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(inSpam)
    .executeTakeFirstOrThrow();
  return Number(result.count);
}

/** One page of the Spam folder: both kinds together, newest first. */
export async function listSpam(db: Kysely<Database>, query: SpamListQuery): Promise<SpamPage> {
  const total = (await countSpamOf(db, 'contact_enquiries')) + (await countSpamOf(db, 'admission_enquiries'));
  const paging = {
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
  const offset = (query.page - 1) * query.pageSize;
  if (offset >= total) return { entries: [], ...paging };

  const { rows: refs } = await sql<{ kind: EnquiryKind; id: number }>`
    select 'contact' as kind, id, created_at from contact_enquiries where ${inSpam}
    union all
    select 'admission' as kind, id, created_at from admission_enquiries where ${inSpam}
    order by created_at desc, kind desc, id desc
    limit ${query.pageSize} offset ${offset}`.execute(db);
  const idsOf = (kind: EnquiryKind) => refs.filter((ref) => ref.kind === kind).map((ref) => ref.id);
  const contactIds = idsOf('contact');
  const admissionIds = idsOf('admission');
  const contacts = contactIds.length
    ? await db
        .selectFrom('contact_enquiries')
        .select([...staffColumns.contact, 'spam_reasons'])
        .where('id', 'in', contactIds)
        .execute()
    : [];
  const admissions = admissionIds.length
    ? await db
        .selectFrom('admission_enquiries')
        .innerJoin('admission_pipeline', 'admission_pipeline.enquiry_id', 'admission_enquiries.id')
        .select([...staffColumns.admission, 'spam_reasons'])
        .where('id', 'in', admissionIds)
        .execute()
    : [];

  const byRef = new Map<string, SpamEntry>();
  for (const record of contacts) {
    byRef.set(`contact:${record.id}`, {
      kind: 'contact',
      row: toEnquiry('contact', record),
      reasons: readSpamReasons(record.spam_reasons),
    });
  }
  for (const record of admissions) {
    byRef.set(`admission:${record.id}`, {
      kind: 'admission',
      row: toEnquiry('admission', record),
      reasons: readSpamReasons(record.spam_reasons),
    });
  }
  const entries = refs.flatMap((ref) => byRef.get(`${ref.kind}:${ref.id}`) ?? []);
  return { entries, ...paging };
}

/** The emails of each kind of enquiry, composed from the stored row. */
export type ComposeEnquiryMail = {
  contact: ComposeMessages<ContactEnquiry>;
  admission: ComposeMessages<AdmissionEnquiry>;
};

/**
 * "Not spam": moves the enquiry to its normal list and queues its emails, in one transaction.
 * Answers how many emails were queued, or undefined when no such enquiry is in the Spam folder
 * (never was, already moved, or deleted).
 */
export async function releaseFromSpam(
  db: Kysely<Database>,
  ref: EnquiryRef,
  compose: ComposeEnquiryMail,
  releasedAt: string,
  /** The follow-up a released admission enquiry gets (the follow-ups service's suggestion). */
  followUpOn: string | null,
): Promise<{ mailsQueued: number } | undefined> {
  return db.transaction().execute(async (trx) => {
    const messages =
      ref.kind === 'contact'
        ? await trx
            .updateTable('contact_enquiries')
            .set({ spam_reasons: null })
            .where('id', '=', ref.id)
            .where(inSpam)
            .returningAll()
            .executeTakeFirst()
            .then((row) => row && compose.contact(toEnquiry('contact', row)))
        : await trx
            .updateTable('admission_enquiries')
            .set({ spam_reasons: null })
            .where('id', '=', ref.id)
            .where(inSpam)
            .returningAll()
            .executeTakeFirst()
            .then(async (row) => {
              if (row && followUpOn) await setFirstFollowUp(trx, row.id, followUpOn);
              return row && compose.admission(toEnquiry('admission', row));
            });
    if (!messages) return undefined;
    await insertOutbox(trx, ref.kind, ref.id, releasedAt, messages);
    return { mailsQueued: messages.length };
  });
}

/** Deletes spam that arrived before `before`; answers how many enquiries went. */
export async function deleteSpamReceivedBefore(db: Kysely<Database>, before: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let deleted = 0;
    for (const table of ['contact_enquiries', 'admission_enquiries'] as const) {
      const result = await trx.deleteFrom(table).where(inSpam).where('created_at', '<', before).executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    return deleted;
  });
}

/** The Spam folder's SQL bound to one database, as the folder holds it (the folder itself runs none). */
export function createSpamRepository(db: Kysely<Database>) {
  return {
    list: (query: SpamListQuery) => listSpam(db, query),
    release: (ref: EnquiryRef, compose: ComposeEnquiryMail, releasedAt: string, followUpOn: string | null) =>
      releaseFromSpam(db, ref, compose, releasedAt, followUpOn),
    deleteReceivedBefore: (before: string) => deleteSpamReceivedBefore(db, before),
    /** Form tokens expire with the spam they might have come with: the sweep forgets both. */
    forgetExpiredFormTokens: (at: string) => forgetExpiredFormTokens(db, at),
  };
}

export type SpamRepository = ReturnType<typeof createSpamRepository>;
