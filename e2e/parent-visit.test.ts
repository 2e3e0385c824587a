import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { birthDateWindow } from '#shared/enquiries/birthDate.ts';
import { schoolToday } from '#shared/time.ts';
import { schoolInstant } from '#shared/schoolTimes.ts';
import { publishSlots } from '#server/modules/visits/repository.ts';
import { freePort } from '#test/support/smtpSink.ts';
import type { TestServer } from '#test/support/testServer.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, launchBrowser, newContext, type ViewportName } from './support/browser';
import { admissionRows, waitForInteractiveForm } from './support/enquiryForms';
import { startSite } from './support/site';

/**
 * Issue 24 §2 from both sides, in Chromium: a parent sends an admission enquiry, books a visit from
 * the thank-you view and moves it; the office publishes times, finds the day in its overview of the
 * coming visits, opens it and sees the family on the day's list, and moves its card with the keyboard. Devices set to other zones still read the school's times.
 */
const PASSWORD = 'office-password-for-visit-tests';
const DAY_MS = 86_400_000;
const inDays = (days: number) => schoolToday(new Date(Date.now() + days * DAY_MS));
/** "Sat 5 Dec": the day as a Chennai parent reads it, worked out with Intl rather than the app's date-fns. */
const dayWords = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(
    new Date(`${day}T12:00:00Z`),
  );
/** "Saturday 5 December": the day in full, as the group of its times is named. */
const dayInFull = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(`${day}T12:00:00Z`),
  );

const VISIT_DAY = inDays(3);
/** A child of four years and some months, in the Primary program's ages. */
const BIRTH_YEAR = Number(birthDateWindow().latest.slice(0, 4)) - 4;

type Family = {
  viewport: ViewportName;
  timezoneId: string | undefined;
  student: string;
  parent: string;
  email: string;
  phone: string;
};
const families: Family[] = [
  {
    viewport: 'phone',
    timezoneId: 'America/New_York',
    student: 'Kavya Sundar',
    parent: 'Revathi Sundar',
    email: 'revathi.visit@example.in',
    phone: '9840011111',
  },
  {
    viewport: 'desktop',
    timezoneId: 'Pacific/Kiritimati',
    student: 'Aditya Menon',
    parent: 'Shalini Menon',
    email: 'shalini.visit@example.in',
    phone: '9840022222',
  },
];

