/**
 * Core facts about the school. Every page, the footer and the structured data
 * read these values, so change a fact here and it changes everywhere.
 */
import { joinWithAnd } from './format';
import type { Image } from './images';

export type Weekday = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';

export type OfficeHours = {
  readonly days: readonly Weekday[];
  /** 24-hour 'HH:mm', used in structured data */
  readonly opens: string;
  readonly closes: string;
  /** Short label, e.g. 'Mon–Fri 8:30 AM - 4:30 PM' */
  readonly label: string;
  /** Long label, e.g. 'Monday–Friday 8:30 AM – 4:30 PM' */
  readonly longLabel: string;
};

export type Phone = {
  readonly label: string;
  /** Shown on the page, e.g. '+91 98400 12345' */
  readonly display: string;
  /** Used in tel: links and structured data, e.g. '+919840012345' */
  readonly e164: string;
};

export type SchoolTerm = 'June' | 'September' | 'January';

export type PostalAddress = {
  readonly streetAddress: string;
  readonly locality: string;
  readonly city: string;
  readonly region: string;
  readonly postalCode: string;
  readonly countryCode: string;
  /** The address as it is printed, one line per entry */
  readonly lines: readonly string[];
};

export type ExternalLink = { readonly name: string; readonly url: string };

export type FoundingSchool = { readonly name: string; readonly year: number; readonly place: string };

export type School = {
  readonly name: string;
  readonly shortName: string;
  readonly tagline: string;
  readonly description: string;
  readonly siteUrl: string;
  /** Founder and Director; the Our Team page and the blog name her */
  readonly founder: { readonly name: string; readonly role: string };
  readonly foundingYears: readonly [number, number];
  /** The two schools that merged to form this one */
  readonly foundingSchools: readonly [FoundingSchool, FoundingSchool];
  readonly mergerYear: number;
  readonly cambridgeFromYear: number;
  readonly admissionsYear: string;
  readonly address: PostalAddress;
  readonly phones: readonly [Phone, Phone];
  readonly whatsappE164: string;
  readonly email: string;
  readonly geo: { readonly latitude: number; readonly longitude: number };
  readonly officeHours: readonly OfficeHours[];
  readonly schoolDay: { readonly label: string; readonly days: string; readonly opens: string; readonly closes: string };
  readonly extendedDay: { readonly label: string; readonly opens: string; readonly closes: string };
  readonly terms: readonly SchoolTerm[];
  /** 'June, September and January' */
  readonly termsLabel: string;
  readonly parentTeacherConferences: { readonly perYear: number; readonly label: string };
  /** How long a child moving from another school usually takes to settle */
  readonly transferSettlingPeriod: string;
  readonly mapsUrl: string;
  readonly mapsEmbedUrl: string;
  readonly social: { readonly facebook: string; readonly instagram: string };
  readonly sisterSchools: readonly [ExternalLink, ExternalLink];
  /** Default picture for link previews (Open Graph) */
  readonly ogImage: Image;
};

const name = 'Aranya Montessori School';
const foundingYears = [2002, 2012] as const;
const foundingSchools = [
  { name: "Banyan Children's House", year: foundingYears[0], place: 'Perungudi' },
  { name: 'Neem Tree Montessori', year: foundingYears[1], place: 'Thoraipakkam' },
] as const;
const mergerYear = 2022;
const cambridgeFromYear = 2024;
const terms = ['June', 'September', 'January'] as const;

const address = {
  streetAddress: 'No. 24, Lakshmi Nagar 2nd Street, Off OMR',
  locality: 'Perungudi',
  city: 'Chennai',
  region: 'Tamil Nadu',
  postalCode: '600096',
  countryCode: 'IN',
  lines: ['No. 24, Lakshmi Nagar 2nd Street', 'Off OMR, Perungudi', 'Chennai, Tamil Nadu 600096'],
} as const;

const mapsQuery = encodeURIComponent(
  `${address.streetAddress}, ${address.locality}, ${address.city}, ${address.region} ${address.postalCode}`,
);

const phones = [
  { label: 'Admissions', display: '+91 98400 12345', e164: '+919840012345' },
  { label: 'School office', display: '+91 44 4862 3150', e164: '+914448623150' },
] as const;

export const school = {
  name,
  shortName: 'Aranya',
  tagline: 'Rooted in respect, growing with joy',
  description:
    `${name} is a Montessori school in Perungudi on OMR, south Chennai, for children from their toddler years through Class 8. ` +
    `Formed in ${mergerYear} by bringing together two schools founded in ${foundingYears[0]} and ${foundingYears[1]}, ` +
    `it offers Toddler, Primary and Elementary communities and, since ${cambridgeFromYear}, an Adolescent Pathway following the Cambridge curriculum.`,
  siteUrl: 'https://www.aranyamontessori.in',
  founder: { name: 'Meenakshi Raghavan', role: 'Founder & Director' },
  foundingYears,
  foundingSchools,
  mergerYear,
  cambridgeFromYear,
  admissionsYear: '2025-26',
  address,
  phones,
  whatsappE164: phones[0].e164,
  email: 'admissions@aranyamontessori.in',
  geo: { latitude: 12.9654, longitude: 80.2461 },
  officeHours: [
    {
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '08:30',
      closes: '16:30',
      label: 'Mon–Fri 8:30 AM - 4:30 PM',
      longLabel: 'Monday–Friday 8:30 AM – 4:30 PM',
    },
    {
      days: ['Saturday'],
      opens: '09:00',
      closes: '12:00',
      label: 'Sat 9:00 AM - 12:00 PM',
      longLabel: 'Saturday 9:00 AM – 12:00 PM',
    },
  ],
  schoolDay: { label: '8:30 AM – 3:30 PM', days: 'Monday to Friday', opens: '08:30', closes: '15:30' },
  extendedDay: { label: '7:30 AM – 5:30 PM', opens: '07:30', closes: '17:30' },
  terms,
  termsLabel: joinWithAnd(terms),
  parentTeacherConferences: { perYear: 2, label: 'twice a year' },
  transferSettlingPeriod: '6 weeks to 6 months',
  mapsUrl: `https://www.google.com/maps/search/?api=1&query=${mapsQuery}`,
  mapsEmbedUrl: `https://www.google.com/maps?q=${mapsQuery}&output=embed`,
  social: {
    facebook: 'https://www.facebook.com/aranyamontessori',
    instagram: 'https://www.instagram.com/aranyamontessori',
  },
  sisterSchools: [
    { name: "Aranya Children's House, Adyar", url: 'https://www.aranyachildrenshouse.in' },
    { name: 'Aranya Nature School, Kelambakkam', url: 'https://www.aranyanatureschool.in' },
  ],
  ogImage: {
    src: '/images/og-default.png',
    alt: 'Illustration of a school building among green hills, with a large tree and a morning sun',
    width: 1200,
    height: 630,
  },
} as const satisfies School;

/** The school day as one phrase: '8:30 AM – 3:30 PM, Monday to Friday' */
export const schoolDayText = `${school.schoolDay.label}, ${school.schoolDay.days}`;

/** All office hours as one phrase: 'Mon–Fri 8:30 AM - 4:30 PM, Sat 9:00 AM - 12:00 PM' */
export const officeHoursText = school.officeHours.map((h) => h.label).join(', ');

/** Long form: 'Monday–Friday 8:30 AM – 4:30 PM and Saturday 9:00 AM – 12:00 PM' */
export const officeHoursLongText = joinWithAnd(school.officeHours.map((h) => h.longLabel));
