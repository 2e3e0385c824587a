/** The school facts as a part: in the form, the printed address is one text and each row of hours has a key of its own. */
import type { Weekday } from '#content/schoolFacts.ts';
import { schoolFactsSchema, startingFacts, type SchoolFacts, type SchoolFactsInput } from '../schoolFacts';
import { contentPart, withKey, withoutKey, type Keyed } from './part';

export type HoursEntry = Keyed<{ days: Weekday[]; opens: string; closes: string }>;

export type SchoolFactsForm = Omit<SchoolFactsInput, 'address' | 'officeHours'> & {
  address: Omit<SchoolFactsInput['address'], 'lines'> & { lines: string };
  officeHours: HoursEntry[];
};

export const schoolFactsPart = contentPart({
  label: 'School facts',
  schema: schoolFactsSchema.default(startingFacts),
  starting: startingFacts,
  formOf: ({ phones, email, address, officeHours }: SchoolFacts): SchoolFactsForm => ({
    phones: [{ ...phones[0] }, { ...phones[1] }],
    email,
    address: { ...address, lines: address.lines.join('\n') },
    officeHours: officeHours.map((row) => withKey({ ...row, days: [...row.days] })),
  }),
  contentOf: ({ phones, email, address, officeHours }: SchoolFactsForm): SchoolFactsInput => ({
    phones,
    email,
    address: { ...address, lines: address.lines.split('\n') },
    officeHours: officeHours.map(withoutKey),
  }),
});
