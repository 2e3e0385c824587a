import { z } from '#shared/zod.ts';
import { countryCodes, defaultCountryCode, type CountryCode } from '#content/countryCodes.ts';
import { callTimes, fieldLimits, phoneRules, type CallTime } from './formFields';

export const textMessages = {
  control: 'This contains invisible control characters. Please type it again without them.',
  unreadable: 'This contains characters that could not be read. Please type it again.',
} as const;

/**
 * Without C0 and C1 control characters (NUL among them) and the bidirectional embeddings,
 * overrides and isolates, which make text read differently from how it is stored. A multi-line
 * text keeps line breaks and tabs. Joiners and direction marks, which scripts need, are allowed.
 * Checks are patterns where they can be, so the REST document states them (decision 0008).
 */
const withoutControlCharacters = {
  singleLine: /^[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/,
  multiLine: /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/,
} as const;

/** U+FFFD is what decoders put where the bytes were not valid UTF-8: text that could not be read. */
const readable = /^[^\ufffd]*$/;

/** Text a person typed: refused rather than stored damaged or misleading. */
export function typedText({ multiLine = false }: { multiLine?: boolean } = {}) {
  return z
    .string()
    .regex(readable, textMessages.unreadable)
    .regex(multiLine ? withoutControlCharacters.multiLine : withoutControlCharacters.singleLine, textMessages.control);
}

/**
 * At least `min` characters once the spaces around them are trimmed (min >= 2): two that are not
 * spaces with min - 2 of any kind between them. The same as .trim().min(min), said as a pattern,
 * which JSON Schema can state (it cannot trim); by code points, as zod and JSON Schema count.
 */
export const atLeastTrimmed = (min: number) => new RegExp(`\\S[\\s\\S]{${min - 2},}\\S`, 'u');

/** A name: trimmed, at least two characters, with the form's own message. */
export function personName(message: string) {
  return typedText()
    .regex(atLeastTrimmed(2), message)
    .trim()
    .max(fieldLimits.name, `Please keep this under ${fieldLimits.name} characters`);
}

/** zod's own address check, which the REST document states too (a pipe shows JSON Schema only its first part). */
const emailFormat = { format: 'email', pattern: z.regexes.email.source } as const;

export function emailAddress(message: string) {
  return z.string().trim().max(fieldLimits.email, message).pipe(z.email(message)).meta(emailFormat);
}

const countryCodeValues = countryCodes.map((option) => option.code) as [CountryCode, ...CountryCode[]];
const isCountryCode = (value: string): value is CountryCode => (countryCodeValues as string[]).includes(value);
/** Longest first, so "+971…" is never read as a shorter code. */
const codesLongestFirst = [...countryCodeValues].sort((a, b) => b.length - a.length);

/** The country code on its own, as the forms' selector sends it. Absent means +91 (see withCountryCode). */
export const countryCodeField = z
  .enum(countryCodeValues, 'Please choose a country code')
  .meta({ description: 'The country code, when the phone holds the digits alone. Default +91.' })
  .optional();

export const phoneMessages = {
  trunkZero: 'Please leave out the 0 at the start: with the country code in front, the number is written without it.',
  unknownCode: (code: string) =>
    `${code} is not a country code we can take. Use one of: ${countryCodeValues.join(', ')}.`,
  noKnownCode: `The phone number must start with one of these country codes: ${countryCodeValues.join(', ')}.`,
  codesDiffer: (inPhone: string, chosen: string) =>
    `The phone number starts with ${inPhone} but the country code is ${chosen}. Send one of them.`,
} as const;

/**
 * The spec's phone rules (both forms): digits only, then 4 to 10 of them. Spaces and dashes typed
 * between digits are ignored. Every number gets a country code (+91 when none is chosen), and in none of
 * the listed countries does a number go on with 0 after it: that 0 is the trunk prefix dialled
 * within the country (044 for Chennai), and tel:+910442… reaches no one. Refused rather than
 * dropped, so the parent sees the number the school will call.
 */
export const phoneDigits = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d*$/, { message: 'Phone number must contain only digits', abort: true })
      .refine((digits) => !digits.startsWith('0'), { message: phoneMessages.trunkZero, abort: true })
      .min(phoneRules.minDigits, 'Phone number must be between 4-10 digits')
      .max(phoneRules.maxDigits, 'Phone number must be between 4-10 digits'),
  );

/**
 * The phone shapes phoneEntry takes, as patterns for the REST document (a transform says nothing
 * to JSON Schema): the digits alone, or a listed code first, then a space or dash, or the digits
 * straight after it; never a trunk 0 first.
 */
