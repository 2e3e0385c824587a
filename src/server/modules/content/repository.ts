import type { Kysely, Selectable } from 'kysely';
import { siteContentSchema, type SiteContent, type SiteContentPart } from '#shared/content/siteContent.ts';
import { recordAuditEvent, type NewAuditEvent } from '#server/modules/audit/repository.ts';
import type { ContentRevisionTable, Database } from '#server/storage/schema.ts';

/** A publish of the site content, as the dashboard lists it. */
export type ContentRevision = {
  id: number;
  publishedAt: string;
  actor: string | null;
  changed: SiteContentPart[];
  restoredFrom: number | null;
};

export type PublishedContent = { revision: ContentRevision; content: SiteContent };

const revisionOf = (row: Selectable<ContentRevisionTable>): ContentRevision => ({
  id: row.id,
  publishedAt: row.published_at,
  actor: row.actor,
  changed: JSON.parse(row.changed) as SiteContentPart[],
  restoredFrom: row.restored_from,
});

/** Stored JSON read through the schema: content written by an older version gets today's defaults and checks. */
const contentOf = (json: string): SiteContent => siteContentSchema.parse(JSON.parse(json));

/** The newest revision, or undefined before anyone has published (the site shows its starting content). */
export async function latestRevision(db: Kysely<Database>): Promise<PublishedContent | undefined> {
  const row = await db.selectFrom('content_revisions').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row && { revision: revisionOf(row), content: contentOf(row.content) };
}

export async function findRevision(db: Kysely<Database>, id: number): Promise<PublishedContent | undefined> {
  const row = await db.selectFrom('content_revisions').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { revision: revisionOf(row), content: contentOf(row.content) };
}

/** Newest first. */
export async function listRevisions(db: Kysely<Database>, limit: number): Promise<ContentRevision[]> {
  const rows = await db.selectFrom('content_revisions').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map(revisionOf);
}

export async function readDraft(
  db: Kysely<Database>,
): Promise<{ content: SiteContent; updatedAt: string } | undefined> {
  const row = await db.selectFrom('content_draft').selectAll().where('id', '=', 1).executeTakeFirst();
  return row && { content: contentOf(row.content), updatedAt: row.updated_at };
}

export async function saveDraft(
  db: Kysely<Database>,
  content: SiteContent,
  { at, accountId }: { at: string; accountId: number | null },
): Promise<void> {
  const values = { content: JSON.stringify(content), updated_at: at, account_id: accountId };
  await db
    .insertInto('content_draft')
    .values({ id: 1, ...values })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
    .execute();
}

/** What a new revision holds, and the content the site was built with (the first revision, before any other). */
export type NewRevision = {
  content: SiteContent;
  changed: SiteContentPart[];
  at: string;
  accountId: number | null;
  actor: string | null;
  restoredFrom?: number;
  startingContent: SiteContent;
};

/**
 * Stores a new revision and makes the draft equal to it, in one transaction: a revision is never
 * written without the draft following it, so "changes not yet published" stays true. The very
 * first revision is preceded by `startingContent` (the content the site was built with), in the
 * same transaction, so two first publishes at once cannot both record it. The revision's audit
 * entry (its details led by the revision's id) is written in the same transaction: all of it is
 * stored, or none.
 */
export async function addRevision(
  db: Kysely<Database>,
  { content, changed, at, accountId, actor, restoredFrom, startingContent }: NewRevision,
  audit: NewAuditEvent,
): Promise<ContentRevision> {
  return db.transaction().execute(async (trx) => {
    const first = (await trx.selectFrom('content_revisions').select('id').limit(1).executeTakeFirst()) === undefined;
    if (first) {
      await trx
        .insertInto('content_revisions')
        .values({
          published_at: at,
          account_id: null,
          actor: null,
          content: JSON.stringify(startingContent),
          changed: '[]',
          restored_from: null,
        })
        .execute();
    }
    const row = await trx
      .insertInto('content_revisions')
      .values({
        published_at: at,
        account_id: accountId,
        actor,
        content: JSON.stringify(content),
        changed: JSON.stringify(changed),
        restored_from: restoredFrom ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await saveDraft(trx, content, { at, accountId });
    const revision = revisionOf(row);
    await recordAuditEvent(trx, { ...audit, details: { revision: revision.id, ...audit.details } });
    return revision;
  });
}

/** The content's SQL, bound to the database: what the service is handed. */
export function createContentRepository(db: Kysely<Database>) {
  return {
    latestRevision: () => latestRevision(db),
    findRevision: (id: number) => findRevision(db, id),
    listRevisions: (limit: number) => listRevisions(db, limit),
    readDraft: () => readDraft(db),
    saveDraft: (content: SiteContent, by: { at: string; accountId: number | null }) => saveDraft(db, content, by),
    addRevision: (revision: NewRevision, audit: NewAuditEvent) => addRevision(db, revision, audit),
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
