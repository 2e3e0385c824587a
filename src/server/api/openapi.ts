import { PARENT_DOCUMENT_PATH } from '#shared/parents/documents.ts';
import { PARENT_CALENDAR_PATH } from '#shared/parents/events.ts';
import { Router } from 'express';
import { z } from 'zod';
import { school } from '#content/school.ts';
import { previewRequestSchema } from '#shared/content/preview.ts';
import { idempotencyKeyField } from '#shared/enquiries/envelope.ts';
import { enquiryForms } from '#shared/enquiries/formPostResult.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import { admissionRequestBodySchema, contactRequestBodySchema } from '#shared/enquiries/requests.ts';
import { schoolToday } from '#shared/time.ts';
import { reportQuerySchema } from '#shared/admissions/report.ts';
import {
  staffLoginSchema,
  staffSessionStatusSchema,
  enquiryFiltersSchema,
  enquiryKindSchema,
  personLookupSchema,
  submissionsSnapshotSchema,
} from '#shared/dashboard/index.ts';
import { sessionCookieName } from '#server/modules/staff/service.ts';
import { enquiryBodyLimits } from '#server/modules/enquiries/rest.ts';
import type { Config } from '#server/config.ts';

/**
 * GET /api/openapi.json: the REST paths described as OpenAPI 3.1, generated from the zod
 * schemas the procedures validate with (zod's own JSON Schema output, draft 2020-12, which is
 * OpenAPI 3.1's dialect; what a check cannot say to JSON Schema, its schema states beside it with
 * .meta()). Only the operations' outline and every status each can answer are written here.
 * Tests check every path mounted under /api appears, the document against the OpenAPI schema,
 * and the server against the document (openapi.fuzz.test.ts).
 */

type JsonSchema = Record<string, unknown>;
type Content = Record<string, { schema: JsonSchema }>;

/** A zod schema as JSON Schema: what a client may send (input) or will receive (output). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const json = (schema: JsonSchema): Content => ({ 'application/json': { schema } });
const html: Content = { 'text/html': { schema: { type: 'string' } } };
const plainText: Content = { 'text/plain': { schema: { type: 'string' } } };
const answer = (description: string, content: Content) => ({ description, content });

const messageSchema = jsonSchema(z.object({ message: z.string() }), 'output');
const fieldErrors = z
  .record(z.string(), z.array(z.string()))
  .meta({ description: 'The messages of docs/spec.md §5, by field.' });
const fieldErrorsSchema = jsonSchema(z.object({ message: z.string(), fieldErrors }), 'output');
const enquiryRefusalSchema = jsonSchema(
  z.object({ message: z.string(), fieldErrors: fieldErrors.optional() }),
  'output',
);
const receiptSchema = jsonSchema(z.object({ message: z.string(), id: z.number().int() }), 'output');
const admissionReceiptSchema = jsonSchema(
  z.object({
    message: z.string(),
    id: z.number().int(),
    bookingUrl: z.url().meta({
      description:
        'Where the family books a visit to the school: a page of free times that works without JavaScript. The link carries a signed token for this enquiry, good for 30 days; offer it only to the family (it lets them move or cancel the visit).',
    }),
  }),
  'output',
);
const loginRefusalSchema = jsonSchema(
  z.object({
    message: z.string(),
    twoStepRequired: z
      .literal(true)
      .optional()
      .meta({ description: 'The account has two-step login on: send the same login again with `code`.' }),
    codeRequired: z.literal(true).optional().meta({
      description:
        'The account is being guessed at and this client has not signed in to it before: send the same login again with `code`, the one-time code emailed to the account (or printed by `npm run staff:sign-in-code`), or the two-step code. The answer is the same whether the password was right.',
    }),
  }),
  'output',
);

const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } },
};

/** A failure the server did not expect: JSON where the path's own handler caught it, plain text where the app's last one did. */
const failed = answer('Something went wrong on the server; the log has the cause.', {
  ...json(messageSchema),
  ...plainText,
});

/** An enquiry's refusal: JSON to JSON, and to an HTML form post the form's page again with the message. */
const enquiryRefusal = (description: string, schema: JsonSchema = enquiryRefusalSchema) =>
  answer(description, { ...json(schema), ...html });

