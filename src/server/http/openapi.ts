import { Router } from 'express';
import { z } from 'zod';
import { school } from '../../content/school';
import { admissionRequestBodySchema, contactRequestBodySchema } from '../../shared/enquiries/requests';
import {
  staffLoginSchema,
  staffSessionStatusSchema,
  enquiryFiltersSchema,
  enquiryKindSchema,
  personLookupSchema,
  submissionsSnapshotSchema,
} from '../../shared/dashboard';
import { sessionCookieName } from '../auth/cookie';
import type { Config } from '../config';

/**
 * GET /api/openapi.json: the REST paths described as OpenAPI 3.1, generated from the zod
 * schemas the procedures validate with (zod's own JSON Schema output, draft 2020-12, which is
 * OpenAPI 3.1's dialect). Only the operations' outline is written here; a test checks every
 * path mounted under /api appears, and the document against the OpenAPI schema.
 */

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema: what a client may send (input) or will receive (output). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const messageSchema = jsonSchema(z.object({ message: z.string() }), 'output');
const fieldErrorsSchema = jsonSchema(
  z.object({
    message: z.string(),
    fieldErrors: z.record(z.string(), z.array(z.string())).meta({ description: 'The messages of docs/spec.md §5, by field.' }),
  }),
  'output',
);
const receiptSchema = jsonSchema(z.object({ message: z.string(), id: z.number().int() }), 'output');

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const answer = (description: string, schema: JsonSchema = messageSchema) => ({ description, content: json(schema) });

const enquiryResponses = {
  '201': answer('Stored. The message is the one the form shows; `id` is the enquiry number.', receiptSchema),
  '400': answer('Not stored: `fieldErrors` names each field to correct.', fieldErrorsSchema),
  '403': answer('Refused by reCAPTCHA (when it is on).'),
  '409': answer('The idempotency key was used before for other answers; nothing stored.'),
  '413': answer('The body is too large.'),
  '415': answer('Neither JSON nor an HTML form post.'),
  '429': answer('Too many enquiries from this connection; the message says when to try again.'),
  '503': {
    ...answer('Not stored: the server cannot store enquiries just now (a full disk, a busy database). Send the same enquiry, with the same idempotency key, again later.'),
    headers: { 'Retry-After': { description: 'Seconds to wait before sending again.', schema: { type: 'integer' } } },
  },
};

function enquiryPost(summary: string, body: z.ZodType) {
  const schema = jsonSchema(body, 'input');
  return {
    post: {
      summary,
      description:
        'Send the answers as JSON. Unknown fields are ignored. Without an idempotency key the server derives one from the answers, ' +
        'the sender and the day, so the same answers sent twice on one day are stored once. An HTML form post ' +
        '(application/x-www-form-urlencoded) is answered with a web page instead of JSON.',
      parameters: [
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'Instead of the body field idempotencyKey (IETF httpapi draft); the two must agree when both are sent.',
          schema: { type: 'string' },
        },
      ],
      requestBody: { required: true, content: { ...json(schema), 'application/x-www-form-urlencoded': { schema } } },
      responses: enquiryResponses,
    },
  };
}


const queryParameters = (schema: JsonSchema) =>
  Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => ({ name, in: 'query', required: false, schema: property }));

const personParameters = [
  ...queryParameters(jsonSchema(personLookupSchema, 'input')).map((parameter) => ({
    ...parameter,
    description: parameter.name === 'email' ? 'The address the person wrote from, in any letter case.' : 'Their phone number, with or without the country code.',
  })),
  {
    name: 'enquiry',
    in: 'query',
    required: false,
    style: 'form',
    explode: true,
    schema: { type: 'array', items: { type: 'string', pattern: '^(contact|admission)-[1-9][0-9]*$' } },
    description: 'Only these of the enquiries found (repeat for each, such as enquiry=contact-12&enquiry=admission-3); all of them when absent. One the search does not find is refused.',
  },
];

const exportParameters = queryParameters(jsonSchema(enquiryFiltersSchema, 'input'));

const staffOnly = (cookie: string) => ({ security: [{ [cookie]: [] }] });

