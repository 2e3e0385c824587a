import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, validAdmission, validContact } from '#test/support/enquiryTestData.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';

type JsonAnswer = { message: string; fieldErrors?: Record<string, string[]> };

const controlMessage = 'This contains invisible control characters. Please type it again without them.';
const unreadableMessage = 'This contains characters that could not be read. Please type it again.';

describe('input hygiene on the enquiry paths (issue 8, section 5)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ENQUIRY_RATE_LIMIT: '1000' }, { servePages: false });
  });
  afterAll(() => server.close());

  const post = async (path: string, body: unknown) => {
    const response = await postJson(`${server.url}${path}`, body);
    return { status: response.status, body: (await response.json()) as JsonAnswer };
  };
  const contactCount = async () =>
    (
      await server.services.storage.db
        .selectFrom('contact_enquiries')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('refuses NUL and other control characters in names and messages, naming each field, and stores nothing', async () => {
    const before = await contactCount();
    const { status, body } = await post(
      '/api/contact',
      validContact({ name: 'Priya\u0000Raman', message: 'Hello there\u0007, we would like to visit.' }),
    );
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual({ name: [controlMessage], message: [controlMessage] });
    expect(await contactCount()).toBe(before);
  });

  it('keeps line breaks and tabs in a message', async () => {
    const { status } = await post('/api/contact', validContact({ message: 'Line one\r\nLine two\n\tindented' }));
    expect(status).toBe(201);
  });

  it('refuses a line break in a name', async () => {
    const { body } = await post('/api/admission-enquiry', validAdmission({ parentName: 'Priya\nRaman' }));
    expect(body.fieldErrors).toEqual({ parentName: [controlMessage] });
  });

  it('refuses bidirectional override and isolate characters (text that reads differently than it is stored)', async () => {
    for (const sneaky of ['\u202e', '\u202a', '\u2066', '\u2069']) {
      const { status, body } = await post(
        '/api/admission-enquiry',
        validAdmission({ studentName: `Arjun${sneaky}nujrA`, message: `Fine${sneaky} text here` }),
      );
      expect(status).toBe(400);
      expect(body.fieldErrors).toEqual({ studentName: [controlMessage], message: [controlMessage] });
    }
  });

  it('still takes Tamil and other scripts, with their joiners', async () => {
    const { status } = await post(
      '/api/contact',
      validContact({ name: 'பிரியா ராமன்', message: 'வணக்கம், பள்ளியைப் பார்வையிட விரும்புகிறோம்.\u200d' }),
    );
    expect(status).toBe(201);
  });

  it('answers invalid UTF-8 in a JSON body with 400, never storing a replacement character', async () => {
    const before = await contactCount();
    const json = Buffer.from(JSON.stringify(validContact({ message: 'Hello XX, we would like to visit.' })));
    const at = json.indexOf('XX');
    json[at] = 0xff;
    json[at + 1] = 0xfe;
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: json,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as JsonAnswer).fieldErrors).toEqual({ message: [unreadableMessage] });
    expect(await contactCount()).toBe(before);
  });

  it('answers invalid UTF-8 in a form post with 400 and the form again', async () => {
    const fields = new URLSearchParams(
      Object.entries(validContact()).map(([name, value]) => [name, String(value)]) as [string, string][],
    ).toString();
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.replace('name=Priya', 'name=Pri%FFya'),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(unreadableMessage);
  });

  it('answers invalid UTF-8 on the tRPC path with 400 too', async () => {
    const json = Buffer.from(JSON.stringify({ json: validAdmission({ studentName: 'Arjun XX' }) }));
    const at = json.indexOf('XX');
    json[at] = 0xc3;
    json[at + 1] = 0x28;
    const response = await fetch(`${server.url}/api/trpc/enquiries.submitAdmission`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: json,
    });
    expect(response.status).toBe(400);
  });

  it('tells a form post with more than 50 fields what is wrong', async () => {
    const fields = new URLSearchParams(
      Object.entries(validContact()).map(([name, value]) => [name, String(value)]) as [string, string][],
    );
    for (let index = 0; index < 60; index += 1) fields.set(`extra${index}`, 'x');
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    });
    expect(response.status).toBe(413);
    const page = await response.text();
    expect(page).toContain('The form sent more than 50 fields. Please send only the form');
    expect(page).not.toContain('shorten the message');
  });
});
