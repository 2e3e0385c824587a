// Without zod: the sign-in screen asks for the code before the dashboard's code and the schemas load (decision 0006).

export const twoStepMessages = {
  codeNeeded: 'Enter the 6-digit code from your authenticator app.',
  invalidCode: 'That code is not right, or was already used. Please enter the current code from your app.',
  setupInvalidCode: 'That code does not match. Check the time on your phone and enter the current code.',
  alreadyOn: 'Two-step login is already on for your account.',
  notStarted: 'Please start the setup again: the QR code has changed.',
  notOn: 'Two-step login is not on for your account.',
  confirmationWrong: 'That is neither a current code from your app nor your password.',
  requiredByOwner: 'The school’s Owner asks everyone to turn on two-step login before using the dashboard.',
  setupClosed:
    'The time to set up two-step login from your own sign-in has passed. Please ask the school’s Owner for a new password link: with it you choose your password again, then set up two-step login.',
} as const;
