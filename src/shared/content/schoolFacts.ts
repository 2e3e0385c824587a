/**
 * The school facts part of the site content (issue 11, decision 0032): two phones, the email, the
 * postal address and the office hours, as the office edits them in the dashboard. Only what
 * cannot be derived is typed: a phone's tel: form is read from the number as shown, and the
 * hours' short and long labels are written from the days and times.
 */
import { joinWithAnd } from '#content/format.ts';
import {
  startingSchoolFacts,
  weekdays,
  type OfficeHours,
  type Phone,
  type SchoolContact,
  type Weekday,
} from '#content/schoolFacts.ts';
import { emailAddress } from '#shared/enquiries/fields.ts';
import { z } from '#shared/zod.ts';

const ADDRESS_MAX_LINES = 4;

/** The dashboard's words for the facts' fields and groups. */
export const schoolFactsLabels = {
  intro:
    'The Contact page, the footer of every page, the data search engines read and the emails the site sends all give these.',
  address: 'Postal address',
  officeHours: 'Office hours',
  hoursRow: 'Hours',
  addHours: 'Add a row of hours',
  shownAs: 'Shown as:',
  phoneLabel: 'What the number is for',
  phoneDisplay: 'Number, as shown on the site',
  email: 'Email address',
  addressLines: 'Address as printed',
  streetAddress: 'Street',
  locality: 'Area',
  city: 'City',
  region: 'State',
  postalCode: 'PIN code',
  days: 'Days',
  opens: 'Opens',
  closes: 'Closes',
} as const;

/** Each phone's place on the site: the first is the admissions line. */
export const phoneRoles = [
  {
    legend: 'First phone: admissions',
    hint: 'The call button in the menu, WhatsApp on the Contact page and the messages of the enquiry forms use this number. A mobile number, so that WhatsApp works.',
  },
  {
    legend: 'Second phone: school office',
    hint: "The FAQ, the Privacy page and Parents' Corner give this number for questions that are not about admissions.",
  },
] as const;

export const schoolFactsHints = {
  phoneDisplay:
    'An Indian number with its area code, written as visitors should read it: +91 98765 43210 or 044 2345 6789.',
  addressLines: `One line of the address on each line, as it is printed on the Contact page, in the footer and in emails (at most ${ADDRESS_MAX_LINES} lines).`,
  addressParts: 'The same address in parts, for search engines and the map link.',
  officeHours:
    'Days with the same hours go in one row. The site writes them as, for example, Mon–Fri 8:30 AM - 4:30 PM.',
} as const;

export const schoolFactsMessages = {
  phoneLabelMissing: 'Please say what this number is for, such as Admissions.',
  phoneLabelTooLong: 'Please keep this under 40 characters.',
  phoneMissing: 'Please give the phone number.',
  phoneUnreadable:
    'This does not read as an Indian phone number. Please write it with its area code, such as +91 98765 43210 or 044 2345 6789.',
  emailInvalid: "Please give the school's email address, such as office@aranyamontessori.in.",
  addressLinesMissing: 'Please write the address as it should be printed.',
  addressTooManyLines: `Please write the address in at most ${ADDRESS_MAX_LINES} lines.`,
  addressLineTooLong: 'Please keep each line of the address under 80 characters.',
  addressPinNotPrinted: 'The printed address should include the PIN code given below.',
  partMissing: 'Please fill this in.',
  partTooLong: 'Please keep this under 120 characters.',
  postalCodeInvalid: 'Please give the 6-digit PIN code, such as 600096.',
  hoursMissing: 'Please give the office hours.',
  tooManyHours: 'Please use at most one row for each day.',
  daysMissing: 'Please tick at least one day.',
  dayTwice: 'A day is ticked in an earlier row too. Please tick each day in one row only.',
  timeInvalid: 'Please give the time as hours and minutes, such as 08:30.',
  closesBeforeOpens: 'The office must close after it opens.',
} as const;

/**
 * The tel: form (E.164) of an Indian number written any usual way: '+91 98400 12345',
 * '098400 12345', '044-4862 3150', '9840012345'. India's numbers have ten digits after the
 * country code (a mobile, or an area code and a landline), the first not 0. Undefined when the
 * text cannot be read so.
 */
export function indianPhoneE164(text: string): string | undefined {
  const compact = text.replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return undefined;
  const national = /^(?:\+91|0091|91(?=\d{10}$)|0)?([1-9]\d{9})$/.exec(compact)?.[1];
  return national && `+91${national}`;
}

const phoneSchema = z.object({
  label: z.string().trim().min(1, schoolFactsMessages.phoneLabelMissing).max(40, schoolFactsMessages.phoneLabelTooLong),
  display: z
    .string()
    .trim()
    .min(1, schoolFactsMessages.phoneMissing)
    .refine((display) => indianPhoneE164(display) !== undefined, schoolFactsMessages.phoneUnreadable),
});

const PIN_CODE = /^\d{6}$/;

const addressPart = z.string().trim().min(1, schoolFactsMessages.partMissing).max(120, schoolFactsMessages.partTooLong);

