import type { Kysely } from 'kysely';

/**
 * The office's uploaded photos (issue 11, decision 0029): one row per photo, its id a hash of the
 * uploaded file, its size the largest copy's. The copies themselves are files under DATA_DIR/photos.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('photos')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('width', 'integer', (column) => column.notNull())
    .addColumn('height', 'integer', (column) => column.notNull())
    .addColumn('uploaded_at', 'text', (column) => column.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('upload_bytes', 'integer', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('photos_by_upload').on('photos').column('uploaded_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('photos').execute();
}
