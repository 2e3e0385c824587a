import { describe, expect, it, vi } from 'vitest';
import { dictionary } from '@zxcvbn-ts/language-common';
import { MIN_STAFF_PASSWORD_LENGTH as sharedMinimum, newPasswordMessages } from '#shared/staff/newPassword.ts';
import { passwordProblem } from './commonPasswords';
import { generatePassword, MIN_STAFF_PASSWORD_LENGTH } from './password';
import { guessableMessage, guessablePasswords } from '#test/support/guessablePasswords.ts';

describe('common passwords', () => {
  it('come from a list of at least 10,000', () => {
    expect(dictionary['passwords-common'].length).toBeGreaterThanOrEqual(10_000);
  });

  it('are refused whatever the capitals', async () => {
    for (const password of ['qwerty123456', 'QWERTY123456', '1Qaz2Wsx3Edc'])
      expect(await passwordProblem(password)).toBe(guessableMessage);
    expect(await passwordProblem('tamarind tree by the gate')).toBeUndefined();
  });
});

describe('the problem with a chosen password', () => {
  it('is its length first, then being common, in plain words', async () => {
    expect(await passwordProblem('qwerty')).toBe('Please choose a password of at least 12 characters.');
    expect(await passwordProblem('x'.repeat(201))).toBe(newPasswordMessages.tooLong);
    expect(await passwordProblem('Password1234')).toBe(guessableMessage);
    expect(await passwordProblem('qazwsxedcrfv')).toBe(newPasswordMessages.tooEasy);
  });

  it.each(guessablePasswords)('is being easy to guess for %s, though it is not on the list', async (password) => {
    expect(await passwordProblem(password)).toBe(guessableMessage);
  });

  it('is being easy to guess when it is made of the person’s own name or email', async () => {
    expect(await passwordProblem('kalamurugan2024')).toBeUndefined();
    expect(await passwordProblem('kalamurugan2024', { name: 'Kala Murugan', email: 'kala@example.in' })).toBe(
      guessableMessage,
    );
  });

  it('is nothing for a long, uncommon password', async () => {
    expect(await passwordProblem('tamarind tree by the gate')).toBeUndefined();
    expect(await passwordProblem(generatePassword())).toBeUndefined();
  });

  it('uses the minimum length declared once, which the operator’s commands also use', () => {
    expect(MIN_STAFF_PASSWORD_LENGTH).toBe(sharedMinimum);
  });
});

describe('the strength estimator', () => {
  it('is loaded with the first check, not when the server starts', async () => {
    vi.resetModules();
    let loads = 0;
    vi.doMock('@zxcvbn-ts/core', async (original) => {
      loads += 1;
      return original();
    });
    try {
      const lazy = await import('./commonPasswords');
      expect(loads).toBe(0);
      expect(await lazy.passwordProblem('Password@123')).toBe(guessableMessage);
      expect(await lazy.passwordProblem('tamarind tree by the gate')).toBeUndefined();
      expect(loads).toBe(1);
    } finally {
      vi.doUnmock('@zxcvbn-ts/core');
      vi.resetModules();
    }
  });
});
