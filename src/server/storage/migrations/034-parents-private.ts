import { sql, type Kysely } from 'kysely';
import { seededNotices } from './031-parents-corner';

/**
 * The Parents' Corner keeps its content private (issue 37):
 *
 * - `parent_sessions` gains `last_used_at` and `user_agent`, for the devices a parent sees signed in.
 * - The notices were a part of the site content the office edited under Site content: when one was
 *   published, it replaces the spec's notices migration 031 seeded (the office's edits win).
 * - The `events` and `notices` parts leave the stored draft and every revision (and so the backups):
 *   the events are migration 032's table, the notices `parent_notices`. A revision that changed
 *   nothing else goes, as it now repeats the one before it.
 */
const privateParts = ['events', 'notices'];
/** The mark a stored text had for the admissions year (src/content/format.ts when this was written). */
const admissionsYearMark = '{admissions year}';

type StoredNotice = { title: string; date: string; text: string };

const isNoticeList = (value: unknown): value is StoredNotice[] =>
  Array.isArray(value) &&
  value.every(
    (item: unknown) =>
      typeof item === 'object' &&
      item !== null &&
      'title' in item &&
      typeof item.title === 'string' &&
      'date' in item &&
      typeof item.date === 'string' &&
      'text' in item &&
      typeof item.text === 'string',
  );

const withoutPrivateParts = (json: string) => {
  const content = JSON.parse(json) as Record<string, unknown>;
  for (const part of privateParts) delete content[part];
  return JSON.stringify(content);
};

const dayStart = (date: string) => `${date}T00:00:00.000Z`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`alter table parent_sessions add column last_used_at text`.execute(trx);
    await sql`alter table parent_sessions add column user_agent text`.execute(trx);

    const published = await sql<{
      content: string;
    }>`select content from content_revisions order by id desc limit 1`.execute(trx);
    const latest = published.rows[0] && (JSON.parse(published.rows[0].content) as Record<string, unknown>);
    if (latest && isNoticeList(latest.notices)) {
      const year = typeof latest.admissionsYear === 'string' ? latest.admissionsYear : '';
      for (const seeded of seededNotices)
        await sql`delete from parent_notices where created_by is null and audience = 'all'
          and title = ${seeded.title} and body = ${seeded.text} and publish_at = ${dayStart(seeded.date)}`.execute(trx);
      for (const notice of latest.notices)
        await sql`insert into parent_notices (title, body, audience, publish_at, created_at)
          values (${notice.title}, ${notice.text.replaceAll(admissionsYearMark, year)}, 'all', ${dayStart(notice.date)}, ${dayStart(notice.date)})`.execute(
          trx,
        );
    }

    const draft = await sql<{ content: string }>`select content from content_draft where id = 1`.execute(trx);
    if (draft.rows[0])
      await sql`update content_draft set content = ${withoutPrivateParts(draft.rows[0].content)} where id = 1`.execute(
        trx,
      );
    const revisions = await sql<{
      id: number;
      content: string;
      changed: string;
    }>`select id, content, changed from content_revisions order by id`.execute(trx);
    const newest = revisions.rows.at(-1)?.id;
    for (const revision of revisions.rows) {
      const before = JSON.parse(revision.changed) as string[];
      const changed = before.filter((part) => !privateParts.includes(part));
      if (changed.length === 0 && before.length > 0 && revision.id !== newest) {
        await sql`delete from content_revisions where id = ${revision.id}`.execute(trx);
        continue;
      }
      await sql`update content_revisions set content = ${withoutPrivateParts(revision.content)}, changed = ${JSON.stringify(changed)}
        where id = ${revision.id}`.execute(trx);
    }
  });
}

/** The columns go; the parts' content is not brought back (it is no longer anywhere to bring back from). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table parent_sessions drop column user_agent`.execute(db);
  await sql`alter table parent_sessions drop column last_used_at`.execute(db);
}
