import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { queueStaffLinkMail, type StaffLinkMessage } from './staffMail';

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
