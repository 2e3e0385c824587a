import type { Kysely, Selectable, Transaction } from 'kysely';
import type { StaffLinkMailState } from '#shared/staff/accounts.ts';
import type { StaffRole } from '#shared/staff/roles.ts';
import { staffSettingDefaults, staffSettingsSchema, type StaffSettings } from '#shared/staff/settings.ts';
import { newMessageId } from '#server/storage/messageId.ts';
import type { Database, StaffAccountTable, StaffSessionTable } from '#server/storage/schema.ts';

/**
 * Staff mail in the outbox (migration 015, decision 0027): the email that carries a link to
 * choose a password. The worker sends it like any other row; these are the writes and reads
 * particular to it.
 */

/** A staff mail as it is stored: the link is not in it, LINK_PLACEHOLDER (mail/secretLink.ts) stands in its place. */
export type StaffLinkMessage = { to: string; subject: string; text: string; html: string; replyTo: string };

/** Queues a link's email, due at once, inside the transaction that stores the link. */
export async function queueStaffLinkMail(
  trx: Transaction<Database> | Kysely<Database>,
  mail: {
    accountId: number;
    message: StaffLinkMessage;
    link: string | null;
    at: string;
    kind?: 'one-time-code' | 'guessing-alert';
  },
): Promise<void> {
  const { accountId, message, link, at, kind } = mail;
  await trx
    .insertInto('outbox')
    .values({
      enquiry_kind: null,
      enquiry_id: null,
      staff_account_id: accountId,
      recipient_role: 'staff',
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      reply_to: message.replyTo,
      secret_link: link,
      staff_mail: kind ?? null,
      message_id: newMessageId(),
      next_attempt_at: at,
      created_at: at,
    })
    .execute();
}

/**
 * Deletes an account's link emails not sent yet (waiting, or given up): their link has just
 * stopped working (a newer link, or the link was used), so they must not go out.
 */
export async function withdrawStaffLinkMail(trx: Transaction<Database>, accountId: number): Promise<void> {
  await trx
    .deleteFrom('outbox')
    .where('staff_account_id', '=', accountId)
    .where('staff_mail', 'is', null)
    .where('sent_at', 'is', null)
    .execute();
}

/** The latest link email of each account that has one, for the Staff tab. */
export async function latestStaffLinkMail(db: Kysely<Database>): Promise<Map<number, StaffLinkMailState>> {
  const rows = await db
    .selectFrom('outbox')
    .select(['staff_account_id', 'to_address', 'attempts', 'sent_at', 'failed_at', 'last_error', 'created_at'])
    .where('staff_account_id', 'is not', null)
    .where('staff_mail', 'is', null)
    .$narrowType<{ staff_account_id: number }>()
    .orderBy('id')
    .execute();
  const latest = new Map<number, StaffLinkMailState>();
  for (const row of rows) {
    const state = row.sent_at ? 'sent' : row.failed_at ? 'failed' : 'waiting';
    latest.set(row.staff_account_id, {
      state,
      to: row.to_address,
      at: row.sent_at ?? row.failed_at ?? row.created_at,
      attempts: row.attempts,
      error: row.last_error,
    });
  }
  return latest;
}

/**
 * Deletes link emails never sent whose link has expired (made before `createdBefore`): waiting
 * behind an SMTP outage, or given up. They could only carry a dead link. Answers how many.
 */
export async function deleteUnsentStaffMailBefore(db: Kysely<Database>, createdBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where('staff_account_id', 'is not', null)
    .where('sent_at', 'is', null)
    .where('created_at', '<', createdBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A staff account as the server uses it. */
export type StaffAccount = {
  id: number;
  email: string | null;
  name: string;
  role: StaffRole;
  passwordHash: string | null;
  version: number;
  fromEnvironment: boolean;
  disabledAt: string | null;
  createdAt: string;
  /** See StaffAccountTable.two_step_setup_from. */
  twoStepSetupFrom: string | null;
};

const toAccount = (row: Selectable<StaffAccountTable>): StaffAccount => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  passwordHash: row.password_hash,
  version: row.version,
  fromEnvironment: row.from_environment === 1,
  disabledAt: row.disabled_at,
  createdAt: row.created_at,
  twoStepSetupFrom: row.two_step_setup_from,
});

export async function findStaffAccount(db: Kysely<Database>, id: number): Promise<StaffAccount | undefined> {
  const row = await db.selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toAccount(row);
}

