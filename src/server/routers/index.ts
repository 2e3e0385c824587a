import { createCallerFactory, router } from '../trpc';
import { authRouter } from './auth';
import { enquiriesRouter } from '../modules/enquiries/router';
import { mailRouter } from './mail';
import { dashboardRouter } from './dashboard';
import { privacyRouter } from './privacy';
import { staffRouter } from './staff';
import { accountRouter } from './account';
import { contentRouter } from '../modules/content/router';
import { twoStepRouter } from './twoStep';
import { photosRouter } from '../modules/photos/router';
import { admissionsRouter } from './admissions';
import { followUpsRouter } from '../modules/followUps/router';
import { holidaysRouter } from './holidays';
import { reportRouter } from './report';
import { visitsRouter } from '../modules/visits/router';
import { parentsRouter } from '../modules/parents/router';

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

/** Calls procedures directly; the REST adapters use it so both paths share one implementation. */
export const createCaller = createCallerFactory(appRouter);
