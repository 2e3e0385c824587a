import express, { type Response } from 'express';
import { VISIT_BOOKING_PATH } from '#shared/admissions/visits.ts';
import type { Services } from '#server/services.ts';
import { loginClientKey } from '#server/modules/staff/service.ts';
import { crossSiteRejection } from '#server/platform/originCheck.ts';
import { arrivingScope } from '#server/requestScope.ts';
import { visitPage, visitPagePolicy, type PageNotice } from './visitPage';
import type { VisitAction, VisitPageState } from './service';

/** A booking form is three short fields; anything larger is not ours. */
const BODY_LIMIT = '2kb';

const statusOf = (state: VisitPageState, notice: PageNotice | undefined) => {
  if (state.view === 'invalid') return 404;
  if (notice === 'no-choice') return 400;
  return notice === 'booked' || notice === 'moved' || notice === 'cancelled' || notice === undefined ? 200 : 409;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The action a posted form asks for, or undefined when no time was chosen (or the form is not ours). */
function postedAction(body: Record<string, unknown>): VisitAction | undefined {
  const action = text(body.action);
  if (action === 'cancel') return { action };
  const slotId = Number(text(body.slot));
  if ((action === 'book' || action === 'move') && Number.isSafeInteger(slotId) && slotId > 0) return { action, slotId };
  return undefined;
}

/**
 * GET /visit?t=… shows a family’s booking page (with &confirm=cancel, the question before cancelling); POST /visit (a plain form: t, action, slot) books,
 * moves or cancels, and answers with the page again. The token travels in the query string and
 * the form body: our log records a request's path, never its query or body, and Caddy's access
 * log drops query strings (deploy/Caddyfile); no-referrer keeps it from other sites.
 */
export function visitBooking(services: Services): express.Router {
  const router = express.Router();

  async function send(res: Response, state: VisitPageState, notice?: PageNotice, askToCancel = false) {
    res
      .status(statusOf(state, notice))
      .setHeader('Content-Security-Policy', visitPagePolicy)
      .setHeader('Cache-Control', 'no-store')
      .setHeader('Referrer-Policy', 'no-referrer')
      .setHeader('X-Robots-Tag', 'noindex')
      .type('html')
      .send(visitPage(state, await services.sitePublisher.schoolContact(), notice, askToCancel));
  }

  router.get(VISIT_BOOKING_PATH, async (req, res) => {
    // ?confirm=cancel: the question before a cancellation, asked by the page's Cancel button.
    await send(
      res,
      await services.visits.page(arrivingScope(req, services.now()), text(req.query.t)),
      undefined,
      req.query.confirm === 'cancel',
    );
  });

  // Another site's page could post this form with the family's link (the page holds no session to steal, but a booking is a change).
  router.post(VISIT_BOOKING_PATH, (req, res, next) => {
    const rejection = crossSiteRejection(req, services.config);
    if (rejection) res.status(rejection.status).type('text').send(rejection.message);
    else next();
  });
  router.post(
    VISIT_BOOKING_PATH,
    express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 10 }),
    async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const token = text(body.t);
      const action = postedAction(body);
      const scope = arrivingScope(req, services.now());
      if (!action) return send(res, await services.visits.page(scope, token), 'no-choice');
      const { state, notice } = await services.visits.act(scope, token, action, loginClientKey(req.ip ?? ''));
      return send(res, state, notice);
    },
  );

  return router;
}
