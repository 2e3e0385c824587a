import { describe, expect, it } from 'vitest';
import { contactFields, contactFormSchema } from './contactForm';
import { contactFieldNames, emptyContactForm } from '#client/features/enquiry/contact/ContactForm.tsx';

const valid = {
  name: 'Priya',
  email: 'priya@example.in',
  countryCode: '+91',
  phone: '9840012345',
  type: 'feedback',
  message: 'Ten chars!',
};

const errorsOf = (input: unknown) => {
  const result = contactFormSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('contact form (docs/spec.md §5: messages end with a full stop)', () => {
  it('lists for the page the fields the schema declares, no more and no fewer', () => {
    expect([...contactFieldNames].sort()).toEqual(Object.keys(contactFields.shape).sort());
  });

  it('accepts a complete message', () => {
    expect(contactFormSchema.parse(valid)).toEqual(valid);
  });

  it('defaults the type to general and the country code to +91', () => {
    const { type: _type, countryCode: _code, ...rest } = valid;
    expect(contactFormSchema.parse(rest)).toMatchObject({ type: 'general', countryCode: '+91' });
    expect(emptyContactForm).toMatchObject({ type: 'general', countryCode: '+91' });
  });

  it('gives every message of the empty form', () => {
    expect(errorsOf(emptyContactForm)).toEqual({
      name: 'Name must be at least 2 characters.',
      email: 'Please enter a valid email address.',
      phone: 'Phone number must be between 4-10 digits',
      message: 'Message must be at least 10 characters.',
    });
  });

  it('needs a message of at least 10 characters (9 is too few, spaces around do not count)', () => {
    expect(errorsOf({ ...valid, message: '  123456789  ' })).toEqual({
      message: 'Message must be at least 10 characters.',
    });
    expect(errorsOf({ ...valid, message: '1234567890' })).toEqual({});
  });

  it('refuses a trunk 0 after the country code, chosen or written, which would make a number the school cannot call', () => {
    const trunkZero =
      'Please leave out the 0 at the start: with the country code in front, the number is written without it.';
    expect(errorsOf({ ...valid, countryCode: '+91', phone: '0442345678' })).toEqual({ phone: trunkZero });
    expect(errorsOf({ ...valid, countryCode: undefined, phone: '+91 0442345678' })).toEqual({ phone: trunkZero });
    expect(errorsOf({ ...valid, countryCode: '+44', phone: '07700 900123' })).toEqual({ phone: trunkZero });
    expect(contactFormSchema.parse({ ...valid, phone: '442345678' })).toMatchObject({
      countryCode: '+91',
      phone: '442345678',
    });
  });

  it('accepts only the three types and the listed country codes', () => {
    expect(Object.keys(errorsOf({ ...valid, type: 'sales' }))).toEqual(['type']);
    expect(Object.keys(errorsOf({ ...valid, countryCode: '+49' }))).toEqual(['countryCode']);
    for (const type of ['general', 'employment', 'feedback']) expect(errorsOf({ ...valid, type })).toEqual({});
  });
});
