import { parse } from 'csv-parse/sync';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageInWholeYears } from '#shared/enquiries/birthDate.ts';
import { csvFileName, csvHeader, type EnquiryKind } from '#shared/dashboard/index.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import type { TestServer } from '#test/support/testServer.ts';
import { accessibilityViolations, describeViolations } from './support/accessibility';
import { collectPageErrors, downloadedBytes, launchBrowser, newContext } from './support/browser';
import { startSite } from './support/site';
import { insertGivenUpMorningList, insertGivenUpParentMail } from './support/undeliveredMail';

const PASSWORD = 'office-password-for-tests-only';

const arun = {
  name: 'அருண் குமார்',
  message: 'Hello, we would like to visit the "Primary" classroom.\nIs Saturday morning possible?',
};
const meena = {
  childName: 'மீனா',
  birthDate: '2021-06-15',
  parentName: 'Lakshmi Narayanan',
  message: 'We live in Thoraipakkam, near the "OMR" junction.\nIs there a school bus, please?',
};

let site: TestServer;
let browser: Browser;

/** Enquiries as the forms would have stored them, newest first on screen: Arun, Priya, Karthik; Meena, Aadhya. */
/** A column's index in an exported file, by its header (records[0]). */
function columnsOf(records: string[][]): (header: string) => number {
  return (header) => {
    const index = records[0]?.indexOf(header) ?? -1;
    if (index < 0) throw new Error(`No column ${header} in ${records[0]?.join(', ')}`);
    return index;
  };
}

async function seedEnquiries() {
  const db = site.services.storage.db;
  const common = { ip: '127.0.0.1', user_agent: 'seed' };
  await db
    .insertInto('contact_enquiries')
    .values([
      {
        ...common,
        created_at: '2026-11-18T09:15:00.000Z',
        name: 'Karthik S',
        email: 'karthik@example.com',
        country_code: '+91',
        phone: '9000011111',
        type: 'feedback',
        message: '=HYPERLINK("http://example.com") thank you for the sports day',
        idempotency_key: 'seed-c1',
      },
      {
        ...common,
        created_at: '2026-11-19T10:00:00.000Z',
        name: 'Priya Raman',
        email: 'priya@example.com',
        country_code: '+44',
        phone: '7700900123',
        type: 'employment',
        message: 'I am a trained Montessori guide looking for a role.',
        idempotency_key: 'seed-c2',
      },
      {
        ...common,
        created_at: '2026-11-20T04:30:00.000Z',
        name: arun.name,
        email: 'arun@example.in',
        country_code: '+91',
        phone: '9840012345',
        type: 'general',
        message: arun.message,
        idempotency_key: 'seed-c3',
      },
    ])
    .execute();
  await db
    .insertInto('admission_enquiries')
    .values([
      {
        ...common,
        created_at: '2026-11-17T12:00:00.000Z',
        student_name: 'Aadhya',
        birth_date: '2024-01-10',
        parent_name: 'Vikram Iyer',
        email: 'vikram@example.com',
        country_code: '+91',
        phone: '9123456780',
        program_of_interest: 'toddler',
        message: '',
        idempotency_key: 'seed-a1',
      },
      {
        ...common,
        created_at: '2026-11-20T06:00:00.000Z',
        student_name: meena.childName,
        birth_date: meena.birthDate,
        parent_name: meena.parentName,
        email: 'lakshmi@example.in',
        country_code: '+91',
        phone: '9876543210',
        program_of_interest: 'primary',
        message: meena.message,
        idempotency_key: 'seed-a2',
      },
    ])
    .execute();
}

