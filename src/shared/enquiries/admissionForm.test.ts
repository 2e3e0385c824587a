import { describe, expect, it } from 'vitest';
import { admissionFields, admissionFormSchema } from './admissionForm';
import { admissionFieldNames, emptyAdmissionForm } from '#client/features/enquiry/admission/AdmissionForm.tsx';

/** Noon at the school on 21 November 2026. */
const now = () => new Date('2026-11-21T06:30:00Z');
const schema = admissionFormSchema(now);

const valid = {
  studentName: 'Arjun',
  birthDate: '2022-08-15',
  parentName: 'Priya',
  email: 'priya@example.in',
  countryCode: '+91',
  phone: '9840012345',
  programOfInterest: 'primary',
  message: '',
  guardianConfirmed: 'yes',
};

const errorsOf = (input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
};

describe('admission enquiry (docs/spec.md §5: messages without a full stop)', () => {
  it('lists for the page the fields the schema declares, no more and no fewer', () => {
    expect([...admissionFieldNames].sort()).toEqual(Object.keys(admissionFields().shape).sort());
  });

  it('accepts a complete enquiry; the message is optional', () => {
    const { message: _message, ...withoutMessage } = valid;
    expect(schema.parse(withoutMessage)).toEqual({ ...valid, message: '' });
  });

  it('gives one message per field of the empty form', () => {
    expect(errorsOf(emptyAdmissionForm)).toEqual({
      studentName: ["Student's name must be at least 2 characters"],
      birthDate: ['Please select a birth date'],
      parentName: ["Parent's name must be at least 2 characters"],
      email: ['Please enter a valid email address'],
      phone: ['Phone number must be between 4-10 digits'],
      programOfInterest: ['Please select a program'],
      guardianConfirmed: ["Please confirm that you are the child's parent or guardian"],
    });
  });

  it("takes the parent or guardian's confirmation as the form's box sends it, or as true; refuses an unticked box", () => {
    expect(schema.parse(valid).guardianConfirmed).toBe('yes');
    expect(schema.parse({ ...valid, guardianConfirmed: true }).guardianConfirmed).toBe('yes');
    for (const unticked of ['', false, 'no', 'on']) {
      expect(errorsOf({ ...valid, guardianConfirmed: unticked })).toEqual({
        guardianConfirmed: ["Please confirm that you are the child's parent or guardian"],
      });
    }
  });

  it("keeps the spec's REST body valid without the confirmation: the enquiry is taken as not confirmed", () => {
    const { guardianConfirmed: _confirmed, ...specBody } = valid;
    expect(errorsOf(specBody)).toEqual({});
    expect(schema.parse(specBody).guardianConfirmed).toBeUndefined();
  });

  it('says "That\'s not a valid date" for a date that does not exist or is not a date', () => {
    for (const birthDate of ['2023-02-29', '2022-13-01', '15/08/2022', 'yesterday']) {
      expect(errorsOf({ ...valid, birthDate })).toEqual({ birthDate: ["That's not a valid date"] });
    }
  });

  it('accepts birth dates from 16 years ago up to today, at the school, and nothing outside', () => {
    expect(errorsOf({ ...valid, birthDate: '2010-11-21' })).toEqual({});
    expect(errorsOf({ ...valid, birthDate: '2026-11-21' })).toEqual({});
    expect(errorsOf({ ...valid, birthDate: '2010-11-20' })).toEqual({
      birthDate: ['Birth date must be within the last 16 years'],
    });
    expect(errorsOf({ ...valid, birthDate: '2026-11-22' })).toEqual({
      birthDate: ['Birth date must be within the last 16 years'],
    });
  });

  it('takes "today" in Chennai: at 20:00 UTC it is already the next day there', () => {
    const lateEvening = admissionFormSchema(() => new Date('2026-11-21T20:00:00Z'));
    expect(lateEvening.safeParse({ ...valid, birthDate: '2026-11-22' }).success).toBe(true);
  });

  it('accepts only the four programs', () => {
    for (const programOfInterest of ['toddler', 'primary', 'elementary', 'adolescent'])
      expect(errorsOf({ ...valid, programOfInterest })).toEqual({});
    expect(errorsOf({ ...valid, programOfInterest: 'pre-primary' })).toEqual({
      programOfInterest: ['Please select a program'],
    });
  });

  it('defaults the country code to +91', () => {
    const { countryCode: _code, ...rest } = valid;
    expect(schema.parse(rest).countryCode).toBe('+91');
  });
});
