import { school } from '#content/school.ts';
import type { SchoolContact } from '#content/schoolFacts.ts';
import { VISIT_BOOKING_PATH } from '#shared/admissions/visits.ts';
import { escapeMarkup } from '#shared/escapeMarkup.ts';
import { formatSchoolClock, formatSchoolDayInFull, formatSchoolTime } from '#shared/schoolTimes.ts';
import { inlineStyleSources } from '#server/platform/inlineStyles.ts';
import { plainPageHead } from '#server/platform/plainPage.ts';
import { visitLocation } from './visitMail';
import type { FreeSlot } from './repository';
import type { VisitNotice, VisitPageState } from './service';

/**
 * The booking page: one small server-rendered document (a few kilobytes, for a phone on 3G), no
 * script, plain forms that post back to it. Its stylesheet is inline, allowed by its hash; the
 * site's colours. Times are the school's, whatever the phone's zone.
 */

const css = `
body { margin: 0; font: 17px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; color: #1e2a22; background: #fbf8f2; }
header, main, footer { max-width: 36rem; margin: 0 auto; padding: 1rem 1.25rem; }
header { border-bottom: 3px solid #2f5d3a; }
header a { color: #234a2c; font-weight: 700; text-decoration: none; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 0.5rem 0 1rem; }
a { color: #234a2c; }
.notice { padding: 0.75rem 1rem; background: #e3eee5; border-left: 4px solid #2f5d3a; }
.notice--refused { background: #f7e4dc; border-left-color: #a8482a; }
.visit { font-size: 1.15rem; font-weight: 600; }
fieldset { border: 1px solid #e6dac6; background: #fff; margin: 0 0 1rem; padding: 0.5rem 1rem 0.75rem; }
legend { font-weight: 700; padding: 0 0.25rem; }
.day { font-size: 1rem; margin: 0.75rem 0 0.25rem; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
label { display: flex; gap: 0.6rem; align-items: center; min-height: 2.75rem; }
input[type=radio] { width: 1.4rem; height: 1.4rem; margin: 0; accent-color: #2f5d3a; }
button { font: inherit; font-weight: 600; min-height: 2.75rem; padding: 0.5rem 1.25rem; border: 2px solid #2f5d3a; border-radius: 0.4rem; background: #2f5d3a; color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: #234a2c; }
form a { display: inline-block; margin-left: 1rem; padding: 0.5rem 0.25rem; min-height: 2.75rem; box-sizing: border-box; font-weight: 600; }
button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #a8482a; outline-offset: 2px; }
form { margin: 1rem 0 1.5rem; }
footer { color: #4a564e; font-size: 0.95rem; border-top: 1px solid #e6dac6; }
`;

