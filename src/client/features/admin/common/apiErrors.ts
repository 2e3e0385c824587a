import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '#server/api/root.ts';

/**
 * The HTTP status of a failed call, or undefined when no answer arrived (network down).
 * tRPC errors carry it in `data`; an answer from outside tRPC (a proxy, a rate limiter) only
 * in the response kept in `meta`.
 */
export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const clientError = error as TRPCClientError<AppRouter>;
  const fromData = clientError.data?.httpStatus;
  if (typeof fromData === 'number') return fromData;
  const response = clientError.meta?.response;
  return response instanceof Response ? response.status : undefined;
}

/** The server refused because there is no valid staff session (never logged in, logged out, expired). */
export function isUnauthorized(error: unknown): boolean {
  return httpStatusOf(error) === 401;
}
