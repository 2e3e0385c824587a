import type { Kysely } from 'kysely';
import type { Database } from '#server/storage/schema.ts';

export type FormTokenUse = { tokenId: string; idempotencyKey: string; expiresAt: string };

/**
 * Marks a form token as used by the enquiry with this idempotency key, unless it already is,
 * and answers the key of the enquiry that used it first. Run inside a transaction (the enquiry
 * repository's group commit), so two enquiries sending the same token cannot both be first.
 */
export async function claimFormToken(db: Kysely<Database>, use: FormTokenUse): Promise<string> {
  await db
    .insertInto('form_token_uses')
    .values({ token_id: use.tokenId, idempotency_key: use.idempotencyKey, expires_at: use.expiresAt })
    .onConflict((conflict) => conflict.column('token_id').doNothing())
    .execute();
  const first = await db
    .selectFrom('form_token_uses')
    .select('idempotency_key')
    .where('token_id', '=', use.tokenId)
    .executeTakeFirstOrThrow();
  return first.idempotency_key;
}

/** Forgets tokens that expired before `at`: they are refused as stale, so their ids need not be kept. */
export async function forgetExpiredFormTokens(db: Kysely<Database>, at: string): Promise<number> {
  const result = await db.deleteFrom('form_token_uses').where('expires_at', '<', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}
