/**
 * Texts and lists of the Parents' Corner page (/parents-corner). The events and notices are the
 * starting ones: the office edits them in the dashboard (Site content) and the page shows what
 * was published (decision 0028). The office's contact lines are the published school facts (0032).
 */
import { ADMISSIONS_YEAR } from './format';
import type { SchoolContact } from './schoolFacts';

/** An event (its day) or a notice (the day it was given). */
export type ParentsCornerEntry = { title: string; /** 'YYYY-MM-DD' */ date: string; text: string };

export type ParentDocument = { title: string; description: string };

export const parentEvents: ParentsCornerEntry[] = [
  {
    title: 'Parent-Teacher Conference',
    date: '2025-05-15',
    text: "End-of-year meetings with your child's guide to review progress and plan for the new academic year. Book your slot with the office.",
  },
  {
    title: 'Annual Day Celebration',
    date: '2025-06-05',
    text: 'An evening of songs, drama and exhibitions by children from every community. Families are warmly invited.',
  },
  {
    title: 'Summer Camp Registration',
    date: '2025-04-30',
    text: 'Last day to register for our summer camp of gardening, woodwork, art and storytelling.',
  },
];

export const parentNotices: ParentsCornerEntry[] = [
  {
    title: 'Summer Vacation Schedule',
    date: '2025-04-10',
    text: 'The last working day before the summer break is Friday, 25 April 2025. The new academic year begins on Monday, 2 June 2025.',
  },
  {
    title: 'New Health and Safety Protocols',
    date: '2025-03-28',
    text: 'From April, all visitors must sign in at reception and wear a visitor badge. Please keep children with fever at home and inform the office.',
  },
  {
    title: 'Updated Fee Structure',
    date: '2025-03-15',
    text: `The fee structure for ${ADMISSIONS_YEAR} is now available under Documents. Please contact the office with any questions about payment schedules.`,
  },
];

export const parentDocuments: ParentDocument[] = [
  { title: 'School Calendar 2024-2025', description: 'Term dates, holidays and school events for the year.' },
  { title: 'Parent Handbook', description: 'Our policies, daily routines and how to support your child at home.' },
  { title: 'Fee Structure', description: `Fees and payment schedule for ${ADMISSIONS_YEAR}.` },
  { title: 'Admission Form', description: 'The form for new admissions and for siblings of current students.' },
];

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
  documents: parentDocuments,
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