/** By email, in any letter case (the column collates without case). */
export async function findStaffAccountByEmail(db: Kysely<Database>, email: string): Promise<StaffAccount | undefined> {
  const row = await db.selectFrom('staff_accounts').selectAll().where('email', '=', email.trim()).executeTakeFirst();
  return row && toAccount(row);
}

/** The first Owner: the account whose password the environment sets, and the one the spec's password-only login signs in. */
export async function findFirstOwner(db: Kysely<Database>): Promise<StaffAccount | undefined> {
  const row = await db.selectFrom('staff_accounts').selectAll().where('from_environment', '=', 1).executeTakeFirst();
  return row && toAccount(row);
}

export async function listStaffAccounts(db: Kysely<Database>): Promise<StaffAccount[]> {
  const rows = await db
    .selectFrom('staff_accounts')
    .selectAll()
    .orderBy('disabled_at', 'desc')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toAccount);
}

/** Ends every open session of one account (a new password, a disabled account). */
async function endAccountSessions(trx: Transaction<Database>, accountId: number, endedAt: string): Promise<void> {
  await trx
    .updateTable('staff_sessions')
    .set({ ended_at: endedAt })
    .where('account_id', '=', accountId)
    .where('ended_at', 'is', null)
    .execute();
}

/**
 * Stores a password the server sets (the first Owner's) with the next version and ends the
 * account's open sessions, in one transaction: no session made with the old password survives.
 * Like a link, it gives the days to set up two-step login again. Answers the new version.
 */
async function setAccountPassword(
  db: Kysely<Database>,
  accountId: number,
  passwordHash: string,
  changedAt: string,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { version } = await trx
      .updateTable('staff_accounts')
      .set((eb) => ({
        password_hash: passwordHash,
        version: eb('version', '+', 1),
        updated_at: changedAt,
        two_step_setup_from: changedAt,
      }))
      .where('id', '=', accountId)
      .returning('version')
      .executeTakeFirstOrThrow();
    await endAccountSessions(trx, accountId, changedAt);
    return version;
  });
}

/**
 * A signed-in person's new password: every session of the account ends, the one it was asked
 * from (`endedSessionId`, not counted in the answer) included, since that browser goes on in a
 * fresh one. Answers how many other sessions ended.
 */
export async function setOwnPassword(
  db: Kysely<Database>,
  {
    accountId,
    endedSessionId,
    passwordHash,
    at,
  }: { accountId: number; endedSessionId: string; passwordHash: string; at: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_accounts')
      .set((eb) => ({ password_hash: passwordHash, version: eb('version', '+', 1), updated_at: at }))
      .where('id', '=', accountId)
      .execute();
    await trx
      .updateTable('staff_sessions')
      .set({ ended_at: at })
      .where('id', '=', endedSessionId)
      .where('account_id', '=', accountId)
      .execute();
    const ended = await trx
      .updateTable('staff_sessions')
      .set({ ended_at: at })
      .where('account_id', '=', accountId)
      .where('id', '!=', endedSessionId)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(ended.numUpdatedRows);
  });
}

/** Sets the first Owner's password (creating that account on a new install); answers its id and version. */
export async function setFirstOwnerPassword(
  db: Kysely<Database>,
  passwordHash: string,
  changedAt: string,
): Promise<{ id: number; version: number }> {
  const existing = await findFirstOwner(db);
  if (existing) return { id: existing.id, version: await setAccountPassword(db, existing.id, passwordHash, changedAt) };
  const { id, version } = await db
    .insertInto('staff_accounts')
    .values({
      email: null,
      name: 'Owner',
      role: 'owner',
      password_hash: passwordHash,
      from_environment: 1,
      created_at: changedAt,
      updated_at: changedAt,
    })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  return { id, version };
}

export type NewStaffAccount = {
  email: string;
  name: string;
  role: StaffRole;
  passwordHash: string | null;
  createdAt: string;
};

/** A new account, or undefined when its email is already another account's. */
export async function createStaffAccount(
  db: Kysely<Database>,
  account: NewStaffAccount,
): Promise<StaffAccount | undefined> {
  const row = await db
    .insertInto('staff_accounts')
    .values({
      email: account.email.trim(),
      name: account.name,
      role: account.role,
      password_hash: account.passwordHash,
      created_at: account.createdAt,
      updated_at: account.createdAt,
    })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row && toAccount(row);
}

export type StaffLinkPurpose = 'invitation' | 'reset';

