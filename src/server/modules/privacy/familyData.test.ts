import { noticeMailLabels } from '#shared/parents/parentMessages.ts';
import { escapeMarkup } from '#shared/escapeMarkup.ts';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programLabel } from '#shared/admissions/report.ts';
import type { ErasureResult, PersonDataExport, PersonFound } from '#shared/dashboard/index.ts';
import { invitedParent, parentCall, parentView, testFamily } from '#test/support/parentsApi.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { testStaffEnv } from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';

/** Where `needle` (UTF-8) occurs in the file, or -1; a missing file holds nothing. */
function findIn(file: string, needle: string): number {
  return fs.existsSync(file) ? fs.readFileSync(file).indexOf(Buffer.from(needle, 'utf8')) : -1;
}

/**
 * A parent of the Parents' Corner asks what the school holds about them, then to be erased
 * (issue 37): the office finds the family by the parent's email or phone, gives the copy, and
 * erases the family at once.
 */
describe("a Parents' Corner family in a person's data request", { timeout: 60_000 }, () => {
  let sink: SmtpSink;
  let server: TestServer;
  let staff: Awaited<ReturnType<typeof signedInStaffApi>>;
  const email = 'lakshmi.family@example.in';
  const second = { parentName: 'Arun Raman', email: 'arun.family@example.in', phone: '9840099999' };
  const notice = 'Sports day moves to Friday';
  let parent: { cookie: string; familyId: number };
  let feedUrl = '';
  /** The parent's calendar feed, asked of the test server (the address it gives is the public one). */
  const feedOnTestServer = () => fetch(new URL(`${new URL(feedUrl).pathname}${new URL(feedUrl).search}`, server.url));

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(
      { ...testStaffEnv, SMTP_URL: sink.url, NOTIFY_EMAIL: 'office@aranya.test' },
      { servePages: false },
    );
    staff = await signedInStaffApi(server);
    parent = await invitedParent({ server, staff, sink }, email, 'Lotus');
    expect((await staff.mutate('parents.addGuardian', { familyId: parent.familyId, ...second })).status).toBe(200);
    const published = await staff.mutate<{ id: number }>('parents.publishNotice', {
      title: notice,
      body: 'Bring a water bottle.',
      audience: 'class',
      audienceValue: 'Lotus',
    });
    expect(published.status).toBe(200);
    expect((await parentCall(server, 'markRead', { noticeId: published.data.id }, parent.cookie)).status).toBe(200);
    feedUrl = (await parentCall<{ calendarFeedUrl: string }>(server, 'replaceCalendarFeed', {}, parent.cookie)).data
      .calendarFeedUrl;
    expect(feedUrl).toMatch(/^http/);
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it('finds the family by the parent’s email in any letter case and by their phone with or without its country code', async () => {
    const expected = {
      id: parent.familyId,
      childName: testFamily.childName,
      className: 'Lotus',
      program: 'primary',
      addedAt: expect.any(String),
      removedAt: null,
      guardians: [
        { name: testFamily.parentName, found: true },
        { name: second.parentName, found: false },
      ],
    };
    for (const lookup of [{ email: email.toUpperCase() }, { phone: testFamily.phone }, { phone: '+91 98400 12345' }]) {
      const found = await staff.query<PersonFound>('privacy.findPerson', lookup);
      expect(found, JSON.stringify(lookup)).toEqual({ enquiries: [], families: [expected] });
    }
    expect(await staff.query<PersonFound>('privacy.findPerson', { email: 'nobody@example.in' })).toEqual({
      enquiries: [],
      families: [],
    });
  });

  it('gives the family in the copy: the child, this parent’s own record whole, the other parent by name alone, and no key', async () => {
    const response = await fetch(
      `${server.url}/api/admin/export/person.json?email=${encodeURIComponent(email)}&family=${parent.familyId}`,
      { headers: { cookie: staff.cookie } },
    );
    expect(response.status).toBe(200);
    const file = (await response.json()) as PersonDataExport;
    expect(file.enquiries).toEqual([]);
    expect(file.families).toEqual([
      {
        id: parent.familyId,
        childName: testFamily.childName,
        className: 'Lotus',
        program: 'primary',
        addedAt: expect.any(String),
        removedAt: null,
        guardians: [
          {
            name: testFamily.parentName,
            email,
            phone: testFamily.phone,
            invitedAt: expect.any(String),
            acceptedAt: expect.any(String),
            noticeMail: 'at-once',
            devices: [
              {
                browser: expect.any(String),
                signedInAt: expect.any(String),
                lastUsedAt: expect.any(String),
                endedAt: null,
              },
            ],
            noticesRead: [{ title: notice, readAt: expect.any(String) }],
            emails: expect.arrayContaining([
              expect.objectContaining({ to: email, subject: expect.stringContaining(notice) }),
            ]),
          },
        ],
        otherGuardians: [second.parentName],
      },
    ]);
    // Nothing of the other parent but their name, and none of the keys to the account.
    const db = server.services.storage.db;
    const secrets = [
      second.email,
      second.phone,
      new URL(feedUrl).searchParams.get('key') ?? '',
      parent.cookie.split('=')[1]!,
      ...(await db.selectFrom('parent_guardians').select('password_hash').execute()).flatMap(
        (row) => row.password_hash ?? [],
      ),
      ...(await db.selectFrom('parent_sessions').select('id').execute()).map((row) => row.id),
      ...(await db.selectFrom('parent_tokens').select('token_hash').execute()).map((row) => row.token_hash),
    ].filter((secret) => secret.length > 0);
    expect(secrets.length).toBeGreaterThan(5);
    const text = JSON.stringify(file);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);

    // The readable copy says it in plain words.
    const page = await (
      await fetch(`${server.url}/api/admin/export/person.html?phone=9840012345`, { headers: { cookie: staff.cookie } })
    ).text();
    expect(page).toContain(`<h2>Parents’ Corner family of ${testFamily.childName}</h2>`);
    expect(page).toContain(`<dt>Program</dt><dd>${programLabel('primary')}</dd>`);
    expect(page).toContain('<h4>Notices you opened</h4>');
    expect(page).toContain(`<dt>Emails about notices</dt><dd>${escapeMarkup(noticeMailLabels['at-once'])}</dd>`);
    for (const words of [testFamily.childName, 'Lotus', notice, second.parentName])
      expect(page, words).toContain(words);
    expect(page).not.toContain(second.email);

    // A family the search does not find is refused.
    const stranger = await fetch(
      `${server.url}/api/admin/export/person.json?email=${encodeURIComponent(email)}&family=99999`,
      { headers: { cookie: staff.cookie } },
    );
    expect(stranger.status).toBe(400);
  });

  it('erases the family at once when ticked: its rows gone from the file, its parents signed out', async () => {
    expect((await parentView(server, parent.cookie)).status).toBe(200);
    expect((await feedOnTestServer()).status).toBe(200);
    const refused = await staff.mutate('privacy.erasePerson', {
      email,
      families: [parent.familyId],
      familiesShown: [parent.familyId, 99999],
      reason: 'request',
    });
    expect(refused.status).toBe(409);
    expect((await parentView(server, parent.cookie)).status).toBe(200);

    const erased = await staff.mutate<ErasureResult>('privacy.erasePerson', {
      email,
      families: [parent.familyId],
      familiesShown: [parent.familyId],
      reason: 'request',
    });
    expect(erased.status).toBe(200);
    expect(erased.data).toMatchObject({ enquiries: 0, families: 1 });

    // Access ends at once: the session, the calendar feed and the password are refused.
    expect((await parentView(server, parent.cookie)).status).toBe(401);
    expect((await feedOnTestServer()).status).toBe(404);
    expect((await staff.query<PersonFound>('privacy.findPerson', { email })).families).toEqual([]);
    const db = server.services.storage.db;
    for (const table of [
      'parent_families',
      'parent_guardians',
      'parent_sessions',
      'parent_tokens',
      'parent_notice_reads',
      'parent_calendar_feeds',
    ] as const)
      expect(await db.selectFrom(table).selectAll().execute(), table).toEqual([]);
    expect(await db.selectFrom('outbox').select('id').where('parent_guardian_id', 'is not', null).execute()).toEqual(
      [],
    );

    const needles = [email, testFamily.childName, testFamily.parentName, second.parentName, second.email];
    server.services.storage.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const file = server.services.storage.file;
    for (const needle of needles) {
      expect(findIn(file, needle), `${needle} in the database file`).toBe(-1);
      expect(findIn(`${file}-wal`, needle), `${needle} in the -wal`).toBe(-1);
    }
    // The log and the activity trail say a family was erased, and nothing of the person.
    const logged = JSON.stringify(server.log.records);
    expect(logged).toContain('Parents’ Corner families erased on request');
    expect(logged).toContain(`family #${parent.familyId}`);
    const trail = JSON.stringify(await db.selectFrom('audit_events').selectAll().execute());
    const erasure = await db.selectFrom('audit_events').select('details').where('action', '=', 'erasure').execute();
    expect(erasure.map((row) => JSON.parse(row.details ?? '{}'))).toEqual([
      { enquiries: 0, families: 1, reason: 'request' },
    ]);
    for (const needle of needles) {
      expect(logged).not.toContain(needle);
      expect(trail).not.toContain(needle);
    }
  });
});
