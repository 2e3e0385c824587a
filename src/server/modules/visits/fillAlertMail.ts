import { school } from '#content/school.ts';
import { formatSchoolDay } from '#shared/schoolTimes.ts';
import type { OutboxMessage } from '#server/modules/mail/service.ts';
import type { FillAlert } from './repository';
import { htmlDocument, paragraphsHtml } from '#server/modules/mail/service.ts';

/** The office's warning that a day's visit places went fast, with the clients that took them (issue 34 §5). */
export function visitFillAlertMail(alert: FillAlert, office: string): OutboxMessage[] {
  const day = formatSchoolDay(alert.day);
  const subject = `Visits on ${day} filled fast - ${school.name}`;
  const text = [
    `${alert.booked} of the ${alert.places} visit places on ${day} were booked online within an hour. That is unusual: it may be one sender taking every place.`,
    `Booked from:\n${alert.sources.map((source) => `${source.source || 'unknown'}: ${source.places}`).join('\n')}`,
    'In the dashboard, Visits lists each family with the connection it booked from. If the bookings look false, "Cancel all from this connection" cancels them in one step and frees the places.',
  ].join('\n\n');
  return [
    {
      recipientRole: 'office',
      to: office,
      subject,
      text,
      html: htmlDocument(subject, paragraphsHtml(text)),
      replyTo: undefined,
      visit: {},
    },
  ];
}
