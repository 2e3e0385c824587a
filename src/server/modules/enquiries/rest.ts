import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import { z, ZodError } from 'zod';
import type { inferRouterInputs } from '@trpc/server';
import { envelopeFieldNames, idempotencyKeyMessages } from '#shared/enquiries/envelope.ts';
import { enquiryForms, type FormPostResult } from '#shared/enquiries/formPostResult.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import { enquiryOutcomeMessages } from '#shared/enquiries/outcomeMessages.ts';
import { schoolToday } from '#shared/time.ts';
import type { SchoolContact } from '#content/schoolFacts.ts';
import { enquiryRefusals } from './service';
import type { Services } from '#server/services.ts';
import { createCallerFactory, createContext } from '#server/trpc.ts';
import { enquiriesRouter } from './router';
import { requestRefusal } from '#server/platform/requestBodies.ts';
import { escapeMarkup } from '#shared/escapeMarkup.ts';

/**
 * Request body caps, above the largest body the document allows (each field at its limit). JSON
 * carries text as UTF-8, at most 4 bytes a character: a 5,000-character message is at most 20 KB.
 * A form post percent-encodes each byte, so such a message takes up to 60 KB there (45 KB in Tamil).
 */
export const enquiryBodyLimits = { json: 32 * 1024, form: 96 * 1024 } as const;

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
/** Our forms send under a dozen; a post with more is not from them. */
const MAX_FORM_FIELDS = 50;
const JSON_CONTENT_TYPE = 'application/json';

const restMessages = {
  invalid: 'Please correct the highlighted fields and send again.',
  unsupportedType:
    'Please send the enquiry as JSON (application/json) or as an HTML form post (application/x-www-form-urlencoded).',
  tooLarge: 'The enquiry is too large to send. Please shorten the message and try again.',
  notAnObject: 'Please send the enquiry as a JSON object of its fields.',
  tooManyFields: `The form sent more than ${MAX_FORM_FIELDS} fields. Please send only the form's own fields.`,
} as const;

/** Envelope fields travel with an enquiry but are not the parent's answers: not shown again, not part of a derived key. */
const envelopeFields: ReadonlySet<string> = new Set(envelopeFieldNames);

type EnquiryInputs = inferRouterInputs<typeof enquiriesRouter>;

// The enquiry procedures alone: the adapter needs no other subject's router.
const createCaller = createCallerFactory(enquiriesRouter);

type Answer = { status: number; message: string; fieldErrors: Record<string, string[] | undefined> };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A form post's fields as single strings (a repeated name keeps its first value), or undefined
 * when there are too many. Decoded with URLSearchParams, which turns a byte sequence that is not
 * UTF-8 into U+FFFD, so the shared schema names the field that could not be read.
 */
function postedFields(body: string): Record<string, string> | undefined {
  const params = new URLSearchParams(body);
  const fields: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of params) {
    if (++count > MAX_FORM_FIELDS) return undefined;
    fields[name] ??= value;
  }
  return fields;
}

