/**
 * The school's contact facts: two phones, the email, the postal address and the office hours.
 * The office edits and publishes them (dashboard, Site content; decision 0032); what is here is
 * what the site starts with. Texts that state a fact take it as an argument (`SchoolContact`),
 * never from this module, so whatever the office publishes reaches every page, the structured
 * data and the emails.
 */

export const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export type Weekday = (typeof weekdays)[number];

export type Phone = {
  readonly label: string;
  /** As the office wrote it, shown on the page: '+91 98400 12345' */
  readonly display: string;
  /** Read from the display, for tel: links and structured data: '+919840012345' */
  readonly e164: string;
};

export type PostalAddress = {
  /** As it is printed, one line per entry */
  readonly lines: readonly string[];
  /** The parts structured data and the map link need */
  readonly streetAddress: string;
  readonly locality: string;
  readonly city: string;
  readonly region: string;
  readonly postalCode: string;
};

export type OfficeHours = {
  readonly days: readonly Weekday[];
  /** 24-hour 'HH:mm', as structured data wants them */
  readonly opens: string;
  readonly closes: string;
  /** 'Mon–Fri 8:30 AM - 4:30 PM' */
  readonly label: string;
  /** 'Monday–Friday 8:30 AM – 4:30 PM' */
  readonly longLabel: string;
};

/** The published facts as pages, structured data and emails state them (shared/content/schoolFacts.ts derives it). */
export type SchoolContact = {
  /** The admissions line first (the call button, WhatsApp, the forms' messages), then the school office. */
  readonly phones: readonly [Phone, Phone];
  readonly email: string;
  readonly address: PostalAddress;
  readonly officeHours: readonly OfficeHours[];
  /** 'Mon–Fri 8:30 AM - 4:30 PM, Sat 9:00 AM - 12:00 PM' */
  readonly officeHoursText: string;
  /** 'Monday–Friday 8:30 AM – 4:30 PM and Saturday 9:00 AM – 12:00 PM' */
  readonly officeHoursLongText: string;
  readonly mapsUrl: string;
  readonly mapsEmbedUrl: string;
};

/** What the site starts with, in the form the office edits (labels and the tel: form are derived). */
export const startingSchoolFacts = {
  phones: [
    { label: 'Admissions', display: '+91 98400 12345' },
    { label: 'School office', display: '+91 44 4862 3150' },
  ],
  email: 'admissions@aranyamontessori.in',
  address: {
    lines: ['No. 24, Lakshmi Nagar 2nd Street', 'Off OMR, Perungudi', 'Chennai, Tamil Nadu 600096'],
    streetAddress: 'No. 24, Lakshmi Nagar 2nd Street, Off OMR',
    locality: 'Perungudi',
    city: 'Chennai',
    region: 'Tamil Nadu',
    postalCode: '600096',
  },
  officeHours: [
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:30', closes: '16:30' },
    { days: ['Saturday'], opens: '09:00', closes: '12:00' },
  ],
} as const satisfies {
  phones: readonly [Omit<Phone, 'e164'>, Omit<Phone, 'e164'>];
  email: string;
  address: PostalAddress;
  officeHours: readonly Omit<OfficeHours, 'label' | 'longLabel'>[];
};
