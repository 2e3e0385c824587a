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

export type { AuditStorage };

/**
 * Who acted, from where and when: a staff request (its scope's time and address, its session's
 * account), the sign-in itself (the account it signs in), or an operator's command on the server
 * (no address, no account).
 */
export type AuditSource = { at: Date; clientIp: string | null; account?: SignedInAccount | undefined };

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

/**
 * Adds an entry to the audit trail. Awaited by every caller: data is shown only after its entry
 * is written, and a change whose entry cannot be written answers with an error, not a success.
 * A change that must be stored with its entry or not at all gives `auditEvent(…)` to its own
 * repository, which writes it in the change's transaction (decision 0062).
 */
export function recordAudit(
  storage: AuditStorage,
  { at, clientIp, account }: AuditSource,
  action: AuditAction,
  details: AuditEntry['details'] = {},
): Promise<void> {
  return recordAuditEvent(storage.db, eventOf(at, account, clientIp, action, details));
}

/** One page of the trail for the Owner's activity page, newest first. */
export function auditPage(storage: AuditStorage, query: AuditListQuery): Promise<AuditPage> {
  return listAuditEvents(storage.db, query);
}

/** Deletes the entries older than the trail is kept (a year), as the nightly purge promises. */
export function purgeOldAuditEntries(storage: AuditStorage, at: Date): Promise<number> {
  return deleteAuditEventsBefore(storage.db, subDays(at, AUDIT_RETENTION_DAYS).toISOString());
}
