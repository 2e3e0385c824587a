import type { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';

/** Plain sentences that stand in for what the runtime, the parsers and tRPC itself would say. */
export const publicMessages = {
  failed: 'Something went wrong. Please try again.',
  unreadable: 'The request could not be read. Please reload the page and try again.',
  notJson: 'The request body is not valid JSON.',
  tooLarge: 'The request body is too large.',
  compressed: 'Please send the request body uncompressed.',
  unsupportedCharset: 'Please send the request body as UTF-8.',
  unavailable: 'The website cannot save anything just now. Please try again in a few minutes.',
} as const;

/** A message tRPC made from something underneath it rather than one a procedure wrote. */
const derivedMessages: Partial<Record<TRPC_ERROR_CODE_KEY, string>> = {
  BAD_REQUEST: publicMessages.unreadable,
  PARSE_ERROR: publicMessages.unreadable,
  PAYLOAD_TOO_LARGE: publicMessages.tooLarge,
};

/**
 * The first problem of an invalid input in the schema's own words (they are written for people);
 * an input that is not even an object, such as a body sent without superjson's envelope, was not read.
 */
function validationMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue || (issue.path.length === 0 && issue.code === 'invalid_type')) return publicMessages.unreadable;
  return issue.message;
}

/**
 * What a client may read of a failed call. A message a procedure wrote stands. A server failure
 * says only that something went wrong (the log has the cause). A message tRPC took over from the
 * error underneath (a JSON parser's, a TypeError's, zod's list of issues) becomes a plain sentence.
 */
export function publicErrorMessage(error: TRPCError): string {
  if (error.code === 'INTERNAL_SERVER_ERROR') return publicMessages.failed;
  const { cause } = error;
  const derived = error.message === error.code || (cause !== undefined && error.message === cause.message);
  if (!derived) return error.message;
  if (cause instanceof ZodError) return validationMessage(cause);
  return derivedMessages[error.code] ?? publicMessages.failed;
}

/** A failure of the server's own (500), or one it expects to pass (503): both are logged with their cause. */
export const isServerFailure = (error: TRPCError): boolean =>
  error.code === 'INTERNAL_SERVER_ERROR' || error.code === 'SERVICE_UNAVAILABLE';