const phoneDigitsPattern = `[1-9][\\s-]*(?:\\d[\\s-]*){${phoneRules.minDigits - 1},${phoneRules.maxDigits - 1}}`;
const listedCodePattern = `(?:${countryCodeValues.map((code) => code.replace('+', '\\+')).join('|')})`;
const digitsAlonePattern = `^[\\s-]*${phoneDigitsPattern}$`;
const phonePattern = `^(?:\\s*${listedCodePattern}(?:[\\s-]+${phoneDigitsPattern}|[1-9]\\d{${phoneRules.minDigits - 1},${phoneRules.maxDigits - 1}}\\s*)|[\\s-]*${phoneDigitsPattern})$`;

/** A phone as entered: the digits alone, or the country code first ("+91 9840012345", as docs/spec.md §3 writes it). */
export type PhoneEntry = { countryCode: CountryCode | undefined; digits: string };

/**
 * A phone field that takes both shapes: the forms send the digits and the country code apart;
 * the spec's REST body sends "+91 9876543210" (a listed code, a space, the digits). The digit
 * rules and messages are phoneDigits' in both cases.
 */
export const phoneEntry = z
  .string()
  .meta({
    description:
      'The digits (4 to 10, without the trunk 0 dialled within the country), or a listed country code, a space, then the digits.',
    examples: ['+91 9876543210', '9876543210'],
    pattern: phonePattern,
  })
  .transform((value, ctx): PhoneEntry => {
    const entered = value.trim();
    let countryCode: CountryCode | undefined;
    let rest = entered;
    if (entered.startsWith('+')) {
      const separated = /^(\+\d+)[\s-]+(.*)$/.exec(entered);
      const code = separated ? separated[1]! : codesLongestFirst.find((known) => entered.startsWith(known));
      if (!code || !isCountryCode(code)) {
        ctx.addIssue({ code: 'custom', message: code ? phoneMessages.unknownCode(code) : phoneMessages.noKnownCode });
        return z.NEVER;
      }
      countryCode = code;
      rest = separated ? separated[2]! : entered.slice(code.length);
    }
    const digits = phoneDigits.safeParse(rest);
    if (!digits.success) {
      for (const issue of digits.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return { countryCode, digits: digits.data };
  });

const callTimeValues = callTimes.map((option) => option.value) as [CallTime, ...CallTime[]];

/** Optional: '' (the form's "No preference") is no answer. */
export const preferredCallTimeField = z
  .enum(['', ...callTimeValues], 'Please choose morning, afternoon or evening, or leave it empty')
  .transform((value) => (value === '' ? undefined : value))
  .optional()
  .meta({ description: 'When to call back: morning, afternoon or evening. Absent or empty: any time.' });

export const callTimeLabel = (value: string | undefined) =>
  callTimes.find((option) => option.value === value)?.label ?? value ?? '';

/** How the school can call back, asked the same way on both forms. */
export const phoneAnswers = {
  countryCode: countryCodeField,
  phone: phoneEntry,
  preferredCallTime: preferredCallTimeField,
};

type WithPhone = { countryCode?: CountryCode | undefined; phone: PhoneEntry };
type WithJoinedPhone<T extends WithPhone> = Omit<T, 'countryCode' | 'phone'> & {
  countryCode: CountryCode;
  phone: string;
};

/**
 * Settles the country code of a form's fields: the one written in the phone, else the selected
 * one, else +91 (the spec's default). The output always has the code apart and the phone as digits.
 */
export function withCountryCode<Shape extends { countryCode: typeof countryCodeField; phone: typeof phoneEntry }>(
  fields: z.ZodObject<Shape>,
) {
  // The document's version of the rule: with a country code chosen, the phone holds the digits alone.
  const codeChosen = {
    dependentSchemas: { countryCode: { properties: { phone: { type: 'string', pattern: digitsAlonePattern } } } },
  };
  return fields.meta(codeChosen).transform((form, ctx) => {
    const { countryCode: chosen, phone, ...rest } = form as z.output<z.ZodObject<Shape>> & WithPhone;
    if (phone.countryCode && chosen && phone.countryCode !== chosen) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: phoneMessages.codesDiffer(phone.countryCode, chosen) });
      return z.NEVER;
    }
    const joined = { ...rest, countryCode: phone.countryCode ?? chosen ?? defaultCountryCode, phone: phone.digits };
    return joined as WithJoinedPhone<z.output<z.ZodObject<Shape>> & WithPhone>;
  });
}

/** "+91 9840012345": the spec's stored form of a phone number (country code, a space, then digits). */
export function formatPhone(countryCode: string, digits: string): string {
  return `${countryCode} ${digits}`;
}
