import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginCookie, testStaffEnv } from '#test/support/testLogin.ts';
import { postJson, postForm, validAdmission, validContact } from '#test/support/enquiryTestData.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';

/**
 * The field issue 9 added end to end: the parent's preferred time to be called, optional, on
 * both forms. Sent as JSON, as a form without JavaScript, and left out; stored, listed for
 * staff, exported and mailed to the office, each in the words the form offered.
 */
describe('preferred time to call', () => {
  const OFFICE = 'office@aranya.test';
  let sink: SmtpSink;
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(
      { ...testStaffEnv, SMTP_URL: sink.url, NOTIFY_EMAIL: OFFICE, MAIL_FROM: 'Website <website@aranya.test>' },
      { servePages: false },
    );
    cookie = await loginCookie(server.url);
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });
  afterEach(async () => {
    // Every email of a test is out before the next test counts its own.
    await server.services.mailOutbox?.whenIdle();
    sink.received.length = 0;
  });

  const staffGet = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie } });

  it('is kept with an admission enquiry, shown to staff, exported and in the office email', async () => {
    const sent = validAdmission({ email: 'evening@example.in', preferredCallTime: 'evening' });
    expect((await postJson(`${server.url}/api/admission-enquiry`, sent)).status).toBe(201);
    const [office] = (await sink.waitFor(2)).filter((mail) => mail.to.includes(OFFICE));
    expect(office?.body).toContain('Preferred Time to Call: Evening');

    const list = await staffGet(
      `/api/trpc/dashboard.list?input=${encodeURIComponent(JSON.stringify({ json: { kind: 'admission', search: 'evening@example.in' } }))}`,
    );
    const rows = ((await list.json()) as { result: { data: { json: { rows: Record<string, unknown>[] } } } }).result
      .data.json.rows;
    expect(rows).toEqual([expect.objectContaining({ preferredCallTime: 'evening' })]);

    const csv = parse(await (await staffGet('/api/admin/export/admission.csv?search=evening%40example.in')).text(), {
      bom: true,
    }) as string[][];
    const column = csv[0]!.indexOf('Preferred Time to Call');
    // After the spec's columns (issue 24), which keep their positions.
    expect(csv[0]!.slice(0, column)).toEqual([
      'ID',
      'Date',
      'Child Name',
      'Child Age',
      'Parent Name',
      'Email',
      'Phone',
      'Program',
      'Message',
      'Status',
      'Remarks',
    ]);
    expect(csv[1]![column]).toBe('Evening');
  });

  it('is optional on the contact form: left out or empty it reads "No preference" and exports as an empty cell', async () => {
    expect((await postJson(`${server.url}/api/contact`, validContact({ email: 'anytime@example.in' }))).status).toBe(
      201,
    );
    // A form posted without JavaScript sends the placeholder's empty value.
    const posted = await postForm(`${server.url}/api/contact`, {
      ...stringFields(validContact({ email: 'empty@example.in' })),
      preferredCallTime: '',
    });
    expect(posted.status).toBe(200);
    const mails = await sink.waitFor(4);
    for (const address of ['anytime@example.in', 'empty@example.in']) {
      const office = mails.find((mail) => mail.to.includes(OFFICE) && mail.body.includes(address));
      expect(office?.body).toContain('Preferred Time to Call: No preference');
    }
    const csv = parse(await (await staffGet('/api/admin/export/contact.csv')).text(), { bom: true }) as string[][];
    const column = csv[0]!.indexOf('Preferred Time to Call');
    expect(column).toBeGreaterThan(0);
    expect(csv.slice(1).map((record) => record[column])).toEqual(['', '']);
  });

  it('refuses a time the form does not offer, with a plain message', async () => {
    const response = await postJson(`${server.url}/api/contact`, validContact({ preferredCallTime: 'midnight' }));
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(
      'Please choose morning, afternoon or evening, or leave it empty',
    );
  });
});

function stringFields(record: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [name, String(value ?? '')]));
}
