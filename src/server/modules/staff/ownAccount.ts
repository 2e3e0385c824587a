import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { changePasswordMessages, type changePasswordSchema } from '#shared/staff/accounts.ts';
import { passwordProblem } from './commonPasswords';
import { endStaffSession, openAccountSessions } from './repository';
import { auditRequest, setSessionCookies, throttled, type SignedInRequest } from './request';
import { sessionWithinLimits } from './staffAuth';

/**
 * A session's name on the page: a hash of its id, never the id itself (the id with the signing
 * key is what a cookie carries, so it must not travel anywhere else).
 */
const sessionRef = (sessionId: string) => createHash('sha256').update(sessionId).digest('base64url').slice(0, 22);

/** Where this account is signed in now: this browser and any other, with when and from where. */
export async function ownSessions(request: SignedInRequest) {
  const now = request.scope.at;
  const sessions = await openAccountSessions(
    request.services.storage.db,
    request.session.account.id,
    now.toISOString(),
  );
  return sessions
    .filter((session) => sessionWithinLimits(session, now))
    .map((session) => ({
      ref: sessionRef(session.id),
      current: session.id === request.session.sessionId,
      createdAt: session.created_at,
      lastSeenAt: session.last_seen_at,
      ip: session.ip,
      device: session.user_agent,
    }));
}

/** Ends one of the account's other sessions (a browser left signed in elsewhere). */
export async function endOwnSession(request: SignedInRequest, ref: string): Promise<{ message: string }> {
  const now = request.scope.at.toISOString();
  const sessions = await openAccountSessions(request.services.storage.db, request.session.account.id, now);
  const session = sessions.find((candidate) => sessionRef(candidate.id) === ref);
  if (!session) throw new TRPCError({ code: 'NOT_FOUND', message: 'That session has already ended.' });
  await endStaffSession(request.services.storage.db, session.id, now);
  await auditRequest(request, 'session-ended', { current: session.id === request.session.sessionId });
  return { message: 'The session has ended.' };
}

/**
 * A new password, given with the current one and held to the same rule as a link's. This
 * session stays signed in; the account's other sessions end (a password seen by someone else
 * must not leave them signed in).
 */
export async function changeOwnPassword(
  request: SignedInRequest,
  input: z.infer<typeof changePasswordSchema>,
): Promise<{ message: string }> {
  const problem = await passwordProblem(input.newPassword, request.session.account);
  if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
  const result = await request.services.staffAuth.changeOwnPassword({
    session: request.session,
    currentPassword: input.currentPassword,
    newPassword: input.newPassword,
    clientIp: request.scope.clientIp,
    userAgent: request.userAgent,
    now: request.scope.at,
  });
  if (result.outcome === 'invalid')
    throw new TRPCError({ code: 'BAD_REQUEST', message: changePasswordMessages.currentWrong });
  if (result.outcome === 'set-on-server')
    throw new TRPCError({ code: 'BAD_REQUEST', message: changePasswordMessages.setOnServer });
  if (result.outcome === 'throttled') throw throttled(request, result.retryAfterSeconds);
  setSessionCookies(request, result);
  await auditRequest(request, 'own-password-change', { otherSessionsEnded: result.otherSessionsEnded });
  return { message: changePasswordMessages.changed };
}
