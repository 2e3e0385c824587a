import { z } from '#shared/zod.ts';
import { staffRoles } from '#shared/staff/roles.ts';
import { secondStepCodeSchema } from '#shared/staff/twoStep.ts';
import { staffAuthMessages } from './staffSignIn';

/**
 * docs/spec.md §7: POST /api/admin/login takes a JSON body with the password, which signs in the
 * first Owner; with an email as well, it signs in that person's account (issue 10). An empty
 * email is none, as the login screen sends it when the field is left blank. An account with
 * two-step login on also needs `code` (decision 0026); without it the answer is 401 with
 * `twoStepRequired: true`, and the same login is sent again with the code.
 */
export const staffLoginSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, staffAuthMessages.invalidEmailOrPassword)
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
  password: z.string().max(1024, staffAuthMessages.invalidPassword),
  code: secondStepCodeSchema.optional(),
});

export type StaffLoginInput = z.input<typeof staffLoginSchema>;

/** The person behind a session, as procedures and the dashboard see them: their name for the header, their role for what is offered. */
export const signedInAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(staffRoles),
});

export type SignedInAccount = z.output<typeof signedInAccountSchema>;

/** What the dashboard learns about its session; it never sees the token (HttpOnly cookie). */
export const staffSessionStatusSchema = z.union([
  z.object({ authenticated: z.literal(false) }),
  z.object({
    authenticated: z.literal(true),
    expiresAt: z.iso.datetime(),
    idleExpiresAt: z.iso.datetime(),
    account: signedInAccountSchema,
    /** The Owner requires two-step login and this account has not turned it on: the dashboard shows its setup and nothing else. */
    twoStepSetupNeeded: z.boolean(),
  }),
]);

export type StaffSessionStatus = z.output<typeof staffSessionStatusSchema>;

/** The answer while a client is locked out of logins (and of confirming it is them). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
