import { privacySections, type RetentionPeriods } from '#content/privacy.ts';
import type { SchoolContact } from '#content/schoolFacts.ts';
import {
  describeChange,
  formatDashboardDate,
  statusLabel,
  type PersonDataExport,
  type PersonVisitBooking,
  type VisitBookingState,
} from '#shared/dashboard/index.ts';
import { programLabel } from '#shared/admissions/report.ts';
import { noticeMailLabels } from '#shared/parents/parentMessages.ts';
import { ageInWholeYears } from '#shared/enquiries/birthDate.ts';
import { enquiryFields, fieldContext, type EnquiryField } from '#shared/enquiries/enquiryFields.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import { escapeMarkup } from '#shared/escapeMarkup.ts';
import { inlineStyleSources } from '#server/platform/inlineStyles.ts';
import { plainPageHead } from '#server/platform/plainPage.ts';

/**
 * The readable copy of a person's data (the JSON file stays for machines): a page the office
 * opens, prints or saves as PDF, and sends to the parent who asked to see what the school holds.
 * Plain words and headings; why the school holds it is the privacy notice's own wording. No
 * script; its one stylesheet is inline, allowed by its hash in the page's own policy.
 */

const css = `
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Tamil", sans-serif; color: #1f2933; background: #fff; }
main { max-width: 46rem; margin: 0 auto; padding: 2rem 1.25rem 3rem; }
h1 { font-size: 1.75rem; line-height: 1.25; margin: 0 0 1rem; }
h2 { font-size: 1.35rem; margin: 2.5rem 0 0.75rem; padding-top: 1rem; border-top: 2px solid #1f2933; }
h3 { font-size: 1.1rem; margin: 1.5rem 0 0.5rem; }
h4 { font-size: 1rem; margin: 1rem 0 0.25rem; }
dl { display: grid; grid-template-columns: minmax(8rem, 12rem) 1fr; gap: 0.25rem 1rem; margin: 0; }
dt { font-weight: 600; }
dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.text { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0.5rem 0 0; padding: 0.75rem; border: 1px solid #c4cdd5; font: inherit; }
.email { margin: 1rem 0; }
@media (max-width: 30rem) { dl { grid-template-columns: 1fr; } dd { margin-bottom: 0.5rem; } }
@media print {
  body { font-size: 11pt; }
  main { max-width: none; padding: 0; }
  h2 { break-before: auto; break-after: avoid; }
  h3, h4 { break-after: avoid; }
  .email, dl { break-inside: avoid; }
}
`;