const asText = (fields: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

/**
 * A form posted without JavaScript has no idempotency key (the page is static), nor need a REST
 * client send one. The key is then derived from what was sent, by whom, on which school day:
 * pressing Send twice, or reloading the thank-you page (which posts again), stores the enquiry once.
 */
function derivedIdempotencyKey(form: EnquiryKind, fields: Record<string, unknown>, ip: string, now: Date): string {
  const answers = Object.entries(fields)
    .filter(([name]) => !envelopeFields.has(name))
    .sort(([a], [b]) => a.localeCompare(b));
  const hex = createHash('sha256')
    .update(JSON.stringify([form, schoolToday(now), ip, answers]))
    .digest('hex');
  // Shaped as an RFC 9562 version 8 (custom) UUID, which the envelope schema accepts.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The idempotency key a REST client chose: the Idempotency-Key header (IETF httpapi draft; a
 * quoted structured-field string or bare) or the body's idempotencyKey. Undefined when neither
 * came; a Answer when the two disagree.
 */
function chosenIdempotencyKey(req: Request, body: Record<string, unknown>): string | undefined | Answer {
  const header = req
    .get('idempotency-key')
    ?.trim()
    .replace(/^"(.*)"$/, '$1');
  const inBody =
    typeof body.idempotencyKey === 'string' && body.idempotencyKey !== '' ? body.idempotencyKey : undefined;
  if (header !== undefined && inBody !== undefined && header !== inBody) {
    return {
      status: 400,
      message: restMessages.invalid,
      fieldErrors: { idempotencyKey: [idempotencyKeyMessages.differ] },
    };
  }
  return header ?? inBody;
}

function answerFromError(error: TRPCError, form: EnquiryKind, contact: SchoolContact): Answer {
  const status = getHTTPStatusCodeFromError(error);
  if (error.cause instanceof ZodError)
    return { status, message: restMessages.invalid, fieldErrors: z.flattenError(error.cause).fieldErrors };
  // A server failure's own message is not meant for people; the spec's failure text stands in,
  // or, for a failure expected to pass (503, with Retry-After), that nothing was received yet.
  if (status === 503) return { status, message: enquiryRefusals.unavailable(contact), fieldErrors: {} };
  return { status, message: status >= 500 ? enquiryRefusals.failed(form, contact) : error.message, fieldErrors: {} };
}

/** Used only when the site's renderer cannot be loaded: a plain page that still tells the parent what happened. */
function plainPage(title: string, text: string, backPath: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeMarkup(title)}</title></head>`,
    `<body><main><h1>${escapeMarkup(title)}</h1><p>${escapeMarkup(text)}</p><p><a href="${escapeMarkup(backPath)}">Back to the form</a></p></main></body>`,
    '</html>',
  ].join('\n');
}

/**
 * POST /api/contact and POST /api/admission-enquiry: thin adapters over the tRPC procedures
 * (through createCaller, so there is one implementation of every rule). JSON in, JSON out; an
 * ordinary HTML form post (JavaScript off) is answered with the form's page, rendered around
 * the outcome: the thank-you view, or the form again with the parent's values and messages.
 */
export function enquiryRest(services: Services): express.Router {
  const { log } = services;
  const rest = express.Router();

  async function sendPage(
    res: Response,
    status: number,
    result: FormPostResult,
    fallbackTitle: string,
    fallbackText: string,
  ) {
    // Rendered at the address the form posted to, which the client also resolves to the form's page.
    const { action: page, page: formPage } = enquiryForms[result.form];
    res.status(status).setHeader('Cache-Control', 'no-store');
    try {
      res.type('html').send(await services.sitePublisher.renderDocument(page, { formPostResult: result }));
    } catch (error) {
      log.error('Form answer page could not be rendered; sent a plain page', { page, error: String(error) });
      res.type('html').send(plainPage(fallbackTitle, fallbackText, formPage));
    }
  }

  function sendJson(res: Response, status: number, body: Record<string, unknown>) {
    res.status(status).setHeader('Cache-Control', 'no-store');
    res.json(body);
  }

  const isFormPost = (req: Request) => req.is(FORM_CONTENT_TYPE) === FORM_CONTENT_TYPE;

  const handle = (form: EnquiryKind) => async (req: Request, res: Response) => {
    const formPost = isFormPost(req);
    if (!formPost && !isPlainObject(req.body)) {
      sendJson(res, 400, { message: restMessages.notAnObject, fieldErrors: {} });
      return;
    }
    const posted = formPost
      ? postedFields(typeof req.body === 'string' ? req.body : '')
      : (req.body as Record<string, unknown>);
    const fields: Record<string, unknown> = posted ?? {};
    // A form post leaves out a box that is not ticked; our form's rules then apply to it.
    if (formPost && posted) for (const box of enquiryForms[form].checkboxes) fields[box] ??= '';

    let answer: Answer;
    const chosenKey = chosenIdempotencyKey(req, fields);
    if (!posted) answer = { status: 413, message: restMessages.tooManyFields, fieldErrors: {} };
    else if (typeof chosenKey === 'object') answer = chosenKey;
    else {
      const context = createContext(services, req, res);
      const idempotencyKey = chosenKey ?? derivedIdempotencyKey(form, fields, req.ip ?? '', context.scope.at);
      // The procedure validates the body itself (its .input schema); the type names what it expects.
      const input = { ...fields, idempotencyKey };
      const caller = createCaller(context);
      try {
        const receipt =
          form === 'contact'
            ? await caller.submitContact(input as EnquiryInputs['submitContact'])
            : await caller.submitAdmission(input as EnquiryInputs['submitAdmission']);
        const message = enquiryOutcomeMessages[form].success;
        const booking =
          'bookingUrl' in receipt && typeof receipt.bookingUrl === 'string' ? { bookingUrl: receipt.bookingUrl } : {};
        if (!formPost) return sendJson(res, 201, { message, id: receipt.id, ...booking });
        const thankYou: FormPostResult = { form, outcome: 'sent', values: {}, fieldErrors: {}, ...booking };
        return await sendPage(res, 200, thankYou, 'Thank You!', message);
      } catch (error) {
        if (!(error instanceof TRPCError)) throw error;
        answer = answerFromError(error, form, await services.sitePublisher.schoolContact());
      }
    }

    if (!formPost) return sendJson(res, answer.status, { message: answer.message, fieldErrors: answer.fieldErrors });
    const values = asText(Object.fromEntries(Object.entries(fields).filter(([name]) => !envelopeFields.has(name))));
    const result: FormPostResult =
      answer.status === 400
        ? { form, outcome: 'invalid', values, fieldErrors: answer.fieldErrors, formError: answer.message }
        : { form, outcome: 'failed', values, fieldErrors: {}, formError: answer.message };
    return sendPage(res, answer.status, result, 'Your enquiry was not sent', answer.message);
  };

  const requireKnownType: express.RequestHandler = (req, res, next) => {
    if (req.is([JSON_CONTENT_TYPE, FORM_CONTENT_TYPE])) return next();
    sendJson(res, 415, { message: restMessages.unsupportedType });
  };

  const parsers = [
    express.json({ limit: enquiryBodyLimits.json, type: JSON_CONTENT_TYPE }),
    express.text({ limit: enquiryBodyLimits.form, type: FORM_CONTENT_TYPE, defaultCharset: 'utf-8' }),
  ];

  rest.post('/contact', requireKnownType, parsers, handle('contact'));
  rest.post('/admission-enquiry', requireKnownType, parsers, handle('admission'));

  /** Body-parser refusals: too large, not JSON, a compressed body that is not, an unknown charset. Never a 500 for bad input. */
  const bodyErrors: ErrorRequestHandler = (error: unknown, req, res, next) => {
    const refusal = res.headersSent ? undefined : requestRefusal(error);
    if (!refusal) return next(error);
    const { status } = refusal;
    const message = status === 413 ? restMessages.tooLarge : refusal.message;
    log.info('Enquiry body refused', { path: req.path, status, ip: req.ip });
    const form: EnquiryKind = req.path.startsWith('/contact') ? 'contact' : 'admission';
    if (!isFormPost(req)) return sendJson(res, status, { message, fieldErrors: {} });
    const result: FormPostResult = { form, outcome: 'failed', values: {}, fieldErrors: {}, formError: message };
    void sendPage(res, status, result, 'Your enquiry was not sent', message).catch(next);
  };
  rest.use(bodyErrors);

  return rest;
}
