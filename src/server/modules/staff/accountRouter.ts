import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { changePasswordMessages, changePasswordSchema } from '#shared/staff/accounts.ts';
import { z } from '#shared/zod.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import { deviceCookieName, sessionCookieName, sessionCookieOptions } from './cookie';
import { passwordProblem } from './commonPasswords';
import { sessionWithinLimits } from './staffAuth';
import { endStaffSession, openAccountSessions } from './service';
import { router, staffProcedure } from '#server/trpc.ts';
import { tooManyAttemptsMessage } from '#shared/dashboard/staffAuth.ts';

/**
 * A session's name on the page: a hash of its id, never the id itself (the id with the signing
 * key is what a cookie carries, so it must not travel anywhere else).
 */
const sessionRef = (sessionId: string) => createHash('sha256').update(sessionId).digest('base64url').slice(0, 22);

/** What every signed-in person may do with their own account, whatever their role. */
export const accountRouter = router({
  /** Where this account is signed in now: this browser and any other, with when and from where. */
  sessions: staffProcedure.query(async ({ ctx }) => {
    const now = ctx.services.now();
    const sessions = await openAccountSessions(ctx.services.storage.db, ctx.session.account.id, now.toISOString());
    return sessions
      .filter((session) => sessionWithinLimits(session, now))
      .map((session) => ({
        ref: sessionRef(session.id),
        current: session.id === ctx.session.sessionId,
        createdAt: session.created_at,
        lastSeenAt: session.last_seen_at,
        ip: session.ip,
        device: session.user_agent,
      }));
  }),

  /** Ends one of the account's other sessions (a browser left signed in elsewhere). */
  endSession: staffProcedure.input(z.object({ ref: z.string().min(1).max(64) })).mutation(async ({ ctx, input }) => {
    const now = ctx.services.now().toISOString();
    const sessions = await openAccountSessions(ctx.services.storage.db, ctx.session.account.id, now);
    const session = sessions.find((candidate) => sessionRef(candidate.id) === input.ref);
    if (!session) throw new TRPCError({ code: 'NOT_FOUND', message: 'That session has already ended.' });
    await endStaffSession(ctx.services.storage.db, session.id, now);
    await recordAudit(ctx, 'session-ended', { current: session.id === ctx.session.sessionId });
    return { message: 'The session has ended.' };
  }),

  /**
   * A new password, given with the current one and held to the same rule as a link's. This
   * session stays signed in; the account's other sessions end (a password seen by someone else
   * must not leave them signed in).
   */
  changePassword: staffProcedure.input(changePasswordSchema).mutation(async ({ ctx, input }) => {
    const problem = await passwordProblem(input.newPassword, ctx.session.account);
    if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
    const result = await ctx.services.staffAuth.changeOwnPassword({
      session: ctx.session,
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
      clientIp: ctx.clientIp,
      userAgent: ctx.userAgent,
      now: ctx.services.now(),
    });
    if (result.outcome === 'invalid')
      throw new TRPCError({ code: 'BAD_REQUEST', message: changePasswordMessages.currentWrong });
    if (result.outcome === 'set-on-server')
      throw new TRPCError({ code: 'BAD_REQUEST', message: changePasswordMessages.setOnServer });
    if (result.outcome === 'throttled') {
      ctx.res.setHeader('Retry-After', String(result.retryAfterSeconds));
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: tooManyAttemptsMessage(result.retryAfterSeconds) });
    }
    const { config } = ctx.services;
    ctx.res.cookie(sessionCookieName(config), result.token, sessionCookieOptions(config, result.session.expiresAt));
    ctx.res.cookie(
      deviceCookieName(config),
      result.device.token,
      sessionCookieOptions(config, result.device.expiresAt),
    );
    await recordAudit(ctx, 'own-password-change', { otherSessionsEnded: result.otherSessionsEnded });
    return { message: changePasswordMessages.changed };
  }),
});
