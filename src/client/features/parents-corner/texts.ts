import { loginTexts } from './loginTexts';

/**
 * Texts of the Parents' Corner that the content module does not cover: how the page behaves
 * (forms, account, states) rather than facts about the school. The server's sentences are in
 * src/shared/parents/parentsCorner.ts (parentMessages). Only the screens after the login form
 * read these, from the chunks loaded on demand; the login form's own are in loginTexts.ts.
 */
export const portalTexts = {
  ...loginTexts,
  linksHeading: 'Helpful Links',
  phoneLabel: 'Phone',
  emailLabel: 'Email',
  officeHoursLabel: 'Office hours',
  forgot: {
    heading: 'Forgot your password?',
    intro: 'Enter the email the school has for you. If it is a parent’s, we send a link to choose a new password.',
    emailLabel: 'Email',
    submitLabel: 'Send the link',
    backLabel: 'Back to Parent Login',
  },
  link: {
    checking: 'Checking your link...',
    invalidHeading: 'This link no longer works',
    invitationHeading: (name: string) => `Welcome, ${name}`,
    resetHeading: (name: string) => `A new password for ${name}`,
    intro: (email: string) => `Choose the password you will use with your email, ${email}, to log in.`,
    passwordLabel: 'New password',
    submitLabel: 'Save my password',
  },
  view: {
    family: (childName: string, className: string) => `For ${childName}, ${className}`,
    unread: 'New',
    showNotice: 'Read',
    hideNotice: 'Close',
    calendarLink: 'Add the school’s events to your calendar',
    calendarHint: 'Your phone’s calendar then shows the school’s events as they are planned.',
    calendarReady: 'Your calendar address is ready: use the link, or copy the address below.',
    calendarAddressLabel: 'Your calendar address',
    calendarAddressHint:
      'On an iPhone or a Mac the link above is enough. For Google Calendar, copy this address and add it on a computer under Other calendars, From URL.',
    copyLabel: 'Copy the address',
    copied: 'The address is copied.',
    copyByHand: 'The address is selected: copy it with your keyboard or a long press.',
    replaceLabel: 'Make a new address',
    replaceHint: 'Shared it by mistake? A new address stops the old one from working.',
    replaced: 'A new address is ready; the old one no longer works. Add the new one to your calendar.',
    noDocuments: 'The school’s documents will be here soon. Until then, the office has printed copies.',
    accountLink: 'Your account',
  },
  account: {
    heading: 'Your account',
    passwordHeading: 'Change your password',
    currentLabel: 'Current password',
    newLabel: 'New password',
    submitLabel: 'Change password',
    devicesHeading: 'Where you are logged in',
    thisDevice: 'This device',
    signedInAt: 'Logged in',
    lastUsedAt: 'Last used',
    signOutEverywhere: 'Log out everywhere',
    signOutEverywhereHint: 'Every phone and computer where you are logged in is logged out, this one too.',
    backLabel: 'Back to the Parents’ Corner',
    noticeMailHeading: 'Emails about notices',
    noticeMailLegend: 'When a new notice is published, email me',
    noticeMailSave: 'Save',
  },
};
