import { z } from '../zod';
import { countryCodes, defaultCountryCode, type CountryCode } from '../../content/countryCodes';

/** Field length caps: generous for people, small enough that no request can bloat the database. */
export const fieldLimits = {
  name: 100,
  email: 254,
  phoneDigits: 10,
  message: 5000,
} as const;

export const phoneRules = { minDigits: 4, maxDigits: fieldLimits.phoneDigits } as const;

/** A name: trimmed, at least two characters, with the form's own message. */
export function personName(message: string) {
  return z.string().trim().min(2, message).max(fieldLimits.name, `Please keep this under ${fieldLimits.name} characters`);
}

export function emailAddress(message: string) {
  return z.string().trim().max(fieldLimits.email, message).pipe(z.email(message));
}

const countryCodeValues = countryCodes.map((option) => option.code) as [CountryCode, ...CountryCode[]];

export const countryCodeField = z.enum(countryCodeValues, 'Please choose a country code').default(defaultCountryCode);

/** The spec's phone rules (both forms): digits only, then 4 to 10 of them. Spaces typed between digits are ignored. */
export const phoneDigits = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d*$/, { message: 'Phone number must contain only digits', abort: true })
      .min(phoneRules.minDigits, 'Phone number must be between 4-10 digits')
      .max(phoneRules.maxDigits, 'Phone number must be between 4-10 digits'),
  );

/** "+91 9840012345": the spec's stored form of a phone number (country code, a space, then digits). */
export function formatPhone(countryCode: string, digits: string): string {
  return `${countryCode} ${digits}`;
}
