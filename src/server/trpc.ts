import { initTRPC, TRPCError } from '@trpc/server';
import type { Request, Response } from 'express';
import superjson from 'superjson';
import { z, ZodError } from 'zod';
import { staffAuthMessages } from '#shared/dashboard/staffSignIn.ts';
import { twoStepMessages } from '#shared/staff/twoStepMessages.ts';
import { roleAllows, staffAccessMessages, type Permission } from '#shared/staff/roles.ts';
import { sessionCookieName, sessionCookieOptions } from '#server/modules/staff/service.ts';
import { mutationRejection } from './platform/originCheck';
import { publicErrorMessage, publicMessages } from './platform/publicErrors';
import { isPassingFailure, RETRY_AFTER_SECONDS } from './storage/passingFailures';
import type { Services } from './services';
import { arrivingScope, staffScope, type RequestScope } from './requestScope';

/** What every procedure sees: the services, the request it serves, and who sent it. */
export type Context = {
  services: Services;
  req: Request;
  res: Response;
  userAgent: string | undefined;
  /** The request as the services take it: who asks (staff or a parent once signed in), from where, in which language, and when. */
  scope: RequestScope;
};

export function createContext(services: Services, req: Request, res: Response): Context {
  const scope = arrivingScope(req, services.now());
  return { services, req, res, userAgent: req.get('user-agent'), scope };
}

/** What a procedure declares about itself beyond its input. */
export type ProcedureMeta = {
  /** Its input is a file sent as application/octet-stream (an upload), not JSON. */
  fileInput?: boolean;
};

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape, error, ctx }) {
      // Field messages travel with a validation error so the form can show each next to its field.
      const fieldErrors: Record<string, string[] | undefined> | undefined =
        error.cause instanceof ZodError ? z.flattenError(error.cause).fieldErrors : undefined;
      // tRPC adds the stack unless process.env.NODE_ENV is 'production', which the server's own default does not set.
      const { stack, ...data } = shape.data;
      const withStack = ctx?.services.config.env === 'development' && stack !== undefined ? { stack } : {};
      return { ...shape, message: publicErrorMessage(error), data: { ...data, ...withStack, fieldErrors } };
    },
  });

export const router = t.router;

/**
 * A storage failure the server expects to pass (a full disk, a held lock) is answered 503 with
 * Retry-After rather than 500: the enquiry forms then keep the enquiry in their outbox and send it
 * again (decision 0005), and any client knows to try later. Every 503 says when to come back. Through
 * ctx.res, so the REST adapters (createCaller) answer the same.
 */
const passingFailures = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) return result;
  const passing = result.error.code === 'INTERNAL_SERVER_ERROR' && isPassingFailure(result.error.cause);
  // A procedure that knows better (a login refused while password checks are busy: 1 s) has said so already.
  if ((passing || result.error.code === 'SERVICE_UNAVAILABLE') && !ctx.res.hasHeader('Retry-After'))
    ctx.res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  if (!passing) return result;
  throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: publicMessages.unavailable, cause: result.error.cause });
});

/** Every procedure is built from this one. */
export const publicProcedure = t.procedure.use(passingFailures);
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

/**
 * Mutations of the staff areas (login, logout, every change to an enquiry) accept only JSON
 * (an upload only a file) from the site's own pages: see platform/originCheck.ts.
 */
const sameOriginMutation = t.middleware(({ ctx, type, meta, next }) => {
  if (type === 'mutation') {
    const rejection = mutationRejection(ctx.req, ctx.services.config, meta?.fileInput ? 'file' : 'json');
    if (rejection)
      throw new TRPCError({
        code: rejection.status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'FORBIDDEN',
        message: rejection.message,
      });
  }
  ctx.res.setHeader('Cache-Control', 'no-store');
  return next();
});

/** The login, logout and session-status procedures: public, but guarded against cross-site use. */
export const staffAuthProcedure = publicProcedure.use(sameOriginMutation);

/**
 * The session check: the cookie is checked on the server for each call (signature, server-side
 * record, its account live and unchanged, idle and absolute limits) and the call counts as
 * activity. Anything else is UNAUTHORIZED (401).
 */
const signedIn = t.middleware(async ({ ctx, next }) => {
  const { config, staffAuth, now } = ctx.services;
  const cookieName = sessionCookieName(config);
  const token: unknown = ctx.req.cookies?.[cookieName];
  const session = await staffAuth.authenticate(typeof token === 'string' ? token : undefined, now());
  if (!session) {
    if (token !== undefined) ctx.res.clearCookie(cookieName, sessionCookieOptions(config));
    throw new TRPCError({ code: 'UNAUTHORIZED', message: staffAuthMessages.sessionEnded });
  }
  return next({ ctx: { session, scope: staffScope(ctx.scope, session) } });
});

/**
 * A person's own two-step setup: allowed to every live session, even one the Owner's requirement
 * holds back until two-step login is on.
 */
export const twoStepSetupProcedure = publicProcedure.use(signedIn).use(sameOriginMutation);

/**
 * Every other procedure of a signed-in person. When the Owner requires two-step login and the
 * account has not turned it on, the answer is FORBIDDEN (403) until it has.
 */
export const staffProcedure = twoStepSetupProcedure.use(({ ctx, next }) => {
  if (ctx.session.twoStepSetupNeeded)
    throw new TRPCError({ code: 'FORBIDDEN', message: twoStepMessages.requiredByOwner });
  return next();
});

/**
 * A staff procedure that also needs a permission of the account's role (shared/staff/roles.ts);
 * another role is FORBIDDEN (403). Every procedure but the public ones and the person's own
 * (their session, their password) is built with this.
 */
export function staffProcedureWith(permission: Permission) {
  return staffProcedure.use(({ ctx, next }) => {
    if (!roleAllows(ctx.session.account.role, permission))
      throw new TRPCError({ code: 'FORBIDDEN', message: staffAccessMessages.forbidden });
    return next();
  });
}

/** Reading, working and exporting enquiries (the Owner and the Office). */
export const enquiryProcedure = staffProcedureWith('enquiries');
