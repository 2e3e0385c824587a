import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import { postForm, postJson, validAdmission } from '#test/support/enquiryTestData.ts';
import { family, insertTestAdmissions } from '#test/support/testEnquiries.ts';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { testStaffEnv } from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { schoolToday } from '#shared/time.ts';
import { formatSchoolTime, schoolInstant } from '#shared/schoolTimes.ts';
import { school } from '#content/school.ts';
import { visitLocation } from './visitMail';
import { pipelineHistory, pipelinePlace } from '#server/modules/enquiries/pipelineRepository.ts';
import { describeChange } from '#shared/dashboard/index.ts';
import { freeSlots, openBooking, publishSlots } from './repository';
import { BOOKING_LINK_LIFETIME_MS } from './bookingToken';

const DAY_MS = 86_400_000;
const inDays = (days: number) => schoolToday(new Date(Date.now() + days * DAY_MS));
const tokenOf = (url: string) => new URL(url).searchParams.get('t') ?? '';

describe('the booking page over HTTP (plain form posts, no JavaScript)', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let slotA: number;
  let slotB: number;
  const page = (url: string) =>
    fetch(url).then(async (response) => ({
      status: response.status,
      html: await response.text(),
      headers: response.headers,
    }));
  // Each post from its own address, each family with its own email and phone, unless a test is about them.
  let sent = 0;
  const post = (fields: Record<string, string>, from = `10.0.${Math.floor(++sent / 250)}.${sent % 250}`) =>
    postForm(`${server.url}/visit`, fields, { 'x-forwarded-for': from }).then(async (response) => ({
      status: response.status,
      html: await response.text(),
    }));
  let families = 0;
  const admissions = (count: number) =>
    insertTestAdmissions(
      server.services.storage.db,
      Array.from({ length: count }, () => family(++families)),
    );
  const openBookingOf = (id: number) => openBooking(server.services.storage.db, id);
  /** A slot of its own for a test, `days` ahead at 9:15, so that earlier tests' bookings leave its places alone. */
  const slotIn = async (days: number, places: number) => {
    const startsAt = schoolInstant(inDays(days), '09:15').toISOString();
    await publishSlots(server.services.storage.db, [{ startsAt, minutes: 45, places }], {
      createdAt: new Date().toISOString(),
      accountId: null,
    });
    return (
      (await freeSlots(server.services.storage.db, new Date().toISOString())).find((slot) => slot.startsAt === startsAt)
        ?.id ?? 0
    );
  };
  const linkFor = (id: number) => server.services.visits.bookingUrl(id, server.services.now());

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(
      {
        SMTP_URL: sink.url,
        NOTIFY_EMAIL: 'office@aranya.test',
        ENQUIRY_RATE_LIMIT: '1000',
        TRUST_PROXY: 'loopback',
        ...testStaffEnv,
      },
      { servePages: false },
    );
    const by = { createdAt: new Date().toISOString(), accountId: null };
    await publishSlots(
      server.services.storage.db,
      [
        { startsAt: schoolInstant(inDays(3), '10:00').toISOString(), minutes: 45, places: 3 },
        { startsAt: schoolInstant(inDays(4), '11:30').toISOString(), minutes: 45, places: 3 },
      ],
      by,
    );
    [slotA, slotB] = (await freeSlots(server.services.storage.db, new Date().toISOString())).map((slot) => slot.id) as [
      number,
      number,
    ];
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
    const ids = await admissions(50);
    const answers = await Promise.all(
      ids.map((id) => post({ t: tokenOf(linkFor(id)), action: 'book', slot: String(slotA) })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(47);
    for (const answer of refused)
      expect(answer.html).toContain('Sorry, that time has just been taken. Please choose another.');
    const open = await server.services.storage.db
      .selectFrom('visit_bookings')
      .select('enquiry_id')
      .where('slot_id', '=', slotA)
      .where('cancelled_at', 'is', null)
      .execute();
    expect(open).toHaveLength(3);
    for (const { enquiry_id } of open)
      expect((await pipelinePlace(server.services.storage.db, enquiry_id))?.stage).toBe('visit-booked');

    // Moving one family away and cancelling another frees two places, taken by two who were refused.
    const [moving, cancelling] = open.map((row) => row.enquiry_id) as [number, number];
    const moved = await post({ t: tokenOf(linkFor(moving)), action: 'move', slot: String(slotB) });
    expect(moved.html).toContain('Your visit has moved.');
    expect((await post({ t: tokenOf(linkFor(cancelling)), action: 'cancel' })).html).toContain(
      'Your visit is cancelled.',
    );
    expect((await pipelinePlace(server.services.storage.db, cancelling))?.stage).toBe('enquiry');
    const waiting = ids.filter((id) => !open.some((row) => row.enquiry_id === id));
    const retries = await Promise.all(
      waiting.slice(0, 3).map((id) => post({ t: tokenOf(linkFor(id)), action: 'book', slot: String(slotA) })),
    );
    expect(retries.map((answer) => answer.status).sort()).toEqual([200, 200, 409]);
  });

  it('refuses a changed link, books nothing new with an expired one, and books again with the same link after a cancellation', async () => {
    const [id] = (await admissions(1)) as [number];
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
    const [late] = (await admissions(1)) as [number];
    const lateToken = tokenOf(
      server.services.visits.bookingUrl(late, new Date(Date.now() - BOOKING_LINK_LIFETIME_MS - 1000)),
    );
    const expired = await post({ t: lateToken, action: 'book', slot: String(slotB) });
    expect(expired.html).toContain('This booking link has expired.');
    expect(expired.status).toBe(409);
  });

  it('writes in the History that the family booked online, and for which day and time', async () => {
    const slot = await slotIn(23, 9);
    const [id] = (await admissions(1)) as [number];
    expect((await post({ t: tokenOf(linkFor(id)), action: 'book', slot: String(slot) })).status).toBe(200);
    const startsAt = schoolInstant(inDays(23), '09:15').toISOString();
    const history = await pipelineHistory(server.services.storage.db, id);
    expect(history.map(describeChange)).toEqual([
      `Stage changed from Enquiry to Visit booked by the family, online, for ${formatSchoolTime(startsAt, { from: history[0]!.changedAt })}`,
    ]);
    expect(history[0]!.changedBy).toBeNull();
  });

  it('refuses posts from other sites (Sec-Fetch-Site cross-site, or a foreign Origin), as the staff API does', async () => {
    const [id] = (await insertTestAdmissions(server.services.storage.db, [
      { email: 'cross@example.in', phone: '9840000101' },
    ])) as [number];
    const fields = new URLSearchParams({ t: tokenOf(linkFor(id)), action: 'book', slot: String(slotB) });
    const send = (headers: Record<string, string>) =>
      fetch(`${server.url}/visit`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: fields,
      });
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://elsewhere.example' },
    ];
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
    await publishSlots(
      db,
      [75, 80].map((days) => ({ startsAt: at(days), minutes: 45, places: 3 })),
      { createdAt: new Date().toISOString(), accountId: null },
    );
    const [day75, day80] = (await freeSlots(db, at(74)))
      .filter((slot) => slot.startsAt === at(75) || slot.startsAt === at(80))
      .map((slot) => slot.id) as [number, number];
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

  it('books at most 2 places a day from one address (an IPv6 /64 counts as one); the third is refused with the school phone numbers', async () => {
    const [a, b, c, d] = await admissions(4);
    const slot = await slotIn(20, 9);
    const book = (id: number | undefined, from: string) =>
      post({ t: tokenOf(linkFor(id ?? 0)), action: 'book', slot: String(slot) }, from);
    const phones = (await server.services.sitePublisher.schoolContact()).phones.map((phone) => phone.display);
    expect((await book(a, '2001:db8:7:7::1')).status).toBe(200);
    expect((await book(b, '2001:db8:7:7:ffff::2')).status).toBe(200);
    const third = await book(c, '2001:db8:7:7::3');
    expect(third.status).toBe(409);
    expect(third.html).toContain('too many visits were booked from this connection today');
    for (const phone of phones) expect(third.html).toContain(phone);
    expect(await openBookingOf(c ?? 0)).toBeUndefined();
    // Another address books; a cancellation gives the place back to the address.
    expect((await post({ t: tokenOf(linkFor(a ?? 0)), action: 'cancel' }, '2001:db8:7:7::1')).status).toBe(200);
    expect((await book(d, '2001:db8:7:7::4')).status).toBe(200);
    for (const id of [b, d]) await post({ t: tokenOf(linkFor(id ?? 0)), action: 'cancel' });
  });

  it('lets one email or one phone hold one coming visit at a time, refusing a second with the school phone numbers', async () => {
    const [first, sameEmail, samePhone] = (await insertTestAdmissions(server.services.storage.db, [
      { email: 'Twice@Example.in', phone: '9840000201' },
      { email: 'twice@example.in', phone: '9840000202' },
      { email: 'other@example.in', phone: '9840000201' },
    ])) as [number, number, number];
    const slot = await slotIn(21, 9);
    expect((await post({ t: tokenOf(linkFor(first)), action: 'book', slot: String(slot) })).status).toBe(200);
    for (const id of [sameEmail, samePhone]) {
      const refused = await post({ t: tokenOf(linkFor(id)), action: 'book', slot: String(slot) });
      expect(refused.status).toBe(409);
      expect(refused.html).toContain('a visit is already booked with this email address or phone number');
      expect(refused.html).toContain((await server.services.sitePublisher.schoolContact()).phones[0].display);
    }
    expect((await post({ t: tokenOf(linkFor(first)), action: 'cancel' })).status).toBe(200);
    expect((await post({ t: tokenOf(linkFor(sameEmail)), action: 'book', slot: String(slot) })).status).toBe(200);
    await post({ t: tokenOf(linkFor(sameEmail)), action: 'cancel' });
  });

  it('keeps an enquiry held as spam from booking, though its JSON answer carries a booking link', async () => {
    const response = await postJson(
      `${server.url}/api/admission-enquiry`,
      validAdmission({ website: 'https://spam.example', email: 'robot@example.in', phone: '9840000301' }),
    );
    const { bookingUrl, id } = (await response.json()) as { bookingUrl: string; id: number };
    expect(bookingUrl).toMatch(/\/visit\?t=/);
    const answer = await post({ t: tokenOf(bookingUrl), action: 'book', slot: String(await slotIn(22, 9)) });
    expect(answer.html).toContain('A visit for this enquiry cannot be booked online.');
    expect(answer.html).toContain((await server.services.sitePublisher.schoolContact()).phones[0].display);
    expect(await openBookingOf(id)).toBeUndefined();
  });

  it("tells the office once when half of a day's places go within an hour, and the office cancels every booking of one source in one step", async () => {
    const db = server.services.storage.db;
    const at = (time: string) => schoolInstant(inDays(9), time).toISOString();
    await publishSlots(
      db,
      [
        { startsAt: at('10:00'), minutes: 45, places: 3 },
        { startsAt: at('12:00'), minutes: 45, places: 3 },
      ],
      { createdAt: new Date().toISOString(), accountId: null },
    );
    const [ten, noon] = (await freeSlots(db, at('09:00')))
      .filter((slot) => slot.startsAt.startsWith(at('10:00').slice(0, 10)) && slot.startsAt <= at('12:00'))
      .map((slot) => slot.id) as [number, number];
    const ids = (await admissions(4)) as [number, number, number, number];
    const book = (id: number, slot: number, from: string) =>
      post({ t: tokenOf(linkFor(id)), action: 'book', slot: String(slot) }, from);
    expect((await book(ids[0], ten, '198.51.100.7')).status).toBe(200);
    expect((await book(ids[1], noon, '198.51.100.7')).status).toBe(200);
    const alertDays = async () =>
      (await db.selectFrom('visit_fill_alerts').select('day').execute()).map((row) => row.day);
    expect(await alertDays()).not.toContain(inDays(9));
    expect((await book(ids[2], ten, '192.0.2.55')).status).toBe(200);
    expect((await book(ids[3], noon, '192.0.2.56')).status).toBe(200);
    expect(await alertDays()).toContain(inDays(9));
    const alerts = await db
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('subject', 'like', 'Visits on % filled fast%')
      .where('text_body', 'like', '%198.51.100.7%')
      .execute();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.to_address).toBe('office@aranya.test');
    expect(alerts[0]?.text_body).toContain('198.51.100.7: 2');

    const staff = await signedInStaffApi(server);
    const shown = await staff.query<{ day: string }[]>('visits.fillAlerts');
    expect(shown.map((alert) => alert.day)).toContain(inDays(9));
    const day = await staff.query<{ visitors: { enquiryId: number; source: string | null }[] }[]>('visits.day', {
      day: inDays(9),
    });
    expect(day.flatMap((slot) => slot.visitors).find((visitor) => visitor.enquiryId === ids[0])?.source).toBe(
      '198.51.100.7',
    );
    const cancelled = await staff.mutate<{ cancelled: number }>('visits.cancelSource', { source: '198.51.100.7' });
    expect(cancelled.data).toEqual({ cancelled: 2 });
    for (const id of ids.slice(0, 2)) {
      expect(await openBookingOf(id)).toBeUndefined();
      expect((await pipelinePlace(db, id))?.stage).toBe('enquiry');
    }
    expect(await openBookingOf(ids[2])).toBeDefined();
    const audit = await db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('action', '=', 'visit-source-cancelled')
      .execute();
    expect(audit).toHaveLength(1);
    const told = await db
      .selectFrom('outbox')
      .select('enquiry_id')
      .where('subject', 'like', 'Your school visit is cancelled%')
      .where('enquiry_id', 'in', ids.slice(0, 2))
      .execute();
    expect(told).toHaveLength(2);
  });

  it('answers a form without a chosen time with a plain message, never a 500', async () => {
    const [id] = (await admissions(1)) as [number];
    const answer = await post({ t: tokenOf(linkFor(id)), action: 'book' });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('Please choose a time.');
    expect((await post({ t: 'x'.repeat(3000), action: 'book', slot: '1' })).status).toBe(413);
  });

  it('sends the confirmation with an invitation at the right time in Asia/Kolkata and the school address', async () => {
    const [id] = (await insertTestAdmissions(server.services.storage.db, [{ email: 'invite@example.in' }])) as [number];
    expect((await post({ t: tokenOf(linkFor(id)), action: 'book', slot: String(slotB) })).status).toBe(200);
    const row = await server.services.storage.db
      .selectFrom('outbox')
      .select(['calendar', 'to_address'])
      .where('enquiry_id', '=', id)
      .where('calendar', 'is not', null)
      .executeTakeFirstOrThrow();
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
    const [id] = (await insertTestAdmissions(server.services.storage.db, [
      { ...family(++families), parentName: 'Meena Raghavan', studentName: 'Diya Raghavan' },
    ])) as [number];
    const token = tokenOf(linkFor(id));
    const [first, second] = [schoolInstant(inDays(5), '09:00'), schoolInstant(inDays(6), '09:30')];
    // Ten places each, so one booking is far from filling a day fast (which tells the office too).
    await publishSlots(
      server.services.storage.db,
      [first, second].map((at) => ({ startsAt: at.toISOString(), minutes: 45, places: 10 })),
      { createdAt: new Date().toISOString(), accountId: null },
    );
    const slots = await freeSlots(server.services.storage.db, new Date().toISOString());
    const [slotFirst, slotSecond] = [first, second].map(
      (at) => slots.find((slot) => slot.startsAt === at.toISOString())?.id,
    ) as [number, number];
    const [startsA, startsB] = [first, second].map((at) => formatSchoolTime(at)) as [string, string];
    const officeMails = () =>
      server.services.storage.db
        .selectFrom('outbox')
        .select(['subject', 'text_body'])
        .where('enquiry_id', '=', id)
        .where('recipient_role', '=', 'office')
        .where('to_address', '=', 'office@aranya.test')
        .orderBy('id')
        .execute();
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
    const delivered = sink.received.filter(
      (mail) => mail.to.includes('office@aranya.test') && mail.headers.subject?.includes('Meena Raghavan'),
    );
    expect(delivered.map((mail) => mail.headers.subject)).toEqual(queued.map((mail) => mail.subject));
  });

  const dayName = (day: string) =>
    new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
      new Date(`${day}T12:00:00Z`),
    );
  const slotAt = async (day: string, time: string) =>
    (await freeSlots(server.services.storage.db, new Date().toISOString())).find(
      (slot) => slot.startsAt === schoolInstant(day, time).toISOString(),
    )?.id;
  const nextYearDay = () => `${Number(inDays(0).slice(0, 4)) + 1}-01-20`;

  it('names the child and the school once, names each time with its day (with the year when it is next year), leads back to the website, and asks before cancelling', async () => {
    const db = server.services.storage.db;
    await publishSlots(
      db,
      [
        { startsAt: schoolInstant(nextYearDay(), '10:00').toISOString(), minutes: 45, places: 2 },
        { startsAt: schoolInstant(inDays(5), '09:15').toISOString(), minutes: 45, places: 3 },
      ],
      { createdAt: new Date().toISOString(), accountId: null },
    );
    const [id] = (await insertTestAdmissions(db, [{ ...family(++families), studentName: 'Meera Kumar' }])) as [number];
    const token = tokenOf(linkFor(id));
    const choose = (await page(`${server.url}/visit?t=${token}`)).html;
    expect(choose).toContain('Meera Kumar');
    expect(choose).not.toContain(`${school.name}, at ${school.name}`);
    expect(choose).toContain('<a href="/">Back to the website</a>');
    // One group of times; each time's name says its day, with the year when it is another.
    expect([...choose.matchAll(/<fieldset>/g)]).toHaveLength(1);
    const named = [...choose.matchAll(/<span class="sr-only">([^<]*), <\/span>([^,]*),/g)].map(([, day, time]) => ({
      day,
      time,
    }));
    expect(named.find((choice) => choice.time === '9:15 AM')?.day).toBe(dayName(inDays(5)));
    expect(named.find((choice) => choice.day?.includes(nextYearDay().slice(0, 4)))?.day).toBe(
      `${dayName(nextYearDay())} ${nextYearDay().slice(0, 4)}`,
    );

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
    expect(
      await server.services.storage.db
        .selectFrom('visit_bookings')
        .select('id')
        .where('enquiry_id', '=', id)
        .where('cancelled_at', 'is', null)
        .execute(),
    ).toHaveLength(1);
  });

  it('greets the parent by name, gives the year of a visit next year, and makes a new calendar event, on PUBLIC_URL’s host, for a visit booked after a cancellation', async () => {
    const db = server.services.storage.db;
    const [id] = (await insertTestAdmissions(db, [
      { ...family(++families), parentName: 'Lakshmi Iyer', email: 'lakshmi@example.in' },
    ])) as [number];
    const token = tokenOf(linkFor(id));
    expect((await post({ t: token, action: 'book', slot: String(await slotAt(nextYearDay(), '10:00')) })).status).toBe(
      200,
    );
    expect((await post({ t: token, action: 'cancel' })).status).toBe(200);
    expect((await post({ t: token, action: 'book', slot: String(await slotAt(inDays(5), '09:15')) })).status).toBe(200);
    const rows = await db
      .selectFrom('outbox')
      .select(['subject', 'text_body', 'calendar'])
      .where('enquiry_id', '=', id)
      .where('calendar', 'is not', null)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.text_body.startsWith('Hello Lakshmi Iyer,')).toBe(true);
    expect(rows[0]?.subject).toContain(`20 Jan ${nextYearDay().slice(0, 4)}`);
    const uids = rows.map((row) =>
      new ICAL.Component(ICAL.parse(row.calendar ?? '')).getFirstSubcomponent('vevent')?.getFirstPropertyValue('uid'),
    );
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
