import { sql, type Kysely } from 'kysely';

/**
 * The office's side of the Parents' Corner (issue 37, decision 0057).
 *
 * - `parent_notices.mailed_at`: when the notice's emails to the families were queued; NULL until
 *   its time has come and they are. The notices already there (the spec's, seeded by 031) count as
 *   mailed: nobody is emailed about them.
 * - `parent_families.enquiry_id`: the admission enquiry the family was invited from, so the
 *   enquiry shows it and a second invitation is refused; NULL for a family added by hand. No
 *   foreign key (SQLite could not drop the column again): enquiry ids are never reused
 *   (autoincrement), so the id of an erased enquiry points at nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`alter table parent_notices add column mailed_at text`.execute(trx);
    await sql`update parent_notices set mailed_at = created_at`.execute(trx);
    await sql`create index parent_notices_unmailed on parent_notices (publish_at) where mailed_at is null`.execute(trx);
    await sql`alter table parent_families add column enquiry_id integer`.execute(trx);
    await sql`create unique index parent_families_enquiry on parent_families (enquiry_id) where enquiry_id is not null and removed_at is null`.execute(
      trx,
    );
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`drop index parent_families_enquiry`.execute(trx);
    await sql`alter table parent_families drop column enquiry_id`.execute(trx);
    await sql`drop index parent_notices_unmailed`.execute(trx);
    await sql`alter table parent_notices drop column mailed_at`.execute(trx);
  });
}
