import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolContact, schoolFactsSchema, type SchoolFactsInput } from '#shared/content/schoolFacts.ts';
import { startingSiteContent, type SiteContentInput } from '#shared/content/siteContent.ts';
import { prerenderPaths, resolveRoute } from '#shared/routes.ts';
import { startingBlogPosts } from '#shared/content/blogPosts.ts';
import { postForm, postJson, validContact } from '#test/support/enquiryTestData.ts';
import { startingContact } from '#test/support/schoolFacts.ts';
import { ensureSiteBuilt } from '#test/support/siteBuild.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import { addStaffAccount, loginCookie, testStaffEnv } from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';

const OFFICE = 'office@aranya.test';
const PASSWORD = 'divya keeps a long password';

/** The facts the office publishes: a new admissions number, a new email, and new hours. */
const published: SchoolFactsInput = {
  ...startingSiteContent().schoolFacts,
  phones: [
    { label: 'Admissions', display: '+91 99620 55555' },
    { label: 'School office', display: '044 2450 7788' },
  ],
  email: 'hello@aranyamontessori.in',
  officeHours: [
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'], opens: '09:00', closes: '17:00' },
    { days: ['Saturday'], opens: '10:00', closes: '13:00' },
  ],
};

/** Text of a page, with the entities React writes turned back into characters. */
const textOf = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

const jsonLdIn = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>,
  );

const footerOf = (html: string) => /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';

describe('the school facts the office publishes', { timeout: 120_000 }, () => {
  let sink: SmtpSink;
  let server: TestServer;
  let editor: string;

  beforeAll(async () => {
    ensureSiteBuilt();
    sink = await startSmtpSink();
    server = await startTestServer({
      ...testStaffEnv,
      SMTP_URL: sink.url,
      NOTIFY_EMAIL: OFFICE,
      ENQUIRY_RATE_LIMIT: '2',
    });
    await server.services.sitePublisher.pages.whenReady();
    await addStaffAccount(server.services, {
      email: 'divya@example.in',
      name: 'Divya Raj',
      role: 'editor',
      password: PASSWORD,
    });
    editor = await loginCookie(server.url, PASSWORD, {}, 'divya@example.in');
  }, 600_000);
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  const page = async (path: string) => textOf(await (await fetch(`${server.url}${path}`)).text());

  it('reach the Contact page, the footer of every page, the structured data, the FAQ, the form answers and the acknowledgement email', async () => {
    const before = await page('/contact');
    expect(before).toContain(`href="tel:${startingContact.phones[0].e164}"`);

    const content: SiteContentInput = { ...startingSiteContent(), schoolFacts: published };
    const answer = await postJson(`${server.url}/api/trpc/content.publish`, { json: content }, { cookie: editor });
    expect(answer.status).toBe(200);
    expect(
      ((await answer.json()) as { result: { data: { json: { revision: { changed: string[] } } } } }).result.data.json
        .revision.changed,
    ).toEqual(['schoolFacts']);

    // The contact page: the new numbers shown and linked, the new hours, the new email.
    const contact = await page('/contact');
    expect(contact).toContain('<a href="tel:+919962055555" class="contact-card__link">+91 99620 55555</a>');
    expect(contact).toContain('<a href="tel:+914424507788" class="contact-card__link">044 2450 7788</a>');
    expect(contact).toContain('Mon–Thu 9:00 AM - 5:00 PM');
    expect(contact).toContain('Sat 10:00 AM - 1:00 PM');
    expect(contact).toContain('href="mailto:hello@aranyamontessori.in"');
    expect(contact).toContain('https://wa.me/919962055555');

    // Every page's footer (the dashboard has none until its script runs), and no page still gives the old numbers or hours anywhere.
    const paths = prerenderPaths(startingBlogPosts()).filter((path) => !path.includes('_unknown'));
    for (const path of paths) {
      const html = await page(path);
      if (!resolveRoute(path, startingBlogPosts()).clientOnly) {
        expect(footerOf(html), path).toContain('<a href="tel:+919962055555">+91 99620 55555</a>');
        expect(footerOf(html), path).toContain('Mon–Thu 9:00 AM - 5:00 PM, Sat 10:00 AM - 1:00 PM');
      }
      for (const old of [
        startingContact.phones[0].display,
        startingContact.phones[1].display,
        startingContact.officeHoursText,
        startingContact.email,
      ])
        expect(html, path).not.toContain(old);
    }

    // The school's structured data, and the FAQ's, which states the hours and the office's number.
    const school = jsonLdIn(await page('/')).find((data) => data['@id']?.toString().endsWith('/#school'));
    expect(school).toMatchObject({
      email: 'hello@aranyamontessori.in',
      telephone: ['+919962055555', '+914424507788'],
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'].map((day) => `https://schema.org/${day}`),
          opens: '09:00',
          closes: '17:00',
        },
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['https://schema.org/Saturday'],
          opens: '10:00',
          closes: '13:00',
        },
      ],
    });
    const faq = await page('/faq');
    const longHours = 'Monday–Thursday 9:00 AM – 5:00 PM and Saturday 10:00 AM – 1:00 PM';
    expect(JSON.stringify(jsonLdIn(faq))).toContain(
      `The school office is open ${longHours}. You can call us on 044 2450 7788 or write to hello@aranyamontessori.in.`,
    );
    expect(await page('/parents-corner')).toContain(longHours);

    // The acknowledgement, written when the enquiry arrives: the published facts, Reply-To the published email.
    const sent = validContact();
    expect((await postJson(`${server.url}/api/contact`, sent)).status).toBe(201);
    const mails = await sink.waitFor(2);
    const parent = mails.find((mail) => mail.to.includes(sent.email));
    expect(parent?.headers['reply-to']).toBe('hello@aranyamontessori.in');
    for (const line of [
      'please call us on +91 99620 55555',
      'Phone: +91 99620 55555 / 044 2450 7788',
      'Email: hello@aranyamontessori.in',
      'Office hours: Mon–Thu 9:00 AM - 5:00 PM, Sat 10:00 AM - 1:00 PM',
    ]) {
      expect(parent?.body).toContain(line);
    }
    expect(parent?.body).not.toContain(startingContact.phones[0].display);

    // A form posted without JavaScript and refused (the rate limit): the answer gives the published number.
    let refused = await postForm(`${server.url}/api/contact`, { ...validContact(), website: '' } as Record<
      string,
      string
    >);
    for (let attempt = 0; refused.status !== 429 && attempt < 3; attempt += 1)
      refused = await postForm(`${server.url}/api/contact`, { ...validContact(), website: '' } as Record<
        string,
        string
      >);
    expect(refused.status).toBe(429);
    expect(textOf(await refused.text())).toContain('or call us on +91 99620 55555.');
  });

  it('are held in memory by the publisher: an email does not read the database for them', async () => {
    const expected = schoolContact(schoolFactsSchema.parse(published));
    expect(await server.services.sitePublisher.schoolContact()).toEqual(expected);
    // Gone from the database behind the server's back, the facts the server writes with stay those of the last publish.
    server.services.storage.sqlite.prepare('delete from content_revisions').run();
    expect(await server.services.sitePublisher.schoolContact()).toEqual(expected);
  });
});
