import express from 'express';
import { PARENT_DOCUMENT_PATH, parentDocumentMessages } from '#shared/parents/documents.ts';
import { PARENT_CALENDAR_PATH } from '#shared/parents/events.ts';
import { parentMessages } from '#shared/parents/parentsCorner.ts';
import { parentSessionCookieName } from '#server/modules/staff/service.ts';
import { arrivingScope } from '#server/requestScope.ts';
import type { Services } from '#server/services.ts';

const feedGone = 'This calendar address is not in use. Please copy the new one from the Parents’ Corner.';

/** A document's file name for the browser's "Save": its title in plain letters and digits. */
const downloadName = (title: string) =>
  `${
    title
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'document'
  }.pdf`;

/**
 * The Parents' Corner's two GET paths, thin over the parents' service: a guardian's calendar feed
 * (its key in the query string, which neither our log nor the proxy's keeps) and a document's PDF
 * for a signed-in parent. Neither is ever cached by anyone but the parent's own device.
 */
export function parentsRest(services: Services): express.Router {
  const router = express.Router();
  const { parents, config } = services;

  router.get(PARENT_CALENDAR_PATH, async (req, res) => {
    const key = typeof req.query.key === 'string' ? req.query.key : '';
    const feed = await parents.calendarFeed(arrivingScope(req, services.now()), key);
    res.setHeader('Cache-Control', 'private, no-store').setHeader('Referrer-Policy', 'no-referrer');
    if (feed === undefined) {
      res.status(404).type('text/plain').send(feedGone);
      return;
    }
    res
      .type('text/calendar; charset=utf-8')
      .setHeader('Content-Disposition', 'inline; filename="school-events.ics"')
      .send(feed);
  });

  router.get(`${PARENT_DOCUMENT_PATH}/:id`, async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    const token: unknown = req.cookies?.[parentSessionCookieName(config)];
    if (
      !(await parents.guardianOf(arrivingScope(req, services.now()), typeof token === 'string' ? token : undefined))
    ) {
      res.status(401).type('text/plain').send(parentMessages.signedOut);
      return;
    }
    const id = Number(req.params.id);
    const document = Number.isSafeInteger(id) && id > 0 ? await parents.documentFile(id) : undefined;
    if (!document) {
      res.status(404).type('text/plain').send(parentDocumentMessages.notAvailable);
      return;
    }
    res
      .type('application/pdf')
      // Chrome shows a PDF through its own embedded viewer, which the site's policy (object-src 'none', no inline styles) would block.
      .setHeader('Content-Security-Policy', "frame-ancestors 'none'")
      .setHeader('Content-Disposition', `inline; filename="${downloadName(document.title)}"`)
      .send(document.bytes);
  });

  return router;
}