export function openApiDocument(config: Config) {
  const cookie = sessionCookieName(config);
  const unauthorized = answer('No live staff session: log in first.');
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
      '/api/contact': enquiryPost('Send a contact message', contactRequestBodySchema),
      '/api/admission-enquiry': enquiryPost('Send an admission enquiry', admissionRequestBodySchema),
      '/api/admin/login': {
        post: {
          summary: 'Log in as staff; sets the session cookie',
          requestBody: { required: true, content: json(jsonSchema(staffLoginSchema, 'input')) },
          responses: {
            '200': answer('Logged in ("Login successful"); the Set-Cookie header carries the session.'),
            '401': answer(
              'Wrong password ("Invalid password"), or an account with two-step login on: then the body also has `twoStepRequired: true`, ' +
                'and the same login is sent again with `code` (the 6 digits from the authenticator app, or a recovery code).',
            ),
            '429': answer('Too many failed attempts; Retry-After says how long to wait.'),
          },
        },
      },
      '/api/admin/logout': {
        post: { summary: 'End the session', responses: { '200': answer('Logged out; the cookie is cleared.') } },
      },
      '/api/admin/session': {
        get: {
          summary: 'Whether the session cookie is still live (asking does not extend it)',
          responses: {
            '200': answer('The session state.', jsonSchema(staffSessionStatusSchema, 'output')),
          },
        },
      },
      '/api/admin/submissions': {
        get: {
          summary: 'Every enquiry of both kinds, newest first (docs/spec.md §7)',
          ...staffOnly(cookie),
          responses: { '200': answer('Both lists.', jsonSchema(submissionsSnapshotSchema, 'output')), '401': unauthorized },
        },
      },
      '/api/admin/export/{kind}.csv': {
        get: {
          summary: 'One kind of enquiry as a CSV file (UTF-8 with a byte-order mark), with the dashboard filters',
          ...staffOnly(cookie),
          parameters: [{ name: 'kind', in: 'path', required: true, schema: jsonSchema(enquiryKindSchema, 'input') }, ...exportParameters],
          responses: {
            '200': { description: 'The file, named as the dashboard names it.', content: { 'text/csv': { schema: { type: 'string' } } } },
            '400': answer('A filter is not valid.'),
            '401': unauthorized,
          },
        },
      },
      '/api/admin/export/person.json': {
        get: {
          summary: "Everything held about one person, as a JSON file: the answer to their request to see their data",
          description:
            'Every enquiry of the email address or the phone number (either may be given, or both: enquiries matching either), ' +
            'the Spam folder included: the answers and the office\'s work, what the server noted on arrival (address, browser), ' +
            'the history of changes and the emails sent. An unknown person gets a file with no enquiries.',
          ...staffOnly(cookie),
          parameters: personParameters,
          responses: {
            '200': { description: 'The file (personal-data-YYYY-MM-DD.json).', content: json({ type: 'object' }) },
            '400': answer('Neither an email address nor a phone number, or one that is not valid, or an enquiry the search does not find.'),
            '401': unauthorized,
          },
        },
      },
      '/api/admin/export/person.html': {
        get: {
          summary: 'The same as a page in plain words, for the office to print or save as PDF and send to the person',
          description: 'What the person told the school, what the office noted, the emails sent, and why the school holds it (the privacy notice). No script.',
          ...staffOnly(cookie),
          parameters: personParameters,
          responses: {
            '200': { description: 'The page (personal-data-YYYY-MM-DD.html), shown in the browser.', content: { 'text/html': { schema: { type: 'string' } } } },
            '400': answer('Neither an email address nor a phone number, or one that is not valid, or an enquiry the search does not find.'),
            '401': unauthorized,
          },
        },
      },
      '/api/admin/content/preview': {
        get: {
          summary: 'A page of the site as it would look with the saved draft of the site content (Editor or Owner)',
          description: 'A still picture of the page: its scripts are left out. Never cached, never indexed.',
          ...staffOnly(cookie),
          parameters: [{ name: 'path', in: 'query', required: false, schema: { type: 'string', default: '/' }, description: 'The page, such as /admissions' }],
          responses: {
            '200': { description: 'The page as HTML.', content: { 'text/html': { schema: { type: 'string' } } } },
            '400': answer('Not a page of this site.'),
            '401': unauthorized,
            '412': answer('The server has no built site to render a preview with.'),
          },
        },
      },
      '/api/openapi.json': {
        get: { summary: 'This document', responses: { '200': { description: 'OpenAPI 3.1', content: json({ type: 'object' }) } } },
      },
    },
    components: { securitySchemes: { [cookie]: { type: 'apiKey', in: 'cookie', name: cookie } } },
  };
}

/** Serves the document, built once. */
export function openApi(config: Config): Router {
  const body = JSON.stringify(openApiDocument(config));
  return Router().get('/openapi.json', (_req, res) => {
    res.type('application/json').setHeader('Cache-Control', 'no-cache').send(body);
  });
}
