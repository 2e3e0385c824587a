import { TRPCError } from '@trpc/server';
import { staffLoginSchema, tooManyAttemptsMessage, type StaffSessionStatus } from '#shared/dashboard/staffAuth.ts';
import { notSecureSignIn, slowedSignIn, staffAuthMessages } from '#shared/dashboard/staffSignIn.ts';
import { cookiesKeptFrom, deviceCookieName, sessionCookieName, sessionCookieOptions } from './cookie';
import { twoStepMessages } from '#shared/staff/twoStepMessages.ts';
import { setPasswordSchema, staffAccountMessages, staffLinkTokenSchema } from '#shared/staff/accounts.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import { passwordProblem } from './commonPasswords';
import { hashPassword } from './password';
import { staffLinkHolder, useLinkWithPassword } from './staffLinks';
import { router, staffAuthProcedure } from '#server/trpc.ts';

/** Staff login, logout and "am I logged in?". The session lives in an HttpOnly cookie. */
export const authRouter = router({
  login: staffAuthProcedure.input(staffLoginSchema).mutation(async ({ ctx, input }) => {
    const { config, staffAuth, now } = ctx.services;
    // Refused before the password is checked: a session the browser drops would be a sign-in that silently fails.
    if (!cookiesKeptFrom(config, ctx.req.get('origin'))) {
      const httpsAddress = config.publicUrl.startsWith('https:') ? `${config.publicUrl}/admin` : undefined;
      throw new TRPCError({ code: 'BAD_REQUEST', message: notSecureSignIn.message(httpsAddress) });
    }
    const deviceToken: unknown = ctx.req.cookies?.[deviceCookieName(config)];
    const result = await staffAuth.login({
      email: input.email,
      password: input.password,
      code: input.code,
      deviceToken: typeof deviceToken === 'string' ? deviceToken : undefined,
      clientIp: ctx.clientIp,
      userAgent: ctx.userAgent,
      now: now(),
    });
    if (result.outcome === 'busy') {
      ctx.res.setHeader('Retry-After', String(result.retryAfterSeconds));
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: staffAuthMessages.busy });
    }
    if (result.outcome === 'throttled') {
      ctx.res.setHeader('Retry-After', String(result.retryAfterSeconds));
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: tooManyAttemptsMessage(result.retryAfterSeconds) });
    }
    if (result.outcome === 'invalid') {
      throw new TRPCError({
        code: 'UNAUTHORIZED',
        message: input.email ? staffAuthMessages.invalidEmailOrPassword : staffAuthMessages.invalidPassword,
      });
    }
    if (result.outcome === 'code-needed')
      throw new TRPCError({ code: 'UNAUTHORIZED', message: twoStepMessages.codeNeeded });
    if (result.outcome === 'invalid-code')
      throw new TRPCError({ code: 'UNAUTHORIZED', message: twoStepMessages.invalidCode });
    if (result.outcome === 'slowed')
      throw new TRPCError({ code: 'UNAUTHORIZED', message: slowedSignIn.message(result.channel) });
    if (result.outcome === 'slowed-invalid')
      throw new TRPCError({ code: 'UNAUTHORIZED', message: slowedSignIn.invalid });
    ctx.res.cookie(sessionCookieName(config), result.token, sessionCookieOptions(config, result.session.expiresAt));
    ctx.res.cookie(
      deviceCookieName(config),
      result.device.token,
      sessionCookieOptions(config, result.device.expiresAt),
    );
    return { message: staffAuthMessages.loginSuccessful };
  }),

  logout: staffAuthProcedure.mutation(async ({ ctx }) => {
    const { config, staffAuth, now } = ctx.services;
    const token: unknown = ctx.req.cookies?.[sessionCookieName(config)];
    await staffAuth.logout({
      token: typeof token === 'string' ? token : undefined,
      clientIp: ctx.clientIp,
      now: now(),
    });
    ctx.res.clearCookie(sessionCookieName(config), sessionCookieOptions(config));
    return { message: staffAuthMessages.loggedOut };
  }),

  /** Whether the cookie holds a live session; asking does not count as activity. */
  session: staffAuthProcedure.query(async ({ ctx }): Promise<StaffSessionStatus> => {
    const { config, staffAuth, now } = ctx.services;
    const token: unknown = ctx.req.cookies?.[sessionCookieName(config)];
    const session = await staffAuth.inspect(typeof token === 'string' ? token : undefined, now());
    return session
      ? {
          authenticated: true,
          expiresAt: session.expiresAt.toISOString(),
          idleExpiresAt: session.idleExpiresAt.toISOString(),
          account: session.account,
          twoStepSetupNeeded: session.twoStepSetupNeeded,
        }
      : { authenticated: false };
  }),

  /** Whom a link to choose a password is for, so its page can greet them; the same answer for every link that does not work. */
  linkHolder: staffAuthProcedure.input(staffLinkTokenSchema).query(async ({ ctx, input }) => {
    const holder = await staffLinkHolder(ctx.services, input.token);
    return holder
      ? { valid: true as const, name: holder.account.name, email: holder.account.email, purpose: holder.purpose }
      : { valid: false as const };
  }),

  /**
   * Sets the password of the link's account and uses the link up. The link is checked before the
   * password is hashed, so links that do not work cost the server nothing.
   */
  setPassword: staffAuthProcedure.input(setPasswordSchema).mutation(async ({ ctx, input }) => {
    const holder = await staffLinkHolder(ctx.services, input.token);
    if (!holder) throw new TRPCError({ code: 'NOT_FOUND', message: staffAccountMessages.linkInvalid });
    const problem = await passwordProblem(input.password, holder.account);
    if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
    const accountId = await useLinkWithPassword(ctx.services, input.token, await hashPassword(input.password));
    if (accountId === undefined) throw new TRPCError({ code: 'NOT_FOUND', message: staffAccountMessages.linkInvalid });
    await recordAudit({ ...ctx, session: { account: holder.account } }, 'password-set', {
      accountId,
      purpose: holder.purpose,
    });
    return { message: 'Your password is set. Sign in with your email and this password.' };
  }),
});
