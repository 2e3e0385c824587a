import fs from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitedParent, parentCall, parentView } from '#test/support/parentsApi.ts';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import { testStaffEnv } from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import {
  PARENT_DOCUMENT_MAX_BYTES,
  parentDocumentMessages,
  type OfficeParentDocument,
} from '#shared/parents/documents.ts';
import type { OfficeParentEvent } from '#shared/parents/events.ts';
import { parentMessages, type ParentView } from '#shared/parents/parentsCorner.ts';
import { parentDocumentsDir } from './repository';

/** 00:30 on 15 May 2025 in Chennai, still 14 May in UTC: "today" is the school's. */
const CLOCK = new Date('2025-05-14T19:00:00.000Z');
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let sink: SmtpSink;
let server: TestServer;
let staff: Awaited<ReturnType<typeof signedInStaffApi>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer(
    { ...testStaffEnv, SMTP_URL: sink.url, NOTIFY_EMAIL: 'office@aranya.test', MAIL_FROM: 'Aranya <web@aranya.test>' },
    { servePages: false },
  );
  server.services.now = () => CLOCK;
  staff = await signedInStaffApi(server);
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

const parent = (email: string, className = 'Rose') => invitedParent({ server, staff, sink }, email, className);

const upload = (body: Buffer<ArrayBuffer> | string, cookie = staff.cookie) =>
  fetch(`${server.url}/api/trpc/parents.uploadDocumentFile`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', cookie },
    body,
  });

async function uploadedFileId(): Promise<string> {
  const response = await upload(pdf);
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: { data: { json: { fileId: string } } } }).result.data.json.fileId;
}

function readFeed(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  return root.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      summary: event.summary,
      location: event.location,
      start: event.startDate.toString(),
      isDate: event.startDate.isDate,
      zone: component.getFirstProperty('dtstart')?.getParameter('tzid'),
      instant: event.startDate.toJSDate().toISOString(),
    };
  });
}

describe("the Parents' Corner's events", () => {
  it('starts with the spec’s three events, and lets the office add, edit and remove events, each in the audit trail', async () => {
    const seeded = await staff.query<OfficeParentEvent[]>('parents.events');
    expect(seeded.map((event) => [event.date, event.title])).toEqual([
      ['2025-04-30', 'Summer Camp Registration'],
      ['2025-05-15', 'Parent-Teacher Conference'],
      ['2025-06-05', 'Annual Day Celebration'],
    ]);
    const added = await staff.mutate<{ id: number }>('parents.addEvent', {
      title: 'Sports Morning',
      date: '2025-05-20',
      time: '08:30',
      place: 'The big lawn',
      text: 'Races and games for every class.',
    });
    expect(added.status).toBe(200);
    const edited = await staff.mutate('parents.editEvent', {
      id: added.data.id,
      title: 'Sports Morning',
      date: '2025-05-21',
      time: '09:00',
      place: 'The big lawn',
      text: 'Races and games for every class.',
    });
    expect(edited.status).toBe(200);
    const temporary = await staff.mutate<{ id: number }>('parents.addEvent', {
      title: 'Cancelled outing',
      date: '2025-05-22',
      time: null,
      place: '',
      text: 'It will not happen.',
    });
    expect((await staff.mutate('parents.removeEvent', { id: temporary.data.id })).status).toBe(200);
    expect((await staff.mutate('parents.removeEvent', { id: temporary.data.id })).status).toBe(404);

    const events = await staff.query<OfficeParentEvent[]>('parents.events');
    expect(events.find((event) => event.id === added.data.id)).toMatchObject({
      date: '2025-05-21',
      time: '09:00',
      updatedBy: expect.any(String),
    });
    expect(events.map((event) => event.title)).not.toContain('Cancelled outing');
    const actions = await server.services.storage.db.selectFrom('audit_events').select('action').execute();
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['parent-event-added', 'parent-event-changed', 'parent-event-removed']),
    );
  });

  it('refuses an event without a day or with a wrong time, in plain words', async () => {
    const refused = await staff.mutate<{ message: string; data: { fieldErrors: Record<string, string[]> } }>(
      'parents.addEvent',
      { title: 'No day', date: '15 May', time: '9am', place: '', text: 'Words.' },
    );
    expect(refused.status).toBe(400);
    expect(refused.data.data.fieldErrors.date).toEqual(['Please give the day of the event, such as 2026-12-05.']);
    expect(refused.data.data.fieldErrors.time).toEqual(['Please give the time as HH:MM, 24-hour.']);
  });

  it("shows a parent only today's and later events on the school's calendar, soonest first", async () => {
    const { cookie } = await parent('events.parent@example.com');
    const { status, data } = await parentView<ParentView>(server, cookie);
    expect(status).toBe(200);
    // 14 May is today in UTC but yesterday in Chennai; 30 April has passed.
    expect(data.events.map((event) => [event.date, event.time, event.title])).toEqual([
      ['2025-05-15', null, 'Parent-Teacher Conference'],
      ['2025-05-21', '09:00', 'Sports Morning'],
      ['2025-06-05', null, 'Annual Day Celebration'],
    ]);
    expect(data.calendarFeedUrl).toBeNull();
  });
});

