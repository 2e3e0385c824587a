import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '#test/support/testServer.ts';
import { addStaffAccount } from '#test/support/testLogin.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '#test/support/smtpSink.ts';
import { outboxTiming, retryDelayMs } from '#server/modules/mail/service.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, launchBrowser, newContext, viewports, type ViewportName } from './support/browser';
import { waitForToast } from './support/covering';
import { startSite } from './support/site';

const OWNER_PASSWORD = 'owner-password-for-tests-only';
let site: TestServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  site = await startSite({ ADMIN_PASSWORD: OWNER_PASSWORD });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function signIn(page: Page, email: string, password: string, baseUrl = site.url) {
  await page.goto(`${baseUrl}/admin`);
  if (email) await page.getByLabel('Email (optional)').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
}

/** A link of the dashboard's menu, where the tabs were. */
const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name });
/** The open section, where the tab panel was. */
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe.each(Object.keys(viewports) as ViewportName[])('named staff at the %s viewport', (viewport) => {
  it(
    'an Office member signs in under their own name and sees the enquiries only; the Owner sees their sign-in in the Activity section',
    { timeout: 120_000 },
    async () => {
      const office = {
        email: `arul.${viewport}@example.in`,
        name: `Arul Selvam ${viewport}`,
        password: 'arul keeps a long password',
      };
      await addStaffAccount(site.services, { ...office, role: 'office' });

      const officeContext = await newContext(browser, viewport);
      const officePage = await officeContext.newPage();
      const errors = collectPageErrors(officePage);
      try {
        await signIn(officePage, office.email.toUpperCase(), office.password);
        await officePage.getByText(`Signed in as ${office.name} (Office)`).waitFor();
        const sections = await officePage
          .getByRole('navigation', { name: 'Dashboard' })
          .getByRole('link')
          .allTextContents();
        expect(sections.map((name) => name.replace(/\d+.*$/, '').trim())).toEqual([
          'Contact Form',
          'Admission Form',
          'Spam',
          'Due today',
          'Visits',
          'Admissions report',
          'Parents’ Corner',
          'Your account',
        ]);
        await expectAccessible(officePage);
        // Each person sees where they are signed in, on their own account's page.
        await menuLink(officePage, 'Your account').click();
        await officePage.getByText('Where you are signed in').click();
        await officePage.locator('.own-sessions__item', { hasText: 'This browser' }).waitFor();
        await expectAccessible(officePage);
        expect(errors).toEqual([]);
      } finally {
        await officeContext.close();
      }

      const ownerContext = await newContext(browser, viewport);
      const ownerPage = await ownerContext.newPage();
      try {
        await signIn(ownerPage, '', OWNER_PASSWORD);
        // The first Owner is named after the role: said once.
        await ownerPage.getByText('Signed in as Owner', { exact: true }).waitFor();
        await menuLink(ownerPage, 'Activity').click();
        await ownerPage.getByLabel('Person').selectOption({ label: `${office.name} (${office.email})` });
        await ownerPage.getByLabel('Action').selectOption({ label: 'Signed in' });
        const entries = ownerPage.locator('.activity__entry');
        await expect.poll(() => entries.count()).toBe(1);
        expect(await entries.first().textContent()).toContain(office.name);
        expect(await entries.first().locator('.activity__where').textContent()).toMatch(
          /^from (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/,
        );
        await expectAccessible(ownerPage);
      } finally {
        await ownerContext.close();
      }
    },
  );

  it(
    'the Owner invites an Office member by link; they choose a password, sign in, and cannot see the staff page',
    { timeout: 180_000 },
    async () => {
      const person = {
        email: `kala.${viewport}@example.in`,
        name: `Kala Murugan ${viewport}`,
        password: 'kala chose a long one',
      };
      const ownerContext = await newContext(browser, viewport);
      const ownerPage = await ownerContext.newPage();
      let link = '';
      try {
        await signIn(ownerPage, '', OWNER_PASSWORD);
        await menuLink(ownerPage, 'Staff').click();
        await ownerPage.getByRole('heading', { name: 'People with access' }).waitFor();
        // The first Owner's line says how they sign in in the office's words, not the server's variable.
        // The heading shows before the accounts arrive, so wait for the line itself before reading the region.
        await ownerPage.getByText('Signs in with the school’s main staff password alone', { exact: false }).waitFor();
        const staffText = await ownerPage.getByRole('region', { name: 'Staff' }).textContent();
        expect(staffText).toContain('Signs in with the school’s main staff password alone, which is set on the server');
        expect(staffText).not.toMatch(/ADMIN_PASSWORD/);
        await expectAccessible(ownerPage);
        // Plain messages for a form filled wrongly, nothing created.
        await ownerPage.getByRole('button', { name: 'Create account and link' }).click();
        await ownerPage.getByText('Please enter a name of at least 2 characters').waitFor();
        await ownerPage.getByText('Please enter a valid email address').waitFor();
        await expectAccessible(ownerPage);

        await section(ownerPage, 'Staff').getByLabel('Name', { exact: true }).fill(person.name);
        await section(ownerPage, 'Staff').getByLabel('Email', { exact: true }).fill(person.email);
        await section(ownerPage, 'Staff').getByLabel('Role', { exact: true }).selectOption('office');
        await ownerPage.getByRole('button', { name: 'Create account and link' }).click();
        const linkField = ownerPage.getByLabel(`Link for ${person.name}`, { exact: true });
        await linkField.waitFor();
        link = await linkField.inputValue();
        expect(link).toMatch(/\/admin#set-password=/);
        await ownerPage
          .getByText('Mail is off on this server: copy the link and send it yourself', { exact: false })
          .waitFor();
        await ownerPage
          .locator('.staff-account', { hasText: person.name })
          .getByText('Invited: no password yet')
          .waitFor();
        await expectAccessible(ownerPage);

        // A second person's link joins the first one's; each stays until the Owner is done with it.
        const second = { email: `selvi.${viewport}@example.in`, name: `Selvi Das ${viewport}` };
        await ownerPage.getByRole('region', { name: 'Staff' }).getByLabel('Name', { exact: true }).fill(second.name);
        await ownerPage.getByRole('region', { name: 'Staff' }).getByLabel('Email', { exact: true }).fill(second.email);
        await ownerPage.getByRole('button', { name: 'Create account and link' }).click();
        const secondField = ownerPage.getByLabel(`Link for ${second.name}`, { exact: true });
        await secondField.waitFor();
        expect(await linkField.inputValue()).toBe(link);
        expect(await secondField.inputValue()).not.toBe(link);
        await expectAccessible(ownerPage);
        await ownerPage.getByRole('button', { name: `Done with the link for ${person.name}` }).click();
        await linkField.waitFor({ state: 'detached' });
        expect(await secondField.isVisible()).toBe(true);

        // A toast showing when the Owner logs out does not follow them to the login screen.
        await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
        await ownerPage.getByRole('button', { name: 'Copy link' }).click();
        await waitForToast(ownerPage);
        await ownerPage.getByRole('button', { name: 'Logout' }).click();
        await ownerPage.getByRole('heading', { name: 'Staff Login' }).waitFor();
        expect(await ownerPage.locator('.toast').count()).toBe(0);
      } finally {
        await ownerContext.close();
      }

      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      try {
        // The link is made for PUBLIC_URL, which this test server leaves at its default: open its # part here.
        const here = `${site.url}/admin${new URL(link).hash}`;
        await page.goto(here);
        await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
        await page.getByText(`Welcome, ${person.name}.`).waitFor();
        await expectAccessible(page);
        await page.getByLabel('New password').fill('short');
        await page.getByLabel('Type it again').fill('short');
        await page.getByRole('button', { name: 'Set my password' }).click();
        await page.getByText('Please choose a password of at least 12 characters.').waitFor();
        await page.getByLabel('New password').fill(person.password);
        await page.getByLabel('Type it again').fill(person.password);
        await page.getByRole('button', { name: 'Set my password' }).click();
        await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
        // The spent link is gone from the address.
        expect(new URL(page.url()).hash).toBe('');
        // The email just shown is filled in, and the cursor waits in the password field.
        expect(await page.getByLabel('Email (optional)').inputValue()).toBe(person.email);
        expect(await page.getByLabel('Password').evaluate((input) => input === document.activeElement)).toBe(true);

        await page.getByLabel('Email (optional)').fill(person.email);
        await page.getByLabel('Password').fill(person.password);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.getByText(`Signed in as ${person.name} (Office)`).waitFor();
        expect(await menuLink(page, 'Staff').count()).toBe(0);
        expect(await menuLink(page, 'Activity').count()).toBe(0);
        const refused = await page.evaluate(async () => (await fetch('/api/trpc/staff.accounts')).status);
        expect(refused).toBe(403);
        await expectAccessible(page);
        expect(errors.filter((error) => !error.includes('403'))).toEqual([]);

        // The link works once.
        await page.goto(here);
        await page.getByText('This link has expired or has already been used.', { exact: false }).waitFor();
      } finally {
        await context.close();
      }
    },
  );

  it(
    'a person changes their own password: current one, new one twice, each error beside its field; this browser stays signed in, the other is signed out',
    { timeout: 120_000 },
    async () => {
      const person = {
        email: `devi.${viewport}@example.in`,
        name: `Devi Raman ${viewport}`,
        password: 'devi keeps a long password',
      };
      const newPassword = 'devi chose a new long one';
      await addStaffAccount(site.services, { ...person, role: 'office' });
      const otherContext = await newContext(browser, viewport);
      const other = await otherContext.newPage();
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      try {
        await signIn(other, person.email, person.password);
        await signIn(page, person.email, person.password);
        await menuLink(page, 'Your account').click();
        await page.locator('summary', { hasText: 'Change password' }).click();
        const form = page.locator('form.change-password');
        const submit = form.getByRole('button', { name: 'Change password' });
        const focused = (label: string) =>
          form.getByLabel(label, { exact: true }).evaluate((input) => input === document.activeElement);

        // Each problem is said beside its field, and the cursor goes there, so a screen reader reads it out.
        await submit.click();
        await form.getByText('Please enter your current password.').waitFor();
        expect(await focused('Current password')).toBe(true);
        await expectAccessible(page);

        await form.getByLabel('Current password', { exact: true }).fill(person.password);
        await form.getByLabel('New password', { exact: true }).fill(newPassword);
        await form.getByLabel('Type it again', { exact: true }).fill('something else entirely');
        await submit.click();
        await form.getByText('The two passwords differ. Please type the same one twice.').waitFor();
        expect(await focused('Type it again')).toBe(true);

        await form.getByLabel('Type it again', { exact: true }).fill(newPassword);
        await form.getByLabel('Current password', { exact: true }).fill('not my password at all');
        await submit.click();
        await form.getByText('That is not your current password.').waitFor();
        expect(await focused('Current password')).toBe(true);

        await form.getByLabel('Current password', { exact: true }).fill(person.password);
        await form.getByLabel('New password', { exact: true }).fill('Password1234');
        await form.getByLabel('Type it again', { exact: true }).fill('Password1234');
        await submit.click();
        await form
          .getByText('That password is too easy to guess. A few words you will remember make a good one.')
          .waitFor();
        expect(await focused('New password')).toBe(true);
        await expectAccessible(page);

        await form.getByLabel('New password', { exact: true }).fill(newPassword);
        await form.getByLabel('Type it again', { exact: true }).fill(newPassword);
        await submit.click();
        await page
          .getByText('Your password is changed. You are still signed in here; your other sessions have ended.')
          .waitFor();
        expect(await form.getByLabel('Current password', { exact: true }).inputValue()).toBe('');
        await expectAccessible(page);

        await page.reload();
        await page.getByText(`Signed in as ${person.name} (Office)`).waitFor();
        await other.reload();
        await other.getByRole('heading', { name: 'Staff Login' }).waitFor();
        await signIn(other, person.email, newPassword);
        // The browser logs the refusals the test asked for (400).
        expect(errors.filter((error) => !/status of 400\b/.test(error))).toEqual([]);
      } finally {
        await context.close();
        await otherContext.close();
      }
      const trail = site.services.storage.sqlite
        .prepare(`select action from audit_events where actor = ? order by id`)
        .all(person.name) as { action: string }[];
      expect(trail.map((entry) => entry.action)).toEqual(['sign-in', 'sign-in', 'own-password-change', 'sign-in']);
    },
  );
});

describe('links sent by email', () => {
  let sink: SmtpSink;
  let mailSite: TestServer;
  /** How far the mail site's clock is ahead of the real one, to bring the worker's retries forward. */
  let ahead = 0;
  beforeAll(async () => {
    sink = await startSmtpSink(0, { rejectRecipient: (address) => address.startsWith('nobody.') });
    mailSite = await startSite({
      ADMIN_PASSWORD: OWNER_PASSWORD,
      SMTP_URL: sink.url,
      NOTIFY_EMAIL: 'office@aranya.test',
    });
    mailSite.services.now = () => new Date(Date.now() + ahead);
  }, 60_000);
  afterAll(async () => {
    await mailSite?.close();
    await sink?.close();
  });

  const mailTo = async (address: string): Promise<ReceivedMail> => {
    await expect.poll(() => sink.received.some((mail) => mail.to.includes(address))).toBe(true);
    return sink.received.find((mail) => mail.to.includes(address))!;
  };

  describe.each(Object.keys(viewports) as ViewportName[])('at the %s viewport', (viewport) => {
    it(
      'the page says where the link was sent, the emailed link sets the password, and an address the mail server refuses shows on the Staff page',
      { timeout: 120_000 },
      async () => {
        const person = {
          email: `leela.${viewport}@example.in`,
          name: `Leela Nair ${viewport}`,
          password: 'leela chose a long one',
        };
        const nobody = { email: `nobody.${viewport}@example.in`, name: `No Body ${viewport}` };
        const ownerContext = await newContext(browser, viewport);
        const ownerPage = await ownerContext.newPage();
        const errors = collectPageErrors(ownerPage);
        const invite = async ({ name, email }: { name: string; email: string }) => {
          await section(ownerPage, 'Staff').getByLabel('Name', { exact: true }).fill(name);
          await section(ownerPage, 'Staff').getByLabel('Email', { exact: true }).fill(email);
          await ownerPage.getByRole('button', { name: 'Create account and link' }).click();
          await ownerPage.getByText(`Sent to ${email} by email.`, { exact: false }).waitFor();
        };
        let emailed = '';
        try {
          await signIn(ownerPage, '', OWNER_PASSWORD, mailSite.url);
          await menuLink(ownerPage, 'Staff').click();
          await invite(person);
          // The link is shown too, the same one as in the email.
          const shown = await ownerPage.getByLabel(`Link for ${person.name}`, { exact: true }).inputValue();
          emailed = (await mailTo(person.email)).body.match(/http[^\s"<>]+#set-password=[A-Za-z0-9_-]+/)?.[0] ?? '';
          expect(emailed).toBe(shown);
          await ownerPage
            .locator('.staff-account', { hasText: person.name })
            .getByText(`Link emailed to ${person.email} on`)
            .waitFor();
          await expectAccessible(ownerPage);

          await invite(nobody);
          const item = ownerPage.locator('.staff-account', { hasText: nobody.name });
          await item.getByText('is not delivered yet', { exact: false }).waitFor();
          for (let attempts = 1; attempts < outboxTiming.maxRejections; attempts += 1) {
            ahead += retryDelayMs(attempts);
            mailSite.services.mailOutbox?.kick();
            await mailSite.services.mailOutbox?.whenIdle();
          }
          await item
            .getByText(`The email with the link to ${nobody.email} could not be delivered: `, { exact: false })
            .waitFor();
          expect(await item.textContent()).toContain('User unknown');
          await expectAccessible(ownerPage);
          expect(errors).toEqual([]);
        } finally {
          await ownerContext.close();
        }

        const context = await newContext(browser, viewport);
        const page = await context.newPage();
        try {
          await page.goto(`${mailSite.url}/admin${new URL(emailed).hash}`);
          await page.getByText(`Welcome, ${person.name}.`).waitFor();
          await page.getByLabel('New password').fill(person.password);
          await page.getByLabel('Type it again').fill(person.password);
          await page.getByRole('button', { name: 'Set my password' }).click();
          await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
        } finally {
          await context.close();
        }
      },
    );
  });

  it(
    'stops reading the list again 10 minutes after a link is made, so an email that keeps waiting does not keep the session awake',
    { timeout: 120_000 },
    async () => {
      const context = await newContext(browser, 'desktop');
      const page = await context.newPage();
      try {
        await page.clock.install();
        const readings: number[] = [];
        page.on('request', (request) => {
          if (request.url().includes('/api/trpc/') && request.url().includes('staff.accounts'))
            readings.push(Date.now());
        });
        await signIn(page, '', OWNER_PASSWORD, mailSite.url);
        await menuLink(page, 'Staff').click();
        await section(page, 'Staff').getByLabel('Name', { exact: true }).fill('Still Waiting');
        await section(page, 'Staff').getByLabel('Email', { exact: true }).fill('nobody.waiting@example.in');
        await page.getByRole('button', { name: 'Create account and link' }).click();
        await page
          .locator('.staff-account', { hasText: 'Still Waiting' })
          .getByText('is not delivered yet', { exact: false })
          .waitFor();
        // Refused once, so it waits: the list is read every 5 seconds.
        const before = readings.length;
        await expect.poll(() => readings.length, { timeout: 15_000 }).toBeGreaterThan(before + 1);
        await page.clock.fastForward('10:01');
        const after = readings.length;
        await page.waitForTimeout(16_000);
        expect(readings.length - after).toBeLessThanOrEqual(1);
      } finally {
        await context.close();
      }
    },
  );
});

describe('two-step login required, with days to set it up', () => {
  let heldSite: TestServer;
  /** How far the site's clock is ahead of the real one, to let the days pass. */
  let ahead = 0;
  beforeAll(async () => {
    heldSite = await startSite({ ADMIN_PASSWORD: OWNER_PASSWORD });
    heldSite.services.now = () => new Date(Date.now() + ahead);
  }, 60_000);
  afterAll(() => heldSite?.close());

  it(
    'the Owner requires it within a number of days; once they are over, a person without it is told to ask for a new link instead of being offered the setup',
    { timeout: 120_000 },
    async () => {
      const person = { email: 'ravi@example.in', name: 'Ravi Kumar', password: 'ravi keeps a long password' };
      await addStaffAccount(heldSite.services, { ...person, role: 'office' });
      const context = await newContext(browser, 'phone');
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      try {
        await signIn(page, '', OWNER_PASSWORD, heldSite.url);
        await menuLink(page, 'Staff').click();
        const days = page.getByLabel('Days to set it up');
        const requireIt = page.getByRole('button', { name: 'Require two-step login for everyone' });
        await days.fill('0');
        await requireIt.click();
        await page.getByText('Please enter a whole number of days from 1 to 90.').waitFor();
        expect(await days.evaluate((input) => input === document.activeElement)).toBe(true);
        await expectAccessible(page);
        await days.fill('3');
        await requireIt.click();
        // The Owner, without two-step login, is held at the setup too, and told by when.
        await page.getByRole('heading', { name: 'Turn on two-step login' }).waitFor();
        await page.getByText('Please set it up by', { exact: false }).waitFor();
        await page.getByRole('button', { name: 'Set up two-step login' }).waitFor();
        await expectAccessible(page);
        await page.getByRole('button', { name: 'Logout' }).click();
        await page.getByRole('heading', { name: 'Staff Login' }).waitFor();

        ahead = 4 * 24 * 3_600_000;
        await page.getByLabel('Email (optional)').fill(person.email);
        await page.getByLabel('Password').fill(person.password);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.getByRole('heading', { name: 'Turn on two-step login' }).waitFor();
        await page
          .getByText('The days to set up two-step login with your password alone have passed', { exact: false })
          .waitFor();
        expect(await page.getByRole('button', { name: 'Set up two-step login' }).count()).toBe(0);
        await expectAccessible(page);
        // The browser logs the refusals of a session held at the setup (403).
        expect(errors.filter((error) => !/status of 403\b/.test(error))).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
