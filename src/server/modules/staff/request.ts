import type { Request, Response } from 'express';
import { TRPCError } from '@trpc/server';
import { tooManyAttemptsMessage } from '#shared/dashboard/staffAuth.ts';
import { recordAudit, type AuditStorage } from '#server/modules/audit/service.ts';
import type { AuditAction } from '#shared/staff/auditActions.ts';
import type { AuditEntry } from '#shared/staff/auditTrail.ts';
import type { SignedInAccount } from '#shared/dashboard/staffAuth.ts';
import type { RequestScope } from '#server/requestScope.ts';
import type { Config } from '#server/config.ts';
import { deviceCookieName, sessionCookieName, sessionCookieOptions } from './cookie';
import type { StaffAuth, StaffSession } from './staffAuth';

/**
 * What the sign-in's answers need of a request (a tRPC context will do): the services they use,
 * the request's scope (its time and address), the request's cookies and Origin, and the answer's
 * cookies and Retry-After header. None of them reads a clock: the time is the scope's (decision 0063).
 */
export type StaffRequest = {
  services: { storage: AuditStorage; config: Config; staffAuth: StaffAuth };
  scope: RequestScope;
  req: Pick<Request, 'get' | 'cookies'>;
  res: Pick<Response, 'cookie' | 'clearCookie' | 'setHeader'>;
  userAgent: string | undefined;
};

/** A request of a signed-in person, with their session. */
export type SignedInRequest = StaffRequest & { session: StaffSession };

/** A cookie of the request, when it is a string. */
export function cookieOf(request: StaffRequest, name: string): string | undefined {
  const value: unknown = request.req.cookies?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** The refusal of a limit reached, its wait in the Retry-After header too. */
export function throttled(request: StaffRequest, retryAfterSeconds: number): TRPCError {
  request.res.setHeader('Retry-After', String(retryAfterSeconds));
  return new TRPCError({ code: 'TOO_MANY_REQUESTS', message: tooManyAttemptsMessage(retryAfterSeconds) });
}

/** The cookies of a new session: the session's, and the device's that marks this browser as one the account signed in from. */
export function setSessionCookies(
  request: StaffRequest,
  signedIn: { token: string; session: { expiresAt: Date }; device: { token: string; expiresAt: Date } },
): void {
  const { config } = request.services;
  request.res.cookie(
    sessionCookieName(config),
    signedIn.token,
    sessionCookieOptions(config, signedIn.session.expiresAt),
  );
  request.res.cookie(
    deviceCookieName(config),
    signedIn.device.token,
    sessionCookieOptions(config, signedIn.device.expiresAt),
  );
}

/** An entry in the audit trail at the request's time and address, for its signed-in person or the account named. */
export function auditRequest(
  request: StaffRequest & { session?: { account: SignedInAccount } },
  action: AuditAction,
  details?: AuditEntry['details'],
  account: SignedInAccount | undefined = request.session?.account,
): Promise<void> {
  return recordAudit(
    request.services.storage,
    { at: request.scope.at, clientIp: request.scope.clientIp, account },
    action,
    details,
  );
}
