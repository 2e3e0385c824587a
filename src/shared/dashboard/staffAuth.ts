import { z } from '../zod';
import { staffRoles } from '../staff/roles';
import { secondStepCodeSchema } from '../staff/twoStep';

/** Texts and limits of the staff login, shared by the server answers and the dashboard. */
export const staffAuthMessages = {
  loginSuccessful: 'Login successful',
  loggedOut: 'Logged out',
  invalidPassword: 'Invalid password',
  /** With an email, the answer must not say which of the two was wrong. */
  invalidEmailOrPassword: 'Invalid email or password',
  sessionEnded: 'Your session has ended. Please log in again.',
  loginFailed: 'Login failed. Please try again.',
  busy: 'The server is busy checking other logins. Please try again in a moment.',
} as const;

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

const notSecureReason = 'This address is not secure (http), so your browser will not keep the sign-in.';
const httpsAddressPattern = /Open (https:\/\/\S+) instead\.$/;

/**
 * A sign-in from a plain-http address (a volunteer trying the server's own address before HTTPS
 * works) that the browser would not keep: the staff cookies are Secure in production. Says where
 * to go instead: the site's https address, when the server has one.
 */
export const notSecureSignIn = {
  message: (httpsAddress: string | undefined) =>
    `${notSecureReason} ${httpsAddress ? `Open ${httpsAddress} instead.` : 'Open the site at its https address instead.'}`,
  is: (message: string) => message.startsWith(notSecureReason),
  /** The https address a message names, to offer it as a link. */
  addressIn: (message: string) => httpsAddressPattern.exec(message)?.[1],
} as const;

/**
 * A login the server was too busy to check (503) may be sent again after this many seconds
 * (its Retry-After); the dashboard does so by itself a few times before telling the person.
 */
export const staffLoginBusy = { retryAfterSeconds: 1, retries: 3 } as const;

export const staffSessionLimits = {
  idleMinutes: 30,
  absoluteHours: 8,
} as const;

/** The person behind a session, as procedures and the dashboard see them: their name for the header, their role for what is offered. */
export const signedInAccountSchema = z.object({ id: z.number(), name: z.string(), email: z.string().nullable(), role: z.enum(staffRoles) });

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