beforeAll(async () => {
  site = await startSite({ ADMIN_PASSWORD: PASSWORD });
  await seedEnquiries();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Chromium reports every refused request (the wrong password's 401) as a console error; those are expected here. */
function unexpectedErrors(errors: string[]): string[] {
  return errors.filter((error) => !/Failed to load resource: the server responded with a status of 40[13]/.test(error));
}

/** The dashboard, at `section`'s address: /admin alone opens on the busiest section, which the tests below are not about. */
async function openAdmin(context: BrowserContext, section = ''): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${site.url}/admin${section}`);
  return { page, errors };
}

async function logIn(page: Page, password = PASSWORD) {
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator('.toast').filter({ has: page.locator('.toast__title', { hasText: title }) });
  await toast.waitFor();
  if (description) expect(await toast.locator('.toast__description').textContent()).toBe(description);
  await toast.getByRole('button', { name: 'Close notification' }).click();
}

/** A link of the dashboard's menu, where the tabs were. */
const menuLink = (page: Page, name: RegExp | string) =>
  page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name });
const sectionHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

const statusOf = (page: Page, name: string) => page.getByRole('combobox', { name: `Status of ${name}` });

async function expectNoViolations(page: Page) {
  const violations = await accessibilityViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

async function exportCsv(page: Page): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to CSV' }).click(),
  ]);
  await expectToast(page, 'Export successful');
  return download;
}

async function readCsv(download: Download, kind: EnquiryKind): Promise<{ raw: string; records: string[][] }> {
  expect(download.suggestedFilename()).toBe(csvFileName(kind));
  const bytes = await downloadedBytes(download);
  expect([...bytes.subarray(0, 3)], 'UTF-8 byte-order mark').toEqual([0xef, 0xbb, 0xbf]);
  const raw = bytes.toString('utf8');
  const records = parse(raw, { bom: true, relaxColumnCount: false }) as string[][];
  expect(records[0]).toEqual(csvHeader(kind));
  return { raw, records };
}

describe('staff dashboard on a laptop (1366x768)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await newContext(browser, 'desktop');
    ({ page, errors } = await openAdmin(context));
  });
  afterAll(() => context.close());

  it('shows an accessible login screen: an optional email (each person signs in with their own) and the password', async () => {
    await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
    expect(await page.locator('main input').count()).toBe(2);
    expect(await page.getByLabel('Email (optional)').getAttribute('autocomplete')).toBe('username');
    expect(await page.getByLabel('Password').getAttribute('type')).toBe('password');
    await expectNoViolations(page);
  });

  it('refuses a wrong password with the server message in a destructive toast, then accepts the right one', async () => {
    await logIn(page, 'not the password');
    await expectToast(page, 'Error', 'Invalid password');
    expect(await page.locator('.toast--destructive').count()).toBe(0);
    await logIn(page);
    await sectionHeading(page, 'Contact Form').waitFor();
    expect(await menuLink(page, /Contact Form/).getAttribute('aria-current')).toBe('page');
  });

  it('lists contact submissions newest first, with unread rows marked New and counts in the menu', async () => {
    const rows = page.locator('tbody tr.enquiry-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).locator('th').textContent()).toContain(arun.name);
    expect(await rows.nth(2).locator('th').textContent()).toContain('Karthik S');
    expect(await rows.nth(0).getByText('New', { exact: true }).count()).toBe(1);
    // The menu's counts come by their own request, which may answer after the list's: wait for them before reading the links.
    await menuLink(page, /Contact Form/)
      .locator('.admin-count')
      .first()
      .waitFor();
    expect(await menuLink(page, /Contact Form/).textContent()).toMatch(/3 total.*3 new/);
    expect(await menuLink(page, /Admission Form/).textContent()).toMatch(/2 total.*2 new/);
    expect(await rows.nth(0).locator('time').textContent()).toBe('Nov 20, 2026 10:00 AM');
    expect(await rows.nth(0).getByRole('link', { name: '+91 9840012345' }).getAttribute('href')).toBe(
      'tel:+919840012345',
    );
    expect(
      await rows
        .nth(0)
        .getByRole('link', { name: /WhatsApp/ })
        .getAttribute('href'),
    ).toBe('https://wa.me/919840012345');
    expect(await statusOf(page, arun.name).inputValue()).toBe('pending');
  });

  it('changes a status with the dropdown, marks a row responded and edits remarks, each stored on the server', async () => {
    await statusOf(page, arun.name).selectOption('responded');
    await expectToast(page, 'Contact submission updated successfully');
    expect(await statusOf(page, arun.name).inputValue()).toBe('responded');

    await page.getByRole('button', { name: 'Mark as Responded: Priya Raman' }).click();
    await expectToast(page, 'Contact submission updated successfully');
    expect(await statusOf(page, 'Priya Raman').inputValue()).toBe('responded');
    expect(
      await page.getByRole('button', { name: 'Mark as Responded: Priya Raman' }).getAttribute('aria-disabled'),
    ).toBe('true');
    expect(
      await page.locator('tr.enquiry-row', { hasText: 'Priya Raman' }).getByText('New', { exact: true }).count(),
    ).toBe(0);

    await page.getByRole('button', { name: 'Add remarks for Karthik S' }).click();
    await page.getByLabel('Remarks for Karthik S').fill('Called back, thanked him');
    await page.getByLabel('Remarks for Karthik S').press('Enter');
    await expectToast(page, 'Contact submission updated successfully');
    await page.locator('tr.enquiry-row', { hasText: 'Karthik S' }).getByText('Called back, thanked him').waitFor();
  });

  it('opens a row to show the whole message and its history, marking it read', async () => {
    const karthik = page.locator('tr.enquiry-row', { hasText: 'Karthik S' });
    expect(await karthik.getByText('New', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: /^Karthik S/ }).click();
    const details = page.locator('tr.enquiry-details:not([hidden])');
    await details.getByRole('heading', { name: 'History' }).waitFor();
    await details.getByText('Remarks added: “Called back, thanked him”').waitFor();
    await karthik.getByText('New', { exact: true }).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: /^Karthik S/ }).getAttribute('aria-expanded')).toBe('true');
    await expectNoViolations(page);
    await page.getByRole('button', { name: /^Karthik S/ }).click();

    await page.getByRole('button', { name: new RegExp(`^${arun.name}`) }).click();
    const arunDetails = page.locator('tr.enquiry-details:not([hidden])');
    await arunDetails.getByText('Status changed from Yet to respond to Responded').waitFor();
    // The history names who made the change: the first Owner, signed in with the password alone.
    expect(await arunDetails.locator('.history__entry', { hasText: 'Status changed' }).textContent()).toContain(
      'by Owner',
    );
    expect(await arunDetails.locator('.row-details__text').textContent()).toBe(arun.message);
  });

  it('moves to the admission enquiries from the menu with the keyboard, and works on them', async () => {
    await menuLink(page, /Admission Form/).focus();
    await page.keyboard.press('Enter');
    const admissionLink = menuLink(page, /Admission Form/);
    await page.waitForURL(/\/admin\/enquiries\/admission$/);
    expect(await admissionLink.getAttribute('aria-current')).toBe('page');
    await page.waitForFunction(
      () => document.activeElement?.textContent === 'Admission Form' && document.activeElement.tagName === 'H2',
    );

    const meenaRow = page.locator('tr.enquiry-row', { hasText: meena.childName });
    await meenaRow.waitFor();
    const age = ageInWholeYears(meena.birthDate) ?? 0;
    expect(await meenaRow.locator('.row-person').textContent()).toContain(`${age} years`);
    expect(await meenaRow.locator('.row-person').textContent()).toContain(`Parent: ${meena.parentName}`);

    await page.getByRole('button', { name: `Add remarks for ${meena.childName}` }).click();
    await page.getByLabel(`Remarks for ${meena.childName}`).fill('Visit booked, Saturday 10 am');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Admission enquiry updated successfully');
    await meenaRow.getByText('Visit booked, Saturday 10 am').waitFor();

    await page.getByRole('button', { name: `Edit remarks for ${meena.childName}` }).click();
    await page.getByLabel(`Remarks for ${meena.childName}`).fill('this edit is abandoned');
    await page.getByLabel(`Remarks for ${meena.childName}`).press('Escape');
    expect(await meenaRow.locator('.remarks__text').textContent()).toBe('Visit booked, Saturday 10 am');
    expect(
      await page
        .getByRole('button', { name: `Edit remarks for ${meena.childName}` })
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);

    await page.getByRole('button', { name: 'Mark as Responded: Aadhya' }).click();
    await expectToast(page, 'Admission enquiry updated successfully');
    expect(await statusOf(page, 'Aadhya').inputValue()).toBe('responded');
  });

  it('keeps every change after a reload', async () => {
    await menuLink(page, /Contact Form/).click();
    await page.reload();
    await sectionHeading(page, 'Contact Form').waitFor();
    await statusOf(page, arun.name).waitFor();
    expect(await statusOf(page, arun.name).inputValue()).toBe('responded');
    expect(await statusOf(page, 'Priya Raman').inputValue()).toBe('responded');
    expect(await page.locator('tr.enquiry-row', { hasText: 'Karthik S' }).locator('.remarks__text').textContent()).toBe(
      'Called back, thanked him',
    );
    await menuLink(page, /Admission Form/).click();
    await statusOf(page, 'Aadhya').waitFor();
    expect(await statusOf(page, 'Aadhya').inputValue()).toBe('responded');
    expect(
      await page.locator('tr.enquiry-row', { hasText: meena.childName }).locator('.remarks__text').textContent(),
    ).toBe('Visit booked, Saturday 10 am');
  });

  it('shows the same changes in another browser', async () => {
    const other = await newContext(browser, 'desktop');
    try {
      const { page: otherPage } = await openAdmin(other, '/enquiries/contact');
      await logIn(otherPage);
      await statusOf(otherPage, arun.name).waitFor();
      expect(await statusOf(otherPage, arun.name).inputValue()).toBe('responded');
      expect(
        await otherPage.locator('tr.enquiry-row', { hasText: 'Karthik S' }).locator('.remarks__text').textContent(),
      ).toBe('Called back, thanked him');
      await menuLink(otherPage, /Admission Form/).click();
      await statusOf(otherPage, 'Aadhya').waitFor();
      expect(await statusOf(otherPage, 'Aadhya').inputValue()).toBe('responded');
    } finally {
      await other.close();
    }
  });

  it('exports the admission enquiries as a CSV file with a BOM, the spec columns and RFC 4180 quoting', async () => {
    const { raw, records } = await readCsv(await exportCsv(page), 'admission');
    expect(records).toHaveLength(3);
    const column = columnsOf(records);
    const meenaRecord = records.find((record) => record[column('Child Name')] === meena.childName);
    expect(meenaRecord).toBeDefined();
    expect(meenaRecord?.[column('Child Age')]).toBe(String(ageInWholeYears(meena.birthDate)));
    expect(meenaRecord?.[column('Parent Name')]).toBe(meena.parentName);
    expect(meenaRecord?.[column('Message')]).toBe(meena.message);
    expect(meenaRecord?.[column('Remarks')]).toBe('Visit booked, Saturday 10 am');
    expect(raw).toContain('"We live in Thoraipakkam, near the ""OMR"" junction.\nIs there a school bus, please?"');
    expect(records.find((record) => record[column('Child Name')] === 'Aadhya')?.[column('Status')]).toBe('Responded');
  });

  it('exports the contact submissions, following the active search', async () => {
    await menuLink(page, /Contact Form/).click();
    const { raw, records } = await readCsv(await exportCsv(page), 'contact');
    expect(records).toHaveLength(4);
    const column = columnsOf(records);
    const arunRecord = records.find((record) => record[column('Name')] === arun.name);
    expect(arunRecord?.[column('Message')]).toBe(arun.message);
    expect(arunRecord?.[column('Status')]).toBe('Responded');
    expect(arunRecord?.[column('Date')]).toBe('2026-11-20 10:00:00');
    expect(raw).toContain('"Hello, we would like to visit the ""Primary"" classroom.\nIs Saturday morning possible?"');
    const karthikRecord = records.find((record) => record[column('Name')] === 'Karthik S');
    expect(karthikRecord?.[column('Message')]?.startsWith("'=HYPERLINK")).toBe(true);
    expect(karthikRecord?.[column('Remarks')]).toBe('Called back, thanked him');

    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('Priya');
    await page.getByText('Showing 1–1 of 1').waitFor();
    const filtered = await readCsv(await exportCsv(page), 'contact');
    expect(filtered.records.map((record) => record[column('Name')])).toEqual(['Name', 'Priya Raman']);

    await search.fill('nobody by this name');
    await page.getByText('No contact submissions match these filters.').waitFor();
    await page.getByRole('button', { name: 'Export to CSV' }).click();
    await expectToast(page, 'No data to export', 'There are no contact submissions to export');
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.getByText('Showing 1–3 of 3').waitFor();
  });

  it('filters by status, date and program', async () => {
    const panel = page.locator('.admin-section');
    await panel.getByLabel('Status', { exact: true }).selectOption('responded');
    await panel.getByText('Showing 1–2 of 2').waitFor();
    await panel.getByLabel('Status', { exact: true }).selectOption('');
    await panel.getByLabel('Received from').fill('2026-11-20');
    await panel.getByLabel('Received to').fill('2026-11-20');
    await panel.getByText('Showing 1–1 of 1').waitFor();
    expect(await panel.locator('tr.enquiry-row').first().textContent()).toContain(arun.name);
    await panel.getByRole('button', { name: 'Clear filters' }).first().click();
    await panel.getByText('Showing 1–3 of 3').waitFor();

    await menuLink(page, /Admission Form/).click();
    await panel.getByLabel('Program').selectOption('toddler');
    await panel.getByText('Showing 1–1 of 1').waitFor();
    expect(await panel.locator('tr.enquiry-row').first().textContent()).toContain('Aadhya');
    await panel.getByRole('button', { name: 'Clear filters' }).first().click();
    await panel.getByText('Showing 1–2 of 2').waitFor();
    await menuLink(page, /Contact Form/).click();
  });

  it('logs out, clearing the password field, and stays logged out after a reload', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    expect((await page.request.get(`${site.url}/api/admin/submissions`)).status()).toBe(401);
    await page.reload();
    await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Dashboard' }).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('staff dashboard after 30 idle minutes', () => {
  it('closes itself and asks for the password again', async () => {
    const context = await newContext(browser, 'desktop');
    const realClock = site.services.now;
    try {
      await context.clock.install();
      const { page, errors } = await openAdmin(context, '/enquiries/contact');
      await logIn(page);
      await statusOf(page, arun.name).waitFor();

      // Half an hour passes for the server and the browser alike, with nobody touching the dashboard.
      site.services.now = () => new Date(realClock().getTime() + 31 * 60 * 1000);
      await page.clock.fastForward('31:00');
      await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
      await expectToast(page, 'Session ended', 'Your session has ended. Please log in again.');
      await page.reload();
      await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
      expect(unexpectedErrors(errors)).toEqual([]);
    } finally {
      site.services.now = realClock;
      await context.close();
    }
  });
});

describe('staff dashboard on a phone (390x844)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await newContext(browser, 'phone');
    ({ page, errors } = await openAdmin(context, '/enquiries/contact'));
  });
  afterAll(() => context.close());

  it('logs in and shows each enquiry as a card that fits the screen', async () => {
    await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
    await expectNoViolations(page);
    await logIn(page);
    const cards = page.locator('.enquiry-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(3);
    expect(await page.locator('table').count()).toBe(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const arunCard = cards.filter({ hasText: arun.name });
    expect(await arunCard.getByRole('link', { name: /^Call/ }).getAttribute('href')).toBe('tel:+919840012345');
    expect(await arunCard.getByRole('link', { name: /^Email/ }).getAttribute('href')).toBe('mailto:arun@example.in');
    expect(await arunCard.getByRole('link', { name: /^WhatsApp/ }).getAttribute('href')).toBe(
      'https://wa.me/919840012345',
    );
  });

  it('changes a status from a card and shows the details and history', async () => {
    await statusOf(page, 'Priya Raman').selectOption('pending');
    await expectToast(page, 'Contact submission updated successfully');
    expect(await statusOf(page, 'Priya Raman').inputValue()).toBe('pending');
    await page.getByRole('button', { name: /^Priya Raman/ }).click();
    const card = page.locator('.enquiry-card', { hasText: 'Priya Raman' });
    await card.getByText('Status changed from Responded to Yet to respond').waitFor();
    await expectNoViolations(page);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('staff dashboard of a school with no enquiries yet', () => {
  let fresh: TestServer;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    fresh = await startSite({ ADMIN_PASSWORD: PASSWORD });
    context = await newContext(browser, 'desktop');
    page = await context.newPage();
    await page.goto(`${fresh.url}/admin`);
  });
  afterAll(async () => {
    await context.close();
    await fresh.close();
  });

  it('says there is nothing yet, and that there is nothing to export', async () => {
    await logIn(page);
    await page.getByText('No contact form submissions yet').waitFor();
    await page.getByRole('button', { name: 'Export to CSV' }).click();
    await expectToast(page, 'No data to export', 'There are no contact submissions to export');
    await menuLink(page, /Admission Form/).click();
    await page.getByText('No admission form submissions yet').waitFor();
    await page.getByRole('button', { name: 'Export to CSV' }).click();
    await expectToast(page, 'No data to export', 'There are no admission submissions to export');
    await menuLink(page, /Contact Form/).click();
  });

  it('says when the submissions cannot be loaded, and Try Again reloads the page', async () => {
    await page.route('**/api/trpc/dashboard.list**', (route) =>
      route.fulfill({ status: 500, contentType: 'text/html', body: '<p>Server error</p>' }),
    );
    await page.reload();
    await page.getByText('Failed to load submissions from database. Please try again.').waitFor();
    await page.unroute('**/api/trpc/dashboard.list**');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByText('No contact form submissions yet').waitFor();
  });

  it('returns to the login when the server no longer knows the session', async () => {
    await context.clearCookies();
    await menuLink(page, /Admission Form/).click();
    await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
    await expectToast(page, 'Session ended', 'Your session has ended. Please log in again.');
  });

  it('pages through many enquiries, newest first', async () => {
    const rows = Array.from({ length: 60 }, (_, index) => ({
      created_at: new Date(Date.UTC(2026, 9, 1) + index * 3_600_000).toISOString(),
      name: `Parent ${String(index + 1).padStart(2, '0')}`,
      email: `parent${index + 1}@example.com`,
      country_code: '+91',
      phone: String(9_000_000_000 + index),
      type: 'general',
      message: 'Please tell us about the Primary program.',
      idempotency_key: `page-${index}`,
      ip: null,
      user_agent: null,
    }));
    await fresh.services.storage.db.insertInto('contact_enquiries').values(rows).execute();
    await page.goto(`${fresh.url}/admin/enquiries/contact`);
    await logIn(page);
    await page.getByText('Showing 1–25 of 60').waitFor();
    expect(await page.locator('tr.enquiry-row').first().textContent()).toContain('Parent 60');
    const pages = page.getByRole('navigation', { name: 'Pages of contact submissions' });
    await pages.getByRole('button', { name: 'Page 3' }).click();
    await page.getByText('Showing 51–60 of 60').waitFor();
    expect(await page.locator('tr.enquiry-row').last().textContent()).toContain('Parent 01');
    expect(await pages.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    expect(await pages.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await pages.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Showing 26–50 of 60').waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
  });

  it('logs in by itself when the server was too busy to check the password the first time', async () => {
    // A real busy answer: wrong logins occupy the password check, and the next login is refused.
    const guesses = [1, 2].map((guess) =>
      fresh.services.staffAuth.login({
        password: `flood ${guess}`,
        clientIp: '192.0.2.1',
        userAgent: undefined,
        now: new Date(),
      }),
    );
    const refused = await fetch(`${fresh.url}/api/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { password: PASSWORD } }),
    });
    const busy = {
      status: refused.status,
      headers: { 'retry-after': refused.headers.get('retry-after') ?? '' },
      contentType: 'application/json',
      body: await refused.text(),
    };
    await Promise.all(guesses);
    expect(busy.status).toBe(503);
    // The dashboard's first login gets that answer; it tries again by itself and gets in.
    let busyAnswers = 0;
    await page.route('**/api/trpc/auth.login**', (route) =>
      busyAnswers++ === 0 ? route.fulfill(busy) : route.continue(),
    );
    await logIn(page);
    await page.getByRole('heading', { name: 'Staff Dashboard' }).waitFor();
    await page.unroute('**/api/trpc/auth.login**');
    expect(busyAnswers).toBe(2);
    expect(await page.locator('.toast').count()).toBe(0);
  });

  it('lists the emails the mail server refused for good, and Try again queues one again; a morning list of follow-ups, or a visit email whose visit has passed, shows, not to be sent again', async () => {
    await insertGivenUpMorningList(fresh.services.storage.db, { to: 'office@exmaple.com', due: 3 });
    await insertGivenUpParentMail(fresh.services.storage.db, {
      enquiryKind: 'admission',
      enquiryId: 7,
      to: 'parent7@exmaple.com',
      subject: 'Your school visit: Fri 20 Nov, 10:00 AM - Aranya',
      failedAt: '2026-11-19T05:30:00.000Z',
      visitStartsAt: '2026-11-20T04:30:00.000Z',
    });
    await insertGivenUpParentMail(fresh.services.storage.db, {
      enquiryKind: 'contact',
      enquiryId: 1,
      to: 'parent1@exmaple.com',
      subject: 'We have received your message',
      failedAt: '2026-11-21T05:30:00.000Z',
    });
    await page.reload();
    const notice = page.getByRole('region', { name: 'Emails that could not be delivered' });
    await notice.waitFor();
    // It sits inside the section headed "Contact Form" (level 2), so its own heading is one level below.
    expect(await notice.getByRole('heading', { level: 3, name: 'Emails that could not be delivered' }).count()).toBe(1);
    const text = await notice.textContent();
    expect(text).toContain('Acknowledgement to the parent for contact message #1, to parent1@exmaple.com');
    expect(text).toContain('Refused after 5 attempts, last on Nov 21, 2026 11:00 AM');
    expect(text).toContain("Can't send mail - all recipients were rejected: 550 5.1.1");
    // The office's morning list, by its day at the school; the next morning's list repeats what is still due.
    expect(text).toContain('Morning list of follow-ups for Fri 27 Nov, to office@exmaple.com');
    expect(text).toContain(
      'It is not sent again, as the list of another day would be out of date: today’s follow-ups are in Due today',
    );
    expect(await notice.getByRole('link', { name: 'Due today' }).getAttribute('href')).toBe('/admin/follow-ups');
    // The confirmation of a visit that has taken place would confuse the family now: no Try again, and why.
    expect(text).toContain(
      'Visit email to the parent for admission enquiry #7 (“Your school visit: Fri 20 Nov, 10:00 AM - Aranya”), to parent7@exmaple.com',
    );
    expect(text).toContain(
      'It is not sent again, as its visit (Fri 20 Nov, 10:00 AM) has begun or passed: sent now, it would confuse the family.',
    );
    await expectNoViolations(page);
    expect(await notice.getByRole('button').count()).toBe(1);
    await notice.getByRole('button', { name: 'Try again' }).click();
    await expectToast(page, 'The email will be sent again.');
    await notice.getByRole('button').waitFor({ state: 'detached' });
    const row = await fresh.services.storage.db
      .selectFrom('outbox')
      .select(['failed_at', 'rejections'])
      .where('enquiry_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_at: null, rejections: 0 });
    await fresh.services.storage.db
      .deleteFrom('outbox')
      .where((eb) => eb.or([eb('recipient_role', '=', 'follow-ups'), eb('topic', '=', 'visit')]))
      .execute();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
  });

  it('answers the sixth wrong password within 15 minutes with the retry time', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      await logIn(page, `guess number ${attempt}`);
      await expectToast(page, 'Error', 'Invalid password');
    }
    await logIn(page, 'guess number 6');
    const toast = page.locator('.toast--destructive');
    await toast.waitFor();
    expect(await toast.locator('.toast__title').textContent()).toBe('Too many attempts');
    expect(await toast.locator('.toast__description').textContent()).toMatch(/Please try again in \d+ minutes?\./);
  });
});

