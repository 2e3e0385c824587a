/**
 * `npm run docs:screenshots`: the pictures of docs/office-guide.md, taken from the real dashboard
 * so they stay current. Starts the built site (run `npm run build` first) with sample enquiries
 * and staff, signs in as the Owner at 1366x768 and saves one PNG per task into docs/office-guide/.
 * The dashboard is found by what a person sees (menu names, headings, buttons), not by its
 * addresses or markup. Each picture is stored as a palette PNG, well under 150 KB.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, newContext } from '#e2e/support/browser.ts';
import { startSite } from '#e2e/support/site.ts';
import { projectRoot } from '#server/buildOutput.ts';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { addStaffAccount, postJson, testStaffEnv, TEST_ADMIN_PASSWORD } from '#test/support/testLogin.ts';
import type { TestServer } from '#test/support/testServer.ts';

const outDir = path.join(projectRoot, 'docs', 'office-guide');
const MAX_BYTES = 150 * 1024;

const contacts = [
  {
    name: 'Karthik Subramanian',
    email: 'karthik@example.com',
    phone: '+91 9000011111',
    type: 'feedback',
    message: 'Thank you for the sports day, the children loved it.',
  },
  {
    name: 'Priya Raman',
    email: 'priya@example.com',
    phone: '+91 9876543210',
    type: 'employment',
    message: 'I am a trained Montessori guide looking for a role.',
  },
  {
    name: 'Arun Kumar',
    email: 'arun@example.in',
    phone: '+91 9840012345',
    type: 'general',
    message: 'We would like to visit the Primary classroom. Is Saturday morning possible?',
  },
];
const admissions = [
  {
    studentName: 'Aadhya Iyer',
    birthDate: '2024-01-10',
    parentName: 'Vikram Iyer',
    email: 'vikram@example.com',
    countryCode: '+91',
    phone: '9123456780',
    programOfInterest: 'toddler',
    message: '',
  },
  {
    studentName: 'Meena Narayanan',
    birthDate: '2021-06-15',
    parentName: 'Lakshmi Narayanan',
    email: 'lakshmi@example.in',
    countryCode: '+91',
    phone: '9876501234',
    programOfInterest: 'primary',
    message: 'We live in Thoraipakkam. Is there a school bus?',
  },
];
const spam = {
  name: 'Cheap Offers',
  email: 'offers@example.net',
  phone: '+91 9999999999',
  message: 'Buy now at http://offers.example today',
  website: 'http://offers.example',
};

/** Sample data through the site's own doors: the forms' REST paths and the dashboard's procedures. */
async function addSampleData(site: TestServer) {
  for (const contact of contacts) await expectCreated(postJson(`${site.url}/api/contact`, contact));
  for (const admission of admissions)
    await expectCreated(postJson(`${site.url}/api/admission-enquiry`, { ...admission, guardianConfirmed: true }));
  await expectCreated(postJson(`${site.url}/api/contact`, spam));
  const staff = await signedInStaffApi(site);
  await staff.mutate('dashboard.update', {
    kind: 'contact',
    id: 1,
    status: 'responded',
    remarks: 'Thanked him on the phone.',
    isRead: true,
  });
  await addStaffAccount(site.services, {
    email: 'arul@example.in',
    name: 'Arul Selvam',
    role: 'office',
    password: 'arul keeps a long password',
  });
  await addStaffAccount(site.services, {
    email: 'divya@example.in',
    name: 'Divya Menon',
    role: 'editor',
    password: 'divya keeps a long password',
  });
}

async function expectCreated(answer: Promise<Response>) {
  const response = await answer;
  if (response.status !== 201) throw new Error(`Sample enquiry refused: ${response.status} ${await response.text()}`);
}

/** A menu entry by its accessible name: a link in the dashboard's menus, or a tab (the site's own header is left out). */
function menuEntry(page: Page, name: RegExp): Locator {
  const dashboard = page.getByRole('main');
  return dashboard.getByRole('link', { name }).or(dashboard.getByRole('tab', { name })).first();
}

async function openSection(page: Page, name: RegExp) {
  await menuEntry(page, name).click();
}

