/**
 * Texts of the Parents' Corner page (/parents-corner). Its notices, events and documents are
 * private: they come from the server to a signed-in parent only, never in a public file
 * (issue 37). The office's contact lines are the published school facts (decision 0032).
 */
import type { SchoolContact } from './schoolFacts';

/** The page's texts, with the office's published phone, email and hours. */
export const parentsCornerTexts = ({ phones, email, officeHoursLongText }: SchoolContact) => ({
  heading: "Parents' Corner",
  intro:
    'A private space for our families: upcoming events, school notices and the documents you need through the year.',
  login: {
    heading: 'Parent Login',
    usernameLabel: 'Username',
    passwordLabel: 'Password',
    rememberMeLabel: 'Remember me',
    forgotPasswordLabel: 'Forgot password?',
    submitLabel: 'Log In',
    note: 'Login details are shared with enrolled families. Please contact the school administration for access.',
  },
  welcome: 'Welcome back! Here is what is happening at school.',
  logoutLabel: 'Log Out',
  eventsHeading: 'Upcoming Events',
  noEvents: 'No events are planned just now.',
  noticesHeading: 'Notices',
  noNotices: 'There are no notices just now.',
  documentsHeading: 'Documents',
  contact: {
    heading: 'Contact the Office',
    phone: phones[1],
    email,
    officeHours: officeHoursLongText,
  },
  links: [
    { label: 'Frequently Asked Questions', path: '/faq' },
    { label: 'Contact Us', path: '/contact' },
  ],
});

export type ParentsCornerTexts = ReturnType<typeof parentsCornerTexts>;
