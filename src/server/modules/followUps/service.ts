import { TRPCError } from '@trpc/server';
import { school } from '#content/school.ts';
import type { DueFollowUps } from '#shared/admissions/dueFollowUps.ts';
import { followUpAfterStageMove, followUpForNewEnquiry } from '#shared/admissions/followUp.ts';
import { followUpMessages, type FollowUpChange } from '#shared/admissions/followUpRequests.ts';
import { holidayMessages, type SchoolHoliday } from '#shared/admissions/holidays.ts';
import type { AdmissionStage } from '#shared/admissions/stages.ts';
import { schoolToday } from '#shared/time.ts';
import type { AuditWriter } from '#server/modules/audit/service.ts';
import type { RequestScope, StaffScope } from '#server/requestScope.ts';
import type { PipelinePlace, When } from '#server/modules/enquiries/service.ts';
import type { VisitService } from '#server/modules/visits/service.ts';
import type { FollowUpRepository } from './repository';

/** What an enquiry's follow-up card shows. */
export type FollowUpCard = {
  stage: AdmissionStage;
  followUpOn: string | null;
  /** The date the rule would suggest today for its stage. */
  suggested: string;
  today: string;
  /** For the WhatsApp message. */
  schoolName: string;
  visitAt: string | undefined;
};

export type FollowUpService = {
  card(scope: RequestScope, id: number): Promise<FollowUpCard>;
  /** Sets or clears (null) the follow-up date (an enrolled child gets none); the enquiry's history and the audit trail record it. */
  set(scope: StaffScope, change: FollowUpChange): Promise<{ followUpOn: string | null }>;
  /** "Due today": follow-ups on or before today at the school, overdue first. */
  due(scope: RequestScope): Promise<DueFollowUps>;
  /** How many are due, for the menu. */
  dueCount(scope: RequestScope): Promise<number>;
  /**
   * The follow-up an admission enquiry gets when it reaches the office at `at` (stored, or taken out
   * of the Spam folder): 2 working days on, counted at the school. Its store writes it in the same
   * transaction, unless the enquiry already has a date.
   */
  firstFollowUp(at: string): Promise<string>;
  /**
   * After a stage move (moveStage's answer): a move to Visited sets the follow-up to the next working
   * day, recorded like a change by the person who moved the card; other moves, and a move to the
   * stage it was at, leave the date alone. Answers the place after.
   */
  afterMove(id: number, moved: { before: PipelinePlace; after: PipelinePlace }, when: When): Promise<PipelinePlace>;
  /** The coming school holidays, which the dates skip: today's at the school and after, in date order. */
  holidays(scope: RequestScope): Promise<SchoolHoliday[]>;
  /** Adds a coming holiday; a past day, or one already listed (naming the holiday on it), is refused. The audit trail records it. */
  addHoliday(scope: StaffScope, holiday: SchoolHoliday): Promise<SchoolHoliday>;
  /** Removes the holiday on a day; the audit trail records it. */
  removeHoliday(scope: StaffScope, day: string): Promise<SchoolHoliday>;
};

const notFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: 'This admission enquiry is no longer in the list.' });

/** Follow-ups of admission enquiries (issue 24, decision 0039). */
export function createFollowUpService({
  repository,
  openBooking,
  audit,
}: {
  repository: FollowUpRepository;
  /** The enquiry's open visit, from the visits service. */
  openBooking: VisitService['openBooking'];
  /** Writes the office's changes to the audit trail. */
  audit: AuditWriter;
}): FollowUpService {
  const today = ({ at }: RequestScope) => schoolToday(at);

  return {
    async card(scope, id) {
      const place = await repository.place(id);
      if (!place) throw notFound();
      const day = today(scope);
      const holidays = await repository.holidayDaysFrom(day);
      const suggested = followUpAfterStageMove(place.stage, day, holidays) ?? followUpForNewEnquiry(day, holidays);
      const visit = await openBooking(id);
      return {
        stage: place.stage,
        followUpOn: place.followUpOn,
        suggested,
        today: day,
        schoolName: school.name,
        visitAt: visit?.startsAt,
      };
    },

    async set(scope, { id, followUpOn }) {
      // "Due today" leaves enrolled children out, so a date on one would be confirmed and never seen.
      if (followUpOn !== null && (await repository.place(id))?.stage === 'enrolled') {
        throw new TRPCError({ code: 'BAD_REQUEST', message: followUpMessages.enrolled });
      }
      const result = await repository.setFollowUp(id, followUpOn, {
        changedAt: scope.at.toISOString(),
        sessionId: scope.asker.sessionId,
        accountId: scope.asker.account.id,
      });
      if (!result) throw notFound();
      if (result.before.followUpOn !== result.after.followUpOn) {
        await audit(scope, 'follow-up-change', {
          kind: 'admission',
          id,
          from: result.before.followUpOn,
          to: result.after.followUpOn,
        });
      }
      return { followUpOn: result.after.followUpOn };
    },

    due: (scope) => repository.listDue(today(scope)),

    dueCount: (scope) => repository.countDue(today(scope)),

    async firstFollowUp(at) {
      const day = schoolToday(new Date(at));
      return followUpForNewEnquiry(day, await repository.holidayDaysFrom(day));
    },

    async afterMove(id, moved, when) {
      if (moved.before.stage === moved.after.stage) return moved.after;
      const day = schoolToday(new Date(when.changedAt));
      const next = followUpAfterStageMove(moved.after.stage, day, await repository.holidayDaysFrom(day));
      if (!next) return moved.after;
      return (await repository.setFollowUp(id, next, when))?.after ?? moved.after;
    },

    holidays: (scope) => repository.holidaysFrom(today(scope)),

    async addHoliday(scope, holiday) {
      if (holiday.day < today(scope)) throw new TRPCError({ code: 'BAD_REQUEST', message: holidayMessages.passed });
      const result = await repository.addHoliday(holiday);
      if ('taken' in result) throw new TRPCError({ code: 'CONFLICT', message: holidayMessages.taken(result.taken) });
      await audit(scope, 'holiday-added', result.added);
      return result.added;
    },

    async removeHoliday(scope, day) {
      const removed = await repository.removeHoliday(day);
      if (!removed) throw new TRPCError({ code: 'NOT_FOUND', message: holidayMessages.gone });
      await audit(scope, 'holiday-removed', removed);
      return removed;
    },
  };
}
