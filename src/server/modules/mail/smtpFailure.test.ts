import { describe, expect, it } from 'vitest';
import { classifySmtpFailure } from './smtpFailure';

/** An error as nodemailer makes it: its code, the SMTP command answered, and the server's reply. */
const smtpError = (code: string, command: string, response?: string) =>
  Object.assign(new Error(response ? `Failed: ${response}` : 'Failed'), {
    code,
    command,
    ...(response ? { response, responseCode: Number(response.slice(0, 3)) } : {}),
  });

describe('what a failed send says', () => {
  it('blames the relay for answers about every email, and the email only for answers about it', () => {
    const cases: [Error, ReturnType<typeof classifySmtpFailure>][] = [
      [
        smtpError('EAUTH', 'AUTH PLAIN', '535 5.7.8 Authentication credentials invalid'),
        {
          scope: 'relay',
          reason: 'the mail server refused the password',
          answer: '535 5.7.8 Authentication credentials invalid',
        },
      ],
      [
        smtpError('EAUTH', 'AUTH LOGIN', '454 4.7.0 Temporary authentication failure'),
        {
          scope: 'relay',
          reason: 'the mail server could not check the password for now',
          answer: '454 4.7.0 Temporary authentication failure',
        },
      ],
      [
        smtpError('EENVELOPE', 'MAIL FROM', '530 5.7.0 Authentication required'),
        {
          scope: 'relay',
          reason: 'the mail server wants the website to log in',
          answer: '530 5.7.0 Authentication required',
        },
      ],
      [
        smtpError('EENVELOPE', 'MAIL FROM', '550 5.7.1 Sender not allowed'),
        {
          scope: 'relay',
          reason: 'the mail server refused the sender address',
          answer: '550 5.7.1 Sender not allowed',
        },
      ],
      [
        smtpError('EENVELOPE', 'RCPT TO', '421 4.3.2 Service shutting down'),
        {
          scope: 'relay',
          reason: 'the mail server is not taking mail for now',
          answer: '421 4.3.2 Service shutting down',
        },
      ],
      [
        smtpError('ETIMEDOUT', 'CONN'),
        { scope: 'relay', reason: 'the mail server did not answer in time', answer: 'Failed' },
      ],
      [smtpError('EDNS', 'CONN'), { scope: 'relay', reason: 'the mail server’s name was not found', answer: 'Failed' }],
      [
        smtpError('EENVELOPE', 'MAIL FROM', '552 5.3.4 Message size exceeds fixed limit'),
        { scope: 'email', refused: true },
      ],
      [smtpError('EENVELOPE', 'RCPT TO', '550 5.1.1 User unknown'), { scope: 'email', refused: true }],
      [smtpError('EMESSAGE', 'DATA', '554 5.7.1 Message rejected as spam'), { scope: 'email', refused: true }],
      [smtpError('EENVELOPE', 'RCPT TO', '451 4.7.1 Greylisted'), { scope: 'email', refused: false }],
      [new Error('Something else'), { scope: 'email', refused: false }],
    ];
    for (const [error, expected] of cases) expect(classifySmtpFailure(error), error.message).toEqual(expected);
  });
});
