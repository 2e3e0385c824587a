import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFollowUp } from '#server/modules/enquiries/pipelineRepository.ts';
import { addHoliday } from '#server/modules/followUps/holidaysRepository.ts';
import { publishSlots } from '#server/modules/visits/repository.ts';
import { formatSchoolDay, schoolInstant } from '#shared/schoolTimes.ts';
import { schoolToday } from '#shared/time.ts';
import { insertTestAdmissions, insertTestContacts } from '#test/support/testEnquiries.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, newContext } from './support/browser';
import { useSiteAndBrowser } from './support/site';

/**
 * Every dashboard panel that can fail to load says so in its own words, as an alert with Try Again,
 * and Try Again brings its data: each panel's one query is answered with a server error until the
 * alert shows, then let through.
 */
const PASSWORD = 'office-password-for-load-failure-tests';
const running = useSiteAndBrowser({ ADMIN_PASSWORD: PASSWORD });

const DAY_MS = 86_400_000;
const VISIT_DAY = schoolToday(new Date(Date.now() + 3 * DAY_MS));
const HOLIDAY_DAY = schoolToday(new Date(Date.now() + 40 * DAY_MS));
const contact = { name: 'Selvi Arumugam', email: 'selvi.retry@example.in' };
const spamSender = 'Cheap Watches Retry';
const admission = { studentName: 'Ishaan Retry', email: 'ishaan.retry@example.in' };

/** How the office presses Try Again: the mouse, or the keyboard on the focused button. */
type Press = 'click' | 'Enter' | 'Space';

type FailingPanel = {
  panel: string;
  /** The component that shows the failure, under src/client/features/admin. */
  source: string;
  /** The one tRPC query the panel loads. */
  procedure: string;
  /** Where the panel is, and what the office does there before it loads. */
  open: (page: Page) => Promise<void>;
  message: string;
  press: Press;
  /** What the panel shows once loaded. */
  loaded: (page: Page) => Locator;
  /** Axe checks the page with the failure shown only where LoadFailed is newest: it is one component, and axe on every panel doubles the test's time. */
  checkAccessibility?: true;
};

const menu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const goTo = (address: string) => async (page: Page) => {
  await page.goto(`${running.site.url}/admin${address}`);
};
const openDisclosure = (summary: string) => async (page: Page) => {
  await goTo('/account')(page);
  await page.locator('summary', { hasText: summary }).click();
};

