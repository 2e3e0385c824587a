import { randomUUID } from 'node:crypto';
import { subMonths, subYears } from 'date-fns';
import { schoolToday } from '#shared/time.ts';
import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter } from '#server/api/root.ts';

type ContactEnquiryInput = inferRouterInputs<AppRouter>['enquiries']['submitContact'];
type AdmissionEnquiryInput = inferRouterInputs<AppRouter>['enquiries']['submitAdmission'];

// Overrides may be deliberately wrong (the server must judge them, not the type checker), hence the casts.

/** A contact message as the form sends it, with a fresh idempotency key. */
export function validContact(overrides: Record<string, unknown> = {}): ContactEnquiryInput {
  return {
    name: 'Priya Raman',
    email: 'priya.raman@example.in',
    countryCode: '+91',
    phone: '98400 11223',
    type: 'employment',
    message: 'I would like to know whether you have openings for a Primary guide next June.',
    idempotencyKey: randomUUID(),
    ...overrides,
  } as ContactEnquiryInput;
}

/** An admission enquiry as the form sends it: a child of four years and two months today. */
export function validAdmission(overrides: Record<string, unknown> = {}): AdmissionEnquiryInput {
  return {
    studentName: 'Arjun Raman',
    birthDate: schoolToday(subMonths(subYears(new Date(), 4), 2)),
    parentName: 'Priya Raman',
    email: 'priya.raman@example.in',
    countryCode: '+971',
    phone: '501234567',
    programOfInterest: 'primary',
    message: 'We are moving to Thoraipakkam in May.',
    guardianConfirmed: 'yes',
    idempotencyKey: randomUUID(),
    ...overrides,
  } as AdmissionEnquiryInput;
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Sends an enquiry the way the site's forms do (tRPC over HTTP); answers the status and the receipt or error. */
export async function submitThroughForm(
  baseUrl: string,
  form: 'contact' | 'admission',
  input: ContactEnquiryInput | AdmissionEnquiryInput,
): Promise<{ status: number; id: number | undefined }> {
  const procedure = form === 'contact' ? 'submitContact' : 'submitAdmission';
  const response = await postJson(`${baseUrl}/api/trpc/enquiries.${procedure}`, { json: input });
  const body = (await response.json()) as { result?: { data: { json: { id: number } } } };
  return { status: response.status, id: body.result?.data.json.id };
}

/** Sends an enquiry as the page without JavaScript does (an HTML form post). */
export function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });
}
