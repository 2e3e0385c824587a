import ICAL from 'ical.js';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentsCornerTexts } from '#content/parentsCorner.ts';
import { portalTexts } from '#client/features/parents-corner/texts.ts';
import type { OfficeParentDocument } from '#shared/parents/documents.ts';
import { PARENT_LINK_FRAGMENT, PARENT_REMEMBER_DAYS, parentMessages } from '#shared/parents/parentsCorner.ts';
import { noticeMailLabels } from '#shared/parents/parentMessages.ts';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import { postJson, testStaffEnv } from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { startingContact } from '#test/support/schoolFacts.ts';
import { expectAccessible } from './support/accessibility';
import {
  collectPageErrors,
  launchBrowser,
  warmPages,
  newContext,
  openPage,
  viewports,
  type ViewportName,
} from './support/browser';

const texts = parentsCornerTexts(startingContact);
const PASSWORD = 'jasmine grows by the gate';
const FEES = 'Fee Structure';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** Where the screenshots go, for a person to look at (not asserted). */
const SHOTS = process.env.PARENTS_SHOTS_DIR;

let sink: SmtpSink;
let site: TestServer;
let browser: Browser;
let staff: Awaited<ReturnType<typeof signedInStaffApi>>;
const pages = warmPages(
  () => browser,
  () => site.url,
);

beforeAll(async () => {
  sink = await startSmtpSink();
  [site, browser] = await Promise.all([
    startTestServer({
      ...testStaffEnv,
      // Guesses from many addresses (the code test): the address is the X-Forwarded-For of a loopback proxy.
      TRUST_PROXY: 'loopback',
      SMTP_URL: sink.url,
      NOTIFY_EMAIL: 'office@aranya.test',
      MAIL_FROM: 'Aranya <web@aranya.test>',
    }),
    launchBrowser(),
  ]);
  staff = await signedInStaffApi(site);
  // An event to come (the spec's are past by now), and the fee structure for parents to open signed in.
  const added = await staff.mutate('parents.addEvent', {
    title: 'Sports Morning',
    date: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    time: '08:30',
    place: 'The big lawn',
    text: 'Races and games for every class.',
  });
  expect(added.status).toBe(200);
  const uploaded = await fetch(`${site.url}/api/trpc/parents.uploadDocumentFile`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', cookie: staff.cookie },
    body: PDF,
  });
  const { fileId } = ((await uploaded.json()) as { result: { data: { json: { fileId: string } } } }).result.data.json;
  const fees = (await staff.query<OfficeParentDocument[]>('parents.documents')).find(
    (document) => document.title === FEES,
  );
  expect(
    (await staff.mutate('parents.editDocument', { id: fees?.id, title: FEES, description: fees?.description, fileId }))
      .status,
  ).toBe(200);
}, 60_000);
afterAll(async () => {
  await pages.close();
  await browser?.close();
  await site?.close();
  await sink?.close();
});

/** A wrong password's 401 is logged by Chromium as a console error: that one is expected. */
const unexpected = (errors: string[]) => errors.filter((error) => !/status of 401/.test(error));
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** The office adds a family by hand; the parent's invitation link, from the mail the SMTP sink received. */
async function invite(email: string, className: string): Promise<string> {
  const before = sink.received.length;
  const added = await staff.mutate('parents.addFamily', {
    parentName: 'Lakshmi Raman',
    email,
    phone: '9840012345',
    childName: 'Anika Raman',
    className,
    program: 'primary',
  });
  expect(added.status).toBe(200);
  const mail = (await sink.waitFor(before + 1)).slice(before).find((each) => each.to.includes(email));
  const link = new RegExp(`https?://[^\\s"]+#${PARENT_LINK_FRAGMENT}[A-Za-z0-9_-]+`).exec(mail?.body ?? '')?.[0];
  if (!link) throw new Error(`No link mailed to ${email}`);
  return `${site.url}${new URL(link).pathname}${new URL(link).hash}`;
}

async function signIn(page: Page, email: string, password: string, remember = false) {
  await page.getByLabel(texts.login.usernameLabel).fill(email);
  await page.getByLabel(texts.login.passwordLabel).fill(password);
  if (remember) await page.getByLabel(texts.login.rememberMeLabel).check();
  await page.getByRole('button', { name: texts.login.submitLabel }).click();
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const parentCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => /parent_session$/.test(cookie.name));

