import { z } from '#shared/zod.ts';

/** The shortest staff password: one a person chooses, `npm run admin:password` and ADMIN_PASSWORD. Generated ones are 23 characters. */
export const MIN_STAFF_PASSWORD_LENGTH = 12;
/** Room for any passphrase; a cap so no request can make the server hash a megabyte. */
export const MAX_STAFF_PASSWORD_LENGTH = 200;

/** How to choose a good password, in one sentence: the hint under every new-password field ends with it, and so does the refusal of a guessable one. */
export const PASSWORD_ADVICE = 'A few words you will remember make a good one.';

export const newPasswordMessages = {
  tooShort: `Please choose a password of at least ${MIN_STAFF_PASSWORD_LENGTH} characters.`,
  tooLong: `Please choose a password of at most ${MAX_STAFF_PASSWORD_LENGTH} characters.`,
  tooEasy: `That password is too easy to guess. ${PASSWORD_ADVICE}`,
  controlCharacter: 'A password cannot contain line breaks, tabs or other control characters.',
} as const;

/**
 * Counted as a person counts characters (code points of the NFC form, the form that is hashed),
 * so an emoji or an accented letter counts once. No other rules: length and the strength estimate
 * (on the server, src/server/modules/staff/commonPasswords.ts) are what NIST SP 800-63B asks for. Control characters (a line break from a
 * pipe, a tab) are refused: no sign-in form can type them back.
 */
const characterCount = (password: string) => [...password.normalize('NFC')].length;

/** A password a person chooses. It is never trimmed: spaces are part of it. */
export const newPasswordSchema = z
  .string(newPasswordMessages.tooShort)
  .refine((password) => characterCount(password) >= MIN_STAFF_PASSWORD_LENGTH, newPasswordMessages.tooShort)
  .refine((password) => characterCount(password) <= MAX_STAFF_PASSWORD_LENGTH, newPasswordMessages.tooLong)
  .refine((password) => !/\p{Cc}/u.test(password), newPasswordMessages.controlCharacter);
