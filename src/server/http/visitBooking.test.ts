import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../test/support/smtpSink';
import { postForm, postJson, validAdmission } from '../../../test/support/enquiryTestData';
import { insertTestAdmissions } from '../../../test/support/testEnquiries';
import { startTestServer, type TestServer } from '../../../test/support/testServer';
import { schoolToday } from '../../shared/time';
import { formatSchoolTime, schoolInstant } from '../../shared/schoolTimes';
import { school } from '../../content/school';
import { visitLocation } from '../mail/visitMail';
import { pipelinePlace } from '../storage/admissionPipeline';
import { freeSlots, publishSlots } from '../storage/visits';
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

  it('tells the office by email when a family books, moves or cancels, naming the family, the child and the day', async () => {
    const [id] = (await insertTestAdmissions(server.services.storage.db, [{ parentName: 'Meena Raghavan', studentName: 'Diya Raghavan' }])) as [number];
    const token = tokenOf(linkFor(id));
    const [first, second] = [schoolInstant(inDays(5), '09:00'), schoolInstant(inDays(6), '09:30')];
    await publishSlots(server.services.storage.db, [first, second].map((at) => ({ startsAt: at.toISOString(), minutes: 45, places: 2 })), { createdAt: new Date().toISOString(), accountId: null });
    const slots = await freeSlots(server.services.storage.db, new Date().toISOString());
    const [slotFirst, slotSecond] = [first, second].map((at) => slots.find((slot) => slot.startsAt === at.toISOString())?.id) as [number, number];
    const [startsA, startsB] = [first, second].map((at) => formatSchoolTime(at)) as [string, string];
    const officeMails = () =>
      server.services.storage.db.selectFrom('outbox').select(['subject', 'text_body']).where('enquiry_id', '=', id).where('recipient_role', '=', 'office').where('to_address', '=', 'office@aranya.test').orderBy('id').execute();
    expect((await post({ t: token, action: 'book', slot: String(slotSecond) })).status).toBe(200);
    expect((await post({ t: token, action: 'move', slot: String(slotFirst) })).status).toBe(200);
    expect((await post({ t: token, action: 'cancel' })).status).toBe(200);
    const queued = await officeMails();
    expect(queued.map((mail) => mail.subject)).toEqual([
      `Visit booked: Meena Raghavan (Diya Raghavan), ${startsB}`,
      `Visit moved: Meena Raghavan (Diya Raghavan), ${startsA}`,
      `Visit cancelled: Meena Raghavan (Diya Raghavan), ${startsA}`,
    ]);
    expect(queued[1]?.text_body).toContain(`Was: ${startsB}`);
    expect(queued[2]?.text_body).toContain(`admission #${id}`);
    await server.services.mailOutbox?.whenIdle();
    const delivered = sink.received.filter((mail) => mail.to.includes('office@aranya.test') && mail.headers.subject?.includes('Meena Raghavan'));
    expect(delivered.map((mail) => mail.headers.subject)).toEqual(queued.map((mail) => mail.subject));
  });

  const dayName = (day: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
  const slotAt = async (day: string, time: string) => (await freeSlots(server.services.storage.db, new Date().toISOString())).find((slot) => slot.startsAt === schoolInstant(day, time).toISOString())?.id;
  const nextYearDay = () => `${Number(inDays(0).slice(0, 4)) + 1}-01-20`;

  it('names the child and the school once, groups each day’s times under a legend naming the day (with the year when it is next year), leads back to the website, and asks before cancelling', async () => {
    const db = server.services.storage.db;
    await publishSlots(db, [
      { startsAt: schoolInstant(nextYearDay(), '10:00').toISOString(), minutes: 45, places: 2 },
      { startsAt: schoolInstant(inDays(5), '09:15').toISOString(), minutes: 45, places: 3 },
    ], { createdAt: new Date().toISOString(), accountId: null });
    const [id] = (await insertTestAdmissions(db, [{ studentName: 'Meera Kumar' }])) as [number];
    const token = tokenOf(linkFor(id));
    const choose = (await page(`${server.url}/visit?t=${token}`)).html;
    expect(choose).toContain('Meera Kumar');
    expect(choose).not.toContain(`${school.name}, at ${school.name}`);
    expect(choose).toContain('<a href="/">Back to the website</a>');
    const groups = [...choose.matchAll(/<fieldset><legend>([^<]*)<\/legend>(.*?)<\/fieldset>/gs)].map(([, legend, times]) => ({ legend, times }));
    expect(groups.find((group) => group.times?.includes('9:15 AM'))?.legend).toBe(dayName(inDays(5)));
    expect(groups.find((group) => group.legend?.includes(nextYearDay().slice(0, 4)))?.legend).toBe(`${dayName(nextYearDay())} ${nextYearDay().slice(0, 4)}`);

    expect((await post({ t: token, action: 'book', slot: String(await slotAt(inDays(5), '09:15')) })).status).toBe(200);
    const booked = (await page(`${server.url}/visit?t=${token}`)).html;
    expect(booked).toContain('Meera Kumar');
    expect(booked).not.toContain('name="action" value="cancel"');
    const asked = await page(`${server.url}/visit?t=${token}&confirm=cancel`);
    expect(asked.status).toBe(200);
    expect(asked.html).toContain(`Cancel the visit on ${dayName(inDays(5))}`);
    expect(asked.html).toContain('name="action" value="cancel"');
    expect(asked.html).toContain('Yes, cancel');
    expect(asked.html).toContain(`<a href="/visit?t=${token}">Keep it</a>`);
    expect(await server.services.storage.db.selectFrom('visit_bookings').select('id').where('enquiry_id', '=', id).where('cancelled_at', 'is', null).execute()).toHaveLength(1);
  });

  it('greets the parent by name, gives the year of a visit next year, and makes a new calendar event, on PUBLIC_URL’s host, for a visit booked after a cancellation', async () => {
    const db = server.services.storage.db;
    const [id] = (await insertTestAdmissions(db, [{ parentName: 'Lakshmi Iyer', email: 'lakshmi@example.in' }])) as [number];
    const token = tokenOf(linkFor(id));
    expect((await post({ t: token, action: 'book', slot: String(await slotAt(nextYearDay(), '10:00')) })).status).toBe(200);
    expect((await post({ t: token, action: 'cancel' })).status).toBe(200);
    expect((await post({ t: token, action: 'book', slot: String(await slotAt(inDays(5), '09:15')) })).status).toBe(200);
    const rows = await db.selectFrom('outbox').select(['subject', 'text_body', 'calendar']).where('enquiry_id', '=', id).where('calendar', 'is not', null).orderBy('id').execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.text_body.startsWith('Hello Lakshmi Iyer,')).toBe(true);
    expect(rows[0]?.subject).toContain(`20 Jan ${nextYearDay().slice(0, 4)}`);
    const uids = rows.map((row) => new ICAL.Component(ICAL.parse(row.calendar ?? '')).getFirstSubcomponent('vevent')?.getFirstPropertyValue('uid'));
    const host = new URL(server.services.config.publicUrl).hostname;
    for (const uid of uids) expect(String(uid).endsWith(`@${host}`)).toBe(true);
    expect(uids[1]).toBe(uids[0]);
    expect(uids[2]).not.toBe(uids[0]);
  });

  it('never writes a booking token to the log', async () => {
    const tokens = await server.services.storage.db.selectFrom('visit_bookings').select('enquiry_id').execute();
    const logged = JSON.stringify(server.log.records);
    expect(server.log.records.length).toBeGreaterThan(0);
    for (const { enquiry_id } of tokens) expect(logged).not.toContain(tokenOf(linkFor(enquiry_id)).split('.')[2]!);
    expect(logged).not.toMatch(/[1-9][0-9]*\.[0-9a-z]+\.[A-Za-z0-9_-]{43}/);
  });
});
