import express, { type ErrorRequestHandler } from 'express';
import { reportRest } from '#server/modules/admissions/reportRest.ts';
import { contentRest } from '#server/modules/content/rest.ts';
import { dashboardRest } from '#server/modules/enquiries/dashboardRest.ts';
import { privacyRest } from '#server/modules/privacy/rest.ts';
import { authRest } from '#server/modules/staff/authRest.ts';
import type { Services } from '#server/services.ts';
import { sameOriginJsonMutations } from '#server/platform/originCheck.ts';
import { requestRefusal } from '#server/platform/requestBodies.ts';

/**
 * The spec's REST paths (docs/spec.md §7) under /api/admin. Each module's adapters are a thin layer
 * over the same tRPC procedures the dashboard calls (a caller of the module's own router), so checks
 * and behaviour are shared; here they share the origin check, the body limit and the bad-body answer.
 */
export function adminRest(services: Services): express.Router {
  const rest = express.Router();
  rest.use(sameOriginJsonMutations(services.config));
  rest.use(express.json({ limit: '16kb' }));

  rest.use(authRest(services));
  rest.use(contentRest(services));
  rest.use(dashboardRest(services));
  rest.use(reportRest(services));
  rest.use(privacyRest(services));

  const badBody: ErrorRequestHandler = (error, _req, res, next) => {
    const refusal = requestRefusal(error);
    if (!refusal) return next(error);
    res.status(refusal.status).json({ message: refusal.message });
  };
  rest.use(badBody);
  return rest;
}