const panels: FailingPanel[] = [
  {
    panel: 'the contact submissions',
    source: 'enquiries/EnquiriesPanel.tsx',
    procedure: 'dashboard.list',
    open: goTo('/enquiries/contact'),
    message: 'Failed to load submissions from database. Please try again.',
    press: 'click',
    loaded: (page) => page.getByRole('button', { name: contact.name, exact: true }),
  },
  {
    panel: 'the board by stage',
    source: 'board/StageBoard.tsx',
    procedure: 'admissions.board',
    open: async (page) => {
      await goTo('/enquiries/admission')(page);
      await page.getByRole('button', { name: 'Board by stage' }).click();
    },
    message: 'Failed to load the board. Please try again.',
    press: 'Enter',
    loaded: (page) =>
      page.getByRole('region', { name: /^Enquiry \d+ enquir/ }).getByText(admission.studentName, { exact: true }),
  },
  {
    panel: 'an enquiry’s history',
    source: 'enquiries/HistoryPanel.tsx',
    procedure: 'dashboard.history',
    open: async (page) => {
      await goTo('/enquiries/contact')(page);
      await page.getByRole('button', { name: contact.name, exact: true }).click();
    },
    message: 'The history could not be loaded. Please try again.',
    checkAccessibility: true,
    press: 'Enter',
    loaded: (page) => page.getByText('No changes yet.'),
  },
  {
    panel: 'the Spam folder',
    source: 'enquiries/SpamPanel.tsx',
    procedure: 'dashboard.spam',
    open: goTo('/spam'),
    message: 'Failed to load the Spam folder. Please try again.',
    press: 'click',
    loaded: (page) => page.getByText(spamSender).first(),
  },
  {
    panel: 'Due today',
    source: 'followUps/DueFollowUpsPanel.tsx',
    procedure: 'followUps.due',
    open: goTo('/follow-ups'),
    message: 'The follow-ups due could not be loaded. Please try again.',
    press: 'Space',
    loaded: (page) => page.getByRole('heading', { level: 3, name: admission.studentName }),
  },
  {
    panel: 'the school holidays',
    source: 'followUps/SchoolHolidays.tsx',
    procedure: 'holidays.list',
    open: goTo('/follow-ups'),
    message: 'The holidays could not be loaded. Please try again.',
    press: 'click',
    loaded: (page) =>
      page.getByRole('region', { name: 'School holidays' }).getByRole('listitem').filter({ hasText: 'Retry Day' }),
  },
  {
    panel: 'the coming visits',
    source: 'visits/ComingVisits.tsx',
    procedure: 'visits.coming',
    open: goTo('/visits'),
    message: 'The coming visits could not be loaded. Please try again.',
    press: 'Enter',
    loaded: (page) => page.getByRole('button', { name: new RegExp(`^${formatSchoolDay(VISIT_DAY)}: 1 visit time`) }),
  },
  {
    panel: 'the visits on a day',
    source: 'visits/VisitsPanel.tsx',
    procedure: 'visits.day',
    open: goTo('/visits'),
    message: 'The visits could not be loaded. Please try again.',
    press: 'click',
    loaded: (page) => page.getByText('No visit times on this day.'),
  },
  {
    panel: 'the admissions report',
    source: 'report/ReportPanel.tsx',
    procedure: 'report.admissions',
    open: goTo('/report'),
    message: 'Failed to load the report. Please try again.',
    press: 'click',
    loaded: (page) => page.getByRole('table', { name: /^Admissions per month/ }),
  },
  {
    panel: 'a data request’s search',
    source: 'enquiries/PersonalDataPanel.tsx',
    procedure: 'privacy.findPerson',
    open: async (page) => {
      await goTo('/data-requests')(page);
      await page.getByLabel('Email address or phone number').fill(contact.email);
      await page.getByRole('button', { name: 'Find', exact: true }).click();
    },
    message: 'The search failed. Please try again.',
    checkAccessibility: true,
    press: 'Enter',
    loaded: (page) =>
      page.getByRole('list', { name: `Enquiries of ${contact.email}` }).getByRole('heading', { name: contact.name }),
  },
  {
    panel: 'the site content',
    source: 'content/SiteContentPanel.tsx',
    procedure: 'content.draft',
    open: goTo('/content'),
    message: 'The site content could not be loaded. Please try again.',
    checkAccessibility: true,
    press: 'click',
    loaded: (page) => page.getByRole('navigation', { name: 'Parts of the site content' }),
  },
  {
    panel: "the Parents' Corner's families",
    source: 'parentsCorner/FamiliesPane.tsx',
    procedure: 'parents.families',
    open: goTo('/parents-corner/families'),
    message: 'The families could not be loaded. Please try again.',
    checkAccessibility: true,
    press: 'Enter',
    loaded: (page) => page.getByText(/^No family yet\./),
  },
  {
    panel: "the Parents' Corner's notices",
    source: 'parentsCorner/NoticesPane.tsx',
    procedure: 'parents.notices',
    open: goTo('/parents-corner/notices'),
    message: 'The notices could not be loaded. Please try again.',
    press: 'click',
    loaded: (page) => page.getByRole('list', { name: 'Notices' }),
  },
  {
    panel: "the Parents' Corner's events",
    source: 'parentsCorner/EventsPane.tsx',
    procedure: 'parents.events',
    open: goTo('/parents-corner/events'),
    message: 'The events could not be loaded. Please try again.',
    press: 'Space',
    loaded: (page) => page.locator('.parents-panes__item-title', { hasText: 'Annual Day Celebration' }),
  },
  {
    panel: "the Parents' Corner's documents",
    source: 'parentsCorner/DocumentsPane.tsx',
    procedure: 'parents.documents',
    open: goTo('/parents-corner/documents'),
    message: 'The documents could not be loaded. Please try again.',
    press: 'click',
    loaded: (page) => page.locator('.parents-panes__item-title', { hasText: 'Fee Structure' }),
  },
  {
    panel: 'the staff accounts',
    source: 'staff/StaffPanel.tsx',
    procedure: 'staff.accounts',
    open: goTo('/staff'),
    message: 'The accounts could not be loaded. Please try again.',
    press: 'click',
    loaded: (page) => page.locator('.staff-account__name', { hasText: 'Owner' }),
  },
  {
    panel: 'the activity',
    source: 'staff/ActivityPanel.tsx',
    procedure: 'staff.activity',
    open: goTo('/activity'),
    message: 'Failed to load the activity. Please try again.',
    press: 'Space',
    loaded: (page) => page.getByRole('list', { name: 'Activity' }).getByRole('listitem').first(),
  },
  {
    panel: 'where you are signed in',
    source: 'account/OwnSessions.tsx',
    procedure: 'account.sessions',
    open: openDisclosure('Where you are signed in'),
    message: 'Your sessions could not be loaded. Please try again.',
    press: 'click',
    loaded: (page) => page.locator('.own-sessions__item').first(),
  },
  {
    panel: 'your two-step login',
    source: 'account/TwoStepLogin.tsx',
    procedure: 'twoStep.status',
    open: openDisclosure('Two-step login'),
    message: 'Your two-step login could not be loaded. Please try again.',
    press: 'Enter',
    loaded: (page) => page.getByText(/^Two-step login is off\./),
  },
];

