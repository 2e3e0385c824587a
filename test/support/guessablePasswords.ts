/**
 * Passwords of 12 characters or more that the common-password list let through (issue 34):
 * common patterns, and the school's own name. Every way of choosing a password must refuse them.
 */
export const guessablePasswords = [
  'Password@123',
  'P@ssw0rd1234',
  'password123456',
  'montessori2026',
  'aranyamontessori',
] as const;

/** The sentence every entry point answers them with. */
export const guessableMessage = 'That password is too easy to guess. A few words you will remember make a good one.';
