import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { stringify } from 'csv-stringify/sync';
import writeXlsxFile from 'write-excel-file/node';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { enquiryExportQuerySchema, personDataFileName, personExportQuerySchema } from '#shared/dashboard/index.ts';
import { reportQuerySchema } from '#shared/admissions/report.ts';
import { reportCsv } from '#shared/admissions/reportCsv.ts';
import { retentionPeriods } from '#shared/retention.ts';
import { personDataPage, personDataPagePolicy } from '#server/modules/privacy/service.ts';
import { twoStepMessages } from '#shared/staff/twoStepMessages.ts';
import { slowedSignIn } from '#shared/dashboard/staffSignIn.ts';
import { createCaller } from '#server/api/root.ts';
import type { Services } from '#server/services.ts';
import { createContext } from '#server/trpc.ts';
import { sameOriginJsonMutations } from '#server/platform/originCheck.ts';
import { isServerFailure, publicErrorMessage } from '#server/platform/publicErrors.ts';
import { requestRefusal } from '#server/platform/requestBodies.ts';

/**
 * CRLF between records (RFC 4180), and every field holding a line break quoted: csv-stringify
 * quotes only the record delimiter itself, so a message with a lone CR or LF and no comma went
 * out bare and spreadsheets started a new row inside it.
 */
const csvOptions = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

/**
 * The spec's REST paths (docs/spec.md §7) under /api/admin. Each is a thin adapter over the same tRPC
 * procedure the dashboard calls (through createCaller), so checks and behaviour are shared.
 */
export function adminRest(services: Services): express.Router {
  const rest = express.Router();
  const callerFor = (req: Request, res: Response) => createCaller(createContext(services, req, res));

  const handle =
    (action: (req: Request, res: Response) => Promise<void>): RequestHandler =>
    async (req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      try {
        await action(req, res);
      } catch (error) {
        if (!(error instanceof TRPCError) || res.headersSent) return next(error);
        if (isServerFailure(error))
          services.log.error('Admin request failed', { path: req.path, error: String(error.cause ?? error) });
        const message = publicErrorMessage(error);
        // The spec's login answers with a message; an account with two-step login on also says a code is needed (decision 0026).
        const twoStep =
          message === twoStepMessages.codeNeeded || message === twoStepMessages.invalidCode
            ? { twoStepRequired: true }
            : {};
        // A new browser while the account is being guessed at: the same login again with a one-time code (decision 0051).
        const codeRequired = slowedSignIn.is(message) || message === slowedSignIn.invalid ? { codeRequired: true } : {};
        res.status(getHTTPStatusCodeFromError(error)).json({ message, ...twoStep, ...codeRequired });
      }
    };

  rest.use(sameOriginJsonMutations(services.config));
  rest.use(express.json({ limit: '16kb' }));

  rest.post(
    '/login',
    handle(async (req, res) => {
      res.json(await callerFor(req, res).auth.login(req.body));
    }),
  );

  rest.post(
    '/logout',
    handle(async (req, res) => {
      res.json(await callerFor(req, res).auth.logout());
    }),
  );

  rest.get(
    '/session',
    handle(async (req, res) => {
      res.json(await callerFor(req, res).auth.session());
    }),
  );

  /** A page with the draft site content, for staff only: never cached, never indexed. */
  rest.get(
    '/content/preview',
    handle(async (req, res) => {
      const { html } = await callerFor(req, res).content.preview({
        path: typeof req.query.path === 'string' ? req.query.path : undefined,
      });
      res.setHeader('X-Robots-Tag', 'noindex');
      res.type('html').send(html);
    }),
  );

  rest.get(
    '/submissions',
    handle(async (req, res) => {
      res.json(await callerFor(req, res).dashboard.snapshot());
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
      // Typed once here for the caller; the procedure validates the same schema again.
      const query = enquiryExportQuerySchema.safeParse({ ...req.query, kind: req.params.kind });
      if (!query.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: query.error });
      const { filename, header, recordBatches } = await callerFor(req, res).dashboard.export(query.data);
      const batches = recordBatches[Symbol.asyncIterator]();
      const first = await batches.next();
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
      const csvChunks = async function* () {
        yield stringify([header], { ...csvOptions, bom: true });
        for (let batch = first; !batch.done; batch = await batches.next()) yield stringify(batch.value, csvOptions);
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
      const query = enquiryExportQuerySchema.safeParse({ ...req.query, kind: req.params.kind });
      if (!query.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: query.error });
      const { filename, header, recordBatches } = await callerFor(req, res).dashboard.export(query.data);
      const rows: string[][] = [header];
      for await (const batch of recordBatches) rows.push(...batch);
      const workbook = await writeXlsxFile(rows, { sheet: 'Enquiries' }).toBuffer();
      res.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/\.csv$/, '.xlsx')}"`);
      res.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(workbook);
    }),
  );

  /** The admissions report's figures (?from=YYYY-MM&to=YYYY-MM, by default the last 12 months) as a spreadsheet. */
  rest.get(
    '/report.csv',
    handle(async (req, res) => {
      const query = reportQuerySchema.safeParse(req.query);
      if (!query.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: query.error });
      const { filename, header, records } = reportCsv(await callerFor(req, res).report.admissions(query.data));
      res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
      res.type('text/csv; charset=utf-8').send(stringify([header, ...records], { ...csvOptions, bom: true }));
    }),
  );

  /** A person's data in the enquiries the office ticked, for their request to see what the school holds (the dashboard's Data requests tab). */
  const personData = async (req: Request, res: Response) => {
    const query = personExportQuerySchema.safeParse(req.query);
    if (!query.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: query.error });
    return callerFor(req, res).privacy.exportPerson(query.data);
  };

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

  const badBody: ErrorRequestHandler = (error, _req, res, next) => {
    const refusal = requestRefusal(error);
    if (!refusal) return next(error);
    res.status(refusal.status).json({ message: refusal.message });
  };
  rest.use(badBody);
  return rest;
}
