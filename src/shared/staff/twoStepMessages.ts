// Without zod: the sign-in screen asks for the code before the dashboard's code and the schemas load (decision 0006).
import { oneTimeCodeCommand, oneTimeCodeMinutes } from '#shared/dashboard/staffSignIn.ts';

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
    'The days to set up two-step login with your password alone have passed, so it also takes a code sent to your account’s email (or a new password link from the school’s Owner). This keeps someone who learnt your password from adding their own phone.',
  setupCodeWrong: `That code is not right, or has expired. Ask for a new one and enter it within ${oneTimeCodeMinutes} minutes.`,
  setupCodeSent: `A code is on its way to your account’s email address. Enter it here within ${oneTimeCodeMinutes} minutes.`,
  setupCodeByCommand: `This server sends no email, so ask whoever runs it for a code: \`${oneTimeCodeCommand} -- EMAIL\` prints one (without EMAIL, for the school’s main staff password).`,
} as const;
