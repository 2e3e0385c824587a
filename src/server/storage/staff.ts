import type { Kysely, Selectable } from 'kysely';
import type { Database, StaffSessionTable } from './schema';

export type StaffSessionRecord = Selectable<StaffSessionTable>;

/** A named secret, created with `generate()` on first use; concurrent first uses agree on one value. */
export async function staffSecret(
  db: Kysely<Database>,
  name: string,
  generate: () => string,
  createdAt: string,
): Promise<string> {
  await db
    .insertInto('staff_secrets')
    .values({ name, value: generate(), created_at: createdAt })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('staff_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

export async function insertStaffSession(
  db: Kysely<Database>,
  session: Omit<StaffSessionRecord, 'ended_at'>,
): Promise<void> {
  await db
    .insertInto('staff_sessions')
    .values({ ...session, ended_at: null })
    .execute();
}

export async function findStaffSession(db: Kysely<Database>, id: string): Promise<StaffSessionRecord | undefined> {
  return db.selectFrom('staff_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchStaffSession(db: Kysely<Database>, id: string, lastSeenAt: string): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ last_seen_at: lastSeenAt })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .execute();
}

export async function endStaffSession(db: Kysely<Database>, id: string, endedAt: string): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ ended_at: endedAt })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .execute();
}

/** Forgets sessions that ended or expired before `before` (they can never be used again). */
export async function deleteStaffSessionsBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db
    .deleteFrom('staff_sessions')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('ended_at', '<', before)]))
    .execute();
}

/** Whom a login attempt is at, counted from every client over a longer window (a day). */
export type AccountCount = { key: string; windowStart: string };

/**
 * Records a login attempt for a client unless it already has `limit` attempts after
 * `windowStart`, atomically, so parallel guesses cannot slip past the limit. With `account`, the
 * attempt also counts against the account it is at. Answers the attempt's id, how many attempts
 * the client's window now holds and how many failures the account had before; or, refused
 * (nothing written), the time of the oldest counted attempt of the client.
 */
export async function reserveLoginAttempt(
  db: Kysely<Database>,
  {
    clientKey,
    attemptedAt,
    windowStart,
    limit,
    account,
  }: { clientKey: string; attemptedAt: string; windowStart: string; limit: number; account?: AccountCount | undefined },
): Promise<
  | { reserved: true; attemptId: number; attemptsInWindow: number; accountFailuresBefore: number }
  | { reserved: false; oldestAttemptAt: string }
> {
  return db.transaction().execute(async (trx) => {
    // Failures at an account are kept longer, for the account's own count.
    await trx
      .deleteFrom('staff_login_failures')
      .where('attempted_at', '<=', windowStart)
      .where('account_key', 'is', null)
      .execute();
    const recent = await trx
      .selectFrom('staff_login_failures')
      .select('attempted_at')
      .where('client_key', '=', clientKey)
      .where('attempted_at', '>', windowStart)
      .orderBy('attempted_at', 'asc')
      .execute();
    const oldest = recent[0];
    if (recent.length >= limit && oldest) return { reserved: false, oldestAttemptAt: oldest.attempted_at };
    let accountFailuresBefore = 0;
    if (account) {
      await trx.deleteFrom('staff_login_failures').where('attempted_at', '<=', account.windowStart).execute();
      const { failures } = await trx
        .selectFrom('staff_login_failures')
        .select((eb) => eb.fn.countAll<number>().as('failures'))
        .where('account_key', '=', account.key)
        .executeTakeFirstOrThrow();
      accountFailuresBefore = failures;
    }
    const { id } = await trx
      .insertInto('staff_login_failures')
      .values({ client_key: clientKey, attempted_at: attemptedAt, account_key: account?.key ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { reserved: true, attemptId: id, attemptsInWindow: recent.length + 1, accountFailuresBefore };
  });
}

/** Takes back a reserved attempt whose password was never checked (the server was too busy). */
export async function releaseLoginAttempt(db: Kysely<Database>, attemptId: number): Promise<void> {
  await db.deleteFrom('staff_login_failures').where('id', '=', attemptId).execute();
}

/** Counts a reserved attempt against another account key than the one it was reserved with. */
export async function setLoginAttemptAccountKey(
  db: Kysely<Database>,
  attemptId: number,
  accountKey: string,
): Promise<void> {
  await db.updateTable('staff_login_failures').set({ account_key: accountKey }).where('id', '=', attemptId).execute();
}

/**
 * A successful login wipes the failures counted against a client: only those with one of
 * `accountKeys` when given (the account signed in to: a colleague's guesses at another account
 * from the same address stay counted).
 */
export async function clearLoginAttempts(
  db: Kysely<Database>,
  clientKey: string,
  accountKeys?: string[],
): Promise<void> {
  let failures = db.deleteFrom('staff_login_failures').where('client_key', '=', clientKey);
  if (accountKeys !== undefined) failures = failures.where('account_key', 'in', accountKeys);
  await failures.execute();
}

/** An account's sessions that are still open (not ended, not past their absolute end), newest first. */
export async function openAccountSessions(
  db: Kysely<Database>,
  accountId: number,
  at: string,
): Promise<StaffSessionRecord[]> {
  return db
    .selectFrom('staff_sessions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', at)
    .orderBy('created_at', 'desc')
    .execute();
}