let site: TestServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  // The server's links (the thank-you view's "Book a visit") name the address it really serves at.
  const port = await freePort();
  [site, browser] = await Promise.all([
    startSite({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_PASSWORD: PASSWORD,
      ENQUIRY_MIN_FILL_SECONDS: '0',
    }),
    launchBrowser(),
  ]);
  await publishSlots(
    site.services.storage.db,
    [
      { startsAt: schoolInstant(VISIT_DAY, '10:00').toISOString(), minutes: 45, places: 3 },
      { startsAt: schoolInstant(VISIT_DAY, '11:30').toISOString(), minutes: 45, places: 3 },
    ],
    { createdAt: new Date().toISOString(), accountId: null },
  );
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const fitsTheWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function withPage(viewport: ViewportName, timezoneId: string | undefined, run: (page: Page) => Promise<void>) {
  const context = await newContext(browser, viewport, { timezoneId });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  try {
    await run(page);
    expect(await fitsTheWidth(page)).toBe(true);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

async function stageOf(email: string) {
  const [row] = await admissionRows(site, email);
  const place = await site.services.storage.db
    .selectFrom('admission_pipeline')
    .select('stage')
    .where('enquiry_id', '=', row!.id)
    .executeTakeFirst();
  return place?.stage;
}

async function sendEnquiry(page: Page, family: Family) {
  await page.goto(`${site.url}/admission-enquiry`);
  await waitForInteractiveForm(page);
  const form = page.getByRole('form', { name: 'Admission enquiry form' });
  await form.getByLabel("Student's Name").fill(family.student);
  await form.getByLabel('Year').selectOption(String(BIRTH_YEAR));
  await form.getByLabel('Month').selectOption('5');
  await form.getByLabel('Day').selectOption('14');
  await form.getByLabel("Parent's Name").fill(family.parent);
  await form.getByLabel('Email Address').fill(family.email);
  await form.getByLabel('Phone Number').fill(family.phone);
  await form.getByLabel('Program of Interest').selectOption('primary');
  await form.getByLabel("I am this child's parent or guardian").check();
  await form.getByRole('button', { name: 'Submit Enquiry' }).click();
  await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
}

describe('a parent books a visit from the thank-you view, moves it, then cancels it once asked', () => {
  it.each(families)('at $viewport size, the device set to $timezoneId', { timeout: 90_000 }, async (family) => {
    await withPage(family.viewport, family.timezoneId, async (page) => {
      await sendEnquiry(page, family);
      expect(await stageOf(family.email)).toBe('enquiry');

      const bookLink = page.getByRole('link', { name: 'Book a visit' });
      const link = (await bookLink.getAttribute('href')) ?? '';
      expect(link).toMatch(new RegExp(`^${site.url}/visit\\?t=[^&]+$`));
      await bookLink.click();
      await page.getByRole('heading', { level: 1, name: 'Book a school visit' }).waitFor();
      await page.getByRole('radio').first().waitFor();
      // The times are the school's, each named with its day, whatever the phone's clock says.
      expect(await page.getByRole('group').count()).toBe(1);
      expect(await page.getByRole('radio', { name: new RegExp(`^${dayInFull(VISIT_DAY)}, `) }).count()).toBe(2);
      expect(await page.getByRole('main').textContent()).toContain(`Choose a time for ${family.student}'s visit`);
      await page.screenshot({ path: `/tmp/visit-page-${family.viewport}.png`, fullPage: true });
      await page.getByRole('radio', { name: /, 10:00 AM, 45 minutes \(\d places? left\)$/ }).check();
      await page.getByRole('button', { name: 'Book this visit' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Your visit is booked.');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your school visit');
      expect(await page.locator('.visit').textContent()).toBe(`${dayWords(VISIT_DAY)}, 10:00 AM`);
      expect(await stageOf(family.email)).toBe('visit-booked');

      // The same link, opened again, shows the visit and moves it.
      await page.goto(link);
      expect(await page.locator('.visit').textContent()).toBe(`${dayWords(VISIT_DAY)}, 10:00 AM`);
      await page.getByRole('radio', { name: /, 11:30 AM, 45 minutes/ }).check();
      await page.getByRole('button', { name: 'Move my visit' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Your visit has moved.');
      expect(await page.locator('.visit').textContent()).toBe(`${dayWords(VISIT_DAY)}, 11:30 AM`);
      expect(await page.getByRole('radio', { name: /, 10:00 AM/ }).count()).toBe(1);
      expect(await stageOf(family.email)).toBe('visit-booked');

      // Cancel asks first, on a page of its own; Keep it leaves the visit as it is.
      await page.getByRole('button', { name: 'Cancel my visit' }).click();
      await page.getByRole('heading', { level: 2, name: `Cancel ${family.student}'s visit?` }).waitFor();
      expect(await page.getByRole('main').textContent()).toContain(
        `Cancel the visit on ${dayInFull(VISIT_DAY)} at 11:30 AM (India time)?`,
      );
      await page.screenshot({ path: `/tmp/visit-cancel-${family.viewport}.png`, fullPage: true });
      await page.getByRole('link', { name: 'Keep it' }).click();
      expect(await page.locator('.visit').textContent()).toBe(`${dayWords(VISIT_DAY)}, 11:30 AM`);
      expect(await stageOf(family.email)).toBe('visit-booked');
      await page.getByRole('button', { name: 'Cancel my visit' }).click();
      await page.getByRole('button', { name: 'Yes, cancel' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Your visit is cancelled.');
      expect(await stageOf(family.email)).toBe('enquiry');
      // The family books again at 11:30, which the office's tests below find.
      await page.getByRole('radio', { name: /, 11:30 AM, 45 minutes/ }).check();
      await page.getByRole('button', { name: 'Book this visit' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Your visit is booked.');
      expect(await stageOf(family.email)).toBe('visit-booked');
      await page.getByRole('link', { name: 'Back to the website' }).click();
      await page.waitForURL(`${site.url}/`);
    });
  });
});

/** A weekly pattern and a single slot each office test publishes, on days no other test uses. */
const offices = [
  {
    ...families[0]!,
    single: { day: inDays(9), time: '09:00', shown: '9:00 AM' },
    weekly: { weekday: 'Wednesday', time: '16:00', shown: '4:00 PM', from: inDays(14) },
  },
  {
    ...families[1]!,
    single: { day: inDays(10), time: '09:30', shown: '9:30 AM' },
    weekly: { weekday: 'Saturday', time: '10:15', shown: '10:15 AM', from: inDays(14) },
  },
];

/** The first day on or after `from` that is `weekday`. */
function firstWeekday(from: string, weekday: string): string {
  const start = new Date(`${from}T12:00:00Z`);
  for (let offset = 0; ; offset += 1) {
    const day = new Date(start.getTime() + offset * DAY_MS);
    if (new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long' }).format(day) === weekday)
      return day.toISOString().slice(0, 10);
  }
}

async function signIn(page: Page) {
  await page.goto(`${site.url}/admin/visits`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 2, name: 'Visits', exact: true }).waitFor();
}

const toastSaying = (page: Page, text: string) =>
  page.locator('[role="status"][aria-live="polite"]').filter({ hasText: text });

describe("the office's Visits section and the family's card", () => {
  it.each(offices)('at $viewport size, the device set to $timezoneId', { timeout: 90_000 }, async (office) => {
    await withPage(office.viewport, office.timezoneId, async (page) => {
      await signIn(page);
      const visitsOn = (day: string) => page.getByRole('heading', { level: 3, name: `Visits on ${dayWords(day)}` });
      const dayField = page.getByLabel('Day', { exact: true });
      const slotHeading = (shown: string, booked: string) =>
        page.getByRole('heading', { level: 4, name: `${shown}, 45 minutes: ${booked} booked` });

      const one = page.getByRole('form', { name: 'One visit time' });
      await one.getByLabel('Date').fill(office.single.day);
      await one.getByLabel('Start (school time)').fill(office.single.time);
      await one.getByRole('button', { name: 'Publish this slot' }).click();
      await toastSaying(page, '1 slot published').waitFor();
      await dayField.fill(office.single.day);
      await visitsOn(office.single.day).waitFor();
      await slotHeading(office.single.shown, '0 of 3').waitFor();

      // Three weeks hold exactly three of each weekday.
      const weekly = page.getByRole('form', { name: 'The same time every week' });
      await weekly.getByLabel('Every').selectOption(office.weekly.weekday);
      await weekly.getByLabel('Start (school time)').fill(office.weekly.time);
      await weekly.getByLabel('From').fill(office.weekly.from);
      await weekly.getByLabel('To').fill(inDays(14 + 20));
      await weekly.getByRole('button', { name: 'Publish every week' }).click();
      await toastSaying(page, '3 slots published').waitFor();
      const weeklyDay = firstWeekday(office.weekly.from, office.weekly.weekday);
      await dayField.fill(weeklyDay);
      await visitsOn(weeklyDay).waitFor();
      await slotHeading(office.weekly.shown, '0 of 3').waitFor();

      // The overview lists the coming days with visit times, not those beyond the 14 days (the weekly ones).
      const coming = page.getByRole('region', { name: 'Coming visits' });
      await coming
        .getByRole('button', {
          name: `${dayWords(office.single.day)}: 1 visit time, 0 families booked, 3 of 3 places free`,
        })
        .waitFor();
      expect(await coming.getByRole('button', { name: dayWords(weeklyDay) }).count()).toBe(0);

      // The day of the visits booked above, opened from the overview with the keyboard: both families at 11:30, none left at 10:00.
      await coming
        .getByRole('button', { name: `${dayWords(VISIT_DAY)}: 2 visit times, 2 families booked, 4 of 6 places free` })
        .focus();
      await page.keyboard.press('Enter');
      await visitsOn(VISIT_DAY).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Visits on ${dayWords(VISIT_DAY)}`);
      expect(await dayField.inputValue()).toBe(VISIT_DAY);
      await slotHeading('11:30 AM', '2 of 3').waitFor();
      await slotHeading('10:00 AM', '0 of 3').waitFor();
      const row = page.getByRole('row').filter({ hasText: office.parent });
      expect(await row.getByRole('cell').allTextContents()).toEqual([
        office.parent,
        office.student,
        '4 years',
        'Primary',
        `+91 ${office.phone}`,
        '127.0.0.1 Cancel all from this connection',
      ]);
      expect(await fitsTheWidth(page)).toBe(true);
      await expectAccessible(page);

      // Then the family's card, moved with the keyboard on the Admission Form tab.
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: /^Admission Form/ })
        .click();
      await page.getByRole('heading', { level: 2, name: 'Admission Form', exact: true }).waitFor();
      if (office.viewport === 'desktop') {
        await page.getByRole('button', { name: 'Board by stage' }).click();
        await page
          .getByRole('region', { name: /^Visit booked \d+ enquir/ })
          .getByText(office.student, { exact: true })
          .waitFor();
      } else {
        await page.getByRole('combobox', { name: 'Stage', exact: true }).selectOption('visit-booked');
        await page.getByRole('combobox', { name: `Stage of ${office.student}` }).waitFor();
      }
      await page.getByRole('combobox', { name: `Stage of ${office.student}` }).focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Move to Visited');
      await page.keyboard.press('Enter');
      await toastSaying(page, `${office.student} moved to Visited`).waitFor();
      expect(await stageOf(office.email)).toBe('visited');
    });
  });
});

describe("the day's list while it loads and when it cannot load", () => {
  it(
    'says it is loading, then that the visits could not be loaded, and Try Again loads them',
    { timeout: 60_000 },
    async () => {
      const context = await newContext(browser, 'desktop');
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      try {
        let answer: (failed: boolean) => void = () => undefined;
        const held = new Promise<boolean>((resolve) => (answer = resolve));
        await page.route('**/api/trpc/visits.day**', async (route) => {
          if (await held) await route.fulfill({ status: 500, contentType: 'text/html', body: '<p>Server error</p>' });
          else await route.continue();
        });
        await signIn(page);
        await page.getByRole('status').filter({ hasText: 'Loading the visits...' }).waitFor();
        answer(true);
        const failed = page.getByRole('alert').filter({ hasText: 'The visits could not be loaded. Please try again.' });
        await failed.waitFor();
        await expectAccessible(page);
        await page.unroute('**/api/trpc/visits.day**');
        await failed.getByRole('button', { name: 'Try Again' }).click();
        await page.getByText('No visit times on this day.').waitFor();
        expect(errors).toEqual([
          'console: Failed to load resource: the server responded with a status of 500 (Internal Server Error)',
        ]);
      } finally {
        await context.close();
      }
    },
  );
});
