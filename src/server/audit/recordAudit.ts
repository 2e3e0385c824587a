import type { AuditAction } from '#shared/staff/auditActions.ts';
import type { AuditEntry } from '#shared/staff/auditTrail.ts';
import type { SignedInAccount } from '#shared/dashboard/staffAuth.ts';
import type { StaffScope } from '#server/requestScope.ts';
import type { Kysely } from 'kysely';
import { recordAuditEvent, type NewAuditEvent } from '#server/storage/auditTrail.ts';
import type { Storage } from '#server/storage/database.ts';
import type { Database } from '#server/storage/schema.ts';

/**
 * Who acted and from where: a staff procedure's context (its session's account), the sign-in
 * itself, or an operator's command on the server (no address).
 */
export type AuditSource = {
  /** What writing an entry needs of the services: the storage and the clock (a full set of services will do). */
  services: { storage: Storage; now: () => Date };
  clientIp: string | null;
  session?: { account: SignedInAccount } | undefined;
};

const eventOf = (
  at: Date,
  account: SignedInAccount | undefined,
  ip: string | null,
  action: AuditAction,
  details: AuditEntry['details'],
): NewAuditEvent => ({
  at: at.toISOString(),
  accountId: account?.id ?? null,
  actor: account?.name ?? null,
  action,
  ip,
  details,
});

/** The entry a staff member's action writes, for a change whose repository stores it in the change's own transaction. */
export function auditEvent(scope: StaffScope, action: AuditAction, details: AuditEntry['details'] = {}) {
  return eventOf(scope.at, scope.asker.account, scope.clientIp, action, details);
}
/** A staff member's change: who and from where (for the audit trail), in which session (for an enquiry's history). */
export type StaffAct = AuditSource & { session: { sessionId: string; account: SignedInAccount } };

/**
 * Adds an entry to the audit trail. Awaited by every caller: data is shown only after its entry
 * is written, and a change whose entry cannot be written answers with an error, not a success.
 * `db` is the change's own transaction when the entry must be stored with it or not at all.
 */
export function recordAudit(
  source: AuditSource,
  action: AuditAction,
  details: AuditEntry['details'] = {},
  db: Kysely<Database> = source.services.storage.db,
): Promise<void> {
  return recordAuditEvent(
    db,
    eventOf(source.services.now(), source.session?.account, source.clientIp, action, details),
  );
}
