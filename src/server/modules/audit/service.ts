import type { SignedInAccount } from '#shared/dashboard/staffAuth.ts';
import { subDays } from 'date-fns';
import { AUDIT_RETENTION_DAYS, type AuditAction } from '#shared/staff/auditActions.ts';
import type { AuditEntry, AuditListQuery, AuditPage } from '#shared/staff/auditTrail.ts';
import type { StaffScope } from '#server/requestScope.ts';
import {
  deleteAuditEventsBefore,
  listAuditEvents,
  recordAuditEvent,
  type AuditStorage,
  type NewAuditEvent,
} from './repository';

/**
 * Who acted and from where: a staff procedure's context (its session's account), the sign-in
 * itself, or an operator's command on the server (no address).
 */
export type AuditSource = {
  /** What writing an entry needs of the services: the storage and the clock (a full set of services will do). */
  services: { storage: AuditStorage; now: () => Date };
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

/** Writes a staff member's entry on its own: who, from where and when come from the request's scope. */
export type AuditWriter = (scope: StaffScope, action: AuditAction, details?: AuditEntry['details']) => Promise<void>;

/** The writer a module's wiring hands its service (awaited like `recordAudit`). */
export function auditWriter(storage: AuditStorage): AuditWriter {
  return (scope, action, details = {}) => recordAuditEvent(storage.db, auditEvent(scope, action, details));
}

/** A staff member's change: who and from where (for the audit trail), in which session (for an enquiry's history). */
export type StaffAct = AuditSource & { session: { sessionId: string; account: SignedInAccount } };

/**
 * Adds an entry to the audit trail. Awaited by every caller: data is shown only after its entry
 * is written, and a change whose entry cannot be written answers with an error, not a success.
 * A change that must be stored with its entry or not at all gives `auditEvent(…)` to its own
 * repository, which writes it in the change's transaction (decision 0062).
 */
export function recordAudit(
  source: AuditSource,
  action: AuditAction,
  details: AuditEntry['details'] = {},
): Promise<void> {
  return recordAuditEvent(
    source.services.storage.db,
    eventOf(source.services.now(), source.session?.account, source.clientIp, action, details),
  );
}

/** One page of the trail for the Owner's activity page, newest first. */
export function auditPage(storage: AuditStorage, query: AuditListQuery): Promise<AuditPage> {
  return listAuditEvents(storage.db, query);
}

/** Deletes the entries older than the trail is kept (a year), as the nightly purge promises. */
export function purgeOldAuditEntries(storage: AuditStorage, at: Date): Promise<number> {
  return deleteAuditEventsBefore(storage.db, subDays(at, AUDIT_RETENTION_DAYS).toISOString());
}