/** The page's Content-Security-Policy: nothing but its own stylesheet. */
export const personDataPagePolicy = [
  "default-src 'none'",
  `style-src ${inlineStyleSources(`<style>${css}</style>`).join(' ')}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const kindTitles: Record<EnquiryKind, string> = { admission: 'Admission enquiry', contact: 'Contact message' };

type Entry = PersonDataExport['enquiries'][number];
type Family = PersonDataExport['families'][number];

const text = (value: string) => escapeMarkup(value);

function facts(rows: [label: string, value: string][]): string {
  const shown = rows.filter(([, value]) => value !== '');
  return `<dl>${shown.map(([label, value]) => `<dt>${text(label)}</dt><dd>${text(value)}</dd>`).join('')}</dl>`;
}

/** The answers as the office sees them, with the same labels (enquiryFields). */
function answers(entry: Entry, now: Date): string {
  const context = fieldContext((birthDate) => ageInWholeYears(birthDate, now));
  if (entry.kind === 'contact') {
    return facts(
      (enquiryFields.contact as EnquiryField<'contact'>[]).map((field) => [
        field.label,
        field.show(entry.row, context),
      ]),
    );
  }
  return facts(
    (enquiryFields.admission as EnquiryField<'admission'>[]).map((field) => [
      field.label,
      field.show(entry.row, context),
    ]),
  );
}

function history(entry: Entry): string {
  if (entry.history.length === 0) return '<p>None.</p>';
  return `<ul>${entry.history.map((change) => `<li>${text(formatDashboardDate(change.changedAt))}: ${text(describeChange(change))}</li>`).join('')}</ul>`;
}

type Invitation = NonNullable<Entry['emails'][number]['invitation']>;

const invitationActions: Record<Invitation['method'], string> = {
  request: 'adding the visit to your calendar',
  cancel: 'removing the visit from your calendar',
};

/** That an invitation was attached, what it did, and the visit's time and place as it gave them. */
const invitationText = (invitation: Invitation) =>
  `Attached, ${invitationActions[invitation.method]}: ${formatDashboardDate(invitation.startsAt)} to ${formatDashboardDate(invitation.endsAt)}, at ${invitation.location}, for ${invitation.attendee.name} at ${invitation.attendee.email}`;

function emails(entry: Entry): string {
  if (entry.emails.length === 0) return '<p>None.</p>';
  return entry.emails
    .map(
      (mail) =>
        `<div class="email"><h4>${text(mail.subject)}</h4>${facts([
          ['To', mail.recipient === 'parent' ? `You, at ${mail.to}` : `The school office, at ${mail.to}`],
          ['Sent', mail.sentAt ? formatDashboardDate(mail.sentAt) : 'Not sent yet'],
          ['Calendar invitation', mail.invitation ? invitationText(mail.invitation) : ''],
        ])}<p class="text">${text(mail.text)}</p></div>`,
    )
    .join('');
}

const visitStates: Record<VisitBookingState, string> = {
  booked: 'Booked',
  moved: 'Moved to this time',
  cancelled: 'Cancelled',
};

/** Each fact of a visit booking, once: its label and its text (an empty text is left out). */
const visitFacts: [label: string, show: (visit: PersonVisitBooking) => string][] = [
  ['Visit', (visit) => `${formatDashboardDate(visit.startsAt)}, ${visit.minutes} minutes`],
  ['State', (visit) => visitStates[visit.state]],
  ['Booked on', (visit) => formatDashboardDate(visit.bookedAt)],
  ['Changed on', (visit) => (visit.changedAt === null ? '' : formatDashboardDate(visit.changedAt))],
];

function visits(entry: Entry): string {
  if (entry.visits.length === 0) return '<p>None.</p>';
  return entry.visits.map((visit) => facts(visitFacts.map(([label, show]) => [label, show(visit)]))).join('');
}

function enquiry(entry: Entry, now: Date): string {
  const { row } = entry;
  const office: [string, string][] = [
    ['Status', statusLabel(row.status, row.isRead)],
    ['Notes', row.remarks],
    ['Last changed', entry.lastChangedAt ? formatDashboardDate(entry.lastChangedAt) : ''],
  ];
  const spam = entry.inSpamFolder
    ? `<p>Our website set this ${kindTitles[entry.kind].toLowerCase()} aside as possibly sent by an automated program${entry.spamReasons.length > 0 ? ` (${text(entry.spamReasons.join(', '))})` : ''}.</p>`
    : '';
  return [
    `<section><h2>${kindTitles[entry.kind]}, received ${text(formatDashboardDate(row.createdAt))}</h2>`,
    spam,
    '<h3>What you told us</h3>',
    answers(entry, now),
    '<h3>What the school office noted</h3>',
    facts(office),
    '<h3>What our website noted when it arrived</h3>',
    facts([
      ['Internet address', entry.receipt.ipAddress ?? 'Not kept'],
      ['Web browser', entry.receipt.browser ?? 'Not kept'],
    ]),
    '<h3>Changes to your enquiry</h3>',
    history(entry),
    '<h3>Emails we sent</h3>',
    emails(entry),
    ...(entry.kind === 'admission' ? ['<h3>Visits you booked</h3>', visits(entry)] : []),
    '</section>',
  ].join('\n');
}

const when = (instant: string | null, otherwise: string) => (instant ? formatDashboardDate(instant) : otherwise);

/** A list of items, or "None." */
const listOf = (items: string[]) =>
  items.length === 0 ? '<p>None.</p>' : `<ul>${items.map((item) => `<li>${text(item)}</li>`).join('')}</ul>`;

function guardian(record: Family['guardians'][number]): string {
  return [
    `<h3>You, ${text(record.name)}</h3>`,
    facts([
      ['Name', record.name],
      ['Email', record.email],
      ['Phone', record.phone],
      ['Invited', formatDashboardDate(record.invitedAt)],
      ['Password chosen', when(record.acceptedAt, 'Not yet')],
      ['Emails about notices', noticeMailLabels[record.noticeMail]],
    ]),
    '<h4>Where you logged in</h4>',
    listOf(
      record.devices.map(
        (device) =>
          `${device.browser}: logged in ${formatDashboardDate(device.signedInAt)}, last used ${when(device.lastUsedAt, 'never')}, ${device.endedAt ? `logged out ${formatDashboardDate(device.endedAt)}` : 'still logged in'}`,
      ),
    ),
    '<h4>Notices you opened</h4>',
    listOf(record.noticesRead.map((read) => `${read.title}, ${formatDashboardDate(read.readAt)}`)),
    '<h4>Emails we sent you</h4>',
    listOf(
      record.emails.map(
        (mail) =>
          `${mail.subject}, to ${mail.to}: ${mail.sentAt ? `sent ${formatDashboardDate(mail.sentAt)}` : 'not sent yet'}`,
      ),
    ),
  ].join('\n');
}

/** A Parents' Corner family: the child, the person's own record, the other parents by name. */
function family(entry: Family): string {
  return [
    `<section><h2>Parents’ Corner family of ${text(entry.childName)}</h2>`,
    facts([
      ["Child's name", entry.childName],
      ['Class', entry.className],
      ['Program', programLabel(entry.program)],
      ['Added', formatDashboardDate(entry.addedAt)],
      ['Removed', when(entry.removedAt, '')],
      ['Other parents', entry.otherGuardians.join(', ')],
    ]),
    ...entry.guardians.map(guardian),
    '</section>',
  ].join('\n');
}

function whyWeHoldIt(periods: RetentionPeriods, contact: SchoolContact): string {
  const sections = privacySections(periods, contact).map(
    (section) =>
      `<h3>${text(section.title)}</h3>${section.paragraphs.map((paragraph) => `<p>${text(paragraph)}</p>`).join('')}${
        section.list ? `<ul>${section.list.map((item) => `<li>${text(item)}</li>`).join('')}</ul>` : ''
      }${(section.after ?? []).map((paragraph) => `<p>${text(paragraph)}</p>`).join('')}`,
  );
  return `<section><h2>Why we hold it</h2><p>This is our privacy notice, which is also on our website.</p>${sections.join('\n')}</section>`;
}

/** The whole page for `data`, in the school's words. */
export function personDataPage(data: PersonDataExport, periods: RetentionPeriods, contact: SchoolContact): string {
  const now = new Date(data.exportedAt);
  const title = `What ${data.school} holds about you`;
  const count = data.enquiries.length === 1 ? 'one enquiry' : `${data.enquiries.length} enquiries`;
  const enquiriesIntro =
    data.enquiries.length === 0
      ? `<p>You asked to see what ${text(data.school)} holds about you. We hold no enquiry from you, as of ${text(formatDashboardDate(now))}.</p>`
      : `<p>You asked to see what ${text(data.school)} holds about you. This is everything we hold from the ${count} you sent through our website, as of ${text(
          formatDashboardDate(now),
        )}: what you told us, what the school office noted, the emails we sent about it and the visits you booked. Times are India time.</p>`;
  const familiesIntro =
    data.families.length === 0
      ? ''
      : "<p>You are a parent in our Parents’ Corner: below are your family's details there, and everything we hold of you as its parent. Of the family's other parents we show only their names: the rest is theirs.</p>";
  return [
    ...plainPageHead(title, css),
    '<body>',
    '<main>',
    `<h1>${text(title)}</h1>`,
    enquiriesIntro,
    familiesIntro,
    ...data.enquiries.map((entry) => enquiry(entry, now)),
    ...data.families.map(family),
    whyWeHoldIt(periods, contact),
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
}
