import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { staffLoginSchema, StaffSessionStatus } from '#shared/dashboard/staffAuth.ts';
import { notSecureSignIn, slowedSignIn, staffAuthMessages } from '#shared/dashboard/staffSignIn.ts';
import { twoStepMessages } from '#shared/staff/twoStepMessages.ts';
import { cookiesKeptFrom, deviceCookieName, sessionCookieName, sessionCookieOptions } from './cookie';
import { cookieOf, setSessionCookies, throttled, type StaffRequest } from './request';

/** Staff login: the session and device cookies, or the refusal with its code and plain message. */
export async function signIn(
  request: StaffRequest,
  input: z.infer<typeof staffLoginSchema>,
): Promise<{ message: string }> {
  const { config, staffAuth } = request.services;
  // Refused before the password is checked: a session the browser drops would be a sign-in that silently fails.
  if (!cookiesKeptFrom(config, request.req.get('origin'))) {
    const httpsAddress = config.publicUrl.startsWith('https:') ? `${config.publicUrl}/admin` : undefined;
    throw new TRPCError({ code: 'BAD_REQUEST', message: notSecureSignIn.message(httpsAddress) });
  }
  const result = await staffAuth.login({
    email: input.email,
    password: input.password,
    code: input.code,
    deviceToken: cookieOf(request, deviceCookieName(config)),
    clientIp: request.scope.clientIp,
    userAgent: request.userAgent,
    now: request.scope.at,
  });
  if (result.outcome === 'busy') {
    request.res.setHeader('Retry-After', String(result.retryAfterSeconds));
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: staffAuthMessages.busy });
  }
  if (result.outcome === 'throttled') throw throttled(request, result.retryAfterSeconds);
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
  if (result.outcome === 'slowed-invalid') throw new TRPCError({ code: 'UNAUTHORIZED', message: slowedSignIn.invalid });
  setSessionCookies(request, result);
  return { message: staffAuthMessages.loginSuccessful };
}

/** Staff logout: the session ends and its cookie is cleared. */
export async function signOut(request: StaffRequest): Promise<{ message: string }> {
  const { config, staffAuth } = request.services;
  await staffAuth.logout({
    token: cookieOf(request, sessionCookieName(config)),
    clientIp: request.scope.clientIp,
    now: request.scope.at,
  });
  request.res.clearCookie(sessionCookieName(config), sessionCookieOptions(config));
  return { message: staffAuthMessages.loggedOut };
}

/** Whether the cookie holds a live session; asking does not count as activity. */
export async function sessionStatus(request: StaffRequest): Promise<StaffSessionStatus> {
  const { config, staffAuth } = request.services;
  const session = await staffAuth.inspect(cookieOf(request, sessionCookieName(config)), request.scope.at);
  return session
    ? {
        authenticated: true,
        expiresAt: session.expiresAt.toISOString(),
        idleExpiresAt: session.idleExpiresAt.toISOString(),
        account: session.account,
        twoStepSetupNeeded: session.twoStepSetupNeeded,
      }
    : { authenticated: false };
}
