import { format } from 'date-fns';
import { admissionFieldTexts, contactFieldTexts, type FieldText } from '#content/enquiryFields.ts';
import { contactTypes } from '#content/contact.ts';
import { isProgramName, programs } from '#content/programs.ts';
import { ageInYearsText, parseCalendarDate } from './birthDate';
import type { EnquiryAnswers, EnquiryOf } from './enquiry';
import { callTimeLabel, formatPhone } from './fields';
import type { EnquiryKind } from './kinds';

/** What showing a field may need besides the enquiry: a child's age in whole years, worked out once per birth date. */
export type FieldContext = { ageOf: (birthDate: string) => number | undefined };

/**
 * How staff see one field of an enquiry, for the dashboard, the office's email and the CSV export.
 * `label` is the spec's CSV header; `show` gives the text people read ('' when the sender left it
 * empty); `exportAs` the spreadsheet cell, when it differs from that text; `sinceSpec` marks a field
 * added to the forms after the spec: its CSV column comes after the spec's.
 */
export type EnquiryField<K extends EnquiryKind> = {
  name: keyof EnquiryOf<K> & string;
  label: string;
  show: (enquiry: EnquiryOf<K>, context: FieldContext) => string;
  exportAs?: (enquiry: EnquiryOf<K>, context: FieldContext) => string | number;
  sinceSpec?: true;
};

const contactTypeLabels = new Map<string, string>(contactTypes.map((option) => [option.value, option.label]));

/** "General Enquiry" for 'general'; a value no longer offered is shown as stored. */
export const contactTypeLabel = (type: string) => contactTypeLabels.get(type) ?? type;

/** "4 years (born Mar 3, 2022)". */
function childAge(birthDate: string, { ageOf }: FieldContext): string {
  const age = ageInYearsText(ageOf(birthDate));
  const born = parseCalendarDate(birthDate);
  if (!age || !born) return birthDate;
  return `${age} (born ${format(born, 'MMM d, yyyy')})`;
}

type ShownAs<K extends EnquiryKind> = Pick<EnquiryField<K>, 'show' | 'exportAs'>;

/**
 * In the spreadsheet, the digits alone (the country code has a column of its own, see csvColumns):
 * a cell starting with + is a formula to Excel, and the guard's apostrophe showed in every phone.
 */
const phone = {
  show: (enquiry: { countryCode: string; phone: string }) => formatPhone(enquiry.countryCode, enquiry.phone),
  exportAs: (enquiry: { phone: string }) => enquiry.phone,
};
/** No answer reads as the form offered it, "No preference"; the spreadsheet cell stays empty. */
const callTime = {
  show: (enquiry: { preferredCallTime?: string }) => callTimeLabel(enquiry.preferredCallTime) || 'No preference',
  exportAs: (enquiry: { preferredCallTime?: string }) => callTimeLabel(enquiry.preferredCallTime),
};

/** The fields whose text is not the answer as the sender typed it; the others are shown as typed. */
const shownAs: { [K in EnquiryKind]: Partial<Record<EnquiryField<K>['name'], ShownAs<K>>> } = {
  contact: {
    phone,
    preferredCallTime: callTime,
    type: { show: (enquiry) => contactTypeLabel(enquiry.type) },
  },
  admission: {
    birthDate: {
      show: (enquiry, context) => childAge(enquiry.birthDate, context),
      exportAs: (enquiry, { ageOf }) => ageOf(enquiry.birthDate) ?? enquiry.birthDate,
    },
    phone,
    preferredCallTime: callTime,
    programOfInterest: {
      show: (enquiry) =>
        isProgramName(enquiry.programOfInterest)
          ? programs[enquiry.programOfInterest].label
          : enquiry.programOfInterest,
    },
    guardianConfirmed: {
      show: (enquiry) => (enquiry.guardianConfirmed ? 'Confirmed by the sender' : 'Not confirmed'),
      exportAs: (enquiry) => (enquiry.guardianConfirmed ? 'Confirmed' : 'Not confirmed'),
    },
  },
};

/** A form's fields but the country code, which staff see in the phone. */
type Answered<K extends EnquiryKind> = Exclude<keyof EnquiryAnswers[K], 'countryCode'>;

/** The declared texts, held to the forms' fields: the compiler refuses a field left without them (enquiryFields.test.ts refuses a text of no field). */
const fieldTexts: { [K in EnquiryKind]: Record<Answered<K>, FieldText> } = {
  contact: contactFieldTexts,
  admission: admissionFieldTexts,
};

/** A form's fields as staff see them: named as content/enquiryFields.ts declares, in its order, shown as above. */
function staffFields<K extends EnquiryKind>(kind: K): EnquiryField<K>[] {
  const shown: Partial<Record<EnquiryField<K>['name'], ShownAs<K>>> = shownAs[kind];
  const texts: Record<string, FieldText> = fieldTexts[kind];
  return Object.entries(texts).map(([declared, { label, sinceSpec }]) => {
    // The declared names are the schema's keys (enquiryFields.test.ts).
    const name = declared as EnquiryField<K>['name'];
    const asTyped = { show: (enquiry: EnquiryOf<K>) => String(enquiry[name] ?? '') };
    return { name, label, ...(sinceSpec && { sinceSpec }), ...(shown[name] ?? asTyped) };
  });
}

/** Every field staff see, in the order the dashboard, the email and the CSV list them. */
export const enquiryFields: { [K in EnquiryKind]: EnquiryField<K>[] } = {
  contact: staffFields('contact'),
  admission: staffFields('admission'),
};

/** The field that names an enquiry in the lists (the sender, or the child), and the one that says what it is about. */
export const headlineFields = {
  contact: { title: 'name', topic: 'type' },
  admission: { title: 'studentName', topic: 'programOfInterest' },
} as const satisfies { [K in EnquiryKind]: { title: keyof EnquiryOf<K>; topic: keyof EnquiryOf<K> } };

/** An age cache for one export or one page: every distinct birth date is worked out once, which matters at 100,000 rows. */
export function fieldContext(ageInWholeYears: (birthDate: string) => number | undefined): FieldContext {
  const ages = new Map<string, number | undefined>();
  return {
    ageOf(birthDate) {
      if (!ages.has(birthDate)) ages.set(birthDate, ageInWholeYears(birthDate));
      return ages.get(birthDate);
    },
  };
}

/** One field's label and text, as the dashboard's facts and the office's email list them. */
export function shownFields<K extends EnquiryKind>(
  kind: K,
  enquiry: EnquiryOf<K>,
  context: FieldContext,
): { name: string; label: string; text: string }[] {
  return (enquiryFields[kind] as EnquiryField<K>[]).map((field) => ({
    name: field.name,
    label: field.label,
    text: field.show(enquiry, context),
  }));
}
