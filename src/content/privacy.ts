/**
 * The privacy notice (/privacy): what the two enquiry forms collect, why, for how long, who
 * receives it, and how to use the rights India's DPDP Act gives. The periods come from
 * shared/retention.ts, the numbers the server itself keeps to (see the page's data loader).
 */
import { admissionFieldTexts, contactFieldTexts, type FieldText } from './enquiryFields';
import { school } from './school';
import type { SchoolContact } from './schoolFacts';

export type RetentionPeriods = {
  closedEnquiryMonths: number;
  spamDays: number;
  sentMailDays: number;
  removedFamilyDays: number;
};

export const privacyPage = {
  heading: 'Privacy Notice',
  intro: `How ${school.name} handles what you tell us through this website, and what you can ask of us.`,
};

const reasons = (texts: Record<string, FieldText>) =>
  Object.fromEntries(Object.entries(texts).map(([name, { why }]) => [name, why]));

/** Why each answer of each form is asked, by field name, in the form's order (declared in enquiryFields.ts). */
export const collectedData = {
  contact: reasons(contactFieldTexts),
  admission: reasons(admissionFieldTexts),
};

/** A section: its paragraphs, then its list if any, then the paragraphs `after` the list if any. */
export type PrivacySection = { title: string; paragraphs: string[]; list?: string[]; after?: string[] };

/** The sections, with the periods the server keeps to and the school's published contact facts. */
export function privacySections(
  { closedEnquiryMonths, spamDays, sentMailDays, removedFamilyDays }: RetentionPeriods,
  { phones: [admissionsPhone, officePhone], email, address }: SchoolContact,
): PrivacySection[] {
  return [
    {
      title: 'Who we are',
      paragraphs: [
        `${school.name}, ${address.lines.join(', ')}, decides how the details you send through this website are used. We collect only what we need to answer you.`,
      ],
    },
    {
      title: 'What the contact form collects, and why',
      paragraphs: ['When you write to us through the contact form, we keep:'],
      list: Object.values(collectedData.contact),
    },
    {
      title: 'What the admission enquiry form collects, and why',
      paragraphs: ['When you ask about admission for your child, we keep:'],
      list: Object.values(collectedData.admission),
    },
    {
      title: 'Booking a visit',
      paragraphs: [
        'After an admission enquiry we send you a link to book a visit to the school. It works without an account: the link itself, made for your enquiry alone and valid for 30 days, lets whoever holds it book, move or cancel your visit, so please do not share it. Our website never writes it in its records of visits to the site.',
        "When you book, we keep the time you chose and when you booked, moved or cancelled it, and the internet address you booked from (so that no one can take every place), with your enquiry, and we email you a confirmation with a calendar invitation (it carries your name and email address), a note when you cancel, and a reminder the day before. The office sees your visit with your enquiry (your name and phone number, your child's name and age, the program, and the internet address you booked from).",
        'Your booking is kept as long as your enquiry and erased with it, as below.',
      ],
    },
    {
      title: "The Parents' Corner",
      paragraphs: [
        "When your child joins the school, the office may invite you to the Parents' Corner, the part of this website where the school's notices, events and documents for its families are. For it we keep:",
      ],
      list: [
        'your name, email address and phone number, and those of a second parent if the office adds one, so that each of you can log in and be told of new notices;',
        "your child's name, class and program, so that you see the notices meant for your child's class;",
        'your password, only as a scrambled code that cannot be turned back into it;',
        'the browsers you are logged in on (when you logged in, when you last used each, and which browser), so that you can see them and log them out;',
        'which notices you have opened, so that new ones are marked and the office knows who has read them;',
        'how you want emails about notices (one for each notice, or one on Friday afternoons), and when your last weekly email was sent, so that none is sent twice;',
        'the private address of your calendar feed, if you ask for one.',
      ],
      after: [
        "When you ask to see what we hold about you, your family's details in the Parents' Corner and everything we keep of you as its parent are in the copy we give you; of a second parent, only their name, as the rest is theirs. When you ask us to erase it, your family's login stops at once and all we keep for it is erased then and there, not some days later.",
      ],
    },
    {
      title: 'How long we keep it',
      paragraphs: [
        `Once the office has answered your enquiry and closed it, we erase it ${closedEnquiryMonths} months after the last change, with its history and the emails about it.`,
        `Copies of the emails our website sends (to you and to the office) are erased ${sentMailDays} days after they were sent. Messages our website judges to be automated are erased after ${spamDays} days.`,
        `When your child leaves and the office removes your family from the Parents' Corner, your login stops at once, and what we keep for it is erased ${removedFamilyDays} days later.`,
        'Our backups keep a copy for a short while longer, until newer backups replace them.',
      ],
    },
    {
      title: 'Who receives it',
      paragraphs: [
        "Only the school office staff read what you send, and only they see the families of the Parents' Corner and who has read a notice. Our email provider carries the emails between you, the website and the office (a notice's email carries its title and a link, never its text).",
        "When a form says it is protected by reCAPTCHA, Google receives information about your visit to that form to tell people from automated programs, under Google's own privacy policy.",
        'We never sell your details or use them for advertising.',
      ],
    },
    {
      title: 'Your rights',
      paragraphs: [
        `You may ask to see what we hold about you, to correct it, or to erase it, at any time: write to ${email} or call the school office on ${officePhone.display}. We answer within a week, and we erase everything that is not needed for your child's admission.`,
      ],
    },
    {
      title: 'Questions and complaints',
      paragraphs: [
        `If you are unhappy with how we handled your details, write to ${email} with "Privacy" in the subject, or call ${admissionsPhone.display}. We reply within 7 days. If our answer does not settle it, you may complain to the Data Protection Board of India.`,
      ],
    },
  ];
}
