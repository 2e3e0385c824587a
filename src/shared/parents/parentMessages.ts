/** What the Parents' Corner page needs of the shared declarations, without zod (decision 0006). */

/** The fragment that carries a parent's single-use link to /parents-corner (never sent to the server by the browser). */
export const PARENT_LINK_FRAGMENT = 'parent-link=';

/** How long a parent's one-time sign-in code works, once. */
export const PARENT_CODE_MINUTES = 15;

/** How a guardian has notice emails: one for each notice as it is published, or a weekly digest (Friday afternoon at the school). */
export const noticeMailChoices = ['at-once', 'weekly'] as const;
export type NoticeMailChoice = (typeof noticeMailChoices)[number];

/** The words parents read, one sentence each. */
export const parentMessages = {
  /** Never says which of the two was wrong. */
  invalidSignIn: 'The email or password is not right. Please try again.',
  /** The same whether or not the email is a parent's. */
  forgotAnswer:
    'If this email belongs to a parent of the school, a link to choose a new password is on its way. Please check your inbox.',
  linkInvalid: 'This link has expired or has already been used. Please ask the school office for a new one.',
  passwordChosen: 'Your password is saved. Please log in with your email and your new password.',
  signedOut: 'Please log in to see the Parents’ Corner.',
  passwordChanged: 'Your password is changed. You are still logged in here; your other devices are logged out.',
  signedOutEverywhere: 'You are logged out on every device, this one too.',
  /** The same answer whether the password was right or not: only a right one sends a code. */
  codeSent: `Many wrong passwords have been tried at this login today, so a code is needed as well. If the password is right, a code is on its way to your email. Enter it below; it works once, for ${PARENT_CODE_MINUTES} minutes.`,
  invalidCode: 'The password or the code is not right. Please check both and try again.',
  noticeMailSaved: {
    'at-once': 'Saved. You will get an email for each new notice as it is published.',
    weekly: 'Saved. You will get one email on Friday afternoons listing the week’s new notices.',
  } satisfies Record<NoticeMailChoice, string>,
} as const;
