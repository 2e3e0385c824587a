/**
 * The four programs: names, ages, classes and a one-line summary. Age bands are defined here
 * once and used everywhere else. The longer texts of the Programs page are in programDetails.ts,
 * so that pages which only name a program do not download them.
 */

import type { ProgramName } from './programNames';

export { isProgramName, programNames, type ProgramName } from './programNames';

export type AgeBand = {
  /** e.g. '18 months – 3 years' */
  label: string;
  minMonths: number;
  maxMonths: number;
};

export type InfoBox = { title: string; text: string };

export type Program = {
  name: ProgramName;
  /** Short tab label, e.g. 'Toddler' */
  label: string;
  /** e.g. 'Toddler Community' */
  title: string;
  ageBand: AgeBand;
  /** School classes covered, e.g. 'Class 1 to Class 5'; null before Class 1 */
  classes: string | null;
  /** One sentence for cards and structured data */
  summary: string;
};

const ageBands = {
  toddler: { label: '18 months – 3 years', minMonths: 18, maxMonths: 36 },
  primary: { label: '3 – 6 years', minMonths: 36, maxMonths: 72 },
  elementary: { label: '6 – 11 years', minMonths: 72, maxMonths: 132 },
  adolescent: { label: '11 – 14 years', minMonths: 132, maxMonths: 168 },
} satisfies Record<ProgramName, AgeBand>;

export const elementaryClasses = 'Class 1 to Class 5';
export const adolescentClasses = 'Class 6 to Class 8';
/** The first class of the Cambridge curriculum */
export const cambridgeFromClass = 'Class 6';

export const programs: Record<ProgramName, Program> = {
  toddler: {
    name: 'toddler',
    label: 'Toddler',
    title: 'Toddler Community',
    ageBand: ageBands.toddler,
    classes: null,
    summary: `A gentle, home-like first community for children aged ${ageBands.toddler.label}, centered on independence, language and movement.`,
  },
  primary: {
    name: 'primary',
    label: 'Primary',
    title: "Primary Children's House",
    ageBand: ageBands.primary,
    classes: null,
    summary: `A three-year Children's House for ages ${ageBands.primary.label}, where children grow in independence, language, mathematics and care for others.`,
  },
  elementary: {
    name: 'elementary',
    label: 'Elementary',
    title: 'Elementary Community',
    ageBand: ageBands.elementary,
    classes: elementaryClasses,
    summary: `Cosmic education for ages ${ageBands.elementary.label} (${elementaryClasses}): big questions, deep research and strong skills in language, mathematics and science.`,
  },
  adolescent: {
    name: 'adolescent',
    label: 'Adolescent',
    title: 'Adolescent Pathway',
    ageBand: ageBands.adolescent,
    classes: adolescentClasses,
    summary: `A Montessori adolescent program for ages ${ageBands.adolescent.label} (${adolescentClasses}) following the Cambridge curriculum from ${cambridgeFromClass}, towards IGCSE.`,
  },
};
