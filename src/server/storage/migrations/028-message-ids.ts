import { sql, type Kysely } from 'kysely';
import { newMessageId } from '../messageId';

/**
 * Each email keeps one Message-ID (issue 34): `message_id`, given when the email is queued and
 * sent with every attempt; nodemailer made a new one per attempt, so an email sent again after a
 * crash looked like a second email. Emails still to be sent (waiting, or given up and possibly
 * tried again by staff) get theirs now; those sent already keep none, they are never sent again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('message_id', 'text').execute();
  const unsent = (await sql<{ id: number }>`select id from outbox where sent_at is null`.execute(db)).rows;
  for (const { id } of unsent) await sql`update outbox set message_id = ${newMessageId()} where id = ${id}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('message_id').execute();
}