describe("a guardian's calendar feed", () => {
  it('serves the events as iCalendar on Asia/Kolkata at a secret address, and stops the old address when replaced', async () => {
    const { cookie } = await parent('feed.parent@example.com');
    const made = await parentCall<{ calendarFeedUrl: string }>(server, 'replaceCalendarFeed', {}, cookie);
    expect(made.status).toBe(200);
    const url = made.data.calendarFeedUrl;
    expect(url).toMatch(/^https?:\/\/[^/]+\/api\/parents\/calendar\.ics\?key=[A-Za-z0-9_-]{43}$/);
    expect((await parentView<ParentView>(server, cookie)).data.calendarFeedUrl).toBe(url);

    const served = await fetch(`${server.url}${new URL(url).pathname}${new URL(url).search}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(served.headers.get('cache-control')).toBe('private, no-store');
    const events = readFeed(await served.text());
    expect(events.find((event) => event.summary === 'Sports Morning')).toMatchObject({
      location: 'The big lawn',
      start: '2025-05-21T09:00:00',
      isDate: false,
      zone: 'Asia/Kolkata',
      instant: '2025-05-21T03:30:00.000Z',
    });
    expect(events.find((event) => event.summary === 'Annual Day Celebration')).toMatchObject({
      start: '2025-06-05',
      isDate: true,
    });
    // The feed keeps the year's past events, so a calendar does not lose them after their day.
    expect(events.map((event) => event.summary)).toContain('Summer Camp Registration');

    const wrong = await fetch(`${server.url}/api/parents/calendar.ics?key=${'x'.repeat(43)}`);
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toMatch(/not in use/);
    expect((await fetch(`${server.url}/api/parents/calendar.ics`)).status).toBe(404);

    const replaced = await parentCall<{ calendarFeedUrl: string }>(server, 'replaceCalendarFeed', {}, cookie);
    expect(replaced.data.calendarFeedUrl).not.toBe(url);
    expect((await fetch(`${server.url}/api/parents/calendar.ics${new URL(url).search}`)).status).toBe(404);
    const next = new URL(replaced.data.calendarFeedUrl);
    expect((await fetch(`${server.url}${next.pathname}${next.search}`)).status).toBe(200);
  });

  it('stops the feed of a family the office removes, and makes none without a parent session', async () => {
    const { cookie, familyId } = await parent('feed.leaving@example.com');
    const made = await parentCall<{ calendarFeedUrl: string }>(server, 'replaceCalendarFeed', {}, cookie);
    const feed = `${server.url}/api/parents/calendar.ics${new URL(made.data.calendarFeedUrl).search}`;
    expect((await fetch(feed)).status).toBe(200);
    expect((await staff.mutate('parents.removeFamily', { familyId })).status).toBe(200);
    expect((await fetch(feed)).status).toBe(404);
    expect((await parentCall(server, 'replaceCalendarFeed', {}, staff.cookie)).status).toBe(401);
  });
});

describe("the Parents' Corner's documents", () => {
  it('starts with the spec’s four documents, without files, which parents do not see yet', async () => {
    const documents = await staff.query<OfficeParentDocument[]>('parents.documents');
    expect(documents.map((document) => [document.title, document.file])).toEqual([
      ['School Calendar 2024-2025', null],
      ['Parent Handbook', null],
      ['Fee Structure', null],
      ['Admission Form', null],
    ]);
    const { cookie } = await parent('documents.first@example.com');
    expect((await parentView<ParentView>(server, cookie)).data.documents).toEqual([]);
  });

  it('serves an uploaded PDF to a signed-in parent only, private and never cached, and not after the family is removed', async () => {
    const documents = await staff.query<OfficeParentDocument[]>('parents.documents');
    const fees = documents.find((document) => document.title === 'Fee Structure');
    const fileId = await uploadedFileId();
    const attached = await staff.mutate('parents.editDocument', {
      id: fees?.id,
      title: 'Fee Structure',
      description: fees?.description,
      fileId,
    });
    expect(attached.status).toBe(200);
    const stored = path.join(parentDocumentsDir(server.dataDir), `${fileId}.pdf`);
    expect(fs.statSync(stored).mode & 0o777).toBe(0o600);
    expect(fs.statSync(parentDocumentsDir(server.dataDir)).mode & 0o777).toBe(0o700);

    const { cookie, familyId } = await parent('documents.parent@example.com');
    const { data } = await parentView<ParentView>(server, cookie);
    expect(data.documents).toEqual([
      {
        id: fees?.id,
        title: 'Fee Structure',
        description: fees?.description,
        href: `/api/parents/documents/${fees?.id}`,
      },
    ]);
    const href = `${server.url}${data.documents[0]?.href}`;
    const opened = await fetch(href, { headers: { cookie } });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('application/pdf');
    expect(opened.headers.get('cache-control')).toBe('private, no-store');
    expect(opened.headers.get('content-disposition')).toBe('inline; filename="Fee-Structure.pdf"');
    expect(opened.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(opened.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await opened.arrayBuffer()).equals(pdf)).toBe(true);

    const signedOut = await fetch(href);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).toBe(parentMessages.signedOut);
    expect((await fetch(href, { headers: { cookie: staff.cookie } })).status).toBe(401);

    expect((await staff.mutate('parents.removeFamily', { familyId })).status).toBe(200);
    const removed = await fetch(href, { headers: { cookie } });
    expect(removed.status).toBe(401);
    expect(removed.headers.get('cache-control')).toBe('private, no-store');
  });

  it('replaces a file (the old one is deleted), adds and removes documents, each in the audit trail', async () => {
    const added = await staff.mutate<{ id: number }>('parents.addDocument', {
      title: 'Transport Routes',
      description: 'Where the school van stops.',
      fileId: await uploadedFileId(),
    });
    expect(added.status).toBe(200);
    const before = (await staff.query<OfficeParentDocument[]>('parents.documents')).find(
      (document) => document.id === added.data.id,
    );
    expect(before?.file).toMatchObject({ bytes: pdf.length, missing: false });
    const filesBefore = fs.readdirSync(parentDocumentsDir(server.dataDir));

    const replacement = await uploadedFileId();
    expect(
      (
        await staff.mutate('parents.editDocument', {
          id: added.data.id,
          title: 'Transport Routes',
          description: 'Where the school van stops.',
          fileId: replacement,
        })
      ).status,
    ).toBe(200);
    const filesAfter = fs.readdirSync(parentDocumentsDir(server.dataDir));
    expect(filesAfter).toContain(`${replacement}.pdf`);
    expect(filesAfter).toHaveLength(filesBefore.length);

    // An upload is taken once.
    const again = await staff.mutate<{ message: string }>('parents.addDocument', {
      title: 'Copy',
      description: '',
      fileId: replacement,
    });
    expect(again.status).toBe(400);
    expect(again.data.message).toBe(parentDocumentMessages.uploadGone);

    expect((await staff.mutate('parents.removeDocument', { id: added.data.id })).status).toBe(200);
    expect(fs.readdirSync(parentDocumentsDir(server.dataDir))).not.toContain(`${replacement}.pdf`);
    const { cookie } = await parent('documents.later@example.com');
    expect((await fetch(`${server.url}/api/parents/documents/${added.data.id}`, { headers: { cookie } })).status).toBe(
      404,
    );
    const actions = await server.services.storage.db.selectFrom('audit_events').select('action').execute();
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['parent-document-added', 'parent-document-changed', 'parent-document-removed']),
    );
  });

  it('refuses a file that is not a PDF, and one over the size limit, with a sentence', async () => {
    const notPdf = await upload('<html>not a pdf</html>');
    expect(notPdf.status).toBe(415);
    expect(((await notPdf.json()) as { error: { json: { message: string } } }).error.json.message).toBe(
      parentDocumentMessages.notAPdf,
    );
    const tooLarge = await upload(Buffer.concat([pdf, Buffer.alloc(PARENT_DOCUMENT_MAX_BYTES)]));
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: { json: { message: string } } }).error.json.message).toBe(
      parentDocumentMessages.tooLarge,
    );
  });
});
