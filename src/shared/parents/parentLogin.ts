/** What the Parents' Corner's login form needs of the shared declarations: the page's first scripts carry this and no more (decision 0006). */

/** The fragment that carries a parent's single-use link to /parents-corner (never sent to the server by the browser). */
export const PARENT_LINK_FRAGMENT = 'parent-link=';

/** How long a parent's one-time sign-in code works, once. */
export const PARENT_CODE_MINUTES = 15;

/** The sign-in's answers the login form tells apart. */
export const parentSignInMessages = {
  /** Never says which of the two was wrong. */
  invalidSignIn: 'The email or password is not right. Please try again.',
  /** The same answer whether the password was right or not: only a right one sends a code. */
  codeSent: `Many wrong passwords have been tried at this login today, so a code is needed as well. If the password is right, a code is on its way to your email. Enter it below; it works once, for ${PARENT_CODE_MINUTES} minutes.`,
  invalidCode: 'The password or the code is not right. Please check both and try again.',
} as const;
