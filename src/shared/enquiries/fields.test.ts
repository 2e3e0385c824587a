import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailAddress, formatPhone, personName, phoneDigits, phoneMessages } from './fields';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('phone (both forms)', () => {
  it('accepts 4 to 10 digits, ignoring spaces and dashes typed between them', () => {
    expect(phoneDigits.parse('1234')).toBe('1234');
    expect(phoneDigits.parse('98400 12345')).toBe('9840012345');
    expect(phoneDigits.parse('984-001-2345')).toBe('9840012345');
  });

  it('says "Phone number must contain only digits" for letters or signs, and only that', () => {
    expect(messagesOf(phoneDigits, '98400abcde')).toEqual(['Phone number must contain only digits']);
    expect(messagesOf(phoneDigits, '+919840012345')).toEqual(['Phone number must contain only digits']);
    expect(messagesOf(phoneDigits, 'ab')).toEqual(['Phone number must contain only digits']);
  });

  it('says "Phone number must be between 4-10 digits" for 3 or 11 digits and for nothing at all', () => {
    expect(messagesOf(phoneDigits, '123')).toEqual(['Phone number must be between 4-10 digits']);
    expect(messagesOf(phoneDigits, '98400123456')).toEqual(['Phone number must be between 4-10 digits']);
    expect(messagesOf(phoneDigits, '')).toEqual(['Phone number must be between 4-10 digits']);
  });

  it('refuses a number that starts with 0, the trunk prefix no one dials after a country code, saying so in plain words', () => {
    for (const typed of ['0442345678', '04423456789', '098400 12345', '0'])
      expect(messagesOf(phoneDigits, typed), typed).toEqual([phoneMessages.trunkZero]);
    expect(phoneMessages.trunkZero).toBe(
      'Please leave out the 0 at the start: with the country code in front, the number is written without it.',
    );
  });

  it('is stored as country code, a space, then digits', () => {
    expect(formatPhone('+91', '9840012345')).toBe('+91 9840012345');
  });
});

describe('names and email addresses', () => {
  const name = personName('Name must be at least 2 characters.');
  it('needs at least two characters after trimming', () => {
    expect(name.parse('  Al ')).toBe('Al');
    expect(messagesOf(name, ' A ')).toEqual(['Name must be at least 2 characters.']);
    expect(messagesOf(name, 'x'.repeat(101))).toHaveLength(1);
  });

  const email = emailAddress('Please enter a valid email address.');
  it('accepts an address and refuses what is not one, with the given message', () => {
    expect(email.parse(' priya@example.in ')).toBe('priya@example.in');
    for (const bad of ['priya', 'priya@', '@example.in', 'priya@example', 'pri ya@example.in']) {
      expect(messagesOf(email, bad)).toEqual(['Please enter a valid email address.']);
    }
  });
});
