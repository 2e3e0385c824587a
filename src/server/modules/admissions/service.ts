import { TRPCError } from '@trpc/server';
import type { StageBoardQuery, StageColumn } from '#shared/admissions/board.ts';
import { reportRange, type AdmissionsReport, type ReportQuery } from '#shared/admissions/report.ts';
import type { StageMove } from '#shared/admissions/stages.ts';
import type { AdmissionEnquiry } from '#shared/enquiries/enquiry.ts';
import type { AuditWriter } from '#server/modules/audit/service.ts';
import type { FollowUpService } from '#server/modules/followUps/service.ts';
import type { RequestScope, StaffScope } from '#server/requestScope.ts';
import type { AdmissionsRepository } from './repository';

export type AdmissionsService = {
  /**
   * Moves an enquiry to a stage (a closing one needs a reason), has the follow-ups date it, and
   * records a change of stage or reason in the audit trail; answers the enquiry as the lists read it.
   */
  moveStage(scope: StaffScope, move: StageMove): Promise<AdmissionEnquiry>;
  /** The Admission Form tab by stage: each stage's count and newest cards, with the list's filters. */
  board(query: StageBoardQuery): Promise<StageColumn[]>;
  /** The head's report for the range asked, by default the last 12 months at the school. */
  report(scope: RequestScope, query: ReportQuery): Promise<AdmissionsReport>;
};

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Enquiry not found' });

export type AdmissionsServiceDeps = {
  repository: AdmissionsRepository;
  /** The follow-ups service's, handed in by services.ts as it is built beside this one. */
  afterMove: FollowUpService['afterMove'];
  /** An admission enquiry as the office's lists read it; undefined for none, or one in the Spam folder. */
  findListed: (id: number) => Promise<AdmissionEnquiry | undefined>;
  /** Writes a change of stage to the audit trail. */
  audit: AuditWriter;
};

/** The admissions pipeline (issue 24): stage moves, the board by stage, and the head's report (§3). */
export function createAdmissionsService({
  repository,
  afterMove,
  findListed,
  audit,
}: AdmissionsServiceDeps): AdmissionsService {
  return {
    async moveStage(scope, move) {
      const when = {
        changedAt: scope.at.toISOString(),
        sessionId: scope.asker.sessionId,
        accountId: scope.asker.account.id,
      };
      const moved = await repository.move(move, when);
      if (!moved) throw notFound();
      // After a visit the family is followed up the next working day (decision 0039).
      await afterMove(move.id, moved, when);
      const { before, after } = moved;
      if (before.stage !== after.stage || before.stageReason !== after.stageReason) {
        // A reason may quote a parent: the trail says only that there was one.
        await audit(scope, 'stage-change', {
          kind: 'admission',
          id: move.id,
          from: before.stage,
          to: after.stage,
          withReason: after.stageReason !== null,
        });
      }
      const enquiry = await findListed(move.id);
      if (!enquiry) throw notFound();
      return enquiry;
    },

    board({ perStage, ...filters }) {
      return repository.board(filters, perStage);
    },

    report({ at }, query) {
      const { from, to } = reportRange(query, at);
      return repository.report(from, to);
    },
  };
}