const addressSchema = z
  .object({
    lines: z
      .array(z.string().trim().max(80, schoolFactsMessages.addressLineTooLong))
      .transform((lines) => lines.filter((line) => line !== ''))
      .pipe(
        z
          .array(z.string())
          .min(1, schoolFactsMessages.addressLinesMissing)
          .max(ADDRESS_MAX_LINES, schoolFactsMessages.addressTooManyLines),
      ),
    streetAddress: addressPart,
    locality: addressPart,
    city: addressPart,
    region: addressPart,
    postalCode: z.string().trim().regex(PIN_CODE, schoolFactsMessages.postalCodeInvalid),
  })
  .refine(({ lines, postalCode }) => !PIN_CODE.test(postalCode) || lines.some((line) => line.includes(postalCode)), {
    message: schoolFactsMessages.addressPinNotPrinted,
    path: ['lines'],
  });

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string().trim().regex(TIME, schoolFactsMessages.timeInvalid);

const weekdayOrder = (day: Weekday) => weekdays.indexOf(day);

/** One row of office hours: the days that share them, and the times. */
export const officeHoursRowSchema = z
  .object({
    days: z
      .array(z.enum(weekdays))
      .min(1, schoolFactsMessages.daysMissing)
      .transform((days) => [...new Set(days)].sort((a, b) => weekdayOrder(a) - weekdayOrder(b))),
    opens: time,
    closes: time,
  })
  // Compared only once both are times: a time not read has its own message.
  .refine(({ opens, closes }) => !TIME.test(opens) || !TIME.test(closes) || closes > opens, {
    message: schoolFactsMessages.closesBeforeOpens,
    path: ['closes'],
  });

export const schoolFactsSchema = z.object({
  phones: z.tuple([phoneSchema, phoneSchema]),
  email: emailAddress(schoolFactsMessages.emailInvalid),
  address: addressSchema,
  officeHours: z
    .array(officeHoursRowSchema)
    .min(1, schoolFactsMessages.hoursMissing)
    .max(weekdays.length, schoolFactsMessages.tooManyHours)
    .superRefine((rows, context) => {
      const seen = new Set<Weekday>();
      rows.forEach((row, index) => {
        if (row.days.some((day) => seen.has(day)))
          context.addIssue({ code: 'custom', message: schoolFactsMessages.dayTwice, path: [index, 'days'] });
        row.days.forEach((day) => seen.add(day));
      });
    }),
});

export type SchoolFacts = z.output<typeof schoolFactsSchema>;
export type SchoolFactsInput = z.input<typeof schoolFactsSchema>;

/** What the site starts with (src/content/schoolFacts.ts), checked like anything the office publishes. */
export const startingFacts = (): SchoolFacts => schoolFactsSchema.parse(startingSchoolFacts);

/** '08:30' -> '8:30 AM', '12:00' -> '12:00 PM' */
function clockTime(hhmm: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Days in week order as runs: three or more in a row make a range (Mon–Fri), fewer are named one by one. */
function dayRuns(days: readonly Weekday[], name: (day: Weekday) => string): string[] {
  const runs: Weekday[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && weekdayOrder(day) === weekdayOrder(last) + 1) run.push(day);
    else runs.push([day]);
  }
  return runs.flatMap((run) => {
    const [first] = run;
    const last = run.at(-1);
    return run.length >= 3 && first && last ? [`${name(first)}–${name(last)}`] : run.map(name);
  });
}

const shortDay = (day: Weekday) => day.slice(0, 3);

/** A row of office hours with its two labels: 'Mon–Fri 8:30 AM - 4:30 PM' and 'Monday–Friday 8:30 AM – 4:30 PM'. */
export function labelledHours({ days, opens, closes }: SchoolFacts['officeHours'][number]): OfficeHours {
  return {
    days,
    opens,
    closes,
    label: `${dayRuns(days, shortDay).join(', ')} ${clockTime(opens)} - ${clockTime(closes)}`,
    longLabel: `${joinWithAnd(dayRuns(days, (day) => day))} ${clockTime(opens)} – ${clockTime(closes)}`,
  };
}

function phoneOf({ label, display }: SchoolFacts['phones'][number]): Phone {
  const e164 = indianPhoneE164(display);
  // The schema lets no other number through; facts that skipped it are a programming error.
  if (!e164) throw new Error(`Unchecked school phone number: ${display}`);
  return { label, display, e164 };
}

/** The published facts as the site states them: each phone's tel: form, the hours' labels, the map links. */
export function schoolContact({ phones, email, address, officeHours }: SchoolFacts): SchoolContact {
  const hours = officeHours.map(labelledHours);
  const mapsQuery = encodeURIComponent(
    `${address.streetAddress}, ${address.locality}, ${address.city}, ${address.region} ${address.postalCode}`,
  );
  return {
    phones: [phoneOf(phones[0]), phoneOf(phones[1])],
    email,
    address,
    officeHours: hours,
    officeHoursText: hours.map((row) => row.label).join(', '),
    officeHoursLongText: joinWithAnd(hours.map((row) => row.longLabel)),
    mapsUrl: `https://www.google.com/maps/search/?api=1&query=${mapsQuery}`,
    mapsEmbedUrl: `https://www.google.com/maps?q=${mapsQuery}&output=embed`,
  };
}
