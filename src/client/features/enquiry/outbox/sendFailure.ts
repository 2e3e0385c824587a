import type { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '#server/api/root.ts';

export type FieldErrors = Record<string, string[] | undefined>;

/** Why sending an enquiry did not go through, as the form needs to react to it. */
export type SendFailure =
  /**
   * Not received yet: the server was not reached (no connection, or something in between answered
   * instead), or it could not store the enquiry for now (503, a full disk): keep it and retry.
   */
  | { kind: 'unreachable' }
  /** The server checked the answers and named the fields to fix. */
  | { kind: 'invalid'; fieldErrors: FieldErrors; message?: string | undefined }
  /** The server refused for another reason (too many requests, a failure); its message when it has one for people. */
  | { kind: 'rejected'; message: string | undefined };

/**
 * tRPC's client error, known by its name: the client is loaded only once the parent starts filling
 * a form, and this module is on the page before that (decision 0006).
 */
const isClientError = (error: unknown): error is TRPCClientError<AppRouter> =>
  error instanceof Error && error.name === 'TRPCClientError';

export function classifySendFailure(error: unknown): SendFailure {
  if (!isClientError(error)) return { kind: 'unreachable' };
  const clientError = error;
  const data = clientError.data;
  // No tRPC error shape: the request failed on the way (fetch threw, or a proxy answered with HTML).
  if (!clientError.shape || !data) return { kind: 'unreachable' };
  if (data.httpStatus === 503) return { kind: 'unreachable' };
  const fieldErrors: FieldErrors = data.fieldErrors ?? {};
  if (data.code === 'BAD_REQUEST' && Object.keys(fieldErrors).length > 0)
    return { kind: 'invalid', fieldErrors, message: clientError.message || undefined };
  if (data.code === 'INTERNAL_SERVER_ERROR') return { kind: 'rejected', message: undefined };
  return { kind: 'rejected', message: clientError.message || undefined };
}
