import type { Kysely, Selectable } from 'kysely';
import type { Database, StaffSessionTable } from './schema';

export type StaffSessionRecord = Selectable<StaffSessionTable>;

/** A named secret, created with `generate()` on first use; concurrent first uses agree on one value. */
export async function staffSecret(db: Kysely<Database>, name: string, generate: () => string, createdAt: string): Promise<string> {
  await db
    .insertInto('staff_secrets')
    .values({ name, value: generate(), created_at: createdAt })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('staff_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

export async function insertStaffSession(db: Kysely<Database>, session: Omit<StaffSessionRecord, 'ended_at'>): Promise<void> {
  await db.insertInto('staff_sessions').values({ ...session, ended_at: null }).execute();
}

export async function findStaffSession(db: Kysely<Database>, id: string): Promise<StaffSessionRecord | undefined> {
  return db.selectFrom('staff_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchStaffSession(db: Kysely<Database>, id: string, lastSeenAt: string): Promise<void> {
  await db.updateTable('staff_sessions').set({ last_seen_at: lastSeenAt }).where('id', '=', id).where('ended_at', 'is', null).execute();
}

export async function endStaffSession(db: Kysely<Database>, id: string, endedAt: string): Promise<void> {
  await db.updateTable('staff_sessions').set({ ended_at: endedAt }).where('id', '=', id).where('ended_at', 'is', null).execute();
}

/** Forgets sessions that ended or expired before `before` (they can never be used again). */
export async function deleteStaffSessionsBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where((eb) => eb.or([eb('expires_at', '<', before), eb('ended_at', '<', before)])).execute();
}

/**
 * Records a login attempt for a client unless it already has `limit` attempts after
 * `windowStart`, atomically, so parallel guesses cannot slip past the limit. Answers the
 * attempt's id and how many attempts the window now holds, or the time of the oldest counted
 * attempt when the limit is reached.
 */
export async function reserveLoginAttempt(
  db: Kysely<Database>,
  { clientKey, attemptedAt, windowStart, limit }: { clientKey: string; attemptedAt: string; windowStart: string; limit: number },
): Promise<{ reserved: true; attemptId: number; attemptsInWindow: number } | { reserved: false; oldestAttemptAt: string }> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('staff_login_failures').where('attempted_at', '<=', windowStart).execute();
    const recent = await trx
      .selectFrom('staff_login_failures')
      .select('attempted_at')
      .where('client_key', '=', clientKey)
      .where('attempted_at', '>', windowStart)
      .orderBy('attempted_at', 'asc')
      .execute();
    const oldest = recent[0];
    if (recent.length >= limit && oldest) return { reserved: false, oldestAttemptAt: oldest.attempted_at };
    const { id } = await trx
      .insertInto('staff_login_failures')
      .values({ client_key: clientKey, attempted_at: attemptedAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { reserved: true, attemptId: id, attemptsInWindow: recent.length + 1 };
  });
}

/** Takes back a reserved attempt whose password was never checked (the server was too busy). */
export async function releaseLoginAttempt(db: Kysely<Database>, attemptId: number): Promise<void> {
  await db.deleteFrom('staff_login_failures').where('id', '=', attemptId).execute();
}

/** A successful login wipes the client's failed attempts. */
export async function clearLoginAttempts(db: Kysely<Database>, clientKey: string): Promise<void> {
  await db.deleteFrom('staff_login_failures').where('client_key', '=', clientKey).execute();
}

/** An account's sessions that are still open (not ended, not past their absolute end), newest first. */
export async function openAccountSessions(db: Kysely<Database>, accountId: number, at: string): Promise<StaffSessionRecord[]> {
  return db
    .selectFrom('staff_sessions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', at)
    .orderBy('created_at', 'desc')
    .execute();
}
