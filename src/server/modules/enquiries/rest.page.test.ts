import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissionEnquiryPage } from '#content/admissionEnquiry.ts';
import { contactPage } from '#content/contact.ts';
import { validAdmission, validContact } from '#test/support/enquiryTestData.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { startingContact } from '#test/support/schoolFacts.ts';
import { ensureSiteBuilt } from '#test/support/siteBuild.ts';
import { enquiryBodyLimits } from './rest';

/**
 * The forms with JavaScript off: an ordinary HTML form post, answered with the form's page
 * rendered around the outcome. Needs a site build in BUILD_DIR; made here when there is none.
 */
beforeAll(ensureSiteBuilt, 600_000);

/** Text of a page, with the entities React writes turned back into characters. */
const textOf = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The form as a browser posts it: every field a string, the empty honeypot included, no idempotency key. */
function formBody(fields: Record<string, unknown>): string {
  const { idempotencyKey: _key, ...answers } = fields;
  return new URLSearchParams({
    ...Object.fromEntries(Object.entries(answers).map(([name, value]) => [name, String(value)])),
    website: '',
  }).toString();
}

describe('form posts without JavaScript', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ENQUIRY_RATE_LIMIT: '7' }, { servePages: false });
  });
  afterAll(() => server.close());

  const postForm = async (path: string, body: string) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      html: textOf(await response.text()),
    };
  };
  const count = async (table: 'contact_enquiries' | 'admission_enquiries') =>
    (await server.services.storage.db.selectFrom(table).select('id').execute()).length;

  it('stores a contact message and answers with the contact page showing the thank-you view', async () => {
    const sent = validContact({ name: 'Kavitha Sundaram' });
    const answer = await postForm('/api/contact', formBody(sent));
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/html/);
    expect(answer.html).toMatch(/^<!doctype html>/i);
    expect(answer.html).toContain(contactPage.form.successTitle);
    expect(answer.html).toContain(contactPage.form.successText);
    const row = await server.services.storage.db
      .selectFrom('contact_enquiries')
      .selectAll()
      .where('name', '=', 'Kavitha Sundaram')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: sent.email, phone: '9840011223', type: 'employment', message: sent.message });
  });

  it('stores the same form posted again (a second press, a reload of the thank-you page) only once', async () => {
    const body = formBody(validContact({ name: 'Meena Iyer' }));
    expect((await postForm('/api/contact', body)).status).toBe(200);
    expect((await postForm('/api/contact', body)).status).toBe(200);
    const rows = await server.services.storage.db
      .selectFrom('contact_enquiries')
      .select('id')
      .where('name', '=', 'Meena Iyer')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('stores an admission enquiry and answers with the enquiry page showing its thank-you view', async () => {
    const before = await count('admission_enquiries');
    const answer = await postForm('/api/admission-enquiry', formBody(validAdmission()));
    expect(answer.status).toBe(200);
    expect(answer.html).toContain(admissionEnquiryPage.thankYou.title);
    expect(answer.html).toContain(admissionEnquiryPage.thankYou.text);
    expect(await count('admission_enquiries')).toBe(before + 1);
  });

  it('refuses an admission form posted with the parent or guardian box unticked (the browser leaves it out), and says why', async () => {
    const before = await count('admission_enquiries');
    const { guardianConfirmed: _confirmed, ...unticked } = validAdmission({ studentName: 'Ilakkiya' });
    const answer = await postForm('/api/admission-enquiry', formBody(unticked));
    expect(answer.status).toBe(400);
    expect(answer.html).toContain("Please confirm that you are the child's parent or guardian");
    expect(answer.html).toContain('value="Ilakkiya"');
    expect(await count('admission_enquiries')).toBe(before);
  });

  it('answers an invalid form with 400 and the page again: the messages and what the parent typed', async () => {
    const before = await count('admission_enquiries');
    const answer = await postForm(
      '/api/admission-enquiry',
      formBody(
        validAdmission({
          studentName: 'A',
          parentName: 'Lakshmi Narayanan',
          phone: '98-40x',
          message: 'Please call after 6 pm.',
        }),
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.type).toMatch(/^text\/html/);
    expect(answer.html).toContain("Student's name must be at least 2 characters");
    expect(answer.html).toContain('Phone number must contain only digits');
    expect(answer.html).toContain('value="Lakshmi Narayanan"');
    expect(answer.html).toContain('Please call after 6 pm.');
    expect(await count('admission_enquiries')).toBe(before);
  });

  it('answers a form post over the size cap with 413 and a page that says so', async () => {
    const answer = await postForm(
      '/api/contact',
      formBody(validContact({ message: 'x'.repeat(enquiryBodyLimits.form + 1024) })),
    );
    expect(answer.status).toBe(413);
    expect(answer.type).toMatch(/^text\/html/);
    expect(answer.html).toContain('The enquiry is too large to send. Please shorten the message and try again.');
  });

  it('answers the rate limit with 429 and a page that gives the school phone number', async () => {
    let answer = await postForm('/api/contact', formBody(validContact()));
    for (let attempt = 0; answer.status !== 429 && attempt < 10; attempt += 1)
      answer = await postForm('/api/contact', formBody(validContact()));
    expect(answer.status).toBe(429);
    expect(answer.type).toMatch(/^text\/html/);
    expect(answer.html).toContain(`call us on ${startingContact.phones[0].display}`);
  });
});
