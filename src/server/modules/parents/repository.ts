import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import type { OfficeParentDocument } from '#shared/parents/documents.ts';
import type { OfficeParentEvent, ParentEventInput } from '#shared/parents/events.ts';
import type { NoticeMailChoice, ParentDocumentLink, ParentEvent } from '#shared/parents/parentsCorner.ts';
import { newMessageId } from '#server/storage/messageId.ts';
import { ensurePrivateDir, writePrivateFile } from '#server/platform/privateFiles.ts';
import type { Database, ParentNoticeTable } from '#server/storage/schema.ts';

/** The only SQL for the Parents' Corner's tables (migration 031). */

type Db = Kysely<Database> | Transaction<Database>;

/** The database as the service holds it, to hand back to these functions (the service itself runs no SQL). */
export type ParentsStore = { db: Kysely<Database> };

export type LinkMail = { to: string; subject: string; text: string; html: string; replyTo: string; link: string };

export type Guardian = {
  id: number;
  familyId: number;
  email: string;
  name: string;
  passwordHash: string | null;
  version: number;
  noticeMail: NoticeMailChoice;
};

/** A guardian who may sign in: neither they nor their family removed. */
export async function findLiveGuardianByEmail(db: Db, email: string): Promise<Guardian | undefined> {
  return liveGuardians(db).where('g.email', '=', email.trim()).executeTakeFirst();
}

export async function findLiveGuardian(db: Db, id: number): Promise<Guardian | undefined> {
  return liveGuardians(db).where('g.id', '=', id).executeTakeFirst();
}

function liveGuardians(db: Db) {
  return db
    .selectFrom('parent_guardians as g')
    .innerJoin('parent_families as f', 'f.id', 'g.family_id')
    .select([
      'g.id',
      'g.family_id as familyId',
      'g.email',
      'g.name',
      'g.password_hash as passwordHash',
      'g.version',
      'g.notice_mail as noticeMail',
    ])
    .where('g.removed_at', 'is', null)
    .where('f.removed_at', 'is', null);
}

