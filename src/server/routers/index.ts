import { createCallerFactory, router } from '../trpc';

/** All procedures, one sub-router per area. */
export const appRouter = router({});

export type AppRouter = typeof appRouter;

/** Calls procedures directly; the REST adapters use it so both paths share one implementation. */
export const createCaller = createCallerFactory(appRouter);