const enquiryResponses = (form: EnquiryKind) => ({
  '200': answer('To an HTML form post: stored, and the thank-you page.', html),
  '201':
    form === 'admission'
      ? answer(
          'Stored. The message is the one the form shows; `id` is the enquiry number; `bookingUrl` is where the family books a visit.',
          json(admissionReceiptSchema),
        )
      : answer('Stored. The message is the one the form shows; `id` is the enquiry number.', json(receiptSchema)),
  '400': enquiryRefusal(
    "Not stored: `fieldErrors` names each field to correct. Also a body that is not a JSON object, and an Idempotency-Key header that differs from the body's idempotencyKey.",
    fieldErrorsSchema,
  ),
  '409': enquiryRefusal('The idempotency key was used before for other answers; nothing stored.'),
  '413': enquiryRefusal(
    `The body is larger than ${enquiryBodyLimits.json / 1024} KB as JSON or ${enquiryBodyLimits.form / 1024} KB as a form post (above any body these schemas allow), or a form post has more fields than any form sends.`,
  ),
  '415': enquiryRefusal(
    'Neither JSON nor an HTML form post, a compressed body the server cannot read, or a character set other than UTF-8.',
  ),
  '429': enquiryRefusal('Too many enquiries from this connection; the message says when to try again.'),
  '503': {
    ...enquiryRefusal(
      'Not stored: the server cannot store enquiries just now (a full disk, a busy database). Send the same enquiry, with the same idempotency key, again after Retry-After.',
    ),
    headers: retryAfter,
  },
  '500': answer('Not stored: the server failed; the message says how else to reach the school.', {
    ...json(enquiryRefusalSchema),
    ...html,
    ...plainText,
  }),
});

/**
 * The same body as an HTML form posts it: every value text, and each checkbox required with the
 * value a ticked box sends, since an unticked box is left out and the server reads that as unticked.
 */
function formPostSchema(schema: JsonSchema, form: EnquiryKind): JsonSchema {
  const textOnly = (property: JsonSchema): JsonSchema => {
    if (!Array.isArray(property.anyOf)) return property;
    const { anyOf, ...rest } = property;
    const texts = (anyOf as JsonSchema[]).filter((branch) => branch.type === 'string');
    return texts.length === 1 ? { ...rest, ...texts[0] } : { ...rest, anyOf: texts };
  };
  const properties = Object.fromEntries(
    Object.entries(schema.properties as Record<string, JsonSchema>).map(([name, property]) => [
      name,
      textOnly(property),
    ]),
  );
  const checkboxes: readonly string[] = enquiryForms[form].checkboxes;
  return { ...schema, properties, required: [...new Set([...(schema.required as string[]), ...checkboxes])] };
}

function enquiryPost(summary: string, form: EnquiryKind, body: z.ZodType) {
  const schema = jsonSchema(body, 'input');
  return {
    post: {
      summary,
      description:
        'Send the answers as JSON. Unknown fields are ignored. Without an idempotency key the server derives one from the answers, ' +
        'the sender and the day, so the same answers sent twice on one day are stored once. An HTML form post ' +
        '(application/x-www-form-urlencoded) is answered with a web page instead of JSON: the thank-you page, or the form again with its messages.',
      parameters: [
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Instead of the body field idempotencyKey (IETF httpapi draft); the two must agree when both are sent.',
          schema: jsonSchema(idempotencyKeyField, 'input'),
        },
      ],
      requestBody: {
        required: true,
        content: { ...json(schema), 'application/x-www-form-urlencoded': { schema: formPostSchema(schema, form) } },
      },
      responses: enquiryResponses(form),
    },
  };
}

const queryParameters = (schema: JsonSchema, descriptions: Record<string, string> = {}) =>
  Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    ...(descriptions[name] ? { description: descriptions[name] } : {}),
    schema: property,
  }));

