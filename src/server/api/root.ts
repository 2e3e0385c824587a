import { createCallerFactory, router } from '#server/trpc.ts';
import { authRouter } from '#server/modules/staff/authRouter.ts';
import { enquiriesRouter } from '#server/modules/enquiries/router.ts';
import { mailRouter } from '#server/modules/mail/router.ts';
import { dashboardRouter } from '#server/modules/enquiries/dashboardRouter.ts';
import { privacyRouter } from '#server/modules/privacy/router.ts';
import { staffRouter } from '#server/modules/staff/staffRouter.ts';
import { accountRouter } from '#server/modules/staff/accountRouter.ts';
import { contentRouter } from '#server/modules/content/router.ts';
import { twoStepRouter } from '#server/modules/staff/twoStepRouter.ts';
import { photosRouter } from '#server/modules/photos/router.ts';
import { admissionsRouter } from '#server/modules/admissions/router.ts';
import { followUpsRouter } from '#server/modules/followUps/router.ts';
import { holidaysRouter } from '#server/modules/followUps/holidaysRouter.ts';
import { reportRouter } from '#server/modules/admissions/reportRouter.ts';
import { visitsRouter } from '#server/modules/visits/router.ts';
import { parentsRouter } from '#server/modules/parents/router.ts';

/** All procedures, one sub-router per area. */
export const appRouter = router({
  enquiries: enquiriesRouter,
  auth: authRouter,
  dashboard: dashboardRouter,
  mail: mailRouter,
  privacy: privacyRouter,
  staff: staffRouter,
  account: accountRouter,
  content: contentRouter,
  twoStep: twoStepRouter,
  photos: photosRouter,
  admissions: admissionsRouter,
  followUps: followUpsRouter,
  holidays: holidaysRouter,
  report: reportRouter,
  visits: visitsRouter,
  parents: parentsRouter,
});

export type AppRouter = typeof appRouter;

/** Calls any procedure directly (the dashboard benchmark); a module's REST adapters build a caller of their own router alike. */
export const createCaller = createCallerFactory(appRouter);
