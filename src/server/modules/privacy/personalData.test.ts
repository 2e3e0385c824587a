import fs from 'node:fs';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatDashboardDate,
  type ErasureResult,
  type PersonDataExport,
  type PersonEnquiry,
  type PersonFound,
} from '#shared/dashboard/index.ts';
import { postJson, testStaffEnv } from '#test/support/testLogin.ts';
import { takeBackup } from '#server/modules/backups/service.ts';
import { postForm, submitThroughForm, validAdmission, validContact } from '#test/support/enquiryTestData.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { photosDir } from '#server/modules/photos/photoFiles.ts';
import { inlineStyleSources } from '#server/platform/inlineStyles.ts';
import { school } from '#content/school.ts';
import { escapeMarkup } from '#shared/escapeMarkup.ts';
import { schoolToday } from '#shared/time.ts';
import { schoolInstant } from '#shared/schoolTimes.ts';
import { freeSlots, publishSlots } from '#server/modules/visits/repository.ts';
import { setFollowUp } from '#server/modules/enquiries/pipelineRepository.ts';
import { visitLocation } from '#server/modules/visits/visitMail.ts';

/** The person who asks to be forgotten, and what of theirs must not survive anywhere in the file. */
const lakshmi = {
  parentName: 'Lakshmi Narayanan',
  email: 'lakshmi.erase@example.in',
  phone: '9876543210',
  child: 'Meenakshi Sundaram',
};
const remarks = 'Called Lakshmi Narayanan about a Saturday visit';
const stageReason = 'Lakshmi Narayanan chose a school nearer home';
const other = { name: 'Ravi Shankar', email: 'ravi.keep@example.org', phone: '9840022222' };

/** A school day some days ahead, and slots on it at the times given (45 minutes, 2 places each), soonest first. */
const visitDay = schoolToday(new Date(Date.now() + 5 * 86_400_000));
async function publishVisitSlots(server: TestServer, times: string[]): Promise<number[]> {
  const db = server.services.storage.db;
  await publishSlots(
    db,
    times.map((time) => ({ startsAt: schoolInstant(visitDay, time).toISOString(), minutes: 45, places: 2 })),
    { createdAt: new Date().toISOString(), accountId: null },
  );
  return (await freeSlots(db, new Date().toISOString())).map((slot) => slot.id);
}

/** The family's own change on the booking page, as its form posts it; a millisecond apart, so a move is told from the booking. */
async function changeVisit(
  server: TestServer,
  enquiryId: number,
  fields: { action: 'book' | 'move'; slot: number } | { action: 'cancel' },
): Promise<string> {
  const token =
    new URL(server.services.visits.bookingUrl(enquiryId, server.services.now())).searchParams.get('t') ?? '';
  const response = await postForm(`${server.url}/visit`, {
    t: token,
    action: fields.action,
    ...('slot' in fields ? { slot: String(fields.slot) } : {}),
  });
  expect(response.status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 5));
  return token;
}

/** Where `needle` (UTF-8) occurs in the file, or -1; a missing file holds nothing. */
function findIn(file: string, needle: string): number {
  return fs.existsSync(file) ? fs.readFileSync(file).indexOf(Buffer.from(needle, 'utf8')) : -1;
}

