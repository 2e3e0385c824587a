import { school } from '../../content/school';
import type {
  ErasureRequest,
  ErasureResult,
  PersonDataExport,
  PersonExportRequest,
  PersonLookup,
} from '../../shared/dashboard';
import { listBackups } from '../backups/backupFiles';
import type { Config } from '../config';
import type { Services } from '../services';
import { truncateWriteAheadLog } from '../storage/erasure';
import { erasePersonEnquiries, personDataOf } from '../storage/personalData';

/**
 * A person's requests about their data, as staff carry them out: erasure and access. The log
 * records who did it and which enquiries, never the address or number searched for.
 */

/**
 * Backups already taken hold the erased data until newer ones replace them: the newest
 * BACKUP_KEEP are kept, so with the server's own schedule the last of them is gone within
 * BACKUP_KEEP intervals. The copies made from now on hold none of it (secure_delete).
 */
export function backupsHoldingErasedData(backups: Config['backups'], now: Date): ErasureResult['backups'] {
  const count = listBackups(backups.dir).length;
  const goneBy =
    count > 0 && backups.intervalMs !== undefined
      ? new Date(now.getTime() + backups.keep * backups.intervalMs).toISOString()
      : null;
  return { count, goneBy, keep: backups.keep };
}

/** Erases the enquiries staff ticked for this person; undefined when the search now finds a different set than they saw (nothing erased). */
export async function erasePerson(
  services: Services,
  request: ErasureRequest,
  by: { sessionId: string; accountId: number; ip: string },
): Promise<ErasureResult | undefined> {
  const { storage, log, config } = services;
  const at = services.now();
  const lookup: PersonLookup = { email: request.email, phone: request.phone };
  const erased = await erasePersonEnquiries(
    storage.db,
    lookup,
    { seen: request.shown, chosen: request.enquiries },
    { at: at.toISOString(), sessionId: by.sessionId, accountId: by.accountId, reason: request.reason },
  );
  if (erased === 'changed') return undefined;
  const walTruncated = truncateWriteAheadLog(storage.sqlite);
  const result: ErasureResult = {
    enquiries: erased.length,
    emails: erased.reduce((sum, record) => sum + record.emails, 0),
    historyEntries: erased.reduce((sum, record) => sum + record.historyEntries, 0),
    backups: backupsHoldingErasedData(config.backups, at),
  };
  log.info('Enquiries erased on request', {
    audit: 'erasure',
    ip: by.ip,
    sessionId: by.sessionId,
    accountId: by.accountId,
    reason: request.reason,
    enquiries: request.enquiries.map((ref) => `${ref.kind} #${ref.id}`),
    emails: result.emails,
    historyEntries: result.historyEntries,
    walTruncated,
  });
  if (!walTruncated)
    log.warn(
      'The write-ahead log could not be emptied after an erasure (a backup was reading); the next purge tries again',
    );
  return result;
}

/** Everything held about the person in the enquiries ticked, for the copy they receive; undefined when the search does not find one of those. */
export async function exportPerson(
  services: Services,
  request: PersonExportRequest,
  by: { ip: string },
): Promise<PersonDataExport | undefined> {
  const { enquiries: chosen, ...lookup } = request;
  const enquiries = await personDataOf(services.storage.db, lookup, services.visits.bookingsOf, chosen);
  if (!enquiries) return undefined;
  services.log.info('Staff exported a person’s data', {
    audit: 'person-export',
    ip: by.ip,
    enquiries: enquiries.map((entry) => `${entry.kind} #${entry.row.id}`),
  });
  return { school: school.name, exportedAt: services.now().toISOString(), searchedFor: lookup, enquiries };
}
