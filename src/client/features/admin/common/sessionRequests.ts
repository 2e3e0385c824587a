import type { inferRouterInputs } from '@trpc/server';
import type { StaffSessionStatus } from '#shared/dashboard/staffAuth.ts';
import type { AppRouter } from '#server/api/root.ts';

/** A call the server refused (its message and HTTP status), or one that got no usable answer (no status). */
export class SessionRequestError extends Error {
  readonly status: number | undefined;

  constructor(message: string, status: number | undefined) {
    super(message);
    this.status = status;
  }
}

/** tRPC's answer in superjson's envelope: `meta` only for values JSON cannot hold, which these procedures never return. */
type Answer = {
  result?: { data?: { json?: unknown; meta?: unknown } };
  error?: { json?: { message?: unknown } };
} | null;

/**
 * Calls a tRPC procedure without the tRPC client: a query is a GET of its address, a mutation a
 * POST of its input in superjson's envelope, as JSON. The sign-in screen talks to the server this
 * way; the client, superjson and react-query come with the dashboard (decision 0006).
 */
async function callProcedure(procedure: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`/api/trpc/${procedure}`, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch {
    throw new SessionRequestError('', undefined);
  }
  const answer = (await response.json().catch(() => null)) as Answer;
  const data = answer?.result?.data;
  if (response.ok && data && data.meta === undefined) return data.json;
  const message = answer?.error?.json?.message;
  throw new SessionRequestError(typeof message === 'string' ? message : '', response.ok ? undefined : response.status);
}

const mutation = (input: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ json: input }),
});

/** auth.session: whether the cookie holds a live session, and whose. */
export async function askSession(): Promise<StaffSessionStatus> {
  const status = await callProcedure('auth.session');
  if (
    typeof status !== 'object' ||
    status === null ||
    !('authenticated' in status) ||
    typeof status.authenticated !== 'boolean'
  ) {
    throw new SessionRequestError('', undefined);
  }
  return status as StaffSessionStatus;
}

/** auth.login; refused with the server's message (a wrong password, too many attempts, the two-step code asked for). */
export async function sendLogin(credentials: inferRouterInputs<AppRouter>['auth']['login']): Promise<void> {
  await callProcedure('auth.login', mutation(credentials));
}

/** auth.logout. */
export async function sendLogout(): Promise<void> {
  await callProcedure('auth.logout', mutation(undefined));
}
