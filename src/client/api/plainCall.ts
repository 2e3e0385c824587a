/** A call the server refused (its message and HTTP status), or one that got no usable answer (no status, no message). */
export class PlainCallError extends Error {
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
 * POST of its input in superjson's envelope, as JSON. The staff sign-in and the Parents' Corner
 * talk to the server this way before sign-in; the client, superjson and react-query come later
 * (decision 0006). Only this caller is shared: each page's procedures stay in its own chunk.
 */
export async function callProcedure(procedure: string, init: RequestInit = {}, query = ''): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`/api/trpc/${procedure}${query}`, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch {
    throw new PlainCallError('', undefined);
  }
  const answer = (await response.json().catch(() => null)) as Answer;
  const data = answer?.result?.data;
  if (response.ok && data && data.meta === undefined) return data.json;
  const message = answer?.error?.json?.message;
  throw new PlainCallError(typeof message === 'string' ? message : '', response.ok ? undefined : response.status);
}

/** A mutation's request: its input as a POST in superjson's envelope. */
export const mutation = (input: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ json: input }),
});

/** A query's input, as the address's search part. */
export const queryInput = (input: unknown) => `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
