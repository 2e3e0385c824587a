import { school } from '#content/school.ts';
import type {
  ErasureRequest,
  ErasureResult,
  PersonDataExport,
  PersonExportRequest,
  PersonFound,
  PersonLookup,
} from '#shared/dashboard/index.ts';
import { readInvitation } from '#server/modules/mail/service.ts';
import { listBackups } from '#server/modules/backups/service.ts';
import type { AuditWriter } from '#server/modules/audit/service.ts';
import type { Config } from '#server/config.ts';
import type { StaffScope } from '#server/requestScope.ts';
import type { Logger } from '#server/log.ts';
import type { ParentsService } from '#server/modules/parents/service.ts';
import type { VisitService } from '#server/modules/visits/service.ts';
import type { PrivacyRepository } from './repository';

export { personDataPage, personDataPagePolicy } from './personDataPage';
export type { RetentionPurge } from './retentionPurge';

/**
 * Privacy's only way in from outside. A person's requests about their data, as staff carry them
 * out: erasure and access, of their enquiries and of their Parents' Corner families. The log
 * records who did it and which enquiries and families, never the address or number searched for.
 */

/**
 * Backups already taken hold the erased data until newer ones replace them: the newest
 * BACKUP_KEEP are kept, so with the server's own schedule the last of them is gone within
 * BACKUP_KEEP intervals. The copies made from now on hold none of it (secure_delete).
 */
function backupsHoldingErasedData(backups: Config['backups'], now: Date): ErasureResult['backups'] {
  const count = listBackups(backups.dir).length;
  const goneBy =
    count > 0 && backups.intervalMs !== undefined
      ? new Date(now.getTime() + backups.keep * backups.intervalMs).toISOString()
      : null;
  return { count, goneBy, keep: backups.keep };
}

const sameSet = (found: readonly number[], seen: readonly number[]) =>
  found.length === new Set(seen).size && found.every((id) => seen.includes(id));

export type PrivacyServiceDeps = {
  backups: Config['backups'];
  repository: PrivacyRepository;
  log: Logger;
  /** Writes each search, erasure and copy to the audit trail (who was searched for stays out of it). */
  audit: AuditWriter;
  /** The Parents' Corner's families of a person, through the parents' service. */
  parents: Pick<ParentsService, 'familiesOfPerson' | 'familyDataOfPerson' | 'eraseFamilies'>;
  /** The visit bookings of an enquiry, through the visits' service, for the person's copy. */
  visitBookings: VisitService['bookingsOf'];
};

export function createPrivacyService({ backups, repository, log, audit, parents, visitBookings }: PrivacyServiceDeps) {
  return {
    /** Every enquiry of the person, and the Parents' Corner families they are a parent of. */
    async findPerson(scope: StaffScope, lookup: PersonLookup): Promise<PersonFound> {
      const found = {
        enquiries: await repository.findPersonEnquiries(lookup),
        families: await parents.familiesOfPerson(lookup),
      };
      // Who was searched for stays out of the trail: an erasure must leave no trace of the person.
      await audit(scope, 'person-search', {
        by: lookup.email ? 'email' : 'phone',
        found: found.enquiries.length,
        families: found.families.length,
      });
      return found;
    },

    /**
     * Erases the enquiries and Parents' Corner families staff ticked for this person; undefined when
     * the search now finds a different set than they saw (nothing erased). A family goes as the
     * retention purge erases a removed one, its parents signed out at once.
     */
    async erasePerson(scope: StaffScope, request: ErasureRequest): Promise<ErasureResult | undefined> {
      const { at } = scope;
      const by = { sessionId: scope.asker.sessionId, accountId: scope.asker.account.id, ip: scope.clientIp };
      const lookup: PersonLookup = { email: request.email, phone: request.phone };
      const families = await parents.familiesOfPerson(lookup);
      if (
        !sameSet(
          families.map((family) => family.id),
          request.familiesShown,
        )
      )
        return undefined;
      const erased = await repository.erasePersonEnquiries(
        lookup,
        { seen: request.shown, chosen: request.enquiries },
        { at: at.toISOString(), sessionId: by.sessionId, accountId: by.accountId, reason: request.reason },
      );
      if (erased === 'changed') return undefined;
      const familiesErased = await parents.eraseFamilies(request.families);
      const walTruncated = repository.truncateWriteAheadLog();
      const result: ErasureResult = {
        enquiries: erased.length,
        emails: erased.reduce((sum, record) => sum + record.emails, 0),
        historyEntries: erased.reduce((sum, record) => sum + record.historyEntries, 0),
        families: familiesErased,
        backups: backupsHoldingErasedData(backups, at),
      };
      const logged = {
        audit: 'erasure',
        ip: by.ip,
        sessionId: by.sessionId,
        accountId: by.accountId,
        reason: request.reason,
      };
      if (request.enquiries.length > 0)
        log.info('Enquiries erased on request', {
          ...logged,
          enquiries: request.enquiries.map((ref) => `${ref.kind} #${ref.id}`),
          emails: result.emails,
          historyEntries: result.historyEntries,
          walTruncated,
        });
      if (request.families.length > 0)
        log.info('Parents’ Corner families erased on request', {
          ...logged,
          families: request.families.map((id) => `family #${id}`),
          walTruncated,
        });
      if (!walTruncated)
        log.warn(
          'The write-ahead log could not be emptied after an erasure (a backup was reading); the next purge tries again',
        );
      await audit(scope, 'erasure', { enquiries: result.enquiries, families: result.families, reason: request.reason });
      return result;
    },

    /**
     * Everything held about the person in the enquiries and families ticked (all the search finds when
     * none are named), for the copy they receive; undefined when the search does not find one of those.
     */
    async exportPerson(scope: StaffScope, request: PersonExportRequest): Promise<PersonDataExport | undefined> {
      const { enquiries: chosen, families: chosenFamilies, ...lookup } = request;
      const named = chosen !== undefined || chosenFamilies !== undefined;
      const enquiries = await repository.personDataOf(
        lookup,
        { visitBookings, readInvitation },
        named ? (chosen ?? []) : undefined,
      );
      const families = await parents.familyDataOfPerson(scope.at, lookup, named ? (chosenFamilies ?? []) : undefined);
      if (!enquiries || !families) return undefined;
      log.info('Staff exported a person’s data', {
        audit: 'person-export',
        ip: scope.clientIp,
        enquiries: enquiries.map((entry) => `${entry.kind} #${entry.row.id}`),
        families: families.map((family) => `family #${family.id}`),
      });
      await audit(scope, 'person-download', { enquiries: enquiries.length, families: families.length });
      return {
        school: school.name,
        exportedAt: scope.at.toISOString(),
        searchedFor: lookup,
        enquiries,
        families,
      };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
