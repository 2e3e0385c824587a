import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { Logger } from '#server/log.ts';
import { isServerFailure, publicErrorMessage } from './publicErrors';

/** What an error answer says besides its message, read from the message (the staff login's flags). */
export type AnswerExtras = (message: string) => Record<string, true>;

export type RestAction = (req: Request, res: Response) => Promise<void>;

/**
 * Wraps a REST path that runs tRPC procedures through a caller: never cached; a TRPCError is answered
 * with its HTTP status and `{ message }` in plain words (and what `extras` adds); a server failure is
 * logged with its cause. Any other error, or one after the answer has begun, goes on to Express.
 */
export function restHandler(log: Logger, extras: AnswerExtras = () => ({})) {
  return (action: RestAction): RequestHandler =>
    async (req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      try {
        await action(req, res);
      } catch (error) {
        if (!(error instanceof TRPCError) || res.headersSent) return next(error);
        if (isServerFailure(error))
          log.error('Admin request failed', { path: req.path, error: String(error.cause ?? error) });
        const message = publicErrorMessage(error);
        res.status(getHTTPStatusCodeFromError(error)).json({ message, ...extras(message) });
      }
    };
}

/** A query string read by the procedure's own schema, typed for the caller; unreadable, it is the procedure's 400. */
export function restQuery<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const query = schema.safeParse(value);
  if (!query.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: query.error });
  return query.data;
}
