import type SqliteDatabase from 'better-sqlite3';
import type { Kysely, Selectable } from 'kysely';
import type { Storage } from '#server/storage/database.ts';
import type { Database, PhotoTable } from '#server/storage/schema.ts';

/** An uploaded photo as the dashboard lists it. */
export type StoredPhoto = { photoId: string; width: number; height: number; uploadedAt: string };

const photoOf = (row: Selectable<PhotoTable>): StoredPhoto => ({
  photoId: row.id,
  width: row.width,
  height: row.height,
  uploadedAt: row.uploaded_at,
});

async function findPhoto(db: Kysely<Database>, id: string): Promise<StoredPhoto | undefined> {
  const row = await db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirst();
  return row && photoOf(row);
}

/** Records a photo once its copies are in place; the same photo again changes nothing. */
async function addPhoto(
  db: Kysely<Database>,
  photo: {
    id: string;
    width: number;
    height: number;
    uploadedAt: string;
    accountId: number | null;
    uploadBytes: number;
  },
): Promise<void> {
  await db
    .insertInto('photos')
    .values({
      id: photo.id,
      width: photo.width,
      height: photo.height,
      uploaded_at: photo.uploadedAt,
      account_id: photo.accountId,
      upload_bytes: photo.uploadBytes,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** Every recorded photo's id and largest width, read at once: the photos folder is tidied at start, before anything else runs. */
export function recordedPhotos(sqlite: SqliteDatabase.Database): { id: string; width: number }[] {
  return sqlite.prepare('select id, width from photos').all() as { id: string; width: number }[];
}

/** The photos' table, bound to the database. */
export function createPhotoRepository({ db, sqlite }: Storage) {
  return {
    find: (id: string) => findPhoto(db, id),
    add: (photo: Parameters<typeof addPhoto>[1]) => addPhoto(db, photo),
    recorded: () => recordedPhotos(sqlite),
  };
}

export type PhotoRepository = ReturnType<typeof createPhotoRepository>;
