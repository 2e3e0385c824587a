import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import writeXlsxFile from 'write-excel-file/node';
import express from 'express';
import { enquiryExportQuerySchema } from '#shared/dashboard/index.ts';
import type { Services } from '#server/services.ts';
import { createCallerFactory, createContext } from '#server/trpc.ts';
import { csvText } from '#server/platform/csvText.ts';
import { restHandler, restQuery } from '#server/platform/restAdapter.ts';
import { dashboardRouter } from './dashboardRouter';

const createCaller = createCallerFactory(dashboardRouter);

/** The office's enquiries (under /api/admin): the dashboard's snapshot, and the export as CSV or as a workbook. */
export function dashboardRest(services: Services): express.Router {
  const rest = express.Router();
  const handle = restHandler(services.log);
  const callerFor = (req: express.Request, res: express.Response) => createCaller(createContext(services, req, res));
  // Typed once here for the caller; the procedure validates the same schema again.
  const exportOf = (req: express.Request, res: express.Response) =>
    callerFor(req, res).export(restQuery(enquiryExportQuerySchema, { ...req.query, kind: req.params.kind }));

  rest.get(
    '/submissions',
    handle(async (req, res) => {
      res.json(await callerFor(req, res).snapshot());
    }),
  );

  /**
   * The CSV download: rows are read in batches and each batch is written as it comes (back-pressure
   * from the connection pauses the reading), behind a UTF-8 byte-order mark so Excel reads Tamil
   * names correctly; csv-stringify quotes per RFC 4180, with CRLF between records. A batch at a
   * time keeps the per-record stream overhead out of a 100,000-row export. The first batch is read
   * before anything is sent, so a query the database refuses is an error answer, not a 200 that
   * stops after the header row.
   */
  rest.get(
    '/export/:kind.csv',
    handle(async (req, res) => {
      const { filename, header, recordBatches } = await exportOf(req, res);
      const batches = recordBatches[Symbol.asyncIterator]();
      const first = await batches.next();
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
      const csvChunks = async function* () {
        yield csvText([header], { fileStart: true });
        for (let batch = first; !batch.done; batch = await batches.next()) yield csvText(batch.value);
      };
      await pipeline(Readable.from(csvChunks()), res);
    }),
  );

  /**
   * The same export as an .xlsx workbook (issue 35): a CSV opened by a double-click in LibreOffice
   * is read in the system's legacy encoding and Tamil turns to mojibake, a workbook carries its
   * text as Unicode. The same procedure gives the same header and records; the workbook is built
   * whole in memory, as the format is a zip of the sheet.
   */
  rest.get(
    '/export/:kind.xlsx',
    handle(async (req, res) => {
      const { filename, header, recordBatches } = await exportOf(req, res);
      const rows: string[][] = [header];
      for await (const batch of recordBatches) rows.push(...batch);
      const workbook = await writeXlsxFile(rows, { sheet: 'Enquiries' }).toBuffer();
      res.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/\.csv$/, '.xlsx')}"`);
      res.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(workbook);
    }),
  );

  return rest;
}