describe.each(Object.keys(viewports) as ViewportName[])("Parents' Corner at the %s viewport", (viewport) => {
  const email = `lakshmi.${viewport}@example.com`;
  const rose = `Rose ${viewport}`;

  it(
    'an invitation link, a password chosen with a button, the first sign-in; a wrong password is one sentence',
    { timeout: 180_000 },
    async () => {
      const link = await invite(email, rose);
      const page = await pages.page(viewport);
      const errors = collectPageErrors(page);
      try {
        // Opening the link uses nothing up: a second opening still shows the form.
        await openPage(page, link);
        await page.getByRole('heading', { name: portalTexts.link.invitationHeading('Lakshmi Raman') }).waitFor();
        await openPage(page, link);
        const welcome = page.getByRole('heading', { name: portalTexts.link.invitationHeading('Lakshmi Raman') });
        await welcome.waitFor();
        expect(await isFocused(welcome)).toBe(true);
        await expectAccessible(page);
        await shot(page, `${viewport}-choose-password`);
        await page.getByLabel(portalTexts.link.passwordLabel).fill(PASSWORD);
        await page.getByRole('button', { name: portalTexts.link.submitLabel }).click();
        await page.getByText(parentMessages.passwordChosen).waitFor();
        expect(await isFocused(page.getByRole('heading', { name: texts.login.heading }))).toBe(true);

        await signIn(page, email, 'not the password at all');
        const alert = page.locator('.portal-login__error');
        await alert.getByText(parentMessages.invalidSignIn).waitFor();
        expect((await alert.textContent())?.trim()).toBe(parentMessages.invalidSignIn);
        await expectAccessible(page);
        await shot(page, `${viewport}-login-error`);

        await signIn(page, email, PASSWORD);
        const heading = page.getByRole('heading', { name: texts.welcome });
        await heading.waitFor();
        expect(await isFocused(heading)).toBe(true);
        // Without "Remember me" the cookie ends with the browser.
        expect((await parentCookie(page.context()))?.expires).toBe(-1);
        await page.getByText(portalTexts.view.family('Anika Raman', rose)).waitFor();
        await page.getByRole('heading', { name: texts.eventsHeading }).waitFor();
        for (const link of texts.links)
          expect(
            await page.locator('.portal').getByRole('link', { name: link.label, exact: true }).getAttribute('href'),
          ).toBe(link.path);
        expect(
          await page.locator('main').getByRole('link', { name: texts.contact.phone.display }).getAttribute('href'),
        ).toBe(`tel:${texts.contact.phone.e164}`);
        await expectAccessible(page);
        await shot(page, `${viewport}-view`);

        await page.getByRole('button', { name: texts.logoutLabel }).click();
        const login = page.getByRole('heading', { name: texts.login.heading });
        await login.waitFor();
        expect(await isFocused(login)).toBe(true);
        await page.reload();
        await page.waitForSelector('html[data-hydrated="true"]');
        expect(await page.getByRole('heading', { name: texts.welcome }).count()).toBe(0);
        expect(unexpected(errors)).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );

  it(
    'remember me for 30 days; the calendar feed read back, and the fee structure opened signed in only',
    { timeout: 120_000 },
    async () => {
      const page = await pages.page(viewport);
      const errors = collectPageErrors(page);
      try {
        await openPage(page, `${site.url}/parents-corner`);
        await signIn(page, email, PASSWORD, true);
        await page.getByRole('heading', { name: texts.welcome }).waitFor();
        const expires = (await parentCookie(page.context()))?.expires ?? 0;
        const days = (expires * 1000 - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(PARENT_REMEMBER_DAYS - 0.1);
        expect(days).toBeLessThanOrEqual(PARENT_REMEMBER_DAYS);
        await page.reload();
        await page.getByRole('heading', { name: texts.welcome }).waitFor();

        // The school's events into the phone's calendar: the feed read back by an iCalendar parser.
        await page.getByRole('button', { name: portalTexts.view.calendarLink }).click();
        const address = page.getByLabel(portalTexts.view.calendarAddressLabel);
        await address.waitFor();
        const feedUrl = await address.inputValue();
        expect(await page.getByRole('link', { name: portalTexts.view.calendarLink }).getAttribute('href')).toBe(
          feedUrl.replace(/^https?:/, 'webcal:'),
        );
        const feed = await fetch(`${site.url}${new URL(feedUrl).pathname}${new URL(feedUrl).search}`);
        expect(feed.status).toBe(200);
        const summaries = new ICAL.Component(ICAL.parse(await feed.text()))
          .getAllSubcomponents('vevent')
          .map((component) => new ICAL.Event(component).summary);
        const shown = await page
          .getByRole('region', { name: texts.eventsHeading })
          .locator('.portal-events__title')
          .allTextContents();
        expect(shown.length).toBeGreaterThan(0);
        for (const title of shown) expect(summaries).toContain(title);
        await page.getByRole('button', { name: portalTexts.view.copyLabel }).click();
        await expect
          .poll(() =>
            page
              .getByRole('status')
              .filter({ hasText: /address is (copied|selected)/ })
              .count(),
          )
          .toBe(1);
        await expectAccessible(page);
        await shot(page, `${viewport}-calendar`);
        await page.getByRole('button', { name: portalTexts.view.replaceLabel }).click();
        await page.getByText(portalTexts.view.replaced).waitFor();
        expect(await address.inputValue()).not.toBe(feedUrl);
        expect((await fetch(`${site.url}${new URL(feedUrl).pathname}${new URL(feedUrl).search}`)).status).toBe(404);

        // The fee structure opens signed in, and not for a browser that is not.
        const href = await page.getByRole('link', { name: FEES }).getAttribute('href');
        const fetchIn = (from: Page) =>
          from.evaluate(async (url) => {
            const response = await fetch(url ?? '');
            return { status: response.status, type: response.headers.get('content-type') };
          }, href);
        expect(await fetchIn(page)).toEqual({ status: 200, type: 'application/pdf' });
        const strangerContext = await newContext(browser, viewport);
        const stranger = await strangerContext.newPage();
        await openPage(stranger, `${site.url}/parents-corner`);
        expect((await fetchIn(stranger)).status).toBe(401);
        await strangerContext.close();
        expect(unexpected(errors)).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );

  it('forgot password: the same words for anyone, and a reset mailed to the parent', { timeout: 120_000 }, async () => {
    const page = await pages.page(viewport);
    const errors = collectPageErrors(page);
    try {
      await openPage(page, `${site.url}/parents-corner`);
      await page.getByRole('button', { name: texts.login.forgotPasswordLabel }).click();
      const heading = page.getByRole('heading', { name: portalTexts.forgot.heading });
      await heading.waitFor();
      expect(await isFocused(heading)).toBe(true);
      const before = sink.received.length;
      await page.getByLabel(portalTexts.forgot.emailLabel).fill(`nobody.${viewport}@example.com`);
      await page.getByRole('button', { name: portalTexts.forgot.submitLabel }).click();
      await page.getByRole('status').getByText(parentMessages.forgotAnswer).waitFor();
      await page.getByLabel(portalTexts.forgot.emailLabel).fill(email);
      await page.getByRole('button', { name: portalTexts.forgot.submitLabel }).click();
      await page.getByRole('status').getByText(parentMessages.forgotAnswer).waitFor();
      const mails = (await sink.waitFor(before + 1)).slice(before);
      expect(mails.map((mail) => mail.to)).toEqual([[email]]);
      await expectAccessible(page);
      await page.getByRole('button', { name: portalTexts.forgot.backLabel }).click();
      expect(await isFocused(page.getByRole('heading', { name: texts.login.heading }))).toBe(true);
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it(
    "a class notice is seen by that class's parent and not another's; opening it marks it read; a removed family is refused",
    { timeout: 180_000 },
    async () => {
      const otherEmail = `lotus.${viewport}@example.com`;
      const otherLink = await invite(otherEmail, `Lotus ${viewport}`);
      const title = `Rose picnic (${viewport})`;
      expect(
        (
          await staff.mutate('parents.publishNotice', {
            title,
            body: 'We go to **Guindy park** on Friday.',
            audience: 'class',
            audienceValue: rose,
          })
        ).status,
      ).toBe(200);

      const page = await pages.page(viewport);
      const otherContext = await newContext(browser, viewport);
      const other = await otherContext.newPage();
      const errors = [...collectPageErrors(page)];
      try {
        await openPage(page, `${site.url}/parents-corner`);
        await signIn(page, email, PASSWORD);
        await page.getByRole('heading', { name: texts.welcome }).waitFor();
        await shot(page, `${viewport}-notices`);
        const notices = page.getByRole('region', { name: texts.noticesHeading });
        const notice = notices.getByRole('button', { name: new RegExp(title.replace(/[()]/g, '\\$&')) });
        await notice.waitFor();
        expect(await notice.textContent()).toContain(portalTexts.view.unread);
        expect(await notice.getAttribute('aria-expanded')).toBe('false');
        await notice.click();
        expect(await notice.getAttribute('aria-expanded')).toBe('true');
        await notices.getByText('Guindy park').waitFor();
        expect(await notice.textContent()).not.toContain(portalTexts.view.unread);
        await expectAccessible(page);
        await page.reload();
        await notice.waitFor();
        expect(await notice.textContent()).not.toContain(portalTexts.view.unread);

        // Your account: the devices logged in, in plain words, this one marked.
        await page.getByRole('button', { name: portalTexts.view.accountLink }).click();
        const account = page.getByRole('heading', { name: portalTexts.account.heading, exact: true });
        await account.waitFor();
        expect(await isFocused(account)).toBe(true);
        await page.getByText(portalTexts.account.thisDevice).waitFor();
        expect(await page.locator('.portal-devices__browser').first().textContent()).toMatch(/^Chrome on /);
        // Notice emails: weekly chosen, announced, and kept after a reload.
        const weekly = page.getByRole('radio', { name: noticeMailLabels.weekly });
        const atOnce = page.getByRole('radio', { name: noticeMailLabels['at-once'] });
        expect(await atOnce.isChecked()).toBe(true);
        await weekly.check();
        await page.getByRole('button', { name: portalTexts.account.noticeMailSave, exact: true }).click();
        await page.getByRole('status').getByText(parentMessages.noticeMailSaved.weekly).waitFor();
        await expectAccessible(page);
        await shot(page, `${viewport}-account`);
        await page.reload();
        await page.getByRole('button', { name: portalTexts.view.accountLink }).click();
        await account.waitFor();
        expect(await weekly.isChecked()).toBe(true);
        await page.getByRole('button', { name: portalTexts.account.backLabel }).click();
        expect(await isFocused(page.getByRole('heading', { name: texts.welcome }))).toBe(true);

        // The other class's parent.
        await openPage(other, otherLink);
        await other.getByLabel(portalTexts.link.passwordLabel).fill(PASSWORD);
        await other.getByRole('button', { name: portalTexts.link.submitLabel }).click();
        await other.getByText(parentMessages.passwordChosen).waitFor();
        await signIn(other, otherEmail, PASSWORD);
        await other.getByRole('heading', { name: texts.noticesHeading }).waitFor();
        await other.getByRole('button', { name: /Summer Vacation Schedule/ }).waitFor();
        expect(await other.getByText(title).count()).toBe(0);

        // The office removes that family: its next request finds the form again.
        const families = await staff.query<{ familyId: number; guardians: { email: string }[] }[]>('parents.families');
        const family = families.find((row) => row.guardians.some((guardian) => guardian.email === otherEmail));
        expect((await staff.mutate('parents.removeFamily', { familyId: family?.familyId })).status).toBe(200);
        // (Its address still ends with the used link: it is opened plain.)
        await openPage(other, `${site.url}/parents-corner`);
        await other.getByRole('heading', { name: texts.login.heading }).waitFor();
        // Give the page's question time to come back: the view must not appear.
        await other.waitForLoadState('networkidle');
        expect(await other.getByRole('heading', { name: texts.welcome }).count()).toBe(0);
        await signIn(other, otherEmail, PASSWORD);
        await other.locator('.portal-login__error').getByText(parentMessages.invalidSignIn).waitFor();

        // And nobody's notice is in the page a visitor is sent.
        const html = await (await fetch(`${site.url}/parents-corner`)).text();
        expect(html).not.toContain(title);
        expect(html).not.toContain('Summer Vacation Schedule');
        expect(unexpected(errors)).toEqual([]);
      } finally {
        await page.close();
        await otherContext.close();
      }
    },
  );

  it(
    'a login being guessed at: the right password asks for the code emailed to the parent, and the code signs in',
    { timeout: 180_000 },
    async () => {
      const guessed = `meena.${viewport}@example.com`;
      const page = await pages.page(viewport);
      const errors = collectPageErrors(page);
      try {
        await openPage(page, await invite(guessed, rose));
        await page.getByLabel(portalTexts.link.passwordLabel).fill(PASSWORD);
        await page.getByRole('button', { name: portalTexts.link.submitLabel }).click();
        await page.getByText(parentMessages.passwordChosen).waitFor();
        // Ten wrong passwords at her login, each from an address of its own.
        for (let guess = 1; guess <= 10; guess++) {
          const answer = await postJson(
            `${site.url}/api/trpc/parents.signIn`,
            { json: { email: guessed, password: `guess ${guess}`, rememberMe: false } },
            { 'x-forwarded-for': `198.51.100.${guess}` },
          );
          expect(answer.status).toBe(401);
        }
        const before = sink.received.length;
        await signIn(page, guessed, PASSWORD);
        const alert = page.locator('.portal-login__error');
        await alert.getByText(parentMessages.codeSent).waitFor();
        const codeField = page.getByLabel(portalTexts.codeLabel);
        await expect.poll(() => isFocused(codeField)).toBe(true);
        await expectAccessible(page);
        await shot(page, `${viewport}-login-code`);
        const mail = (await sink.waitFor(before + 1)).slice(before).find((each) => each.to.includes(guessed));
        const code = /\b(\d{4} \d{4})\b/.exec(mail?.body ?? '')?.[1];
        expect(code).toBeDefined();
        await codeField.fill(code ?? '');
        await page.getByRole('button', { name: texts.login.submitLabel }).click();
        await page.getByRole('heading', { name: texts.welcome }).waitFor();
        expect(unexpected(errors)).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});