describe('the Spam folder', () => {
  const OFFICE = 'office@aranya.test';
  let spamSite: TestServer;
  let sink: SmtpSink;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    sink = await startSmtpSink();
    spamSite = await startSite({ ADMIN_PASSWORD: PASSWORD, SMTP_URL: sink.url, NOTIFY_EMAIL: OFFICE });
    const common = { ip: '203.0.113.9', user_agent: 'seed', country_code: '+91' };
    await spamSite.services.storage.db
      .insertInto('contact_enquiries')
      .values([
        {
          ...common,
          created_at: '2026-11-19T08:00:00.000Z',
          name: 'Anitha R',
          email: 'anitha@example.com',
          phone: '9840011111',
          type: 'general',
          message: 'When are the open days?',
          idempotency_key: 'spam-c1',
        },
        {
          ...common,
          created_at: '2026-11-20T03:00:00.000Z',
          name: 'Cheap Pills',
          email: 'victim@example.net',
          phone: '9000000000',
          type: 'general',
          message: 'Buy now at http://pills.example',
          idempotency_key: 'spam-c2',
          spam_reasons: JSON.stringify(['honeypot', 'too-fast']),
        },
      ])
      .execute();
    await spamSite.services.storage.db
      .insertInto('admission_enquiries')
      .values({
        ...common,
        created_at: '2026-11-20T05:00:00.000Z',
        student_name: 'Kavya',
        birth_date: '2022-03-03',
        parent_name: 'Deepa Krishnan',
        email: 'deepa@example.in',
        phone: '9876500000',
        program_of_interest: 'primary',
        message: 'We filled this in over two evenings.',
        idempotency_key: 'spam-a1',
        spam_reasons: JSON.stringify(['stale-form-token']),
      })
      .execute();
    context = await newContext(browser, 'desktop');
    page = await context.newPage();
    errors = collectPageErrors(page);
    await page.goto(`${spamSite.url}/admin`);
  });
  afterAll(async () => {
    await context?.close();
    await spamSite?.close();
    await sink?.close();
  });

  it('keeps spam out of the enquiry sections and shows it in a Spam section with its count and the reasons', async () => {
    await logIn(page);
    await page.locator('tbody tr.enquiry-row').first().waitFor();
    expect(await page.locator('tbody tr.enquiry-row').count()).toBe(1);
    // The menu's counts come by their own request, which may answer after the list's.
    await menuLink(page, /Contact Form/)
      .locator('.admin-count')
      .first()
      .waitFor();
    expect(await menuLink(page, /Contact Form/).textContent()).toMatch(/1 total.*1 new/);
    expect(await menuLink(page, /Admission Form/).textContent()).toMatch(/0 total/);
    const spamLink = menuLink(page, /Spam/);
    expect(await spamLink.textContent()).toMatch(/^Spam2 total$/);

    // The keyboard reaches it like the others: from the Admission Form's link, Tab then Enter.
    await menuLink(page, /Admission Form/).focus();
    await page.keyboard.press('Tab');
    expect(await spamLink.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/spam$/);
    expect(await spamLink.getAttribute('aria-current')).toBe('page');

    const entries = page
      .getByRole('list', { name: 'Spam' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading') });
    await entries.first().waitFor();
    expect(await entries.count()).toBe(2);
    expect(await entries.nth(0).getByRole('heading').textContent()).toBe('Kavya');
    expect(await entries.nth(0).textContent()).toContain('The form had been open for more than a day');
    expect(await entries.nth(1).textContent()).toContain('Filled in the hidden field that only programs see');
    expect(await entries.nth(1).textContent()).toContain('Buy now at http://pills.example');
    expect(await page.getByText('2 enquiries in the Spam folder').count()).toBe(1);
    await expectNoViolations(page);
  });

  it('moves an enquiry out with Not spam, into its section, and sends its emails then', async () => {
    expect(sink.received).toEqual([]);
    await page.getByRole('button', { name: 'Not spam: Kavya' }).click();
    await page.getByText('1 enquiry in the Spam folder').waitFor();
    expect(await page.getByRole('button', { name: 'Not spam: Kavya' }).count()).toBe(0);
    // The moved card's button is gone; focus goes to the next card's.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Not spam: Cheap Pills');
    await expectToast(page, 'Moved to Admission Form', 'The emails to the office and to the sender are on their way.');
    expect(await menuLink(page, /Spam/).textContent()).toMatch(/^Spam1 total$/);
    expect(await menuLink(page, /Admission Form/).textContent()).toMatch(/1 total.*1 new/);

    const mails = await sink.waitFor(2);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(['deepa@example.in', OFFICE].sort());
    expect(mails.find((mail) => mail.to.includes(OFFICE))?.headers.subject).toMatch(/^New admission enquiry: Kavya, /);

    await menuLink(page, /Admission Form/).click();
    await page.locator('tr.enquiry-row', { hasText: 'Kavya' }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('mail the relay refuses as a whole (the password changed at the mail provider)', () => {
  const OFFICE = 'office@aranya.test';
  let mailSite: TestServer;
  let sink: SmtpSink;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let passwordWorks = false;

  beforeAll(async () => {
    sink = await startSmtpSink(0, { acceptLogin: () => passwordWorks });
    mailSite = await startSite({
      ADMIN_PASSWORD: PASSWORD,
      SMTP_URL: `smtp://website:old-password@127.0.0.1:${sink.port}`,
      NOTIFY_EMAIL: OFFICE,
    });
    const failedAt = '2026-11-21T05:30:00.000Z';
    const mail = (id: number) => ({
      enquiry_kind: 'contact' as const,
      enquiry_id: id,
      recipient_role: 'office' as const,
      to_address: OFFICE,
      subject: `Mail ${id}`,
      text_body: 'Text',
      created_at: failedAt,
    });
    // Given up before this was fixed: each of 60 emails refused 5 times with the relay's 535.
    await mailSite.services.storage.db
      .insertInto('outbox')
      .values(
        Array.from({ length: 60 }, (_, index) => ({
          ...mail(index + 1),
          attempts: 5,
          rejections: 5,
          next_attempt_at: failedAt,
          failed_at: failedAt,
          last_error: 'Error: Invalid login: 535 5.7.8 Authentication credentials invalid',
        })),
      )
      .execute();
    // A new one meets the same refusal now.
    await mailSite.services.storage.db
      .insertInto('outbox')
      .values({ ...mail(61), next_attempt_at: new Date().toISOString() })
      .execute();
    mailSite.services.mailOutbox?.kick();
    await mailSite.services.mailOutbox?.whenIdle();
    context = await newContext(browser, 'desktop');
    page = await context.newPage();
    errors = collectPageErrors(page);
    await page.goto(`${mailSite.url}/admin`);
  });
  afterAll(async () => {
    await context?.close();
    await mailSite?.close();
    await sink?.close();
  });

  it('says since when mail is not sent and why, shows 50 of the 60 given up, and Try again all queues them', async () => {
    await logIn(page);
    const banner = page.getByRole('region', { name: 'Mail is not being sent' });
    await banner.waitFor();
    expect(await banner.getByRole('heading', { level: 3, name: 'Mail is not being sent' }).count()).toBe(1);
    const said = await banner.textContent();
    expect(said).toMatch(
      /Mail is not being sent since [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M: the mail server refused the password\./,
    );
    expect(said).toContain('The mail server said: 535 5.7.8 Authentication credentials invalid');
    expect(said).toContain('1 email is waiting to be sent, the oldest since Nov 21, 2026 11:00 AM.');
    expect(said).not.toContain('old-password');

    const givenUp = page.getByRole('region', { name: 'Emails that could not be delivered' });
    // The list of emails given up comes by its own request, which may answer after the banner's.
    await givenUp.waitFor();
    expect(await givenUp.getByText('Showing the newest 50 of 60.').count()).toBe(1);
    expect(await givenUp.getByRole('listitem').count()).toBe(50);
    // The two accessibility checkers alone take about 40 s when the shared machine is busy.
    await expectNoViolations(page);

    await givenUp.getByRole('button', { name: 'Try again all' }).click();
    await expectToast(page, 'All 60 emails will be sent again.');
    await givenUp.waitFor({ state: 'detached' });
    await banner.getByText('61 emails are waiting to be sent').waitFor();

    // The password works again: at the next try everything goes out, and the notices go.
    passwordWorks = true;
    mailSite.services.now = () => new Date(Date.now() + 5 * 60_000);
    mailSite.services.mailOutbox?.kick();
    await mailSite.services.mailOutbox?.whenIdle();
    expect(sink.received).toHaveLength(61);
    await Promise.all([page.waitForResponse((response) => response.url().includes('mail.status')), page.reload()]);
    await page.getByRole('region', { name: 'Contact Form' }).waitFor();
    await page.evaluate(() => new Promise(requestAnimationFrame));
    expect(await banner.count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Emails that could not be delivered' }).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  }, 180_000);
});