/** Brings what the picture is about to the top of the screen and saves it. */
async function shoot(page: Page, name: string, top: Locator) {
  await top.waitFor();
  // Toasts fade, details open with a short transition, and long fields settle their height.
  await page.waitForTimeout(500);
  // Twice: the site's header changes height once the page scrolls.
  for (let pass = 0; pass < 2; pass += 1) {
    const siteHeader = await page.getByRole('banner').first().boundingBox();
    await top.evaluate(
      (element, headerBottom) => {
        // Instant: the site scrolls smoothly, and the picture would catch it half way.
        // What the first screen already shows is pictured from the top, the dashboard's own header with it.
        const top = element.getBoundingClientRect().top + window.scrollY;
        window.scrollTo({ top: top < window.innerHeight / 2 ? 0 : top - headerBottom - 16, behavior: 'instant' });
      },
      // A header that has scrolled away (the dashboard's is not sticky) covers nothing.
      siteHeader ? Math.max(0, siteHeader.y + siteHeader.height) : 0,
    );
    await page.waitForTimeout(300);
  }
  // The pointer rests where the last click was: moved away, no menu entry is pictured as hovered.
  await page.mouse.move(0, 0);
  const png = await sharp(await page.screenshot())
    .png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 })
    .toBuffer();
  const file = path.join(outDir, `${name}.png`);
  fs.writeFileSync(file, png);
  console.log(
    `${path.relative(projectRoot, file)}  ${Math.round(png.length / 1024)} KB${png.length > MAX_BYTES ? '  (over 150 KB)' : ''}`,
  );
}

fs.mkdirSync(outDir, { recursive: true });
const site = await startSite({ ...testStaffEnv, ENQUIRY_RATE_LIMIT: '1000' });
const browser = await launchBrowser();
try {
  await addSampleData(site);
  const context = await newContext(browser, 'desktop');
  const page = await context.newPage();
  await page.goto(`${site.url}/admin`);
  const logIn = page.getByRole('button', { name: 'Log in' });
  await shoot(page, 'sign-in', page.getByLabel('Password'));

  await page.getByLabel('Password').fill(TEST_ADMIN_PASSWORD);
  await logIn.click();
  await logIn.waitFor({ state: 'detached' });

  await openSection(page, /^Contact (Form|enquiries)/i);
  await shoot(page, 'enquiries', menuEntry(page, /^Contact (Form|enquiries)/i));
  await page.getByRole('button', { name: 'Arun Kumar', exact: true }).click();
  await shoot(page, 'enquiry-details', page.getByRole('button', { name: 'Arun Kumar', exact: true }));

  await openSection(page, /^Admission (Form|enquiries)/i);
  await shoot(page, 'admission-enquiries', menuEntry(page, /^Admission (Form|enquiries)/i));

  await openSection(page, /^Spam/);
  await page.getByRole('list', { name: 'Spam' }).waitFor();
  await shoot(page, 'spam', menuEntry(page, /^Spam/));

  await openSection(page, /^Data requests$/);
  await page.getByLabel('Email address or phone number').fill('lakshmi@example.in');
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByText(/enquiry found for lakshmi@example.in/).waitFor();
  await shoot(page, 'data-requests', page.getByRole('search', { name: "Find a person's enquiries" }));

  await openSection(page, /^Site content$/);
  await shoot(page, 'site-content', page.getByRole('heading', { name: 'Site content' }).first());
  await openSection(page, /^Gallery$/);
  await shoot(page, 'gallery', page.locator('legend', { hasText: /^Gallery$/ }));

  await openSection(page, /^Staff$/);
  await shoot(page, 'staff', page.getByRole('heading', { name: 'People with access' }));
  await page.getByRole('heading', { name: 'Add a person' }).scrollIntoViewIfNeeded();
  await shoot(page, 'add-a-person', page.getByRole('heading', { name: 'Add a person' }));

  await openSection(page, /^Activity$/);
  await shoot(page, 'activity', page.getByRole('search', { name: 'Filter the activity' }));

  const account = menuEntry(page, /account/i);
  if ((await account.count()) > 0) await account.click();
  await page.getByText('Where you are signed in').click();
  await page.getByText('Change password', { exact: true }).first().click();
  await shoot(page, 'own-account', page.getByText('Where you are signed in'));
  await page.getByText('Two-step login', { exact: true }).first().click();
  await page.getByRole('button', { name: 'Set up two-step login' }).click();
  await shoot(page, 'two-step-login', page.getByText('Two-step login', { exact: true }).first());
  await context.close();
} finally {
  await browser.close();
  await site.close();
}
