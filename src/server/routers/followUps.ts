import { TRPCError } from '@trpc/server';
import { school } from '../../content/school';
import { followUpAfterStageMove, followUpForNewEnquiry } from '../../shared/admissions/followUp';
import { admissionRefSchema, followUpChangeSchema, followUpMessages } from '../../shared/admissions/followUpRequests';
import { schoolToday } from '../../shared/time';
import { recordAudit } from '../audit/recordAudit';
import { pipelinePlace, setFollowUp } from '../storage/admissionPipeline';
import { countDueFollowUps, listDueFollowUps } from '../storage/followUps';
import { holidayDaysFrom } from '../storage/schoolHolidays';
import { enquiryProcedure, router } from '../trpc';

const notFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: 'This admission enquiry is no longer in the list.' });

/** Follow-ups of admission enquiries (issue 24, decision 0039): Owner and Office; an Editor sees none of it. */
export const followUpsRouter = router({
  /** An enquiry's stage and follow-up date, the date the rule would suggest today for its stage, and the school's name for the WhatsApp message. */
  card: enquiryProcedure.input(admissionRefSchema).query(async ({ ctx, input }) => {
    const { db } = ctx.services.storage;
    const place = await pipelinePlace(db, input.id);
    if (!place) throw notFound();
    const today = schoolToday(ctx.services.now());
    const holidays = await holidayDaysFrom(db, today);
    const suggested = followUpAfterStageMove(place.stage, today, holidays) ?? followUpForNewEnquiry(today, holidays);
    const visit = await ctx.services.visits.openBooking(input.id);
    return {
      stage: place.stage,
      followUpOn: place.followUpOn,
      suggested,
      today,
      schoolName: school.name,
      visitAt: visit?.startsAt,
    };
  }),

  /** Sets or clears (null) the follow-up date (an enrolled child gets none); the enquiry's history and the audit trail record it. */
  set: enquiryProcedure.input(followUpChangeSchema).mutation(async ({ ctx, input }) => {
    // "Due today" leaves enrolled children out, so a date on one would be confirmed and never seen.
    if (input.followUpOn !== null && (await pipelinePlace(ctx.services.storage.db, input.id))?.stage === 'enrolled') {
      throw new TRPCError({ code: 'BAD_REQUEST', message: followUpMessages.enrolled });
    }
    const result = await setFollowUp(ctx.services.storage.db, input.id, input.followUpOn, {
      changedAt: ctx.services.now().toISOString(),
      sessionId: ctx.session.sessionId,
      accountId: ctx.session.account.id,
    });
    if (!result) throw notFound();
    if (result.before.followUpOn !== result.after.followUpOn) {
      await recordAudit(ctx, 'follow-up-change', {
        kind: 'admission',
        id: input.id,
        from: result.before.followUpOn,
        to: result.after.followUpOn,
      });
    }
    return { followUpOn: result.after.followUpOn };
  }),

  /** "Due today": follow-ups on or before today at the school, overdue first. */
  due: enquiryProcedure.query(({ ctx }) => listDueFollowUps(ctx.services.storage.db, schoolToday(ctx.services.now()))),

  /** How many are due, for the menu. */
  dueCount: enquiryProcedure.query(({ ctx }) =>
    countDueFollowUps(ctx.services.storage.db, schoolToday(ctx.services.now())),
  ),
});