describe('erasure on request', { timeout: 60_000 }, () => {
  let sink: SmtpSink;
  let server: TestServer;
  let api: Awaited<ReturnType<typeof signedInStaffApi>>;
  const ids = { admission: 0, contact: 0, spam: 0, other: 0 };
  const needles = [
    lakshmi.parentName,
    lakshmi.email,
    lakshmi.email.toUpperCase(),
    'Lakshmi.Erase@Example.in',
    lakshmi.phone,
    lakshmi.child,
    remarks,
    stageReason,
  ];
  let bookingToken = '';

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(
      { ...testStaffEnv, SMTP_URL: sink.url, NOTIFY_EMAIL: 'office@aranya.test', ENQUIRY_RATE_LIMIT: '1000' },
      { servePages: false },
    );
    const send = async (form: 'contact' | 'admission', body: unknown) => {
      const response = await postJson(
        `${server.url}/api/${form === 'contact' ? 'contact' : 'admission-enquiry'}`,
        body,
      );
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: number }).id;
    };
    ids.admission = await send(
      'admission',
      validAdmission({
        studentName: lakshmi.child,
        parentName: lakshmi.parentName,
        email: lakshmi.email,
        countryCode: '+91',
        phone: lakshmi.phone,
      }),
    );
    // The same person later, typing the address in capitals and the phone with its code and spaces.
    ids.contact = await send(
      'contact',
      validContact({
        name: lakshmi.parentName,
        email: 'Lakshmi.Erase@Example.in',
        phone: '+91 98765 43210',
        message: `Is there a bus from Thoraipakkam for ${lakshmi.child}?`,
      }),
    );
    // Kept in the Spam folder (the hidden field was filled), with the same phone and another address.
    ids.spam = (
      await submitThroughForm(
        server.url,
        'contact',
        validContact({
          name: lakshmi.parentName,
          email: 'lakshmi.other@example.in',
          phone: lakshmi.phone,
          website: 'x',
        }),
      )
    ).id!;
    ids.other = await send('contact', validContact({ name: other.name, email: other.email, phone: other.phone }));
    server.services.mailOutbox?.kick();
    await server.services.mailOutbox?.whenIdle();
    expect(sink.received).toHaveLength(6);

    // Lakshmi books a visit with her link and cancels it, then books another time and moves it: four emails to her, three with an invitation,
    // and the office's note of each change.
    const [ten, eleven, noon] = (await publishVisitSlots(server, ['10:00', '11:00', '12:00'])) as [
      number,
      number,
      number,
    ];
    await changeVisit(server, ids.admission, { action: 'book', slot: ten });
    await changeVisit(server, ids.admission, { action: 'cancel' });
    await changeVisit(server, ids.admission, { action: 'book', slot: eleven });
    bookingToken = await changeVisit(server, ids.admission, { action: 'move', slot: noon });
    needles.push(bookingToken);
    server.services.mailOutbox?.kick();
    await server.services.mailOutbox?.whenIdle();
    expect(sink.received).toHaveLength(14);

    // The office's morning list of follow-ups names her, with her phone and address (8:30 AM at the school yesterday: the server
    // made today's list, of nothing due, when it started, if that was after 8 AM at the school).
    const morning = new Date(`${schoolToday(new Date(Date.now() - 86_400_000))}T03:00:00.000Z`);
    await setFollowUp(server.services.storage.db, ids.admission, schoolToday(morning), {
      changedAt: new Date().toISOString(),
      sessionId: null,
      accountId: null,
    });
    const realNow = server.services.now;
    server.services.now = () => morning;
    await server.services.morningMail.runDue();
    server.services.mailOutbox?.kick();
    await server.services.mailOutbox?.whenIdle();
    server.services.now = realNow;
    expect(sink.received.at(-1)?.body).toContain(lakshmi.email);
    expect(sink.received).toHaveLength(15);

    api = await signedInStaffApi(server);
    expect((await api.mutate('dashboard.markResponded', { kind: 'admission', id: ids.admission })).status).toBe(200);
    expect((await api.mutate('dashboard.update', { kind: 'admission', id: ids.admission, remarks })).status).toBe(200);
    expect(
      (await api.mutate('dashboard.update', { kind: 'contact', id: ids.other, remarks: 'Sent the job description' }))
        .status,
    ).toBe(200);
    expect(
      (await api.mutate('admissions.moveStage', { id: ids.admission, stage: 'not-proceeding', reason: stageReason }))
        .status,
    ).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await sink.close();
    fs.rmSync(server.services.config.backups.dir, { recursive: true, force: true });
  });

  const refsOf = (found: PersonEnquiry[]) => found.map((enquiry) => ({ kind: enquiry.kind, id: enquiry.row.id }));

  it('finds every enquiry of one address in any letter case, or of one phone number with or without its country code, the Spam folder included', async () => {
    const byEmail = (await api.query<PersonFound>('privacy.findPerson', { email: 'LAKSHMI.ERASE@example.in' }))
      .enquiries;
    expect(refsOf(byEmail)).toEqual([
      { kind: 'contact', id: ids.contact },
      { kind: 'admission', id: ids.admission },
    ]);
    expect(byEmail[1]).toMatchObject({
      inSpamFolder: false,
      row: { studentName: lakshmi.child, remarks, status: 'responded' },
    });

    for (const phone of [lakshmi.phone, '+91 98765 43210', '919876543210']) {
      const byPhone = (await api.query<PersonFound>('privacy.findPerson', { phone })).enquiries;
      expect(refsOf(byPhone), phone).toEqual([
        { kind: 'contact', id: ids.spam },
        { kind: 'contact', id: ids.contact },
        { kind: 'admission', id: ids.admission },
      ]);
      expect(byPhone[0]!.inSpamFolder).toBe(true);
    }
    expect((await api.query<PersonFound>('privacy.findPerson', { email: 'nobody@example.in' })).enquiries).toEqual([]);
  });

  it('downloads everything held about the person as a JSON file: each enquiry whole, with its history and emails', async () => {
    const response = await fetch(
      `${server.url}/api/admin/export/person.json?email=${encodeURIComponent('LAKSHMI.ERASE@example.in')}`,
      { headers: { cookie: api.cookie } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.json"$/);
    const file = (await response.json()) as PersonDataExport;
    expect(file.enquiries.map((entry) => `${entry.kind} #${entry.row.id}`).sort()).toEqual(
      [`admission #${ids.admission}`, `contact #${ids.contact}`].sort(),
    );
    const admission = file.enquiries.find((entry) => entry.kind === 'admission')!;
    expect(admission.history).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'remarks', newValue: remarks })]),
    );
    // The admissions pipeline's entries too, with the reason the office wrote for closing the enquiry.
    expect(admission.history.at(-1)).toEqual({
      field: 'stage',
      oldValue: 'visit-booked',
      newValue: 'not-proceeding',
      changedAt: expect.any(String),
      reason: stageReason,
    });
    expect(admission.emails.map((email) => email.to)).toContain(lakshmi.email);
    // Her visit bookings, oldest first: when each is on the school's clocks, what became of it, and when she booked and changed it.
    expect(admission.visits).toEqual([
      {
        startsAt: `${visitDay}T10:00+05:30`,
        minutes: 45,
        state: 'cancelled',
        bookedAt: expect.any(String),
        changedAt: expect.any(String),
      },
      {
        startsAt: `${visitDay}T12:00+05:30`,
        minutes: 45,
        state: 'moved',
        bookedAt: expect.any(String),
        changedAt: expect.any(String),
      },
    ]);
    const [cancelled, moved] = admission.visits;
    expect(
      cancelled!.bookedAt < cancelled!.changedAt! &&
        cancelled!.changedAt! < moved!.bookedAt &&
        moved!.bookedAt < moved!.changedAt!,
    ).toBe(true);
    expect(admission.emails.filter((email) => email.subject.startsWith('Your school visit'))).toHaveLength(4);
    // Each visit email with the calendar invitation it carried, whole and read: what it asked her calendar to do, when, where, and for whom.
    const location = visitLocation(await server.services.sitePublisher.schoolContact());
    const attendee = { name: lakshmi.parentName, email: lakshmi.email };
    const visitEmails = admission.emails.filter((email) => email.subject.startsWith('Your school visit'));
    expect(
      visitEmails.map(
        (email) => email.invitation && { ...email.invitation, calendar: email.invitation.calendar.slice(0, 15) },
      ),
    ).toEqual([
      {
        calendar: 'BEGIN:VCALENDAR',
        method: 'request',
        summary: `School visit, ${school.name}`,
        startsAt: `${visitDay}T10:00+05:30`,
        endsAt: `${visitDay}T10:45+05:30`,
        location,
        attendee,
      },
      {
        calendar: 'BEGIN:VCALENDAR',
        method: 'cancel',
        summary: `School visit, ${school.name}`,
        startsAt: `${visitDay}T10:00+05:30`,
        endsAt: `${visitDay}T10:45+05:30`,
        location,
        attendee,
      },
      {
        calendar: 'BEGIN:VCALENDAR',
        method: 'request',
        summary: `School visit, ${school.name}`,
        startsAt: `${visitDay}T11:00+05:30`,
        endsAt: `${visitDay}T11:45+05:30`,
        location,
        attendee,
      },
      {
        calendar: 'BEGIN:VCALENDAR',
        method: 'request',
        summary: `School visit, ${school.name}`,
        startsAt: `${visitDay}T12:00+05:30`,
        endsAt: `${visitDay}T12:45+05:30`,
        location,
        attendee,
      },
    ]);
    const stored = await server.services.storage.db
      .selectFrom('outbox')
      .select('calendar')
      .where('enquiry_id', '=', ids.admission)
      .where('calendar', 'is not', null)
      .orderBy('id')
      .execute();
    expect(visitEmails.map((email) => email.invitation?.calendar)).toEqual(stored.map((row) => row.calendar));
    // The enquiry's two emails and the office's four notes of her changes carry none.
    const others = admission.emails.filter((email) => !email.subject.startsWith('Your school visit'));
    expect(others.map((email) => email.invitation)).toEqual([null, null, null, null, null, null]);
    expect(
      others.filter((email) => email.subject.startsWith('Visit ')).map((email) => email.subject.split(':')[0]),
    ).toEqual(['Visit booked', 'Visit cancelled', 'Visit booked', 'Visit moved']);

    // The readable copy says an invitation was attached to each, with the visit's time and place.
    const page = await (
      await fetch(`${server.url}/api/admin/export/person.html?email=${encodeURIComponent(lakshmi.email)}`, {
        headers: { cookie: api.cookie },
      })
    ).text();
    const when = (start: string, end: string) =>
      `${formatDashboardDate(schoolInstant(visitDay, start))} to ${formatDashboardDate(schoolInstant(visitDay, end))}`;
    const where = `at ${escapeMarkup(location)}, for ${lakshmi.parentName} at ${lakshmi.email}`;
    expect(page).toContain(
      `<dt>Calendar invitation</dt><dd>Attached, adding the visit to your calendar: ${when('10:00', '10:45')}, ${where}</dd>`,
    );
    expect(page).toContain(
      `<dt>Calendar invitation</dt><dd>Attached, removing the visit from your calendar: ${when('10:00', '10:45')}, ${where}</dd>`,
    );
    expect(page).toContain(
      `<dt>Calendar invitation</dt><dd>Attached, adding the visit to your calendar: ${when('12:00', '12:45')}, ${where}</dd>`,
    );
    expect(page.match(/<dt>Calendar invitation<\/dt>/g)).toHaveLength(4);
    expect(file.enquiries.find((entry) => entry.kind === 'contact')!.visits).toEqual([]);
    expect(JSON.stringify(file)).not.toContain(other.email);
    // Without a session the file is refused like every staff path.
    expect(
      (await fetch(`${server.url}/api/admin/export/person.json?email=${encodeURIComponent(lakshmi.email)}`)).status,
    ).toBe(401);
  });

  it('says in plain words what is wrong with a search', async () => {
    const ask = async (input: unknown) => {
      const response = await fetch(
        `${server.url}/api/trpc/privacy.findPerson?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
        { headers: { cookie: api.cookie } },
      );
      return {
        status: response.status,
        message: ((await response.json()) as { error: { json: { message: string } } }).error.json.message,
      };
    };
    expect(await ask({})).toEqual({ status: 400, message: 'Enter an email address or a phone number' });
    expect(await ask({ email: 'lakshmi at example' })).toEqual({
      status: 400,
      message: 'Please enter a valid email address',
    });
    expect(await ask({ phone: '98-76' + 'x' })).toEqual({
      status: 400,
      message: 'A phone number has 4 to 15 digits (spaces, dashes and a leading + are fine)',
    });
  });

  it('erases nothing when the search now finds enquiries the staff member did not see', async () => {
    const seen = [
      { kind: 'contact', id: ids.contact },
      { kind: 'admission', id: ids.admission },
    ];
    const refused = await api.mutate<{ message: string }>('privacy.erasePerson', {
      phone: lakshmi.phone,
      shown: seen,
      enquiries: seen,
      reason: 'request',
    });
    expect(refused.status).toBe(409);
    expect(refused.data.message).toMatch(/changed since you searched.*Nothing was erased/);
    expect((await api.query<PersonFound>('privacy.findPerson', { phone: lakshmi.phone })).enquiries).toHaveLength(3);
  });

  it('erases the rows, their emails and history in one sitting, leaving a tombstone each, and no trace in the database file or the -wal', async () => {
    const backupDir = server.services.config.backups.dir;
    const before = await takeBackup(
      server.services.storage.sqlite,
      { dir: backupDir, keep: 14, photos: photosDir(server.dataDir) },
      new Date(Date.now() - 60_000),
      'at-once',
    );
    // The backup taken before holds the person's data: that is what backups are for.
    expect(findIn(before.file, lakshmi.email)).toBeGreaterThanOrEqual(0);

    const found = (await api.query<PersonFound>('privacy.findPerson', { phone: '+91 98765 43210' })).enquiries;
    const erased = await api.mutate<ErasureResult>('privacy.erasePerson', {
      phone: '+91 98765 43210',
      shown: refsOf(found),
      enquiries: refsOf(found),
      reason: 'request',
    });
    // Two enquiries had emails (the spam none), the admission eight more about its visits (four to her, four to the office); it had three history entries (status, read, remarks).
    expect(erased).toEqual({
      status: 200,
      data: { enquiries: 3, emails: 12, historyEntries: 3, families: 0, backups: { count: 1, goneBy: null, keep: 14 } },
    });

    const db = server.services.storage.db;
    expect((await api.query<PersonFound>('privacy.findPerson', { phone: lakshmi.phone })).enquiries).toEqual([]);
    expect(await db.selectFrom('outbox').select(['enquiry_kind', 'enquiry_id']).execute()).toEqual([
      { enquiry_kind: 'contact', enquiry_id: ids.other },
      { enquiry_kind: 'contact', enquiry_id: ids.other },
    ]);
    const sessionId = decodeJwt(api.cookie.slice(api.cookie.indexOf('=') + 1)).sid;
    const tombstones = await db
      .selectFrom('enquiry_history')
      .selectAll()
      .where('field', '=', 'erased')
      .orderBy('id')
      .execute();
    expect(
      tombstones.map((entry) => [entry.enquiry_kind, entry.enquiry_id, entry.new_value, entry.session_id]),
    ).toEqual([
      ['contact', ids.spam, 'request', sessionId],
      ['contact', ids.contact, 'request', sessionId],
      ['admission', ids.admission, 'request', sessionId],
    ]);
    expect(JSON.parse(tombstones[2]!.old_value)).toEqual({
      receivedAt: expect.any(String),
      emails: 10,
      historyEntries: 3,
    });
    // Her visit bookings went with the enquiry; the slots stay, for other families.
    expect(await db.selectFrom('visit_bookings').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('visit_slots').select('id').execute()).toHaveLength(3);
    // The other family's enquiry and history are untouched.
    expect(
      await db
        .selectFrom('enquiry_history')
        .select(['enquiry_id', 'field', 'new_value'])
        .where('field', '<>', 'erased')
        .execute(),
    ).toEqual([{ enquiry_id: ids.other, field: 'remarks', new_value: 'Sent the job description' }]);
    expect((await api.query<PersonFound>('privacy.findPerson', { email: other.email })).enquiries).toHaveLength(1);

    // The erasure checkpointed and emptied the -wal itself; a checkpoint now brings back nothing either.
    const file = server.services.storage.file;
    for (const when of ['after the erasure', 'after another checkpoint']) {
      if (when === 'after another checkpoint') server.services.storage.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      for (const needle of needles) {
        expect(findIn(file, needle), `${needle} in the database file ${when}`).toBe(-1);
        expect(findIn(`${file}-wal`, needle), `${needle} in the -wal ${when}`).toBe(-1);
      }
    }
    expect(findIn(file, other.email)).toBeGreaterThanOrEqual(0);

    // A backup taken now holds none of it either.
    const after = await takeBackup(
      server.services.storage.sqlite,
      { dir: backupDir, keep: 14, photos: photosDir(server.dataDir) },
      new Date(),
      'at-once',
    );
    for (const needle of needles) expect(findIn(after.file, needle), `${needle} in a later backup`).toBe(-1);

    // The log says who erased which enquiries, and nothing of the person.
    const logged = JSON.stringify(server.log.records);
    expect(logged).toContain('Enquiries erased on request');
    for (const needle of needles) expect(logged).not.toContain(needle);
  });

  it('refuses to change or delete a tombstone through the database itself', () => {
    const sqlite = server.services.storage.sqlite;
    expect(() =>
      sqlite.prepare(`update enquiry_history set new_value = 'purpose-served' where field = 'erased'`).run(),
    ).toThrow(/append-only/);
    expect(() => sqlite.prepare(`delete from enquiry_history where field = 'erased'`).run()).toThrow(/append-only/);
  });
});

/**
 * One address shared by a family: the mother's admission enquiry and contact message, and the
 * father's contact message under his own name. The mother asks; the office leaves his out.
 */
describe('a request about the enquiries the office ticked', { timeout: 60_000 }, () => {
  let server: TestServer;
  let api: Awaited<ReturnType<typeof signedInStaffApi>>;
  const shared = 'family.shared@example.in';
  const anitha = {
    parentName: 'Anitha Kumar',
    child: 'Kavya Kumar',
    message: 'Does the <b>Primary</b> class have a Tamil teacher?',
  };
  const ravi = { name: 'Ravi Kumar', message: 'I would like to apply for the driver post.' };
  const ids = { admission: 0, anitha: 0, ravi: 0 };
  const ticked = () => [
    { kind: 'admission', id: ids.admission },
    { kind: 'contact', id: ids.anitha },
  ];
  const download = (format: 'json' | 'html', chosen: { kind: string; id: number }[], cookie = api.cookie) => {
    const query = new URLSearchParams({ email: shared });
    for (const ref of chosen) query.append('enquiry', `${ref.kind}-${ref.id}`);
    return fetch(`${server.url}/api/admin/export/person.${format}?${query}`, { headers: cookie ? { cookie } : {} });
  };

  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv, ENQUIRY_RATE_LIMIT: '1000' }, { servePages: false });
    const send = async (form: 'contact' | 'admission', body: unknown) => {
      const response = await postJson(
        `${server.url}/api/${form === 'contact' ? 'contact' : 'admission-enquiry'}`,
        body,
      );
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: number }).id;
    };
    ids.admission = await send(
      'admission',
      validAdmission({ studentName: anitha.child, parentName: anitha.parentName, email: shared }),
    );
    ids.anitha = await send(
      'contact',
      validContact({ name: anitha.parentName, email: shared, message: anitha.message }),
    );
    ids.ravi = await send('contact', validContact({ name: ravi.name, email: shared, message: ravi.message }));
    api = await signedInStaffApi(server);
    expect(
      (
        await api.mutate('dashboard.update', {
          kind: 'admission',
          id: ids.admission,
          remarks: 'Visit booked for Monday',
        })
      ).status,
    ).toBe(200);
    const [slot] = (await publishVisitSlots(server, ['09:30'])) as [number];
    await changeVisit(server, ids.admission, { action: 'book', slot });
  }, 120_000);
  afterAll(() => server.close());

  it('downloads only the ticked enquiries as JSON, and refuses one the search does not find', async () => {
    const response = await download('json', ticked());
    expect(response.status).toBe(200);
    const file = (await response.json()) as { enquiries: { kind: string; row: { id: number } }[] };
    expect(file.enquiries.map((entry) => `${entry.kind}-${entry.row.id}`).sort()).toEqual(
      [`admission-${ids.admission}`, `contact-${ids.anitha}`].sort(),
    );
    expect(JSON.stringify(file)).not.toContain(ravi.name);

    const stranger = await postJson(`${server.url}/api/contact`, validContact({ email: 'someone.else@example.in' }));
    const strangerId = ((await stranger.json()) as { id: number }).id;
    const refused = await download('json', [...ticked(), { kind: 'contact', id: strangerId }]);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      message:
        'Choose only enquiries found for this email address or phone number. Search again and choose from those found.',
    });
    expect((await download('json', [{ kind: 'parents', id: 1 }])).status).toBe(400);
  });

  it('gives a readable copy to print: the ticked enquiries in plain words, with what the school holds and why, under a strict policy', async () => {
    const response = await download('html', ticked());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toMatch(
      /^inline; filename="personal-data-\d{4}-\d{2}-\d{2}\.html"$/,
    );
    const html = await response.text();
    // No script at all; its one stylesheet allowed by its hash, nothing else loaded.
    expect(html).not.toMatch(/<script|style="/i);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('unsafe-inline');
    const [styleSource] = inlineStyleSources(html);
    expect(policy).toContain(`style-src ${styleSource}`);
    expect(html).toContain('@media print');

    expect(html).toContain(`<h1>What ${school.name} holds about you</h1>`);
    for (const text of [
      anitha.parentName,
      anitha.child,
      'Visit booked for Monday',
      'Primary',
      'Admission enquiry',
      'Contact message',
      'Emails we sent',
      'Why we hold it',
      'How long we keep it',
      'Your rights',
    ]) {
      expect(html, text).toContain(text);
    }
    // Her booking moved her enquiry to Visit booked: a change she made, not the office.
    expect(html).toContain('<h3>Changes to your enquiry</h3>');
    expect(html).not.toContain('Changes the office made');
    // The visit Anitha booked, on the school's clocks, as booked and when.
    expect(html).toContain('<h3>Visits you booked</h3>');
    expect(html).toMatch(
      new RegExp(
        `<dt>Visit</dt><dd>${formatDashboardDate(schoolInstant(visitDay, '09:30'))}, 45 minutes</dd><dt>State</dt><dd>Booked</dd><dt>Booked on</dt><dd>[A-Z][a-z]{2} \\d{1,2}, \\d{4} \\d{1,2}:\\d{2} [AP]M</dd></dl>`,
      ),
    );
    // What a parent typed is shown as text, never as markup.
    expect(html).toContain('Does the &lt;b&gt;Primary&lt;/b&gt; class have a Tamil teacher?');
    expect(html).not.toContain(ravi.name);
    expect(html).not.toContain(ravi.message);

    expect((await download('html', ticked(), '')).status).toBe(401);
  });

  it('erases only the ticked enquiries, and nothing when one was not shown for the search', async () => {
    const shown = (await api.query<PersonFound>('privacy.findPerson', { email: shared })).enquiries.map((enquiry) => ({
      kind: enquiry.kind,
      id: enquiry.row.id,
    }));
    expect(shown).toHaveLength(3);
    const notShown = await api.mutate<{ message: string }>('privacy.erasePerson', {
      email: shared,
      shown,
      enquiries: [{ kind: 'contact', id: 9999 }],
      reason: 'request',
    });
    expect(notShown.status).toBe(400);
    expect(notShown.data.message).toBe(
      'Choose only enquiries found for this email address or phone number. Search again and choose from those found.',
    );
    const forged = await api.mutate<{ message: string }>('privacy.erasePerson', {
      email: shared,
      shown: [...shown, { kind: 'contact', id: 9999 }],
      enquiries: [{ kind: 'contact', id: 9999 }],
      reason: 'request',
    });
    expect(forged.status).toBe(409);

    const erased = await api.mutate<ErasureResult>('privacy.erasePerson', {
      email: shared,
      shown,
      enquiries: ticked(),
      reason: 'request',
    });
    expect(erased.status).toBe(200);
    expect(erased.data.enquiries).toBe(2);
    const left = (await api.query<PersonFound>('privacy.findPerson', { email: shared })).enquiries;
    expect(left.map((enquiry) => `${enquiry.kind}-${enquiry.row.id}`)).toEqual([`contact-${ids.ravi}`]);
  });
});
