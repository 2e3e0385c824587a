import { TRPCError } from '@trpc/server';
import {
  newFamilySchema,
  newNoticeSchema,
  parentChoosePasswordSchema,
  parentForgotSchema,
  parentLinkSchema,
  parentMessages,
  parentSignInSchema,
} from '../../../shared/parents/parentsCorner';
import { changePasswordMessages, changePasswordSchema, staffAccountMessages } from '../../../shared/staff/accounts';
import type { SignedInAccount } from '../../../shared/dashboard/staffAuth';
import { z } from '../../../shared/zod';
import type { AuditSource } from '../../audit/recordAudit';
import { parentSessionCookieName, sessionCookieOptions } from '../../auth/cookie';
import { tooManyAttemptsMessage } from '../../../shared/dashboard/staffAuth';
import { middleware, router, staffAuthProcedure, staffProcedureWith, type Context } from '../../trpc';

const cookieOf = (ctx: Context) => {
  const token: unknown = ctx.req.cookies?.[parentSessionCookieName(ctx.services.config)];
  return typeof token === 'string' ? token : undefined;
};

/** A parent's session, checked on the server for each call; the staff cookie opens nothing here (decision 0054). */
const parentSignedIn = middleware(async ({ ctx, next }) => {
  const token = cookieOf(ctx);
  const guardian = await ctx.services.parents.guardianOf(token);
  if (!guardian) {
    if (token !== undefined)
      ctx.res.clearCookie(parentSessionCookieName(ctx.services.config), sessionCookieOptions(ctx.services.config));
    throw new TRPCError({ code: 'UNAUTHORIZED', message: parentMessages.signedOut });
  }
  return next({ ctx: { guardian } });
});

const parentProcedure = staffAuthProcedure.use(parentSignedIn);
const officeProcedure = staffProcedureWith('parents');
const auditSource = (ctx: Context & { session: { account: SignedInAccount } }): AuditSource => ({
  services: ctx.services,
  clientIp: ctx.clientIp,
  session: ctx.session,
});

