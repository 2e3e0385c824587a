import { z } from '#shared/zod.ts';
import { twoStepGraceDaysSchema } from './settings';
import { twoStepMessages } from './twoStepMessages';

/**
 * Two-step login (issue 10; decision 0026): after the password, a 6-digit code from an
 * authenticator app (TOTP, RFC 6238: 30-second steps, SHA-1, as every app reads the QR code), or
 * one of the account's one-time recovery codes.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

/** Spaces and dashes a person may type or paste into a code are not part of it. */
const withoutSeparators = (value: string) => value.replace(/[\s-]/g, '');

/** An authenticator code: exactly six digits once spaces are taken out. */
export const isAuthenticatorCode = (value: string): boolean =>
  new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(withoutSeparators(value));

/** A code as typed: an authenticator's 6 digits or a recovery code; what it is, the server decides. Something besides separators. */
export const secondStepCodeSchema = z
  .string(twoStepMessages.codeNeeded)
  .max(64, twoStepMessages.invalidCode)
  .regex(/[^\s-]/, twoStepMessages.codeNeeded)
  .transform(withoutSeparators);

/** Starting the setup; after its days, with the one-time code emailed to the account (decision 0051). */
export const startTwoStepSchema = z.object({ code: secondStepCodeSchema.optional() }).nullish();

/** Confirming the setup: the current code from the app. */
export const confirmTwoStepSchema = z.object({
  code: z
    .string(twoStepMessages.setupInvalidCode)
    .transform(withoutSeparators)
    .refine((code) => isAuthenticatorCode(code), twoStepMessages.setupInvalidCode),
});

/**
 * Turning two-step login off or making new recovery codes asks the person to prove it is them
 * again: a current code from the app, or their password (a password is never 6 digits: at least 12 characters).
 */
export const twoStepConfirmationSchema = z.object({
  confirmation: z.string(twoStepMessages.confirmationWrong).min(1, twoStepMessages.confirmationWrong).max(1024),
});

/** The Owner's setting: every person must have two-step login on before using the dashboard, and within how many days. */
export const twoStepRequirementSchema = z.object({
  required: z.boolean('Please say whether two-step login is required.'),
  graceDays: twoStepGraceDaysSchema.optional(),
});

/** What the setup page shows: the QR code (an SVG image as a data: URL, which the CSP's img-src allows) and the secret to type instead. */
export type TwoStepSetup = { qrCode: string; secret: string; label: string; issuer: string };

/**
 * While the Owner requires two-step login and a person's is off: until when they may set it up
 * from their own session (null when no such time holds), and whether they still may.
 */
export type TwoStepSetupTime = { setupDeadline: string | null; setupAllowed: boolean };

/** What each person sees of their own two-step login. */
export type TwoStepStatus = { on: boolean; recoveryCodesLeft: number; requiredByOwner: boolean } & TwoStepSetupTime;