/** The part that shows a list's states (LoadFailed among them): the components using it are the panels. */
const LOADED_LIST = path.join('common', 'LoadedList.tsx');

/** The dashboard's components that show LoadFailed, themselves or through LoadedList, read from the source. */
function componentsShowingLoadFailed(): string[] {
  const root = path.resolve(import.meta.dirname, '../src/client/features/admin');
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) =>
        file.endsWith('.tsx') &&
        file !== LOADED_LIST &&
        /<Load(Failed|edList)\b/.test(fs.readFileSync(path.join(root, file), 'utf8')),
    )
    .sort();
}

async function seed() {
  const db = running.site.services.storage.db;
  const [, spamId] = await insertTestContacts(db, [
    { ...contact, isRead: true },
    { name: spamSender, email: 'watches.retry@example.net' },
  ]);
  await db
    .updateTable('contact_enquiries')
    .set({ spam_reasons: JSON.stringify(['honeypot']) })
    .where('id', '=', spamId!)
    .execute();
  const [admissionId] = await insertTestAdmissions(db, [admission]);
  await setFollowUp(db, admissionId!, schoolToday(), {
    changedAt: new Date().toISOString(),
    sessionId: null,
    accountId: null,
  });
  await addHoliday(db, { day: HOLIDAY_DAY, name: 'Retry Day' });
  await publishSlots(db, [{ startsAt: schoolInstant(VISIT_DAY, '10:00').toISOString(), minutes: 45, places: 3 }], {
    createdAt: new Date().toISOString(),
    accountId: null,
  });
}

async function pressTryAgain(page: Page, button: Locator, press: Press) {
  if (press === 'click') return button.click();
  await button.focus();
  await page.keyboard.press(press);
}

describe('a dashboard panel that cannot load', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    await seed();
    context = await newContext(running.browser, 'desktop');
    page = await context.newPage();
    errors = collectPageErrors(page);
    await page.goto(`${running.site.url}/admin`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await menu(page).waitFor();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('has every component that shows LoadFailed in its table', () => {
    expect(panels.map((panel) => panel.source).sort()).toEqual(componentsShowingLoadFailed());
  });

  it.each(panels)(
    'says $panel could not be loaded, and Try Again loads it',
    async ({ procedure, open, message, press, loaded, checkAccessibility }) => {
      const failing = (url: URL) => url.pathname === `/api/trpc/${procedure}`;
      await page.route(failing, (route) =>
        route.fulfill({ status: 500, contentType: 'text/html', body: '<p>Server error</p>' }),
      );
      await open(page);
      const failed = page.getByRole('alert').filter({ hasText: message });
      await failed.waitFor();
      if (checkAccessibility) await expectAccessible(page);
      await page.unroute(failing);
      await pressTryAgain(page, failed.getByRole('button', { name: 'Try Again' }), press);
      await loaded(page).waitFor();
      expect(await failed.count()).toBe(0);
    },
  );

  it('reports nothing on the console but the failures it was made to meet', () => {
    expect(errors.filter((error) => !error.includes('the server responded with a status of 500'))).toEqual([]);
  });
});
