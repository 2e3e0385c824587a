import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventEmitter } from 'node:events';
import pino, { type DestinationStream } from 'pino';

/**
 * One JSON line per record on stdout, which systemd (or the container runtime) collects and
 * keeps: { level, time, message, requestId when it concerns a request, ...fields }.
 */
export type Logger = {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

/**
 * Field names whose values are never written, at the top of a record or one level down. No call
 * site logs any of them (secrets are kept away from the logger); this is the net under that rule.
 */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'staffPassword',
  'passwordHash',
  'token',
  'formToken',
  'secret',
  'totpSecret',
  'code',
  'recoveryCode',
  'recoveryCodes',
  'link',
  'cookie',
  'authorization',
  'smtpUrl',
  'sessionSecret',
] as const;

const redactedPaths = SECRET_FIELDS.flatMap((name) => [name, `*.${name}`]);

type RequestScope = { requestId: string; open: boolean };
const requestScope = new AsyncLocalStorage<RequestScope>();

/**
 * Runs a request's handling with its id: every record written while the request is open, from
 * whatever code it calls, carries `requestId`. Work that outlives the answer (a retry timer it
 * set, say) no longer names it.
 */
export function runInRequest(requestId: string, response: EventEmitter, handle: () => void): void {
  const scope: RequestScope = { requestId, open: true };
  response.once('close', () => {
    scope.open = false;
  });
  requestScope.run(scope, handle);
}

/** A logger over pino writing to the destination; the default writes to stdout synchronously, so nothing is lost at exit. */
export function createLogger(destination: DestinationStream = pino.destination({ fd: 1, sync: true })): Logger {
  const logger = pino(
    {
      // No pid or hostname: journald records both with every line.
      base: undefined,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: redactedPaths, censor: '[redacted]' },
      mixin: () => {
        const scope = requestScope.getStore();
        return scope?.open ? { requestId: scope.requestId } : {};
      },
    },
    destination,
  );
  return {
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, fields) => logger.error(fields ?? {}, message),
  };
}

export const consoleLogger: Logger = createLogger();