/** The enquiry export's kind and the dashboard's filters, the same for the CSV and the .xlsx. */
const exportParameters = [
  { name: 'kind', in: 'path', required: true, schema: jsonSchema(enquiryKindSchema, 'input') },
  ...queryParameters(jsonSchema(enquiryFiltersSchema, 'input'), {
    search: 'Names, email and phone; empty is no filter.',
    from: 'The first day (YYYY-MM-DD, at the school); not after `to`, else 400.',
    to: 'The last day (YYYY-MM-DD, at the school); not before `from`, else 400.',
  }),
];

const personParameters = [
  ...queryParameters(jsonSchema(personLookupSchema, 'input'), {
    email: 'The address the person wrote from, in any letter case. Send this, `phone`, or both (400 for neither).',
    phone: 'Their phone number, with or without the country code. Send this, `email`, or both (400 for neither).',
  }),
  {
    name: 'enquiry',
    in: 'query',
    required: false,
    style: 'form',
    explode: true,
    schema: { type: 'array', items: { type: 'string', pattern: '^(contact|admission)-[1-9][0-9]*$' } },
    description:
      'Only these of the enquiries found (repeat for each, such as enquiry=contact-12&enquiry=admission-3); everything found when neither this nor `family` is given. One the search does not find is refused.',
  },
  {
    name: 'family',
    in: 'query',
    required: false,
    style: 'form',
    explode: true,
    schema: { type: 'array', items: { type: 'string', pattern: '^[1-9][0-9]{0,14}$' } },
    description:
      "Only these of the Parents' Corner families found, by number (repeat for each, such as family=7); everything found when neither this nor `enquiry` is given. One the search does not find is refused.",
  },
];

const staffOnly = (cookie: string) => ({ security: [{ [cookie]: [] }] });

/** What every staff path may answer besides its own: no session, a session that may not do this, a failure. */
const staffRefusals = {
  '401': answer('No live staff session: log in first.', json(messageSchema)),
  '403': answer(
    "The account's role does not allow this (see the summary), or the Owner requires two-step login and this account has not turned it on yet.",
    json(messageSchema),
  ),
  '500': failed,
};

