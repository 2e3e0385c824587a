import { describe, expect, it } from 'vitest';
import {
  MAX_STAFF_PASSWORD_LENGTH,
  MIN_STAFF_PASSWORD_LENGTH,
  newPasswordMessages,
  newPasswordSchema,
} from './newPassword';

const messagesOf = (value: unknown) => {
  const result = newPasswordSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('a new staff password', () => {
  it('needs 12 to 200 characters', () => {
    expect(MIN_STAFF_PASSWORD_LENGTH).toBe(12);
    expect(messagesOf('a'.repeat(12))).toEqual([]);
    expect(messagesOf('a'.repeat(MAX_STAFF_PASSWORD_LENGTH))).toEqual([]);
    expect(messagesOf('a'.repeat(11))).toEqual(['Please choose a password of at least 12 characters.']);
    expect(messagesOf('')).toEqual([newPasswordMessages.tooShort]);
    expect(messagesOf('a'.repeat(201))).toEqual(['Please choose a password of at most 200 characters.']);
  });

  it('counts characters as a person does: an emoji or an accented letter is one', () => {
    expect(messagesOf('🦚'.repeat(12))).toEqual([]);
    expect(messagesOf('🦚'.repeat(11))).toEqual([newPasswordMessages.tooShort]);
    expect(messagesOf('🦚'.repeat(200))).toEqual([]);
    expect(messagesOf('e\u0301'.repeat(12))).toEqual([]);
    expect(messagesOf('e\u0301'.repeat(11))).toEqual([newPasswordMessages.tooShort]);
  });

  it('keeps spaces: a password is never trimmed', () => {
    expect(newPasswordSchema.parse('  tamarind tree  ')).toBe('  tamarind tree  ');
    expect(messagesOf('    short   ')).toEqual([]);
  });

  it('refuses line breaks, tabs and other control characters, which no sign-in form can type back', () => {
    for (const character of ['\n', '\r', '\t', '\u0000', '\u001b', '\u007f', '\u0085']) {
      expect(messagesOf(`tamarind${character}tree`)).toEqual([
        'A password cannot contain line breaks, tabs or other control characters.',
      ]);
    }
    expect(messagesOf('tamarind tree\u00a0café')).toEqual([]);
  });

  it('answers anything but text with the same plain message', () => {
    expect(messagesOf(undefined)).toEqual([newPasswordMessages.tooShort]);
    expect(messagesOf(123456789012)).toEqual([newPasswordMessages.tooShort]);
  });
});
