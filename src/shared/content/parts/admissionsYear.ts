/** The admissions year the site states: on the home page, the Admissions page, the admission form and the FAQ. */
import { school } from '#content/school.ts';
import { z } from '#shared/zod.ts';
import { contentPart } from './part';

export const admissionsYearTexts = {
  legend: 'Admissions',
  label: 'Admissions year',
  hint: 'As 2026-27. The site states it on the home page, the Admissions page, the admission form and the FAQ.',
} as const;

export const admissionsYearMessages = {
  yearInvalid: 'Please write the admissions year as two years, such as 2026-27.',
} as const;

/** "2026-27": a school year, the second year the one after the first. */
export const admissionsYearSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}$/, admissionsYearMessages.yearInvalid)
  .refine((year) => (Number(year.slice(0, 4)) + 1) % 100 === Number(year.slice(5)), admissionsYearMessages.yearInvalid);

export const admissionsYearPart = contentPart({
  label: 'Admissions year',
  schema: admissionsYearSchema,
  starting: () => school.admissionsYear,
  formOf: (year: string) => year,
  contentOf: (year: string) => year,
});
