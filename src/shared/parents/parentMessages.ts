/** What the Parents' Corner page needs of the shared declarations, without zod (decision 0006). */
import { parentSignInMessages } from './parentLogin';

export { PARENT_CODE_MINUTES, PARENT_LINK_FRAGMENT } from './parentLogin';

/** How a guardian has notice emails: one for each notice as it is published, or a weekly digest (Friday afternoon at the school). */
export const noticeMailChoices = ['at-once', 'weekly'] as const;
export type NoticeMailChoice = (typeof noticeMailChoices)[number];

/** Each choice in words: the parent's form, and their copy of their data. */
export const noticeMailLabels = {
  'at-once': 'At once, one email for each notice',
  weekly: 'Weekly, on Friday afternoon: one email listing the week’s new notices',
} satisfies Record<NoticeMailChoice, string>;

/** The words parents read, one sentence each. */
export const parentMessages = {
  ...parentSignInMessages,
  /** The same whether or not the email is a parent's. */
  forgotAnswer:
    'If this email belongs to a parent of the school, a link to choose a new password is on its way. Please check your inbox.',
  linkInvalid: 'This link has expired or has already been used. Please ask the school office for a new one.',
  passwordChosen: 'Your password is saved. Please log in with your email and your new password.',
  signedOut: 'Please log in to see the Parents’ Corner.',
  passwordChanged: 'Your password is changed. You are still logged in here; your other devices are logged out.',
  signedOutEverywhere: 'You are logged out on every device, this one too.',
  noticeMailSaved: {
    'at-once': 'Saved. You will get an email for each new notice as it is published.',
    weekly: 'Saved. You will get one email on Friday afternoons listing the week’s new notices.',
  } satisfies Record<NoticeMailChoice, string>,
} as const;
