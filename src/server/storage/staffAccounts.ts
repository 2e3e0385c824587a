import type { Kysely, Selectable, Transaction } from 'kysely';
import type { StaffRole } from '#shared/staff/roles.ts';
import type { Database, StaffAccountTable } from './schema';
import { queueStaffLinkMail, withdrawStaffLinkMail, type StaffLinkMessage } from './staffMail';

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
