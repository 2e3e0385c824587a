import { describe, expect, it, vi } from 'vitest';
import { dictionary } from '@zxcvbn-ts/language-common';
import { MIN_STAFF_PASSWORD_LENGTH as sharedMinimum, newPasswordMessages } from '../../shared/staff/newPassword';
import { isCommonPassword, passwordProblem } from './commonPasswords';
import { generatePassword, MIN_STAFF_PASSWORD_LENGTH } from './password';

describe('common passwords', () => {
  it('come from a list of at least 10,000', () => {
    expect(dictionary['passwords-common'].length).toBeGreaterThanOrEqual(10_000);
  });

  it('are found whatever the capitals', async () => {
    expect(await isCommonPassword('password')).toBe(true);
    expect(await isCommonPassword('qwerty123456')).toBe(true);
    expect(await isCommonPassword('QWERTY123456')).toBe(true);
    expect(await isCommonPassword('1Qaz2Wsx3Edc')).toBe(true);
    expect(await isCommonPassword('tamarind tree by the gate')).toBe(false);
    expect(await isCommonPassword(generatePassword())).toBe(false);
  });
});

describe('the problem with a chosen password', () => {
  it('is its length first, then being common, in plain words', async () => {
    expect(await passwordProblem('qwerty')).toBe('Please choose a password of at least 12 characters.');
    expect(await passwordProblem('x'.repeat(201))).toBe(newPasswordMessages.tooLong);
    expect(await passwordProblem('Password1234')).toBe('That password is too common. Please choose another.');
    expect(await passwordProblem('qazwsxedcrfv')).toBe(newPasswordMessages.common);
  });

  it('is nothing for a long, uncommon password', async () => {
    expect(await passwordProblem('tamarind tree by the gate')).toBeUndefined();
    expect(await passwordProblem(generatePassword())).toBeUndefined();
  });

  it('uses the minimum length declared once, which the operator’s commands also use', () => {
    expect(MIN_STAFF_PASSWORD_LENGTH).toBe(sharedMinimum);
  });
});

describe('the list', () => {
  it('is loaded with the first check, not when the server starts', async () => {
    vi.resetModules();
    let loads = 0;
    vi.doMock('@zxcvbn-ts/language-common', () => {
      loads += 1;
      return { dictionary: { 'passwords-common': ['staffroomkey1'] } };
    });
    try {
      const lazy = await import('./commonPasswords');
      expect(loads).toBe(0);
      expect(await lazy.isCommonPassword('StaffRoomKey1')).toBe(true);
      expect(await lazy.isCommonPassword('password')).toBe(false);
      expect(loads).toBe(1);
    } finally {
      vi.doUnmock('@zxcvbn-ts/language-common');
      vi.resetModules();
    }
  });
});
