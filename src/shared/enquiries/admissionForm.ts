import { z } from '#shared/zod.ts';
import { programNames } from '#content/programs.ts';
import { BIRTH_DATE_WINDOW_YEARS, birthDateWindow, parseCalendarDate } from './birthDate';
import { datesBetweenPattern } from './birthDatePattern';
import { emailAddress, personName, phoneAnswers, typedText, withCountryCode } from './fields';
import { fieldLimits, guardianConfirmation } from './formFields';

/**
 * The birth date: required, a real calendar date, inside the 16-year window. `now` is a
 * parameter so the window is checked against the day the request arrives (and tests can fix it).
 */
export function birthDateField(now: () => Date = () => new Date()) {
  // The window as the REST document states it: the one of the day the schema is made (the document is made again each school day).
  const stated = birthDateWindow(now());
  return (
    z
      .string('Please select a birth date')
      .meta({
        format: 'date',
        pattern: datesBetweenPattern(stated.earliest, stated.latest),
        description: `YYYY-MM-DD, from ${stated.earliest} to ${stated.latest} (the last ${BIRTH_DATE_WINDOW_YEARS} years)`,
      })
      .trim()
      // Each check stops the next (zod 4 runs them all by default): one message per problem.
      .min(1, { message: 'Please select a birth date', abort: true })
      .refine((value) => parseCalendarDate(value) !== undefined, { message: "That's not a valid date", abort: true })
      .refine((value) => {
        if (parseCalendarDate(value) === undefined) return true;
        const { earliest, latest } = birthDateWindow(now());
        return value >= earliest && value <= latest;
      }, 'Birth date must be within the last 16 years')
  );
}

/**
 * A child's details should come from their parent or guardian (DPDP Act 2023). Our forms always
 * send this field ('yes' ticked, '' not; a form post leaves an unticked box out, which the server
 * reads as ''), so an unticked box is refused. A REST client that leaves it out sends the spec's
 * body, which stays valid: the enquiry is stored unconfirmed, and staff see that.
 */
const guardianConfirmedField = z
  .union([z.literal(guardianConfirmation.value), z.literal(true)], guardianConfirmation.message)
  .transform(() => guardianConfirmation.value)
  .optional()
  .meta({
    description: `"${guardianConfirmation.value}" (or true) when the sender confirms being the child's parent or guardian. Left out: stored as not confirmed.`,
  });

/** The admission enquiry's fields, with the spec's messages (these have no full stop, as docs/spec.md §5 writes them). */
export function admissionFields(now: () => Date = () => new Date()) {
  return z.object({
    studentName: personName("Student's name must be at least 2 characters"),
    birthDate: birthDateField(now),
    parentName: personName("Parent's name must be at least 2 characters"),
    email: emailAddress('Please enter a valid email address'),
    ...phoneAnswers,
    programOfInterest: z.enum(programNames, 'Please select a program'),
    message: typedText({ multiLine: true })
      .trim()
      .max(fieldLimits.message, `Message must be at most ${fieldLimits.message} characters`)
      .optional()
      .default(''),
    guardianConfirmed: guardianConfirmedField,
  });
}

/** The admission form: its fields, with the country code settled (see withCountryCode). */
export function admissionFormSchema(now: () => Date = () => new Date()) {
  return withCountryCode(admissionFields(now));
}

export type AdmissionFormInput = z.input<ReturnType<typeof admissionFormSchema>>;
export type AdmissionForm = z.output<ReturnType<typeof admissionFormSchema>>;
