import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { staffAccountMessages, type setPasswordSchema } from '#shared/staff/accounts.ts';
import { passwordProblem } from './commonPasswords';
import { hashPassword } from './password';
import { auditRequest, type StaffRequest } from './request';
import { staffLinkHolder, useLinkWithPassword } from './staffLinks';

/** Whom a link to choose a password is for, so its page can greet them; the same answer for every link that does not work. */
export async function linkHolder(request: StaffRequest, token: string) {
  const holder = await staffLinkHolder(request.services.storage, token, request.scope.at);
  return holder
    ? { valid: true as const, name: holder.account.name, email: holder.account.email, purpose: holder.purpose }
    : { valid: false as const };
}

/**
 * Sets the password of the link's account and uses the link up. The link is checked before the
 * password is hashed, so links that do not work cost the server nothing.
 */
export async function setPasswordByLink(
  request: StaffRequest,
  input: z.infer<typeof setPasswordSchema>,
): Promise<{ message: string }> {
  const holder = await staffLinkHolder(request.services.storage, input.token, request.scope.at);
  if (!holder) throw new TRPCError({ code: 'NOT_FOUND', message: staffAccountMessages.linkInvalid });
  const problem = await passwordProblem(input.password, holder.account);
  if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
  const accountId = await useLinkWithPassword(
    request.services.storage,
    input.token,
    await hashPassword(input.password),
    request.scope.at,
  );
  if (accountId === undefined) throw new TRPCError({ code: 'NOT_FOUND', message: staffAccountMessages.linkInvalid });
  await auditRequest(request, 'password-set', { accountId, purpose: holder.purpose }, holder.account);
  return { message: 'Your password is set. Sign in with your email and this password.' };
}
