import { school } from '#content/school.ts';
import { oneTimeCodeMinutes } from '#shared/dashboard/staffSignIn.ts';
import type { StaffLinkMessage } from './repository';
import { htmlDocument, oneLine, paragraphsHtml } from '#server/modules/mail/service.ts';
import { CODE_PLACEHOLDER } from '#server/modules/mail/service.ts';

/** Why a one-time code was asked for (decision 0051). */
export type OneTimeCodePurpose = 'sign-in' | 'two-step-setup';

const signature = `${school.name}\nThis email was sent by the school website because of a sign-in to the staff dashboard.`;

function message(to: string, subject: string, paragraphs: string[], replyTo: string): StaffLinkMessage {
  const text = [...paragraphs, signature].join('\n\n');
  const oneLineSubject = oneLine(subject);
  return { to, subject: oneLineSubject, text, html: htmlDocument(oneLineSubject, paragraphsHtml(text)), replyTo };
}

/** The email carrying a one-time code; the code itself waits in the row's secret_link (CODE_PLACEHOLDER stands in the stored copy). */
export function oneTimeCodeMessage({
  to,
  name,
  purpose,
  replyTo,
}: {
  to: string;
  name: string;
  purpose: OneTimeCodePurpose;
  replyTo: string;
}): StaffLinkMessage {
  const what =
    purpose === 'sign-in'
      ? 'sign in to the staff dashboard from a new browser'
      : 'set up two-step login on your account';
  return message(
    to,
    `Your code for the ${school.name} staff dashboard`,
    [
      `Hello ${name},`,
      `Someone with your password asked to ${what}. The code is:`,
      CODE_PLACEHOLDER,
      `Enter it on the same screen. It works once, for ${oneTimeCodeMinutes} minutes.`,
      'If this was not you, do not give the code to anyone: your password is known to someone else. Change it in the dashboard (Your account) as soon as you can, and tell the school’s Owner.',
    ],
    replyTo,
  );
}

/** The one email to an Owner when an account starts being guessed at. */
export function guessingAlertMessage({
  to,
  ownerName,
  account,
  failures,
  replyTo,
}: {
  to: string;
  ownerName: string;
  account: string;
  failures: number;
  replyTo: string;
}): StaffLinkMessage {
  return message(
    to,
    `A staff account is being guessed at - ${school.name}`,
    [
      `Hello ${ownerName},`,
      `${failures} wrong passwords were tried at the staff account ${account} within a day. Browsers that have signed in to it before keep working; any new browser now needs a one-time code as well as the password, so a guesser who finds the password still cannot get in.`,
      'Nothing needs doing if the account has a long password that is used nowhere else. The Activity page of the dashboard shows the attempts. You get this email once a day at most for each account.',
    ],
    replyTo,
  );
}