/**
 * Stores a link's hash, and its email when one is to be sent, in one transaction. An earlier
 * unused link of the same account stops working (one live link per person), and its email, if
 * not sent yet, is withdrawn.
 */
export async function createStaffLink(
  db: Kysely<Database>,
  link: {
    tokenHash: string;
    accountId: number;
    purpose: StaffLinkPurpose;
    createdAt: string;
    createdBy: number | null;
    expiresAt: string;
  },
  mail?: { message: StaffLinkMessage; url: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_links')
      .set({ used_at: link.createdAt })
      .where('account_id', '=', link.accountId)
      .where('used_at', 'is', null)
      .execute();
    await withdrawStaffLinkMail(trx, link.accountId);
    await trx
      .insertInto('staff_links')
      .values({
        token_hash: link.tokenHash,
        account_id: link.accountId,
        purpose: link.purpose,
        created_at: link.createdAt,
        created_by: link.createdBy,
        expires_at: link.expiresAt,
        used_at: null,
      })
      .execute();
    if (mail)
      await queueStaffLinkMail(trx, {
        accountId: link.accountId,
        message: mail.message,
        link: mail.url,
        at: link.createdAt,
      });
  });
}

/** The account a live link belongs to (not used, not expired at `at`), or undefined. */
export async function findLiveStaffLink(
  db: Kysely<Database>,
  tokenHash: string,
  at: string,
): Promise<{ accountId: number; purpose: StaffLinkPurpose } | undefined> {
  const row = await db
    .selectFrom('staff_links')
    .select(['account_id', 'purpose'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return row && { accountId: row.account_id, purpose: row.purpose };
}

/**
 * Uses a link: marks it used and sets the account's password (which ends the account's sessions
 * and gives the days to set up two-step login again), in one transaction, only if the link is
 * still live; an email of it not sent yet (the Owner handed the link over during a mail outage)
 * is withdrawn. Answers the account id, or undefined.
 */
export async function useStaffLink(
  db: Kysely<Database>,
  tokenHash: string,
  passwordHash: string,
  at: string,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('staff_links')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .returning('account_id')
      .executeTakeFirst();
    if (!claimed) return undefined;
    await trx
      .updateTable('staff_accounts')
      .set((eb) => ({
        password_hash: passwordHash,
        version: eb('version', '+', 1),
        updated_at: at,
        two_step_setup_from: at,
      }))
      .where('id', '=', claimed.account_id)
      .where('disabled_at', 'is', null)
      .execute();
    await endAccountSessions(trx, claimed.account_id, at);
    await withdrawStaffLinkMail(trx, claimed.account_id);
    return claimed.account_id;
  });
}

/** Changes an account's role, or disables or enables it; disabling ends its sessions at once. */
export async function updateStaffAccount(
  db: Kysely<Database>,
  accountId: number,
  change: { role?: StaffRole; disabled?: boolean },
  at: string,
): Promise<StaffAccount | undefined> {
  return db.transaction().execute(async (trx) => {
    const values: { role?: StaffRole; disabled_at?: string | null; updated_at: string } = { updated_at: at };
    if (change.role) values.role = change.role;
    if (change.disabled !== undefined) values.disabled_at = change.disabled ? at : null;
    const row = await trx
      .updateTable('staff_accounts')
      .set(values)
      .where('id', '=', accountId)
      .returningAll()
      .executeTakeFirst();
    if (row && change.disabled) await endAccountSessions(trx, accountId, at);
    return row && toAccount(row);
  });
}

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

/** The staff side's settings, each its default until the Owner changes it (or when its stored value is not one it can take). */
export async function readStaffSettings(db: Kysely<Database>): Promise<StaffSettings> {
  const rows = await db.selectFrom('staff_settings').select(['name', 'value']).execute();
  const settings = { ...staffSettingDefaults };
  for (const { name, value } of rows) {
    const parsed = staffSettingsSchema.partial().safeParse({ [name]: JSON.parse(value) as unknown });
    if (parsed.success) Object.assign(settings, parsed.data);
  }
  return settings;
}

export async function writeStaffSetting<Name extends keyof StaffSettings>(
  db: Kysely<Database>,
  name: Name,
  value: StaffSettings[Name],
  { at, by }: { at: string; by: number },
): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('staff_settings')
    .values({ name, value: json, updated_at: at, updated_by: by })
    // The same value again leaves the row alone, so updated_at is when the setting last changed.
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ value: json, updated_at: at, updated_by: by })
        .where('staff_settings.value', '!=', json),
    )
    .execute();
}

