import express from 'express';
import { personDataFileName, personExportQuerySchema } from '#shared/dashboard/index.ts';
import { retentionPeriods } from '#shared/retention.ts';
import type { Services } from '#server/services.ts';
import { createCallerFactory, createContext } from '#server/trpc.ts';
import { restHandler, restQuery } from '#server/platform/restAdapter.ts';
import { personDataPage, personDataPagePolicy } from './personDataPage';
import { privacyRouter } from './router';

const createCaller = createCallerFactory(privacyRouter);

/** A person's data in the enquiries the office ticked (under /api/admin), for their request to see what the school holds (the dashboard's Data requests tab). */
export function privacyRest(services: Services): express.Router {
  const rest = express.Router();
  const handle = restHandler(services.log);
  const personData = (req: express.Request, res: express.Response) =>
    createCaller(createContext(services, req, res)).exportPerson(restQuery(personExportQuerySchema, req.query));

  /** As a JSON file, for machines. */
  rest.get(
    '/export/person.json',
    handle(async (req, res) => {
      const data = await personData(req, res);
      res.setHeader('Content-Disposition', `attachment; filename="${personDataFileName(new Date(data.exportedAt))}"`);
      res.type('application/json').send(JSON.stringify(data, null, 2));
    }),
  );

  /** As a page in plain words that the office prints or saves as PDF for the person; its own policy allows its stylesheet alone. */
  rest.get(
    '/export/person.html',
    handle(async (req, res) => {
      const data = await personData(req, res);
      const periods = retentionPeriods(services.config.retention.closedEnquiryMonths);
      const page = personDataPage(data, periods, await services.sitePublisher.schoolContact());
      res.setHeader('Content-Security-Policy', personDataPagePolicy);
      res.setHeader(
        'Content-Disposition',
        `inline; filename="${personDataFileName(new Date(data.exportedAt), 'html')}"`,
      );
      res.setHeader('X-Robots-Tag', 'noindex');
      res.type('html').send(page);
    }),
  );

  return rest;
}
