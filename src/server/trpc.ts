import { initTRPC } from '@trpc/server';
import type { Request, Response } from 'express';
import superjson from 'superjson';
import { ZodError } from 'zod';
import type { Services } from './services';

/** What every procedure sees: the services, the request it serves, and who sent it. */
export type Context = {
  services: Services;
  req: Request;
  res: Response;
  clientIp: string;
  userAgent: string | undefined;
};

export function createContext(services: Services, req: Request, res: Response): Context {
  return {
    services,
    req,
    res,
    clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    userAgent: req.get('user-agent'),
  };
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    // Field messages travel with a validation error so the form can show each next to its field.
    const fieldErrors = error.cause instanceof ZodError ? error.cause.flatten().fieldErrors : undefined;
    return { ...shape, data: { ...shape.data, fieldErrors } };
  },
});

export const router = t.router;
export const publicProcedure = t.procedure;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;
