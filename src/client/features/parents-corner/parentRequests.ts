import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/api/root.ts';

export type Inputs = inferRouterInputs<AppRouter>['parents'];
export type Outputs = inferRouterOutputs<AppRouter>['parents'];

/** A call the server refused (its message and HTTP status), or one that got no usable answer (no status, no message). */
export class ParentRequestError extends Error {
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
 * Calls a parents' procedure without the tRPC client, as the staff sign-in does (decision 0006):
 * a query is a GET of its address, a mutation a POST of its input in superjson's envelope. Written
 * again here rather than shared, so neither page's chunk carries the other's code.
 */
export async function call<T>(procedure: keyof Outputs, init: RequestInit = {}, query = ''): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/trpc/parents.${procedure}${query}`, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch {
    throw new ParentRequestError('', undefined);
  }
  const answer = (await response.json().catch(() => null)) as Answer;
  const data = answer?.result?.data;
  if (response.ok && data && data.meta === undefined) return data.json as T;
  const message = answer?.error?.json?.message;
  throw new ParentRequestError(typeof message === 'string' ? message : '', response.ok ? undefined : response.status);
}

export const mutation = (input: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ json: input }),
});

export const queryInput = (input: unknown) => `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

export type ParentViewAnswer = Outputs['view'];
export type ParentDevicesAnswer = Outputs['devices'];

/** The login form's calls; the screens after it have theirs in portalRequests.ts, loaded with them. */
export const parentRequests = {
  /** The signed-in view, or null when this browser is not signed in. */
  signedInView: () => call<Outputs['signedInView']>('signedInView'),
  signIn: (input: Inputs['signIn']) => call<Outputs['signIn']>('signIn', mutation(input)),
  signOut: () => call<Outputs['signOut']>('signOut', mutation(undefined)),
};

/** The words to show for a refused call: the server's, or a general one when it gave none. */
export const refusalText = (error: unknown, general: string) =>
  error instanceof ParentRequestError && error.message ? error.message : general;

export type LinkHolder = Outputs['linkHolder'];
