/**
 * Core facts about the school. Every page, the footer and the structured data
 * read these values, so change a fact here and it changes everywhere. The facts
 * the office edits (phones, email, address, office hours) are site content:
 * schoolFacts.ts holds what the site starts with (decision 0032).
 */
import { joinWithAnd } from './format';
import type { Image } from './images';

export type SchoolTerm = 'June' | 'September' | 'January';

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
  /** ISO 3166 code of the country: the address is Indian, as the phone numbers are read */
  readonly countryCode: string;
  /** Where the campus stands, for structured data; moving it is more than editing the address (decision 0032) */
  readonly geo: { readonly latitude: number; readonly longitude: number };
  readonly schoolDay: {
    readonly label: string;
    readonly days: string;
    readonly opens: string;
    readonly closes: string;
  };
  readonly extendedDay: { readonly label: string; readonly opens: string; readonly closes: string };
  readonly terms: readonly SchoolTerm[];
  /** 'June, September and January' */
  readonly termsLabel: string;
  readonly parentTeacherConferences: { readonly perYear: number; readonly label: string };
  /** How long a child moving from another school usually takes to settle */
  readonly transferSettlingPeriod: string;
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
  countryCode: 'IN',
  geo: { latitude: 12.9654, longitude: 80.2461 },
  schoolDay: { label: '8:30 AM – 3:30 PM', days: 'Monday to Friday', opens: '08:30', closes: '15:30' },
  extendedDay: { label: '7:30 AM – 5:30 PM', opens: '07:30', closes: '17:30' },
  terms,
  termsLabel: joinWithAnd(terms),
  parentTeacherConferences: { perYear: 2, label: 'twice a year' },
  transferSettlingPeriod: '6 weeks to 6 months',
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