/** The document for the day `now` falls on at the school (the birth-date window moves with it). */
export function openApiDocument(config: Config, now: Date) {
  const cookie = sessionCookieName(config);
  return {
    openapi: '3.1.0',
    info: {
      title: `${school.name}: enquiries and staff API`,
      version: '1',
      description:
        'The REST paths of the school website. Staff paths need the session cookie that POST /api/admin/login sets. ' +
        'Changes (POST) must be JSON, and a browser must send them from the site itself.',
    },
    servers: [{ url: config.publicUrl }],
    paths: {
      '/api/contact': enquiryPost('Send a contact message', 'contact', contactRequestBodySchema),
      '/api/admission-enquiry': enquiryPost(
        'Send an admission enquiry',
        'admission',
        admissionRequestBodySchema(() => now),
      ),
      '/api/admin/login': {
        post: {
          summary: 'Log in as staff; sets the session cookie',
          requestBody: { required: true, content: json(jsonSchema(staffLoginSchema, 'input')) },
          responses: {
            '200': answer(
              'Logged in ("Login successful"); the Set-Cookie header carries the session.',
              json(messageSchema),
            ),
            '400': answer(
              'The body is not JSON, or not an object of these fields; a code of nothing but spaces and dashes also has `twoStepRequired: true`. ' +
                'Also a browser on a plain-http address other than the machine itself while the session cookie is Secure (production): it would not keep the cookie.',
              json(loginRefusalSchema),
            ),
            '401': answer(
              'Wrong password ("Invalid password"), or an account with two-step login on: then the body also has `twoStepRequired: true`, ' +
                'and the same login is sent again with `code` (the 6 digits from the authenticator app, or a recovery code). ' +
                'While the account is being guessed at, a client that has not signed in to it before gets `codeRequired: true` whatever the password.',
              json(loginRefusalSchema),
            ),
            '403': answer('Sent by a browser from another site.', json(messageSchema)),
            '413': answer('The body is too large.', json(messageSchema)),
            '415': answer(
              'Not JSON (Content-Type: application/json), compressed in a way the server cannot read, or not UTF-8.',
              json(messageSchema),
            ),
            '429': {
              ...answer(
                'Too many failed attempts from this client (never for the account as a whole: see `codeRequired`).',
                json(messageSchema),
              ),
              headers: retryAfter,
            },
            '503': {
              ...answer(
                'The server is busy checking other logins: send the same login again after Retry-After.',
                json(messageSchema),
              ),
              headers: retryAfter,
            },
            '500': failed,
          },
        },
      },
      '/api/admin/logout': {
        post: {
          summary: 'End the session',
          responses: {
            '200': answer('Logged out; the cookie is cleared.', json(messageSchema)),
            '400': answer('A body was sent and it is not JSON.', json(messageSchema)),
            '403': answer('Sent by a browser from another site.', json(messageSchema)),
            '413': answer('The body is too large.', json(messageSchema)),
            '415': answer('A body was sent and it is not JSON.', json(messageSchema)),
            '500': failed,
          },
        },
      },
      '/api/admin/session': {
        get: {
          summary: 'Whether the session cookie is still live (asking does not extend it)',
          responses: {
            '200': answer('The session state.', json(jsonSchema(staffSessionStatusSchema, 'output'))),
            '500': failed,
          },
        },
      },
      '/api/admin/submissions': {
        get: {
          summary: 'Every enquiry of both kinds, newest first (docs/spec.md §7; Owner or Office)',
          ...staffOnly(cookie),
          responses: {
            '200': answer('Both lists.', json(jsonSchema(submissionsSnapshotSchema, 'output'))),
            ...staffRefusals,
          },
        },
      },
      '/api/admin/export/{kind}.csv': {
        get: {
          summary:
            'One kind of enquiry as a CSV file (UTF-8 with a byte-order mark), with the dashboard filters (Owner or Office)',
          ...staffOnly(cookie),
          parameters: exportParameters,
          responses: {
            '200': answer('The file, named as the dashboard names it.', { 'text/csv': { schema: { type: 'string' } } }),
            '400': answer(
              'A filter is not valid, `from` is after `to`, or the kind is not contact or admission.',
              json(messageSchema),
            ),
            '404': answer('The address names no kind (…/export/.csv).', json(messageSchema)),
            ...staffRefusals,
          },
        },
      },
      '/api/admin/export/{kind}.xlsx': {
        get: {
          summary:
            'The same export as an Excel workbook (.xlsx): the same columns and rows, for opening with a double-click (Owner or Office)',
          ...staffOnly(cookie),
          parameters: exportParameters,
          responses: {
            '200': answer('The workbook, named as the CSV with .xlsx.', {
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                schema: { type: 'string', format: 'binary' },
              },
            }),
            '400': answer(
              'A filter is not valid, `from` is after `to`, or the kind is not contact or admission.',
              json(messageSchema),
            ),
            '404': answer('The address names no kind (…/export/.xlsx).', json(messageSchema)),
            ...staffRefusals,
          },
        },
      },
      '/api/admin/export/person.json': {
        get: {
          summary:
            'Everything held about one person, as a JSON file: the answer to their request to see their data (Owner)',
          description:
            'Every enquiry of the email address or the phone number (either may be given, or both: enquiries matching either), ' +
            "the Spam folder included: the answers and the office's work, what the server noted on arrival (address, browser), " +
            "the history of changes, the emails sent (a visit's with the calendar invitation it carried, `invitation`: its iCalendar text and what it says: " +
            "request or cancel, summary, start and end on the school's clocks, location, the attendee's name and address; null for the others), and an admission enquiry's visit bookings (`visits`: the time on the school's clocks with its offset, " +
            'booked, moved or cancelled, and when). ' +
            "Then (`families`) each Parents' Corner family a parent of which has that address or number: the child's name, class and program, when it was added (and removed), " +
            "the person's own record as its parent (name, email, phone, when invited and when their password was chosen, the browsers they signed in on, the notices they opened, the emails sent to them by subject), " +
            'and the names alone of its other parents; never a password, session, link, code or calendar address. An unknown person gets a file with no enquiries and no families.',
          ...staffOnly(cookie),
          parameters: personParameters,
          responses: {
            '200': answer('The file (personal-data-YYYY-MM-DD.json).', json({ type: 'object' })),
            '400': answer(
              'Neither an email address nor a phone number, or one that is not valid, or an enquiry or family the search does not find.',
              json(messageSchema),
            ),
            ...staffRefusals,
          },
        },
      },
      '/api/admin/export/person.html': {
        get: {
          summary: 'The same as a page in plain words, for the office to print or save as PDF and send to the person',
          description:
            "What the person told the school, what the office noted, the emails sent (with any calendar invitation attached, its time and place), the visits booked, their Parents' Corner families, and why the school holds it (the privacy notice). No script.",
          ...staffOnly(cookie),
          parameters: personParameters,
          responses: {
            '200': answer('The page (personal-data-YYYY-MM-DD.html), shown in the browser.', html),
            '400': answer(
              'Neither an email address nor a phone number, or one that is not valid, or an enquiry or family the search does not find.',
              json(messageSchema),
            ),
            ...staffRefusals,
          },
        },
      },
      '/api/admin/report.csv': {
        get: {
          summary:
            'The admissions report as a CSV file: per month at the school, enquiries, visits, offers, enrolments, conversions and days to first contact (Owner or Office)',
          ...staffOnly(cookie),
          parameters: queryParameters(jsonSchema(reportQuerySchema, 'input'), {
            from: 'The first month (YYYY-MM); by default 11 months before `to`.',
            to: 'The last month (YYYY-MM); by default 11 months after `from`, or this month when neither is given. At most 36 months in all.',
          }),
          responses: {
            '200': answer('The file: a row per month and a Total row.', { 'text/csv': { schema: { type: 'string' } } }),
            '400': answer(
              'A month is not YYYY-MM, the first is after the last, or the range is longer than 36 months.',
              json(messageSchema),
            ),
            ...staffRefusals,
          },
        },
      },
      '/api/admin/content/preview': {
        get: {
          summary: 'A page of the site as it would look with the saved draft of the site content (Editor or Owner)',
          description: 'A still picture of the page: its scripts are left out. Never cached, never indexed.',
          ...staffOnly(cookie),
          parameters: queryParameters(jsonSchema(previewRequestSchema, 'input')),
          responses: {
            '200': answer('The page as HTML.', html),
            '400': answer('Not a page of this site.', json(messageSchema)),
            '412': answer('The server has no built site to render a preview with.', json(messageSchema)),
            ...staffRefusals,
          },
        },
      },
      [PARENT_CALENDAR_PATH]: {
        get: {
          summary: "A parent's private calendar feed of the school's events (iCalendar, Asia/Kolkata)",
          parameters: [{ name: 'key', in: 'query', required: true, schema: { type: 'string' } }],
          responses: {
            '200': answer('The feed.', { 'text/calendar': { schema: { type: 'string' } } }),
            '404': answer('No feed has this key (replaced, or the family removed).', plainText),
          },
        },
      },
      [`${PARENT_DOCUMENT_PATH}/{id}`]: {
        get: {
          summary: "A document of the Parents' Corner, for a signed-in parent (their session cookie)",
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
          responses: {
            '200': answer('The PDF.', { 'application/pdf': { schema: { type: 'string', format: 'binary' } } }),
            '401': answer('No parent is signed in.', plainText),
            '404': answer('No such document, or no file for it yet.', plainText),
          },
        },
      },
      '/api/openapi.json': {
        get: { summary: 'This document', responses: { '200': answer('OpenAPI 3.1', json({ type: 'object' })) } },
      },
    },
    components: { securitySchemes: { [cookie]: { type: 'apiKey', in: 'cookie', name: cookie } } },
  };
}

/** Serves the document, made once a school day. */
export function openApi(config: Config, now: () => Date): Router {
  let made: { day: string; body: string } | undefined;
  return Router().get('/openapi.json', (_req, res) => {
    const today = now();
    const day = schoolToday(today);
    if (made?.day !== day) made = { day, body: JSON.stringify(openApiDocument(config, today)) };
    res.type('application/json').setHeader('Cache-Control', 'no-cache').send(made.body);
  });
}