/** When a setting last changed, or undefined while it has never been set. */
export async function staffSettingChangedAt(
  db: Kysely<Database>,
  name: keyof StaffSettings,
): Promise<string | undefined> {
  const row = await db.selectFrom('staff_settings').select('updated_at').where('name', '=', name).executeTakeFirst();
  return row?.updated_at;
}

export type TwoStepRecord = { sealedSecret: string; on: boolean; lastStep: number | null };

export async function findTwoStep(db: Kysely<Database>, accountId: number): Promise<TwoStepRecord | undefined> {
  const row = await db
    .selectFrom('staff_two_step')
    .select(['secret', 'confirmed_at', 'last_step'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row && { sealedSecret: row.secret, on: row.confirmed_at !== null, lastStep: row.last_step };
}

/** The accounts with two-step login on. */
export async function accountsWithTwoStep(db: Kysely<Database>): Promise<Set<number>> {
  const rows = await db
    .selectFrom('staff_two_step')
    .select('account_id')
    .where('confirmed_at', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.account_id));
}

/** Keeps a new secret for a setup in progress (replacing an earlier unfinished one); false when two-step login is already on. */
export async function startTwoStepSetup(
  db: Kysely<Database>,
  accountId: number,
  sealedSecret: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .insertInto('staff_two_step')
    .values({ account_id: accountId, secret: sealedSecret, created_at: at, confirmed_at: null, last_step: null })
    .onConflict((conflict) =>
      conflict
        .column('account_id')
        .doUpdateSet({ secret: sealedSecret, created_at: at, last_step: null })
        .where('staff_two_step.confirmed_at', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

async function putRecoveryCodes(
  trx: Kysely<Database>,
  accountId: number,
  codeHashes: string[],
  at: string,
): Promise<void> {
  await trx.deleteFrom('staff_recovery_codes').where('account_id', '=', accountId).execute();
  await trx
    .insertInto('staff_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ code_hash, account_id: accountId, created_at: at, used_at: null })))
    .execute();
}

/** Switches two-step login on with the step of the code that confirmed it and a first set of recovery codes; false when no setup was in progress. */
export async function confirmTwoStep(
  db: Kysely<Database>,
  accountId: number,
  { step, codeHashes, at }: { step: number; codeHashes: string[]; at: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const confirmed = await trx
      .updateTable('staff_two_step')
      .set({ confirmed_at: at, last_step: step })
      .where('account_id', '=', accountId)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    if (confirmed.numUpdatedRows === 0n) return false;
    await putRecoveryCodes(trx, accountId, codeHashes, at);
    return true;
  });
}

/**
 * Marks a code's step used, only if no code of it or a later step was used before: of two
 * requests with the same code, exactly one gets true.
 */
export async function claimTwoStepStep(db: Kysely<Database>, accountId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_two_step')
    .set({ last_step: step })
    .where('account_id', '=', accountId)
    .where('confirmed_at', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Uses a recovery code up; true only the first time. */
export async function useRecoveryCode(
  db: Kysely<Database>,
  accountId: number,
  codeHash: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: at })
    .where('code_hash', '=', codeHash)
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function unusedRecoveryCodes(db: Kysely<Database>, accountId: number): Promise<number> {
  const { count } = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A new set of recovery codes; the earlier ones stop working. */
export async function replaceRecoveryCodes(
  db: Kysely<Database>,
  accountId: number,
  codeHashes: string[],
  at: string,
): Promise<void> {
  await db.transaction().execute((trx) => putRecoveryCodes(trx, accountId, codeHashes, at));
}

/**
 * Switches two-step login off: the secret and the recovery codes go, and the days to set it up
 * again (should the Owner require it) start now.
 */
export async function removeTwoStep(db: Kysely<Database>, accountId: number, at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('staff_recovery_codes').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('staff_two_step').where('account_id', '=', accountId).execute();
    await trx.updateTable('staff_accounts').set({ two_step_setup_from: at }).where('id', '=', accountId).execute();
  });
}

/** New days to set two-step login up, from `at` (a one-time code from the account's email was given). */
export async function openTwoStepSetup(db: Kysely<Database>, accountId: number, at: string): Promise<void> {
  await db.updateTable('staff_accounts').set({ two_step_setup_from: at }).where('id', '=', accountId).execute();
}

/** Staff one-time codes (migration 025, decision 0051): the only SQL on their table. */

/** Keeps `codeHash` as the account's live code (replacing any other) and queues its email, if any, in the same transaction. */
export async function saveOneTimeCode(
  db: Kysely<Database>,
  {
    accountId,
    codeHash,
    at,
    expiresAt,
    mail,
  }: {
    accountId: number;
    codeHash: string;
    at: string;
    expiresAt: string;
    mail?: { message: StaffLinkMessage; code: string };
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('staff_one_time_codes')
      .values({ account_id: accountId, code_hash: codeHash, created_at: at, expires_at: expiresAt })
      .onConflict((conflict) =>
        conflict.column('account_id').doUpdateSet({ code_hash: codeHash, created_at: at, expires_at: expiresAt }),
      )
      .execute();
    if (mail)
      await queueStaffLinkMail(trx, { accountId, message: mail.message, link: mail.code, at, kind: 'one-time-code' });
  });
}

/** When the account's live code was made, if it has one at `now`. */
export async function liveOneTimeCodeMadeAt(
  db: Kysely<Database>,
  accountId: number,
  now: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('staff_one_time_codes')
    .select('created_at')
    .where('account_id', '=', accountId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.created_at;
}

/** Uses up the account's code when `codeHash` is it and it still works at `now`; whether it was. */
export async function useOneTimeCode(
  db: Kysely<Database>,
  accountId: number,
  codeHash: string,
  now: string,
): Promise<boolean> {
  const used = await db
    .deleteFrom('staff_one_time_codes')
    .where('account_id', '=', accountId)
    .where('code_hash', '=', codeHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(used.numDeletedRows) === 1;
}

/** The staff tables' calls bound to one database, handed to the sign-in, two-step login and one-time codes (decision 0052). */
export function createStaffRepository(db: Kysely<Database>) {
  const bound =
    <Args extends unknown[], Result>(query: (db: Kysely<Database>, ...args: Args) => Result) =>
    (...args: Args) =>
      query(db, ...args);
  return {
    accountsWithTwoStep: bound(accountsWithTwoStep),
    claimTwoStepStep: bound(claimTwoStepStep),
    clearLoginAttempts: bound(clearLoginAttempts),
    confirmTwoStep: bound(confirmTwoStep),
    createStaffAccount: bound(createStaffAccount),
    deleteStaffSessionsBefore: bound(deleteStaffSessionsBefore),
    endStaffSession: bound(endStaffSession),
    findFirstOwner: bound(findFirstOwner),
    findStaffAccount: bound(findStaffAccount),
    findStaffAccountByEmail: bound(findStaffAccountByEmail),
    findStaffSession: bound(findStaffSession),
    findTwoStep: bound(findTwoStep),
    insertStaffSession: bound(insertStaffSession),
    latestStaffLinkMail: bound(latestStaffLinkMail),
    listStaffAccounts: bound(listStaffAccounts),
    liveOneTimeCodeMadeAt: bound(liveOneTimeCodeMadeAt),
    openTwoStepSetup: bound(openTwoStepSetup),
    queueStaffLinkMail: bound(queueStaffLinkMail),
    readStaffSettings: bound(readStaffSettings),
    releaseLoginAttempt: bound(releaseLoginAttempt),
    removeTwoStep: bound(removeTwoStep),
    replaceRecoveryCodes: bound(replaceRecoveryCodes),
    reserveLoginAttempt: bound(reserveLoginAttempt),
    saveOneTimeCode: bound(saveOneTimeCode),
    setFirstOwnerPassword: bound(setFirstOwnerPassword),
    setLoginAttemptAccountKey: bound(setLoginAttemptAccountKey),
    setOwnPassword: bound(setOwnPassword),
    staffSecret: bound(staffSecret),
    staffSettingChangedAt: bound(staffSettingChangedAt),
    startTwoStepSetup: bound(startTwoStepSetup),
    touchStaffSession: bound(touchStaffSession),
    unusedRecoveryCodes: bound(unusedRecoveryCodes),
    updateStaffAccount: bound(updateStaffAccount),
    useOneTimeCode: bound(useOneTimeCode),
    useRecoveryCode: bound(useRecoveryCode),
    // Written out, not bound: binding would lose the tie between a setting's name and its value's type.
    writeStaffSetting: <Name extends keyof StaffSettings>(
      name: Name,
      value: StaffSettings[Name],
      changed: { at: string; by: number },
    ) => writeStaffSetting(db, name, value, changed),
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
