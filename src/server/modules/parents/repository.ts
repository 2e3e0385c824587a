import type { Kysely, Transaction } from 'kysely';
import { newMessageId } from '../../storage/messageId';
import type { Database, ParentNoticeTable } from '../../storage/schema';

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
    .select(['g.id', 'g.family_id as familyId', 'g.email', 'g.name', 'g.password_hash as passwordHash', 'g.version'])
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
  },
): Promise<{ familyId: number; guardianId: number } | undefined> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('parent_guardians')
      .select('id')
      .where('email', '=', family.email)
      .executeTakeFirst();
    if (taken) return undefined;
    const { id: familyId } = await trx
      .insertInto('parent_families')
      .values({
        child_name: family.childName,
        class_name: family.className,
        program: family.program,
        created_at: family.at,
        removed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: guardianId } = await trx
      .insertInto('parent_guardians')
      .values({
        family_id: familyId,
        email: family.email,
        name: family.parentName,
        phone: family.phone,
        password_hash: null,
        invited_at: family.at,
        accepted_at: null,
        removed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { familyId, guardianId };
  });
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
    await trx
      .deleteFrom('outbox')
      .where('parent_guardian_id', '=', token.guardianId)
      .where('sent_at', 'is', null)
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
    if (mail)
      await trx
        .insertInto('outbox')
        .values({
          enquiry_kind: null,
          enquiry_id: null,
          staff_account_id: null,
          parent_guardian_id: token.guardianId,
          recipient_role: 'guardian',
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          reply_to: mail.replyTo,
          secret_link: mail.link,
          staff_mail: null,
          message_id: newMessageId(),
          next_attempt_at: token.createdAt,
          created_at: token.createdAt,
        })
        .execute();
  });
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
  const families = new Map<number, FamilyRow>();
  for (const { familyId, childName, className, program, ...guardian } of rows) {
    const family = families.get(familyId) ?? { familyId, childName, className, program, guardians: [] };
    family.guardians.push(guardian);
    families.set(familyId, family);
  }
  return [...families.values()];
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

/** The notices the office sees, newest first, with how many guardians have read each. */
export async function listNotices(db: Db) {
  return db
    .selectFrom('parent_notices as n')
    .leftJoin('parent_notice_reads as r', 'r.notice_id', 'n.id')
    .select((eb) => [
      'n.id',
      'n.title',
      'n.body',
      'n.audience',
      'n.audience_value as audienceValue',
      'n.publish_at as publishAt',
      eb.fn.count<number>('r.guardian_id').as('reads'),
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
  { guardianId, className, program, now }: { guardianId: number; className: string; program: string; now: string },
) {
  return db
    .selectFrom('parent_notices as n')
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
