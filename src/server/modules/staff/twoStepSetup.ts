import { TRPCError } from '@trpc/server';
import type { TwoStepStatus } from '#shared/staff/twoStep.ts';
import { twoStepMessages } from '#shared/staff/twoStepMessages.ts';
import { findStaffAccount } from './repository';
import { auditRequest, throttled, type SignedInRequest } from './request';

/** The person proves it is them again (a current code or their password) before two-step login is turned off or new recovery codes are made. */
async function confirmIdentity(request: SignedInRequest, confirmation: string): Promise<void> {
  const { staffAuth } = request.services;
  if (!(await staffAuth.twoStep.isOn(request.session.account.id)))
    throw new TRPCError({ code: 'BAD_REQUEST', message: twoStepMessages.notOn });
  const answer = await staffAuth.confirmIdentity({
    accountId: request.session.account.id,
    confirmation,
    clientIp: request.scope.clientIp,
    now: request.scope.at,
  });
  if (answer === 'confirmed') return;
  if (answer === 'invalid') throw new TRPCError({ code: 'BAD_REQUEST', message: twoStepMessages.confirmationWrong });
  throw throttled(request, answer.retryAfterSeconds);
}

export async function twoStepStatus(request: SignedInRequest): Promise<TwoStepStatus> {
  const { twoStep } = request.services.staffAuth;
  const accountId = request.session.account.id;
  return { ...(await twoStep.status(accountId)), ...(await twoStep.setupTime(accountId, request.scope.at)) };
}

/**
 * A new secret and its QR code; two-step login stays off until a code from the app confirms it.
 * Once the Owner's days to set it up are over, only a new link from the Owner opens it again.
 */
export async function startTwoStep(request: SignedInRequest, code: string | undefined) {
  const setup = await request.services.staffAuth.twoStep.begin(request.session.account, request.scope.at, code);
  if (setup === 'already-on') throw new TRPCError({ code: 'BAD_REQUEST', message: twoStepMessages.alreadyOn });
  if (setup === 'closed') throw new TRPCError({ code: 'FORBIDDEN', message: twoStepMessages.setupClosed });
  if (setup === 'wrong-code') throw new TRPCError({ code: 'BAD_REQUEST', message: twoStepMessages.setupCodeWrong });
  return setup;
}

/** After the days to set it up with a password alone: a one-time code to the account's email (decision 0051), or which command prints one. */
export async function sendSetupCode(request: SignedInRequest): Promise<{ message: string }> {
  const { staffAuth, storage } = request.services;
  const account = await findStaffAccount(storage.db, request.session.account.id);
  const sent =
    account !== undefined && (await staffAuth.oneTimeCodes.send(account, 'two-step-setup', request.scope.at));
  return { message: sent ? twoStepMessages.setupCodeSent : twoStepMessages.setupCodeByCommand };
}

/** Switches it on with a current code; answers the recovery codes, which are shown this once and stored only hashed. */
export async function confirmTwoStep(request: SignedInRequest, code: string) {
  const result = await request.services.staffAuth.twoStep.confirm(request.session.account.id, code, request.scope.at);
  if (result.outcome === 'closed') throw new TRPCError({ code: 'FORBIDDEN', message: twoStepMessages.setupClosed });
  if (result.outcome !== 'on') {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: result.outcome === 'no-setup' ? twoStepMessages.notStarted : twoStepMessages.setupInvalidCode,
    });
  }
  await auditRequest(request, 'two-step-on');
  return { message: 'Two-step login is on.', recoveryCodes: result.recoveryCodes };
}

export async function turnTwoStepOff(request: SignedInRequest, confirmation: string): Promise<{ message: string }> {
  await confirmIdentity(request, confirmation);
  await request.services.staffAuth.twoStep.turnOff(request.session.account.id, request.scope.at);
  await auditRequest(request, 'two-step-off');
  return { message: 'Two-step login is off.' };
}

/** New recovery codes; the earlier ones stop working. */
export async function newRecoveryCodes(request: SignedInRequest, confirmation: string) {
  await confirmIdentity(request, confirmation);
  const recoveryCodes = await request.services.staffAuth.twoStep.newRecoveryCodes(
    request.session.account.id,
    request.scope.at,
  );
  await auditRequest(request, 'recovery-codes-new');
  return { message: 'New recovery codes are ready; the earlier ones no longer work.', recoveryCodes };
}