/** A family and its first guardian; undefined when a live guardian already has this email. */
export async function insertFamily(
  db: Kysely<Database>,
  family: {
    childName: string;
    className: string;
    program: string;
    parentName: string;
    email: string;
    phone: string;
    at: string;
    /** The admission enquiry it was invited from, if any. */
    enquiryId?: number | undefined;
  },
): Promise<{ familyId: number; guardianId: number } | undefined> {
  return db.transaction().execute(async (trx) => {
    if (await emailTaken(trx, family.email)) return undefined;
    const { id: familyId } = await trx
      .insertInto('parent_families')
      .values({
        child_name: family.childName,
        class_name: family.className,
        program: family.program,
        created_at: family.at,
        removed_at: null,
        enquiry_id: family.enquiryId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const guardianId = await insertGuardianRow(trx, familyId, {
      name: family.parentName,
      email: family.email,
      phone: family.phone,
      at: family.at,
    });
    return { familyId, guardianId };
  });
}

/**
 * Whether a live parent has this email. A removed family holding it is erased first, as it would
 * be within 30 days anyway: the office can add a family back (removed by mistake, or returning)
 * with a fresh invitation rather than wait.
 */
async function emailTaken(trx: Transaction<Database>, email: string): Promise<boolean> {
  const removed = await trx
    .selectFrom('parent_families')
    .select('id')
    .where('removed_at', 'is not', null)
    .where('id', 'in', trx.selectFrom('parent_guardians').select('family_id').where('email', '=', email))
    .execute();
  await deleteFamilies(
    trx,
    removed.map((family) => family.id),
  );
  const taken = await trx.selectFrom('parent_guardians').select('id').where('email', '=', email).executeTakeFirst();
  return taken !== undefined;
}

async function insertGuardianRow(
  db: Db,
  familyId: number,
  guardian: { name: string; email: string; phone: string; at: string },
): Promise<number> {
  const { id } = await db
    .insertInto('parent_guardians')
    .values({
      family_id: familyId,
      email: guardian.email,
      name: guardian.name,
      phone: guardian.phone,
      password_hash: null,
      invited_at: guardian.at,
      accepted_at: null,
      removed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Another guardian of a live family, with their own sign-in: 'email-taken' when the email is anyone's already, 'no-family' when the family is gone. */
export async function addGuardian(
  db: Kysely<Database>,
  familyId: number,
  guardian: { name: string; email: string; phone: string; at: string },
): Promise<{ guardianId: number } | 'email-taken' | 'no-family'> {
  return db.transaction().execute(async (trx) => {
    const family = await trx
      .selectFrom('parent_families')
      .select('id')
      .where('id', '=', familyId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (!family) return 'no-family';
    if (await emailTaken(trx, guardian.email)) return 'email-taken';
    return { guardianId: await insertGuardianRow(trx, familyId, guardian) };
  });
}

/** The live family invited from an admission enquiry, if any. */
export async function familyOfEnquiry(db: Db, enquiryId: number) {
  return db
    .selectFrom('parent_families')
    .select(['id as familyId', 'created_at as invitedAt', 'class_name as className'])
    .where('enquiry_id', '=', enquiryId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/** Moves a live family to another class. Answers whether it was there. */
export async function changeClass(db: Db, familyId: number, className: string): Promise<boolean> {
  const changed = await db
    .updateTable('parent_families')
    .set({ class_name: className })
    .where('id', '=', familyId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}

/**
 * A new single-use link for a guardian, with its email queued in the same transaction. Earlier
 * live links of the guardian stop working and their unsent emails are withdrawn.
 */
export async function createParentToken(
  db: Kysely<Database>,
  token: {
    tokenHash: string;
    guardianId: number;
    purpose: 'invitation' | 'reset';
    createdAt: string;
    expiresAt: string;
  },
  mail: LinkMail | undefined,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('parent_tokens')
      .set({ used_at: token.createdAt })
      .where('guardian_id', '=', token.guardianId)
      .where('used_at', 'is', null)
      .execute();
    // Only the earlier link's mail: a notice's email to the guardian still goes.
    await trx
      .deleteFrom('outbox')
      .where('parent_guardian_id', '=', token.guardianId)
      .where('sent_at', 'is', null)
      .where('secret_link', 'is not', null)
      .execute();
    await trx
      .insertInto('parent_tokens')
      .values({
        token_hash: token.tokenHash,
        guardian_id: token.guardianId,
        purpose: token.purpose,
        created_at: token.createdAt,
        expires_at: token.expiresAt,
        used_at: null,
      })
      .execute();
    if (mail) await queueGuardianMail(trx, token.guardianId, mail, token.createdAt);
  });
}

/** A guardian's email in the outbox, with its secret (a link or a code) if it has one, in the caller's transaction. */
async function queueGuardianMail(
  trx: Db,
  guardianId: number,
  mail: NoticeMail & { link?: string },
  at: string,
): Promise<void> {
  await trx
    .insertInto('outbox')
    .values({
      enquiry_kind: null,
      enquiry_id: null,
      staff_account_id: null,
      parent_guardian_id: guardianId,
      recipient_role: 'guardian',
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      reply_to: mail.replyTo,
      secret_link: mail.link ?? null,
      staff_mail: null,
      message_id: newMessageId(),
      next_attempt_at: at,
      created_at: at,
    })
    .execute();
}

/** Keeps `codeHash` as the guardian's live sign-in code (replacing any other) and queues its email, in one transaction. */
export async function saveSignInCode(
  db: Kysely<Database>,
  code: { guardianId: number; codeHash: string; at: string; expiresAt: string },
  mail: LinkMail,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const values = { code_hash: code.codeHash, created_at: code.at, expires_at: code.expiresAt };
    await trx
      .insertInto('parent_sign_in_codes')
      .values({ guardian_id: code.guardianId, ...values })
      .onConflict((conflict) => conflict.column('guardian_id').doUpdateSet(values))
      .execute();
    await queueGuardianMail(trx, code.guardianId, mail, code.at);
  });
}

/** When the guardian's live sign-in code was made, if there is one at `now`. */
export async function liveSignInCodeMadeAt(db: Db, guardianId: number, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('parent_sign_in_codes')
    .select('created_at')
    .where('guardian_id', '=', guardianId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.created_at;
}

/** Uses up the guardian's sign-in code when `codeHash` is it and it still works; whether it was. */
export async function useSignInCode(db: Db, guardianId: number, codeHash: string, now: string): Promise<boolean> {
  const used = await db
    .deleteFrom('parent_sign_in_codes')
    .where('guardian_id', '=', guardianId)
    .where('code_hash', '=', codeHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(used.numDeletedRows) === 1;
}

/** The guardian of a live link (unused, not expired, guardian and family not removed), or undefined. */
export async function findLiveToken(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<{ guardian: Guardian; purpose: 'invitation' | 'reset' } | undefined> {
  const token = await db
    .selectFrom('parent_tokens')
    .select(['guardian_id', 'purpose'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  const guardian = token && (await findLiveGuardian(db, token.guardian_id));
  return token && guardian ? { guardian, purpose: token.purpose } : undefined;
}

/** Uses a live link to set the guardian's password: their other sessions end. Answers the guardian, or undefined. */
export async function useParentToken(
  db: Kysely<Database>,
  tokenHash: string,
  passwordHash: string,
  now: string,
): Promise<Guardian | undefined> {
  return db.transaction().execute(async (trx) => {
    const live = await findLiveToken(trx, tokenHash, now);
    if (!live) return undefined;
    await trx.updateTable('parent_tokens').set({ used_at: now }).where('token_hash', '=', tokenHash).execute();
    await trx
      .updateTable('parent_guardians')
      .set((eb) => ({
        password_hash: passwordHash,
        version: eb('version', '+', 1),
        accepted_at: eb.fn.coalesce('accepted_at', eb.val(now)),
      }))
      .where('id', '=', live.guardian.id)
      .execute();
    await endGuardianSessions(trx, [live.guardian.id], now);
    return live.guardian;
  });
}

export async function insertParentSession(
  db: Db,
  session: {
    id: string;
    guardianId: number;
    credentialVersion: number;
    remembered: boolean;
    createdAt: string;
    expiresAt: string;
    userAgent: string | undefined;
  },
): Promise<void> {
  await db
    .insertInto('parent_sessions')
    .values({
      id: session.id,
      guardian_id: session.guardianId,
      credential_version: session.credentialVersion,
      remembered: session.remembered ? 1 : 0,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      ended_at: null,
      last_used_at: session.createdAt,
      user_agent: session.userAgent?.slice(0, 500) ?? null,
    })
    .execute();
}

/** A signed-in guardian and the session they came with. */
export type SignedInGuardian = Guardian & { session: { id: string; remembered: boolean; expiresAt: string } };

/** The guardian of a live session: not ended, not expired, of the guardian's current password, guardian and family not removed. */
export async function findSessionGuardian(
  db: Db,
  sessionId: string,
  now: string,
): Promise<SignedInGuardian | undefined> {
  const row = await liveGuardians(db)
    .innerJoin('parent_sessions as s', 's.guardian_id', 'g.id')
    .select(['s.id as sessionId', 's.remembered', 's.expires_at as sessionExpiresAt'])
    .where('s.id', '=', sessionId)
    .where('s.ended_at', 'is', null)
    .where('s.expires_at', '>', now)
    .whereRef('s.credential_version', '=', 'g.version')
    .executeTakeFirst();
  if (!row) return undefined;
  const { sessionId: id, remembered, sessionExpiresAt, ...guardian } = row;
  return { ...guardian, session: { id, remembered: remembered === 1, expiresAt: sessionExpiresAt } };
}

/** Notes a session's use, unless it was noted since `notSince`. */
export async function touchParentSession(
  db: Db,
  sessionId: string,
  { now, notSince }: { now: string; notSince: string },
): Promise<void> {
  await db
    .updateTable('parent_sessions')
    .set({ last_used_at: now })
    .where('id', '=', sessionId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notSince)]))
    .execute();
}

/** A guardian's live sessions (of the current password), newest first. */
export async function liveGuardianSessions(db: Db, guardian: Pick<Guardian, 'id' | 'version'>, now: string) {
  return db
    .selectFrom('parent_sessions as s')
    .select(['s.id', 's.created_at as createdAt', 's.last_used_at as lastUsedAt', 's.user_agent as userAgent'])
    .where('s.guardian_id', '=', guardian.id)
    .where('s.credential_version', '=', guardian.version)
    .where('s.ended_at', 'is', null)
    .where('s.expires_at', '>', now)
    .orderBy('s.created_at', 'desc')
    .execute();
}

/** A new password for a signed-in guardian: the version moves, so every session ends. Answers the new version. */
export async function setGuardianPassword(
  db: Kysely<Database>,
  guardianId: number,
  passwordHash: string,
  now: string,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { version } = await trx
      .updateTable('parent_guardians')
      .set((eb) => ({ password_hash: passwordHash, version: eb('version', '+', 1) }))
      .where('id', '=', guardianId)
      .returning('version')
      .executeTakeFirstOrThrow();
    await endGuardianSessions(trx, [guardianId], now);
    return version;
  });
}

export async function endParentSession(db: Db, sessionId: string, now: string): Promise<void> {
  await db
    .updateTable('parent_sessions')
    .set({ ended_at: now })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

export async function endGuardianSessions(db: Db, guardianIds: number[], now: string): Promise<void> {
  if (guardianIds.length === 0) return;
  await db
    .updateTable('parent_sessions')
    .set({ ended_at: now })
    .where('guardian_id', 'in', guardianIds)
    .where('ended_at', 'is', null)
    .execute();
}

export type FamilyRow = {
  familyId: number;
  childName: string;
  className: string;
  program: string;
  guardians: { id: number; name: string; email: string; phone: string; invitedAt: string; acceptedAt: string | null }[];
};

/** The families the office sees (not removed), newest first. */
export async function listFamilies(db: Db): Promise<FamilyRow[]> {
  const rows = await db
    .selectFrom('parent_families as f')
    .innerJoin('parent_guardians as g', 'g.family_id', 'f.id')
    .select([
      'f.id as familyId',
      'f.child_name as childName',
      'f.class_name as className',
      'f.program',
      'g.id',
      'g.name',
      'g.email',
      'g.phone',
      'g.invited_at as invitedAt',
      'g.accepted_at as acceptedAt',
    ])
    .where('f.removed_at', 'is', null)
    .where('g.removed_at', 'is', null)
    .orderBy('f.id', 'desc')
    .orderBy('g.id', 'asc')
    .execute();
  return groupByFamily(rows, ({ familyId, childName, className, program, ...guardian }) => ({
    id: familyId,
    family: { familyId, childName, className, program },
    guardian,
  }));
}

/**
 * Families joined with their guardians come one row per guardian: this gathers each family's rows,
 * in the order the query gave them, into the family with its list of guardians.
 */
function groupByFamily<Row, Family extends object, Guardian>(
  rows: readonly Row[],
  split: (row: Row) => { id: number; family: Family; guardian: Guardian },
): (Family & { guardians: Guardian[] })[] {
  const families = new Map<number, Family & { guardians: Guardian[] }>();
  for (const row of rows) {
    const { id, family, guardian } = split(row);
    const entry = families.get(id) ?? { ...family, guardians: [] };
    entry.guardians.push(guardian);
    families.set(id, entry);
  }
  return [...families.values()];
}

/**
 * Erases families with everything of theirs: their guardians, and with them (by the tables'
 * cascades) sessions, links, notice reads, codes, calendar feeds and emails. Answers how many went.
 */
export async function deleteFamilies(db: Db, familyIds: readonly number[]): Promise<number> {
  if (familyIds.length === 0) return 0;
  const deleted = await db.deleteFrom('parent_families').where('id', 'in', familyIds).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** Erases the families removed before `before`, as deleteFamilies does. */
export async function deleteFamiliesRemovedBefore(db: Kysely<Database>, before: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.selectFrom('parent_families').select('id').where('removed_at', '<', before).execute();
    return deleteFamilies(
      trx,
      removed.map((family) => family.id),
    );
  });
}

/** Removes a family: its guardians' sessions and links end at once. Answers whether it was there. */
export async function removeFamily(db: Kysely<Database>, familyId: number, now: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .updateTable('parent_families')
      .set({ removed_at: now })
      .where('id', '=', familyId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (removed.numUpdatedRows === 0n) return false;
    const guardians = await trx.selectFrom('parent_guardians').select('id').where('family_id', '=', familyId).execute();
    const ids = guardians.map((guardian) => guardian.id);
    await trx
      .updateTable('parent_guardians')
      .set({ removed_at: now })
      .where('family_id', '=', familyId)
      .where('removed_at', 'is', null)
      .execute();
    await endGuardianSessions(trx, ids, now);
    if (ids.length > 0) {
      await trx
        .updateTable('parent_tokens')
        .set({ used_at: now })
        .where('guardian_id', 'in', ids)
        .where('used_at', 'is', null)
        .execute();
      await trx.deleteFrom('outbox').where('parent_guardian_id', 'in', ids).where('sent_at', 'is', null).execute();
    }
    return true;
  });
}

/** The family a guardian belongs to. */
export async function findFamily(db: Db, familyId: number) {
  return db
    .selectFrom('parent_families')
    .select(['id', 'child_name as childName', 'class_name as className', 'program'])
    .where('id', '=', familyId)
    .executeTakeFirst();
}

export async function insertNotice(
  db: Db,
  notice: Pick<
    ParentNoticeTable,
    'title' | 'body' | 'audience' | 'audience_value' | 'publish_at' | 'created_at' | 'created_by'
  >,
): Promise<number> {
  const { id } = await db.insertInto('parent_notices').values(notice).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The notices the office sees, newest first (a notice to come first of all), with how many families have read each. */
export async function listNotices(db: Db) {
  return db
    .selectFrom('parent_notices as n')
    .leftJoin('parent_notice_reads as r', 'r.notice_id', 'n.id')
    .leftJoin('parent_guardians as g', 'g.id', 'r.guardian_id')
    .select((eb) => [
      'n.id',
      'n.title',
      'n.body',
      'n.audience',
      'n.audience_value as audienceValue',
      'n.publish_at as publishAt',
      'n.mailed_at as mailedAt',
      eb.fn.count<number>('g.family_id').distinct().as('familiesRead'),
    ])
    .groupBy('n.id')
    .orderBy('n.publish_at', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
}

/** Who has read a notice, first reader first. */
export async function noticeReaders(db: Db, noticeId: number) {
  return db
    .selectFrom('parent_notice_reads as r')
    .innerJoin('parent_guardians as g', 'g.id', 'r.guardian_id')
    .innerJoin('parent_families as f', 'f.id', 'g.family_id')
    .select(['g.name', 'f.child_name as childName', 'f.class_name as className', 'r.read_at as readAt'])
    .where('r.notice_id', '=', noticeId)
    .orderBy('r.read_at', 'asc')
    .execute();
}

/** The published notices a family sees (all-school, its class, its program), newest first, with whether this guardian has read each. */
export async function noticesForGuardian(
  db: Db,
  {
    guardianId,
    className,
    program,
    now,
    after,
    noticeId,
  }: {
    guardianId: number;
    className: string;
    program: string;
    now: string;
    /** Only the notices published strictly after this moment. */
    after?: string | undefined;
    /** Only this notice, if the family sees it. */
    noticeId?: number | undefined;
  },
) {
  let query = db.selectFrom('parent_notices as n');
  if (after !== undefined) query = query.where('n.publish_at', '>', after);
  if (noticeId !== undefined) query = query.where('n.id', '=', noticeId);
  return query
    .leftJoin('parent_notice_reads as r', (join) =>
      join.onRef('r.notice_id', '=', 'n.id').on('r.guardian_id', '=', guardianId),
    )
    .select(['n.id', 'n.title', 'n.body', 'n.publish_at as publishAt', 'r.read_at as readAt'])
    .where('n.publish_at', '<=', now)
    .where((eb) =>
      eb.or([
        eb('n.audience', '=', 'all'),
        eb.and([
          eb('n.audience', '=', 'class'),
          eb(eb.fn('lower', ['n.audience_value']), '=', className.toLowerCase()),
        ]),
        eb.and([eb('n.audience', '=', 'program'), eb('n.audience_value', '=', program)]),
      ]),
    )
    .orderBy('n.publish_at', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
}

export async function markNoticeRead(db: Db, noticeId: number, guardianId: number, now: string): Promise<void> {
  await db
    .insertInto('parent_notice_reads')
    .values({ notice_id: noticeId, guardian_id: guardianId, read_at: now })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Who changed a row, for the office's lists: the staff account's name, or null for the first rows (migration 032). */
const changedBy = 'staff_accounts.name as updatedBy';

const eventColumns = ['e.id', 'e.title', 'e.day as date', 'e.time', 'e.place', 'e.body as text'] as const;

/** Every event, past ones too, soonest first, with who changed each last. */
export async function listEvents(db: Db): Promise<OfficeParentEvent[]> {
  return db
    .selectFrom('parent_events as e')
    .leftJoin('staff_accounts', 'staff_accounts.id', 'e.updated_by')
    .select([...eventColumns, 'e.updated_at as updatedAt', changedBy])
    .orderBy('e.day')
    .orderBy('e.time')
    .orderBy('e.id')
    .execute();
}

/** The events on or after a school day (YYYY-MM-DD), soonest first; a whole day's before its timed ones. */
export async function eventsFrom(db: Db, day: string): Promise<ParentEvent[]> {
  return db
    .selectFrom('parent_events as e')
    .select(eventColumns)
    .where('e.day', '>=', day)
    .orderBy('e.day')
    .orderBy('e.time')
    .orderBy('e.id')
    .execute();
}

const eventValues = (event: ParentEventInput) => ({
  title: event.title,
  day: event.date,
  time: event.time,
  place: event.place,
  body: event.text,
});

export async function insertEvent(
  db: Db,
  event: ParentEventInput,
  { at, by }: { at: string; by: number | null },
): Promise<number> {
  const { id } = await db
    .insertInto('parent_events')
    .values({ ...eventValues(event), created_at: at, created_by: by, updated_at: at, updated_by: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Answers whether the event was there. */
export async function updateEvent(
  db: Db,
  id: number,
  event: ParentEventInput,
  { at, by }: { at: string; by: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('parent_events')
    .set({ ...eventValues(event), updated_at: at, updated_by: by })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteEvent(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('parent_events').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function calendarFeedKey(db: Db, guardianId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('parent_calendar_feeds')
    .select('feed_key')
    .where('guardian_id', '=', guardianId)
    .executeTakeFirst();
  return row?.feed_key;
}

/** Gives the guardian a new feed key: the old one stops at once. */
export async function replaceCalendarFeedKey(db: Db, guardianId: number, key: string, at: string): Promise<void> {
  await db
    .insertInto('parent_calendar_feeds')
    .values({ guardian_id: guardianId, feed_key: key, created_at: at })
    .onConflict((conflict) => conflict.column('guardian_id').doUpdateSet({ feed_key: key, created_at: at }))
    .execute();
}

/** The live guardian (neither they nor their family removed) whose feed key this is. */
export async function findFeedGuardian(db: Db, key: string): Promise<Guardian | undefined> {
  return liveGuardians(db)
    .innerJoin('parent_calendar_feeds as c', 'c.guardian_id', 'g.id')
    .where('c.feed_key', '=', key)
    .executeTakeFirst();
}

/** The documents' PDFs: owner-only, under the data folder, never in the build or a public path. */
export const parentDocumentsDir = (dataDir: string) => path.join(dataDir, 'parent-documents');

const UPLOAD_NAME = /^[0-9a-f]{32}\.pdf$/;
const fileNameOf = (fileId: string) => `${fileId}.pdf`;
/** An upload not attached to a document within this time is deleted by a later upload. */
const UNATTACHED_UPLOAD_MS = 24 * 3_600_000;

/**
 * Keeps an uploaded PDF until a document takes it (insertDocument, updateDocument), and deletes
 * the uploads nobody attached within a day. Answers the upload's id.
 */
export async function storeDocumentUpload(db: Db, dataDir: string, bytes: Uint8Array, now: Date): Promise<string> {
  const dir = parentDocumentsDir(dataDir);
  ensurePrivateDir(dir);
  const fileId = randomBytes(16).toString('hex');
  await writePrivateFile(path.join(dir, fileNameOf(fileId)), bytes, { flush: true });
  const attached = new Set(
    (await db.selectFrom('parent_documents').select('file_name').where('file_name', 'is not', null).execute()).map(
      (row) => row.file_name,
    ),
  );
  for (const name of await fs.promises.readdir(dir)) {
    if (!UPLOAD_NAME.test(name) || attached.has(name)) continue;
    const file = path.join(dir, name);
    const { mtimeMs } = await fs.promises.stat(file);
    if (now.getTime() - mtimeMs > UNATTACHED_UPLOAD_MS) await fs.promises.rm(file, { force: true });
  }
  return fileId;
}

/** An upload's size, or undefined when there is none by that id (never uploaded, or deleted unattached). */
function uploadSize(dataDir: string, fileId: string): number | undefined {
  const file = path.join(parentDocumentsDir(dataDir), fileNameOf(fileId));
  return fs.existsSync(file) ? fs.statSync(file).size : undefined;
}

/** The columns that attach an upload, {} for none, or undefined when there is no such upload or a document has it already. */
async function fileValues(db: Db, dataDir: string, fileId: string | undefined, at: string) {
  if (fileId === undefined) return {};
  const bytes = uploadSize(dataDir, fileId);
  const taken = await db
    .selectFrom('parent_documents')
    .select('id')
    .where('file_name', '=', fileNameOf(fileId))
    .executeTakeFirst();
  return bytes === undefined || taken
    ? undefined
    : { file_name: fileNameOf(fileId), file_bytes: bytes, file_uploaded_at: at };
}

/** Every document, in the order they were added, with its file's size (and whether the folder still holds it). */
export async function listDocuments(db: Db, dataDir: string): Promise<OfficeParentDocument[]> {
  const rows = await db
    .selectFrom('parent_documents as d')
    .leftJoin('staff_accounts', 'staff_accounts.id', 'd.updated_by')
    .select([
      'd.id',
      'd.title',
      'd.description',
      'd.file_name',
      'd.file_bytes',
      'd.file_uploaded_at',
      'd.updated_at as updatedAt',
      changedBy,
    ])
    .orderBy('d.id')
    .execute();
  return rows.map(({ file_name, file_bytes, file_uploaded_at, ...document }) => ({
    ...document,
    file:
      file_name !== null && file_bytes !== null && file_uploaded_at !== null
        ? {
            bytes: file_bytes,
            uploadedAt: file_uploaded_at,
            missing: !fs.existsSync(path.join(parentDocumentsDir(dataDir), file_name)),
          }
        : null,
  }));
}

/** The documents a parent may open: those whose file is there, in the order they were added. */
export async function documentsWithFile(db: Db, dataDir: string): Promise<Omit<ParentDocumentLink, 'href'>[]> {
  const documents = await listDocuments(db, dataDir);
  return documents
    .filter((document) => document.file !== null && !document.file.missing)
    .map(({ id, title, description }) => ({ id, title, description }));
}

/** A new document, with the upload `fileId` if given. 'upload-gone' when there is no such upload. */
export async function insertDocument(
  db: Db,
  dataDir: string,
  document: { title: string; description: string; fileId?: string | undefined },
  { at, by }: { at: string; by: number | null },
): Promise<number | 'upload-gone'> {
  const file = await fileValues(db, dataDir, document.fileId, at);
  if (!file) return 'upload-gone';
  const { id } = await db
    .insertInto('parent_documents')
    .values({
      title: document.title,
      description: document.description,
      ...file,
      created_at: at,
      created_by: by,
      updated_at: at,
      updated_by: by,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Changes a document's words and, with `fileId`, replaces its file (the old one is deleted). */
export async function updateDocument(
  db: Kysely<Database>,
  dataDir: string,
  id: number,
  document: { title: string; description: string; fileId?: string | undefined },
  { at, by }: { at: string; by: number | null },
): Promise<'updated' | 'gone' | 'upload-gone'> {
  const file = await fileValues(db, dataDir, document.fileId, at);
  if (!file) return 'upload-gone';
  const replaced = await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('parent_documents').select('file_name').where('id', '=', id).executeTakeFirst();
    if (!before) return undefined;
    await trx
      .updateTable('parent_documents')
      .set({ title: document.title, description: document.description, ...file, updated_at: at, updated_by: by })
      .where('id', '=', id)
      .execute();
    return { oldFile: 'file_name' in file ? before.file_name : null };
  });
  if (!replaced) return 'gone';
  await removeDocumentFile(dataDir, replaced.oldFile);
  return 'updated';
}

/** Removes a document and its file. Answers whether it was there. */
export async function deleteDocument(db: Db, dataDir: string, id: number): Promise<boolean> {
  const removed = await db
    .deleteFrom('parent_documents')
    .where('id', '=', id)
    .returning('file_name')
    .executeTakeFirst();
  if (!removed) return false;
  await removeDocumentFile(dataDir, removed.file_name);
  return true;
}

async function removeDocumentFile(dataDir: string, fileName: string | null): Promise<void> {
  if (fileName !== null) await fs.promises.rm(path.join(parentDocumentsDir(dataDir), fileName), { force: true });
}

/** A document's title and PDF bytes, or undefined when it is gone, has no file, or its file is missing. */
export async function readDocumentFile(
  db: Db,
  dataDir: string,
  id: number,
): Promise<{ title: string; bytes: Buffer } | undefined> {
  const row = await db
    .selectFrom('parent_documents')
    .select(['title', 'file_name'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row?.file_name) return undefined;
  try {
    return {
      title: row.title,
      bytes: await fs.promises.readFile(path.join(parentDocumentsDir(dataDir), row.file_name)),
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

type NoticeFields = Pick<ParentNoticeTable, 'title' | 'body' | 'audience' | 'audience_value'> &
  Partial<Pick<ParentNoticeTable, 'publish_at'>>;

/** Changes a notice (its time only when given); one whose emails have not gone yet goes at its time. Answers whether it was there. */
export async function updateNotice(db: Db, id: number, notice: NoticeFields): Promise<boolean> {
  const updated = await db.updateTable('parent_notices').set(notice).where('id', '=', id).executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Removes a notice and who read it. Answers whether it was there. */
export async function deleteNotice(db: Db, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('parent_notices').where('id', '=', id).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** The audience of a notice: its live, signed-up guardians (an invitation not yet accepted is not mailed). */
function noticeRecipients(db: Db, notice: Pick<ParentNoticeTable, 'audience' | 'audience_value'>) {
  let query = liveGuardians(db).where('g.password_hash', 'is not', null).where('g.notice_mail', '=', 'at-once');
  if (notice.audience === 'class')
    query = query.where((eb) => eb(eb.fn('lower', ['f.class_name']), '=', (notice.audience_value ?? '').toLowerCase()));
  if (notice.audience === 'program') query = query.where('f.program', '=', notice.audience_value ?? '');
  return query.execute();
}

export type NoticeMail = { to: string; subject: string; text: string; html: string; replyTo: string };

/**
 * Queues the emails of every notice whose time has come and whose emails have not gone, and marks
 * them mailed, in one transaction. Answers how many emails were queued.
 */
export async function queueDueNoticeMail(
  db: Kysely<Database>,
  now: string,
  compose: (notice: { title: string }, to: { email: string; name: string }) => NoticeMail,
  mailOn: boolean,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('parent_notices')
      .select(['id', 'title', 'audience', 'audience_value'])
      .where('mailed_at', 'is', null)
      .where('publish_at', '<=', now)
      .execute();
    let queued = 0;
    for (const notice of due) {
      for (const guardian of mailOn ? await noticeRecipients(trx, notice) : []) {
        const mail = compose(notice, guardian);
        await queueGuardianMail(trx, guardian.id, mail, now);
        queued += 1;
      }
      await trx.updateTable('parent_notices').set({ mailed_at: now }).where('id', '=', notice.id).execute();
    }
    return queued;
  });
}

/** A guardian's choice of notice emails; `digestsFrom`: the moment their digests start from (when they choose weekly, not already weekly). */
export async function setNoticeMail(
  db: Db,
  guardianId: number,
  choice: NoticeMailChoice,
  digestsFrom: string | undefined,
): Promise<void> {
  await db
    .updateTable('parent_guardians')
    .set({ notice_mail: choice, ...(digestsFrom === undefined ? {} : { digest_covered_to: digestsFrom }) })
    .where('id', '=', guardianId)
    .execute();
}

export type DigestNotice = { title: string; unread: boolean };

/**
 * Queues the weekly digest of each weekly guardian whose digests have not covered up to `dueAt`:
 * their family's notices published since the last one covered, up to `dueAt` (none when there is
 * none), and moves what their digests cover to `dueAt`, in one transaction, so a digest is never
 * queued twice. Answers how many were queued.
 */
export async function queueDueDigests(
  db: Kysely<Database>,
  { dueAt, now }: { dueAt: string; now: string },
  compose: (notices: DigestNotice[], to: { email: string; name: string }) => NoticeMail,
  mailOn: boolean,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await liveGuardians(trx)
      .select(['f.class_name as className', 'f.program', 'g.digest_covered_to as coveredTo'])
      .where('g.password_hash', 'is not', null)
      .where('g.notice_mail', '=', 'weekly')
      .where('g.digest_covered_to', '<', dueAt)
      .execute();
    let queued = 0;
    for (const guardian of due) {
      const notices = await noticesForGuardian(trx, {
        guardianId: guardian.id,
        className: guardian.className,
        program: guardian.program,
        now: dueAt,
        after: guardian.coveredTo ?? dueAt,
      });
      if (mailOn && notices.length > 0) {
        const listed = notices.map((notice) => ({ title: notice.title, unread: notice.readAt === null }));
        await queueGuardianMail(trx, guardian.id, compose(listed, guardian), now);
        queued += 1;
      }
      await trx
        .updateTable('parent_guardians')
        .set({ digest_covered_to: dueAt })
        .where('id', '=', guardian.id)
        .execute();
    }
    return queued;
  });
}

/**
 * The families, removed ones too, a guardian of which has this email (in any letter case) or one
 * of these phone numbers, oldest first; each with all its guardians by name, those found marked.
 */
export async function familiesOfPerson(db: Db, { email, phones }: { email: string | undefined; phones: string[] }) {
  const found = await db
    .selectFrom('parent_guardians')
    .select(['id', 'family_id'])
    .where((eb) =>
      eb.or([
        ...(email === undefined ? [] : [eb(eb.fn('lower', ['email']), '=', email.toLowerCase())]),
        ...(phones.length === 0 ? [] : [eb('phone', 'in', phones)]),
      ]),
    )
    .execute();
  if (found.length === 0) return [];
  const foundIds = new Set(found.map((guardian) => guardian.id));
  const rows = await db
    .selectFrom('parent_families as f')
    .innerJoin('parent_guardians as g', 'g.family_id', 'f.id')
    .select([
      'f.id',
      'f.child_name as childName',
      'f.class_name as className',
      'f.program',
      'f.created_at as addedAt',
      'f.removed_at as removedAt',
      'g.id as guardianId',
      'g.name',
    ])
    .where(
      'f.id',
      'in',
      found.map((guardian) => guardian.family_id),
    )
    .orderBy('f.id')
    .orderBy('g.id')
    .execute();
  return groupByFamily(rows, ({ guardianId, name, ...family }) => ({
    id: family.id,
    family,
    guardian: { id: guardianId, name, found: foundIds.has(guardianId) },
  }));
}

/** Everything held of one guardian but their keys (password, sessions' and links' hashes, codes, calendar address). */
export async function guardianRecord(db: Db, guardianId: number) {
  const guardian = await db
    .selectFrom('parent_guardians')
    .select([
      'name',
      'email',
      'phone',
      'invited_at as invitedAt',
      'accepted_at as acceptedAt',
      'notice_mail as noticeMail',
    ])
    .where('id', '=', guardianId)
    .executeTakeFirstOrThrow();
  const sessions = await db
    .selectFrom('parent_sessions')
    .select([
      'user_agent as userAgent',
      'created_at as signedInAt',
      'last_used_at as lastUsedAt',
      'ended_at as endedAt',
      'expires_at as expiresAt',
    ])
    .where('guardian_id', '=', guardianId)
    .orderBy('created_at', 'desc')
    .execute();
  const noticesRead = await db
    .selectFrom('parent_notice_reads as r')
    .innerJoin('parent_notices as n', 'n.id', 'r.notice_id')
    .select(['n.title', 'r.read_at as readAt'])
    .where('r.guardian_id', '=', guardianId)
    .orderBy('r.read_at')
    .execute();
  const emails = await db
    .selectFrom('outbox')
    .select(['to_address as to', 'subject', 'created_at as queuedAt', 'sent_at as sentAt'])
    .where('parent_guardian_id', '=', guardianId)
    .orderBy('id')
    .execute();
  return { ...guardian, sessions, noticesRead, emails };
}