/** The page's Content-Security-Policy: its own stylesheet, and forms that post only back here. */
export const visitPagePolicy = [
  "default-src 'none'",
  `style-src ${inlineStyleSources(`<style>${css}</style>`).join(' ')}`,
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** What the line above the page says after a form was sent, and whether it is a refusal. */
export type PageNotice = VisitNotice | 'no-choice';

/** `call`: the line ends with the school's phone numbers (a refusal the page offers no way around). */
const notices: Record<PageNotice, { text: string; refused: boolean; call?: true }> = {
  booked: {
    text: 'Your visit is booked. We have emailed you the details and an invitation for your calendar.',
    refused: false,
  },
  moved: { text: 'Your visit has moved. We have emailed you the new time.', refused: false },
  cancelled: { text: 'Your visit is cancelled. You can book another time below.', refused: false },
  full: { text: 'Sorry, that time has just been taken. Please choose another.', refused: true },
  'already-booked': { text: 'You already have a visit booked: you can move it below.', refused: true },
  'no-booking': { text: 'You have no visit booked just now.', refused: true },
  'too-late': { text: 'Your visit is less than 12 hours away and can no longer be changed here.', refused: true },
  expired: { text: 'This booking link has expired.', refused: true },
  'source-limit': {
    text: 'We could not book this visit online: too many visits were booked from this connection today.',
    refused: true,
    call: true,
  },
  'contact-holds-visit': {
    text: 'We could not book this visit online: a visit is already booked with this email address or phone number.',
    refused: true,
    call: true,
  },
  'no-choice': { text: 'Please choose a time.', refused: true },
};

const text = escapeMarkup;

const phones = (contact: SchoolContact) =>
  contact.phones.map((phone) => `<a href="tel:${text(phone.e164)}">${text(phone.display)}</a>`).join(' or ');

/**
 * The free slots as radio buttons of one group (one choice: both accessibility checkers want its
 * buttons together), the day shown above its times and named in each time's own name, so a
 * screen reader moving from time to time hears the day with the time.
 */
function slotChoices(slots: FreeSlot[], name: string, at: string): string {
  const days = new Map<string, string[]>();
  for (const slot of slots) {
    const day = formatSchoolDayInFull(slot.startsAt, { from: at });
    const places = slot.free === 1 ? '1 place left' : `${slot.free} places left`;
    const choice = `<label><input type="radio" name="${name}" value="${slot.id}" required> <span><span class="sr-only">${text(day)}, </span>${text(formatSchoolClock(slot.startsAt))}, ${slot.minutes} minutes (${places})</span></label>`;
    days.set(day, [...(days.get(day) ?? []), choice]);
  }
  const byDay = [...days]
    .map(([day, choices]) => `<h3 class="day" aria-hidden="true">${text(day)}</h3>${choices.join('')}`)
    .join('');
  return `<fieldset><legend>Times</legend>${byDay}</fieldset>`;
}

function slotForm(
  { token, at }: { token: string; at: string },
  slots: FreeSlot[],
  action: 'book' | 'move',
  heading: string,
  button: string,
  contact: SchoolContact,
): string {
  if (slots.length === 0)
    return `<p>No ${action === 'move' ? 'other ' : ''}visit times are open just now. Please call us on ${phones(contact)}.</p>`;
  return [
    `<h2>${text(heading)}</h2>`,
    `<form method="post" action="${VISIT_BOOKING_PATH}" aria-label="${text(heading)}">`,
    `<input type="hidden" name="t" value="${text(token)}"><input type="hidden" name="action" value="${action}">`,
    '<p>Times are India time.</p>',
    slotChoices(slots, 'slot', at),
    `<button type="submit">${text(button)}</button>`,
    '</form>',
  ].join('\n');
}

/** "Thursday 3 December at 10:00 AM": a booked visit as the cancel question names it. */
const visitDay = (startsAt: string, at: string) =>
  `${formatSchoolDayInFull(startsAt, { from: at })} at ${formatSchoolClock(startsAt)}`;

/** The cancel question: a page of its own (a GET from the booking page), so one tap never cancels; works without a script. */
function cancelQuestion(state: Extract<VisitPageState, { view: 'booked' }>): string {
  return [
    `<h2>Cancel ${text(state.child)}'s visit?</h2>`,
    `<p>Cancel the visit on ${text(visitDay(state.booking.startsAt, state.at))} (India time)? Its place goes to another family.</p>`,
    `<form method="post" action="${VISIT_BOOKING_PATH}" aria-label="Cancel the visit"><input type="hidden" name="t" value="${text(state.token)}"><input type="hidden" name="action" value="cancel">`,
    `<button type="submit">Yes, cancel</button> <a href="${VISIT_BOOKING_PATH}?t=${text(encodeURIComponent(state.token))}">Keep it</a></form>`,
  ].join('\n');
}

function body(state: VisitPageState, contact: SchoolContact, askToCancel: boolean): string {
  const call = `please call us on ${phones(contact)}`;
  switch (state.view) {
    case 'invalid':
      return `<p>This booking link is not valid. Please open the link from your email again, or ${call}.</p>`;
    case 'unavailable':
      return `<p>A visit for this enquiry cannot be booked online. To arrange one, ${call}.</p>`;
    case 'expired':
      return `<p>This booking link has expired. To arrange a visit, ${call}.</p>`;
    case 'choose':
      return [
        `<p>Choose a time for ${text(state.child)}'s visit to ${text(school.name)}, at ${text(contact.address.lines.join(', '))}.</p>`,
        slotForm(state, state.slots, 'book', 'Free times', 'Book this visit', contact),
      ].join('\n');
    case 'booked': {
      const visit = `<p>${text(state.child)}'s visit: <span class="visit">${text(formatSchoolTime(state.booking.startsAt, { from: state.at }))}</span> (India time), for about ${state.booking.minutes} minutes, at ${text(visitLocation(contact))}.</p>`;
      if (!state.changeable) return `${visit}\n<p>It is less than 12 hours away. To move or cancel it, ${call}.</p>`;
      if (askToCancel) return `${visit}\n${cancelQuestion(state)}`;
      return [
        visit,
        state.movable
          ? slotForm(state, state.slots, 'move', 'Move it to another time', 'Move my visit', contact)
          : `<p>This booking link has expired. To move your visit, ${call}.</p>`,
        '<h2>Cancel it</h2>',
        `<form method="get" action="${VISIT_BOOKING_PATH}" aria-label="Cancel it"><input type="hidden" name="t" value="${text(state.token)}"><input type="hidden" name="confirm" value="cancel">`,
        '<button type="submit" class="secondary">Cancel my visit</button></form>',
        '<p>You can move or cancel it here until 12 hours before.</p>',
      ].join('\n');
    }
  }
}

/** The whole page for a link's state, with the line saying what the last form did; `askToCancel` asks before a booked visit is cancelled. */
export function visitPage(
  state: VisitPageState,
  contact: SchoolContact,
  notice?: PageNotice,
  askToCancel = false,
): string {
  const title = state.view === 'booked' ? 'Your school visit' : 'Book a school visit';
  const said = notice && notices[notice];
  const line = said
    ? `<p class="notice${said.refused ? ' notice--refused' : ''}" role="status">${text(said.text)}${said.call ? ` Please call us on ${phones(contact)}.` : ''}</p>`
    : '';
  return [
    ...plainPageHead(`${title} - ${school.name}`, css),
    '<body>',
    `<header><a href="/">${text(school.name)}</a></header>`,
    '<main>',
    `<h1>${text(title)}</h1>`,
    line,
    body(state, contact, askToCancel),
    '</main>',
    `<footer><p>${text(school.name)}, ${text(contact.address.lines.join(', '))}. Phone ${phones(contact)}.</p><p><a href="/">Back to the website</a> · <a href="/privacy">How we handle your details</a></p></footer>`,
    '</body>',
    '</html>',
  ].join('\n');
}
