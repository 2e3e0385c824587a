import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/api/root.ts';

export type FormSession = inferRouterOutputs<AppRouter>['enquiries']['formSession'];

const FORM_SESSION_ADDRESS = '/api/trpc/enquiries.formSession';

/** tRPC's answer to a query, in superjson's envelope: `meta` only for values JSON cannot hold. */
type Answer = {
  result?: {
    data?: { json?: { formToken?: unknown; recaptchaSiteKey?: unknown; minFillMs?: unknown }; meta?: unknown };
  };
} | null;

/**
 * Asks the tRPC procedure enquiries.formSession for the form's session as the page arrives,
 * without the tRPC client: the client (with superjson and the schemas) is loaded only once the
 * parent starts filling the form in, while the session's fill token marks when the form was shown
 * (decision 0006). A query is a GET of the procedure's address. An answer that is not a session
 * is a failed request, as a lost connection is.
 */
export async function requestFormSession(): Promise<FormSession> {
  const response = await fetch(FORM_SESSION_ADDRESS, { headers: { accept: 'application/json' } });
  const data = ((await response.json()) as Answer)?.result?.data;
  const formToken = data?.json?.formToken;
  if (!response.ok || data?.meta !== undefined || typeof formToken !== 'string')
    throw new Error(`${FORM_SESSION_ADDRESS} answered ${response.status} without a form session`);
  const siteKey = data?.json?.recaptchaSiteKey;
  const minFillMs = data?.json?.minFillMs;
  return {
    formToken,
    recaptchaSiteKey: typeof siteKey === 'string' ? siteKey : null,
    minFillMs: typeof minFillMs === 'number' ? minFillMs : 0,
  };
}
