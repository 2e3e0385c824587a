import { sql, type Kysely, type SqlBool } from 'kysely';
import { schoolDayStart } from '#shared/dashboard/index.ts';
import type { AuditEntry, AuditListQuery, AuditPage } from '#shared/staff/auditTrail.ts';
import type { Storage } from '#server/storage/database.ts';
import type { Database } from '#server/storage/schema.ts';

/** What the audit service is handed: the open database. */
export type AuditStorage = Pick<Storage, 'db'>;

export type NewAuditEvent = Omit<AuditEntry, 'id'>;

export async function recordAuditEvent(db: Kysely<Database>, event: NewAuditEvent): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      at: event.at,
      account_id: event.accountId,
      actor: event.actor,
      action: event.action,
      ip: event.ip,
      details: JSON.stringify(event.details),
    })
    .execute();
}

/** One page of the trail, newest first, narrowed by person, action and school dates. */
export async function listAuditEvents(db: Kysely<Database>, query: AuditListQuery): Promise<AuditPage> {
  const conditions: ReturnType<typeof sql<SqlBool>>[] = [];
  if (query.accountId !== undefined) conditions.push(sql<SqlBool>`account_id = ${query.accountId}`);
  if (query.action) conditions.push(sql<SqlBool>`action = ${query.action}`);
  if (query.from) conditions.push(sql<SqlBool>`at >= ${schoolDayStart(query.from)}`);
  if (query.to) conditions.push(sql<SqlBool>`at < ${schoolDayStart(query.to, { dayAfter: true })}`);
  const where = conditions.length > 0 ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`1 = 1`;
  const [rows, count] = await Promise.all([
    db
      .selectFrom('audit_events')
      .selectAll()
      .where(where)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at,
      accountId: row.account_id,
      actor: row.actor,
      action: row.action,
      ip: row.ip,
      details: JSON.parse(row.details) as AuditEntry['details'],
    })),
    total: Number(count.total),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Deletes the entries made before `before`. The database refuses to delete one less than a year
 * old by its own clock; asking for no more than that keeps a clock set ahead from failing the purge.
 */
export async function deleteAuditEventsBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db
    .deleteFrom('audit_events')
    .where('at', '<', before)
    .where('at', '<=', sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-365 days')`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
