import express from 'express';
import { reportQuerySchema } from '#shared/admissions/report.ts';
import { reportCsv } from '#shared/admissions/reportCsv.ts';
import type { Services } from '#server/services.ts';
import { createCallerFactory, createContext } from '#server/trpc.ts';
import { csvText } from '#server/platform/csvText.ts';
import { restHandler, restQuery } from '#server/platform/restAdapter.ts';
import { reportRouter } from './reportRouter';

const createCaller = createCallerFactory(reportRouter);

/** The admissions report's figures (?from=YYYY-MM&to=YYYY-MM, by default the last 12 months) as a spreadsheet, under /api/admin. */
export function reportRest(services: Services): express.Router {
  const rest = express.Router();
  const handle = restHandler(services.log);

  rest.get(
    '/report.csv',
    handle(async (req, res) => {
      const query = restQuery(reportQuerySchema, req.query);
      const figures = await createCaller(createContext(services, req, res)).admissions(query);
      const { filename, header, records } = reportCsv(figures);
      res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
      res.type('text/csv; charset=utf-8').send(csvText([header, ...records], { fileStart: true }));
    }),
  );

  return rest;
}
