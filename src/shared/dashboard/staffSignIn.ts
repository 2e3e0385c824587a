// Without zod: the sign-in screen loads these before the dashboard's code and the schemas (decision 0006).

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

/** How long a one-time code (emailed, or printed on the server) works (decision 0051). */
export const oneTimeCodeMinutes = 15;

/** The command on the server that prints a one-time code when the server sends no mail. */
export const oneTimeCodeCommand = 'npm run staff:sign-in-code';

const slowedReason =
  'Someone has been trying wrong passwords at this account, so signing in from a new browser needs a code as well.';

/**
 * A sign-in from a browser the account has not signed in from, while the account is being guessed
 * at (decision 0051). The answer is the same whether the password was right or not: only a right
 * one sends a code, so a guesser learns nothing. 'email': the server sends mail; 'command': it
 * does not, and whoever runs it prints a code.
 */
export const slowedSignIn = {
  message: (channel: 'email' | 'command') =>
    channel === 'email'
      ? `${slowedReason} If the password is right, a code is on its way to the account's email address (for the school's main staff password, to the office's address). Enter it below; it works once, for ${oneTimeCodeMinutes} minutes. With two-step login on, enter the code from your app instead.`
      : `${slowedReason} This server sends no email, so ask whoever runs it for a code: \`${oneTimeCodeCommand}\` prints one (add \`-- EMAIL\` for a named account). With two-step login on, enter the code from your app instead.`,
  is: (message: string) => message.startsWith(slowedReason),
  invalid: 'The password or the code is not right. Please check both and try again.',
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
