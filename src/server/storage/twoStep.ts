import type { Kysely } from 'kysely';
import type { Database } from './schema';

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
