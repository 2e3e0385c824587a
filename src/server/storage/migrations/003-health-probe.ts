import { sql, type Kysely } from 'kysely';

/** One row the health check rewrites to prove the database still takes a committed write (storage/writeHealth.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('health_probe')
    .addColumn('id', 'integer', (column) => column.primaryKey().check(sql`id = 1`))
    .addColumn('checked_at', 'text', (column) => column.notNull())
    .execute();
}
