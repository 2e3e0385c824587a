import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../test/support/smtpSink';
import { postForm, postJson, validAdmission } from '../../../test/support/enquiryTestData';
import { insertTestAdmissions } from '../../../test/support/testEnquiries';
import { startTestServer, type TestServer } from '../../../test/support/testServer';
import { schoolToday } from '../../shared/time';
import { schoolInstant } from '../../shared/schoolTimes';
import { visitLocation } from '../mail/visitMail';
import { pipelinePlace } from '../storage/admissionPipeline';
import { freeSlots, openBooking, publishSlots } from '../storage/visits';
import { BOOKING_LINK_LIFETIME_MS } from '../visits/bookingToken';

const DAY_MS = 86_400_000;
const inDays = (days: number) => schoolToday(new Date(Date.now() + days * DAY_MS));
const tokenOf = (url: string) => new URL(url).searchParams.get('t') ?? '';

describe('the booking page over HTTP (plain form posts, no JavaScript)', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let slotA: number;
  let slotB: number;
  const page = (url: string) => fetch(url).then(async (response) => ({ status: response.status, html: await response.text(), headers: response.headers }));
  const post = (fields: Record<string, string>) => postForm(`${server.url}/visit`, fields).then(async (response) => ({ status: response.status, html: await response.text() }));
  const openBookingOf = (id: number) => openBooking(server.services.storage.db, id);
  const linkFor = (id: number) => server.services.visits.bookingUrl(id, server.services.now());

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ SMTP_URL: sink.url, NOTIFY_EMAIL: 'office@aranya.test', ENQUIRY_RATE_LIMIT: '1000' }, { servePages: false });
    const by = { createdAt: new Date().toISOString(), accountId: null };
    await publishSlots(server.services.storage.db, [
      { startsAt: schoolInstant(inDays(3), '10:00').toISOString(), minutes: 45, places: 3 },
      { startsAt: schoolInstant(inDays(4), '11:30').toISOString(), minutes: 45, places: 3 },
    ], by);
    [slotA, slotB] = (await freeSlots(server.services.storage.db, new Date().toISOString())).map((slot) => slot.id) as [number, number];
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it('answers an admission enquiry with its booking link, which shows the free times on the school clock', async () => {
    const response = await postJson(`${server.url}/api/admission-enquiry`, validAdmission());
    expect(response.status).toBe(201);
    const { bookingUrl, id } = (await response.json()) as { bookingUrl: string; id: number };
    expect(bookingUrl).toMatch(/\/visit\?t=/);
    const shown = await page(bookingUrl.replace(/^https?:\/\/[^/]+/, server.url));
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Book a school visit');
    expect(shown.html).toContain('10:00 AM, 45 minutes (3 places left)');
    expect(shown.html).not.toContain('<script');
    expect(shown.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(shown.headers.get('referrer-policy')).toBe('no-referrer');
    const mails = await sink.waitFor(2);
    const acknowledgement = mails.find((mail) => mail.headers.subject?.startsWith('Your admission enquiry'));
    expect(acknowledgement?.body).toContain(`/visit?t=${tokenOf(bookingUrl)}`);
    expect(id).toBeGreaterThan(0);
  });

  it('takes exactly 3 of 50 families booking the last 3 places at once; the rest get a plain message', async () => {
    const ids = await insertTestAdmissions(server.services.storage.db, Array.from({ length: 50 }, () => ({})));
    const answers = await Promise.all(ids.map((id) => post({ t: tokenOf(linkFor(id)), action: 'book', slot: String(slotA) })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(47);
    for (const answer of refused) expect(answer.html).toContain('Sorry, that time has just been taken. Please choose another.');
    const open = await server.services.storage.db.selectFrom('visit_bookings').select('enquiry_id').where('slot_id', '=', slotA).where('cancelled_at', 'is', null).execute();
    expect(open).toHaveLength(3);
    for (const { enquiry_id } of open) expect((await pipelinePlace(server.services.storage.db, enquiry_id))?.stage).toBe('visit-booked');

    // Moving one family away and cancelling another frees two places, taken by two who were refused.
    const [moving, cancelling] = open.map((row) => row.enquiry_id) as [number, number];
    const moved = await post({ t: tokenOf(linkFor(moving)), action: 'move', slot: String(slotB) });
    expect(moved.html).toContain('Your visit has moved.');
    expect((await post({ t: tokenOf(linkFor(cancelling)), action: 'cancel' })).html).toContain('Your visit is cancelled.');
    expect((await pipelinePlace(server.services.storage.db, cancelling))?.stage).toBe('enquiry');
    const waiting = ids.filter((id) => !open.some((row) => row.enquiry_id === id));
    const retries = await Promise.all(waiting.slice(0, 3).map((id) => post({ t: tokenOf(linkFor(id)), action: 'book', slot: String(slotA) })));
    expect(retries.map((answer) => answer.status).sort()).toEqual([200, 200, 409]);
  });

  it('refuses a changed link, books nothing new with an expired one, and books again with the same link after a cancellation', async () => {
    const [id] = (await insertTestAdmissions(server.services.storage.db, [{}])) as [number];
    const token = tokenOf(linkFor(id));
    const tampered = `${id + 1}${token.slice(String(id).length)}`;
    const refused = await page(`${server.url}/visit?t=${tampered}`);
    expect(refused.status).toBe(404);
    expect(refused.html).toContain('This booking link is not valid.');
    expect((await post({ t: tampered, action: 'book', slot: String(slotB) })).status).toBe(404);

    expect((await post({ t: token, action: 'book', slot: String(slotB) })).status).toBe(200);
    expect((await post({ t: token, action: 'cancel' })).status).toBe(200);
    const again = await post({ t: token, action: 'book', slot: String(slotB) });
    expect(again.status).toBe(200);
    expect(again.html).toContain('Your visit is booked.');

    const realNow = server.services.now;
    server.services.now = () => new Date(realNow().getTime() + BOOKING_LINK_LIFETIME_MS + 1000);
    try {
      // The visit booked stays in reach of its link; a new booking after cancelling is refused.
      expect((await page(`${server.url}/visit?t=${token}`)).html).toContain('Your school visit');
    } finally {
      server.services.now = realNow;
    }
    const [late] = (await insertTestAdmissions(server.services.storage.db, [{}])) as [number];
    const lateToken = tokenOf(server.services.visits.bookingUrl(late, new Date(Date.now() - BOOKING_LINK_LIFETIME_MS - 1000)));
    const expired = await post({ t: lateToken, action: 'book', slot: String(slotB) });
    expect(expired.html).toContain('This booking link has expired.');
    expect(expired.status).toBe(409);
  });

  it('refuses posts from other sites (Sec-Fetch-Site cross-site, or a foreign Origin), as the staff API does', async () => {
    const [id] = (await insertTestAdmissions(server.services.storage.db, [{ email: 'cross@example.in', phone: '9840000101' }])) as [number];
    const fields = new URLSearchParams({ t: tokenOf(linkFor(id)), action: 'book', slot: String(slotB) });
    const send = (headers: Record<string, string>) =>
      fetch(`${server.url}/visit`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: fields });
    const foreign: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://elsewhere.example' }];
    for (const headers of foreign) {
      const answer = await send(headers);
      expect(answer.status).toBe(403);
      expect(await answer.text()).toContain('Cross-site requests are not allowed.');
    }
    expect(await openBookingOf(id)).toBeUndefined();
    const own = await send({ 'sec-fetch-site': 'same-origin', origin: server.url });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('Your visit is booked.');
    expect((await post({ t: fields.get('t') ?? '', action: 'cancel' })).status).toBe(200);
  });

  it('manages a visit with a link past its expiry only until that visit: it cancels, but moves to no later time', async () => {
    const db = server.services.storage.db;
    const at = (days: number) => schoolInstant(inDays(days), '09:15').toISOString();
    await publishSlots(db, [75, 80].map((days) => ({ startsAt: at(days), minutes: 45, places: 3 })), { createdAt: new Date().toISOString(), accountId: null });
    const [day75, day80] = (await freeSlots(db, at(74))).filter((slot) => slot.startsAt === at(75) || slot.startsAt === at(80)).map((slot) => slot.id) as [number, number];
    const [id] = (await insertTestAdmissions(db, [{ email: 'late@example.in', phone: '9840000102' }])) as [number];
    const token = tokenOf(linkFor(id));
    expect((await post({ t: token, action: 'book', slot: String(day75) })).status).toBe(200);
    const realNow = server.services.now;
    // 40 days past the link's expiry, with the visit still ahead.
    server.services.now = () => new Date(realNow().getTime() + BOOKING_LINK_LIFETIME_MS + 40 * DAY_MS);
    try {
      const shown = await page(`${server.url}/visit?t=${token}`);
      expect(shown.html).not.toContain('Move my visit');
      const moved = await post({ t: token, action: 'move', slot: String(day80) });
      expect(moved.status).toBe(409);
      expect(moved.html).toContain('This booking link has expired.');
      expect((await openBookingOf(id))?.slotId).toBe(day75);
      expect((await post({ t: token, action: 'cancel' })).html).toContain('Your visit is cancelled.');
    } finally {
      server.services.now = realNow;
    }
  });

  it('answers a form without a chosen time with a plain message, never a 500', async () => {
    const [id] = (await insertTestAdmissions(server.services.storage.db, [{}])) as [number];
    const answer = await post({ t: tokenOf(linkFor(id)), action: 'book' });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('Please choose a time.');
    expect((await post({ t: 'x'.repeat(3000), action: 'book', slot: '1' })).status).toBe(413);
  });

  it('sends the confirmation with an invitation at the right time in Asia/Kolkata and the school address', async () => {
    const [id] = (await insertTestAdmissions(server.services.storage.db, [{ email: 'invite@example.in' }])) as [number];
    expect((await post({ t: tokenOf(linkFor(id)), action: 'book', slot: String(slotB) })).status).toBe(200);
    const row = await server.services.storage.db.selectFrom('outbox').select(['calendar', 'to_address']).where('enquiry_id', '=', id).where('calendar', 'is not', null).executeTakeFirstOrThrow();
    expect(row.to_address).toBe('invite@example.in');
    const calendar = new ICAL.Component(ICAL.parse(row.calendar ?? ''));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.startDate.toString()).toBe(`${inDays(4)}T11:30:00`);
    expect(event.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Asia/Kolkata');
    expect(event.startDate.toJSDate().toISOString()).toBe(schoolInstant(inDays(4), '11:30').toISOString());
    expect(event.location).toBe(visitLocation(await server.services.sitePublisher.schoolContact()));
    const mails = await sink.waitFor(sink.received.length);
    await server.services.mailOutbox?.whenIdle();
    expect(mails.length).toBeGreaterThan(0);
  });

  it('never writes a booking token to the log', async () => {
    const tokens = await server.services.storage.db.selectFrom('visit_bookings').select('enquiry_id').execute();
    const logged = JSON.stringify(server.log.records);
    expect(server.log.records.length).toBeGreaterThan(0);
    for (const { enquiry_id } of tokens) expect(logged).not.toContain(tokenOf(linkFor(enquiry_id)).split('.')[2]!);
    expect(logged).not.toMatch(/[1-9][0-9]*\.[0-9a-z]+\.[A-Za-z0-9_-]{43}/);
  });
});
