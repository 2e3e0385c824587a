import { newPasswordMessages, newPasswordSchema } from '../../shared/staff/newPassword';

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * zxcvbn-ts's list of the 49,233 most common passwords, all lowercase. Loaded with the first
 * check, not at start-up: unpacking it takes 60 to 100 ms and 4 MB, and the server must answer
 * /healthz within 400 ms of starting. A failed load is tried again on the next check.
 */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
    (error: unknown) => {
      commonPasswords = undefined;
      throw error;
    },
  );
  return commonPasswords;
}

/** Whether a password, in any mix of capitals, is on the list of common passwords. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.normalize('NFC').toLowerCase());
}

/** What is wrong with a password a person chose, as the first message to show them; undefined if nothing. */
export async function passwordProblem(password: string): Promise<string | undefined> {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? newPasswordMessages.tooShort;
  return (await isCommonPassword(password)) ? newPasswordMessages.common : undefined;
}