/** The Parents' Corner: a parent's sign-in and view, and the office's families and notices. */
export const parentsRouter = router({
  signIn: staffAuthProcedure.input(parentSignInSchema).mutation(async ({ ctx, input }) => {
    const result = await ctx.services.parents.signIn({ ...input, clientIp: ctx.clientIp, userAgent: ctx.userAgent });
    if (result.outcome === 'throttled') {
      ctx.res.setHeader('Retry-After', String(result.retryAfterSeconds));
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: tooManyAttemptsMessage(result.retryAfterSeconds) });
    }
    if (result.outcome === 'invalid')
      throw new TRPCError({ code: 'UNAUTHORIZED', message: parentMessages.invalidSignIn });
    ctx.res.cookie(
      parentSessionCookieName(ctx.services.config),
      result.token,
      sessionCookieOptions(ctx.services.config, result.expiresAt),
    );
    return { name: result.name };
  }),

  signOut: staffAuthProcedure.mutation(async ({ ctx }) => {
    await ctx.services.parents.signOut(cookieOf(ctx));
    ctx.res.clearCookie(parentSessionCookieName(ctx.services.config), sessionCookieOptions(ctx.services.config));
    return { signedOut: true };
  }),

  forgotPassword: staffAuthProcedure.input(parentForgotSchema).mutation(async ({ ctx, input }) => {
    await ctx.services.parents.forgotPassword(input.email);
    return { message: parentMessages.forgotAnswer };
  }),

  linkHolder: staffAuthProcedure.input(parentLinkSchema).query(async ({ ctx, input }) => {
    const holder = await ctx.services.parents.linkHolder(input.token);
    if (!holder) throw new TRPCError({ code: 'NOT_FOUND', message: parentMessages.linkInvalid });
    return holder;
  }),

  choosePassword: staffAuthProcedure.input(parentChoosePasswordSchema).mutation(async ({ ctx, input }) => {
    const result = await ctx.services.parents.choosePassword(input.token, input.password);
    if (result === 'invalid-link') throw new TRPCError({ code: 'NOT_FOUND', message: parentMessages.linkInvalid });
    if (result !== 'chosen') throw new TRPCError({ code: 'BAD_REQUEST', message: result.problem });
    return { message: parentMessages.passwordChosen };
  }),

  view: parentProcedure.query(({ ctx }) => ctx.services.parents.view(ctx.guardian)),

  /** The page's first question: the view when this browser is signed in, else null (not a 401, which every browser logs as an error). */
  signedInView: staffAuthProcedure.query(async ({ ctx }) => {
    const guardian = await ctx.services.parents.guardianOf(cookieOf(ctx));
    return guardian ? ctx.services.parents.view(guardian) : null;
  }),

  markRead: parentProcedure
    .input(z.object({ noticeId: z.number().int().positive() }))
    .mutation(async ({ ctx, input }) => {
      if (!(await ctx.services.parents.markRead(ctx.guardian, input.noticeId)))
        throw new TRPCError({ code: 'NOT_FOUND', message: 'This notice is not there.' });
      return { read: true };
    }),

  devices: parentProcedure.query(({ ctx }) => ctx.services.parents.devices(ctx.guardian)),

  /** The current password and a new one; a wrong current password counts as a failed sign-in. */
  changePassword: parentProcedure.input(changePasswordSchema).mutation(async ({ ctx, input }) => {
    const result = await ctx.services.parents.changePassword(ctx.guardian, {
      ...input,
      clientIp: ctx.clientIp,
      userAgent: ctx.userAgent,
    });
    if (result.outcome === 'throttled') {
      ctx.res.setHeader('Retry-After', String(result.retryAfterSeconds));
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: tooManyAttemptsMessage(result.retryAfterSeconds) });
    }
    if (result.outcome === 'invalid')
      throw new TRPCError({ code: 'BAD_REQUEST', message: changePasswordMessages.currentWrong });
    if (result.outcome === 'refused') throw new TRPCError({ code: 'BAD_REQUEST', message: result.problem });
    ctx.res.cookie(
      parentSessionCookieName(ctx.services.config),
      result.token,
      sessionCookieOptions(ctx.services.config, result.expiresAt),
    );
    return { message: parentMessages.passwordChanged };
  }),

  // Last of the parent's procedures: the roles test calls them in this order with one session, which this one ends.
  signOutEverywhere: parentProcedure.mutation(async ({ ctx }) => {
    await ctx.services.parents.signOutEverywhere(ctx.guardian);
    ctx.res.clearCookie(parentSessionCookieName(ctx.services.config), sessionCookieOptions(ctx.services.config));
    return { message: parentMessages.signedOutEverywhere };
  }),

  families: officeProcedure.query(({ ctx }) => ctx.services.parents.families()),

  addFamily: officeProcedure.input(newFamilySchema).mutation(async ({ ctx, input }) => {
    const added = await ctx.services.parents.addFamily(auditSource(ctx), input);
    if (added === 'email-taken') throw new TRPCError({ code: 'CONFLICT', message: staffAccountMessages.emailTaken });
    return added;
  }),

  resendInvitation: officeProcedure
    .input(z.object({ guardianId: z.number().int().positive() }))
    .mutation(async ({ ctx, input }) => {
      if (!(await ctx.services.parents.resendInvitation(auditSource(ctx), input.guardianId)))
        throw new TRPCError({ code: 'NOT_FOUND', message: 'This parent is no longer in the Parents’ Corner.' });
      return { sent: true };
    }),

  removeFamily: officeProcedure
    .input(z.object({ familyId: z.number().int().positive() }))
    .mutation(async ({ ctx, input }) => {
      if (!(await ctx.services.parents.removeFamily(auditSource(ctx), input.familyId)))
        throw new TRPCError({ code: 'NOT_FOUND', message: 'This family is no longer in the Parents’ Corner.' });
      return { removed: true };
    }),

  notices: officeProcedure.query(({ ctx }) => ctx.services.parents.notices()),

  noticeReaders: officeProcedure
    .input(z.object({ noticeId: z.number().int().positive() }))
    .query(({ ctx, input }) => ctx.services.parents.readers(input.noticeId)),

  publishNotice: officeProcedure.input(newNoticeSchema).mutation(async ({ ctx, input }) => ({
    id: await ctx.services.parents.publishNotice(auditSource(ctx), input),
  })),
});
