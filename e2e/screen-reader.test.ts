import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HERO_INTERVAL_MS } from '#client/features/home/HeroCarousel.tsx';
import type { ViewportName } from './support/browser';
import { collectPageErrors, newContext, openPage } from './support/browser';
import { waitForInteractiveForm } from './support/enquiryForms';
import { startScreenReader, type ScreenReader } from './support/screenReader';
import { useSiteAndBrowser } from './support/site';
import { insertGivenUpMorningList, insertGivenUpParentMail } from './support/undeliveredMail';
import { insertTestAdmissions } from '#test/support/testEnquiries.ts';
import { publishSlots } from '#server/modules/visits/repository.ts';
import { schoolInstant } from '#shared/schoolTimes.ts';
import { schoolToday } from '#shared/time.ts';
import { parentsCornerTexts } from '#content/parentsCorner.ts';
import { parentMessages } from '#shared/parents/parentsCorner.ts';
import { noticeMailLabels } from '#shared/parents/parentMessages.ts';
import { portalTexts } from '#client/features/parents-corner/texts.ts';
import { hashPassword } from '#server/modules/staff/service.ts';
import { startingContact } from '#test/support/schoolFacts.ts';

/**
 * What a screen-reader user hears, flow by flow, with a virtual screen reader running in the page
 * (see support/screenReader.ts). Each test drives the page as a listener would and asserts on
 * the phrases spoken, in order where the order matters.
 */

const PASSWORD = 'office-password-for-screen-reader-tests';
// The fill-time check would silently drop a form sent seconds after it opened.
const running = useSiteAndBrowser({ ADMIN_PASSWORD: PASSWORD, ENQUIRY_MIN_FILL_SECONDS: '0' });

/**
 * A live region's announcement. The virtual screen reader reads a region as its text content,
 * so the blocks inside it (a toast's title and text, the summary's title and lines) run together.
 */
const announced = (politeness: 'polite' | 'assertive', ...blocks: string[]) => `${politeness}: ${blocks.join('')}`;

/** Chromium reports the wrong password's 401 as a console error; that one is expected. */
const unexpected = (errors: string[]) => errors.filter((error) => !/status of 401/.test(error));

async function withScreenReader(
  viewport: ViewportName,
  path: string,
  run: (sr: ScreenReader, page: Page) => Promise<void>,
) {
  // The visit booking page allows no script at all: the virtual screen reader is let in past its policy.
  const bypassCSP = path.startsWith('/visit?');
  const page = bypassCSP
    ? await (await newContext(running.browser, viewport, { bypassCSP })).newPage()
    : await running.page(viewport);
  const errors = collectPageErrors(page);
  try {
    // The visit booking page is plain HTML with no script: nothing hydrates.
    if (path.startsWith('/visit?')) await page.goto(`${running.site.url}${path}`);
    else await openPage(page, `${running.site.url}${path}`);
    if (path === '/contact' || path === '/admission-enquiry') await waitForInteractiveForm(page);
    const sr = await startScreenReader(page);
    await run(sr, page);
    // Past its policy, Chromium asks the plain visit page for /favicon.ico, which the site does not have (its icon is an svg).
    expect(unexpected(errors).filter((error) => !(path.startsWith('/visit?') && /status of 404/.test(error)))).toEqual(
      [],
    );
  } finally {
    await (bypassCSP ? page.context().close() : page.close());
  }
}

/** Long enough for a sign-in, whose password check is slow on purpose. */
const SPEECH_TIMEOUT = { timeout: 10_000 };

/** Waits until the screen reader has said the phrase (live regions speak a moment after the change). */
const expectSaid = (sr: ScreenReader, phrase: string) =>
  expect.poll(() => sr.spoken(), SPEECH_TIMEOUT).toContain(phrase);
/** Waits until the screen reader has said exactly these phrases since the last clear. */
const expectSpoken = (sr: ScreenReader, phrases: string[]) =>
  expect.poll(() => sr.spoken(), SPEECH_TIMEOUT).toEqual(phrases);

describe('enquiry forms', () => {
  it('contact form: a failed send reads out every error; a link goes to its field; a good send says Thank You', () =>
    withScreenReader('desktop', '/contact', async (sr, page) => {
      await sr.moveTo('button, Send Message');
      await sr.clear();
      await sr.act();
      await expectSaid(
        sr,
        announced(
          'assertive',
          'There is a problem',
          'Name must be at least 2 characters.',
          'Please enter a valid email address.',
          'Phone number must be between 4-10 digits',
          'Message must be at least 10 characters.',
        ),
      );

      await sr.moveTo('link, Please enter a valid email address.');
      await sr.clear();
      await sr.act();
      await expectSaid(sr, 'textbox, Email Address, Please enter a valid email address., invalid, required');

      await page.getByLabel('Your Name').fill('Priya Raman');
      await page.getByLabel('Email Address').fill('priya.sr@example.com');
      await page.getByLabel('Phone Number').fill('9840012345');
      await page.getByRole('textbox', { name: 'Message' }).fill('Can we visit the Primary classroom next week?');
      await sr.moveTo('button, Send Message');
      await sr.clear();
      await sr.act();
      await expectSaid(sr, 'heading, Thank You!, level 2');
      await expectSaid(sr, announced('polite', 'Success!', "Your message has been sent. We'll be in touch soon."));
    }));

  it('admission form: a failed send reads out every error; a link goes to its field; a good send says Thank You', () =>
    withScreenReader('phone', '/admission-enquiry', async (sr, page) => {
      await sr.moveTo('button, Submit Enquiry');
      await sr.clear();
      await sr.act();
      await expectSaid(
        sr,
        announced(
          'assertive',
          'There is a problem',
          "Student's name must be at least 2 characters",
          'Please select a birth date',
          "Parent's name must be at least 2 characters",
          'Please enter a valid email address',
          'Phone number must be between 4-10 digits',
          'Please select a program',
          "Please confirm that you are the child's parent or guardian",
        ),
      );

      await sr.moveTo('link, Please select a birth date');
      await sr.clear();
      await sr.act();
      await expectSaid(
        sr,
        'combobox, Year, Please select a birth date, has popup listbox, not expanded, invalid, required',
      );

      const birthYear = new Date().getFullYear() - 4;
      await page.getByLabel('Year').selectOption(String(birthYear));
      await page.getByLabel('Month').selectOption('5');
      await page.getByLabel('Day').selectOption('14');
      await page.getByLabel("Student's Name").fill('Aadhya');
      await page.getByLabel("Parent's Name").fill('Lakshmi Narayanan');
      await page.getByLabel('Email Address').fill('lakshmi.sr@example.com');
      await page.getByLabel('Phone Number').fill('9840012345');
      await page.getByLabel('Program of Interest').selectOption('primary');
      await page.getByLabel("I am this child's parent or guardian").check();
      await sr.moveTo('button, Submit Enquiry');
      await sr.clear();
      await sr.act();
      await expectSaid(sr, 'heading, Thank You!, level 2');
      await expectSaid(
        sr,
        announced('polite', 'Success!', "Your admission enquiry has been received. We'll be in touch soon."),
      );
    }));
});

it('FAQ: a question says whether it is expanded, and its answer follows', () =>
  withScreenReader('desktop', '/faq', async (sr) => {
    await sr.moveTo('tab, Admission Process, not selected, 1 control, position 2, set size 7');
    await sr.clear();
    await sr.press('Enter');
    expect(await sr.spoken()).toEqual([
      'tab, Admission Process, not selected, 1 control, position 2, set size 7',
      'tab, Admission Process, selected, 1 control, position 2, set size 7',
    ]);

    const question = await sr.moveTo(/^button, .*, 1 control, not expanded$/);
    const name = question.replace(/^button, /, '').replace(/, 1 control, not expanded$/, '');
    await sr.clear();
    await sr.press('Enter');
    await sr.next();
    await sr.next();
    expect(await sr.spoken()).toEqual([
      question,
      `button, ${name}, 1 control, expanded`,
      `end of heading, ${name}, level 3`,
      `region, ${name}`,
    ]);
    await sr.previous();
    await sr.previous();
    await sr.clear();
    await sr.press('Enter');
    expect(await sr.spoken()).toEqual([`button, ${name}, 1 control, not expanded`]);
  }));

it('gallery lightbox: opens as a named dialog, says each new photo, and closes back to the photo', () =>
  withScreenReader('desktop', '/gallery', async (sr, page) => {
    const opener = 'button, Two toddlers sitting on a rug stacking large wooden blocks into a tower, has popup dialog';
    await sr.moveTo(opener);
    await sr.clear();
    await sr.act();
    // The button is read as it takes the press, then focus moves into the dialog.
    await expectSpoken(sr, [opener, 'dialog, Stacking Blocks, modal', 'button, Close']);

    await page.keyboard.press('ArrowRight');
    await expectSaid(
      sr,
      announced(
        'polite',
        'Photo 3 of 28: Snack Time. Toddlers at a child-sized table peeling bananas and serving themselves snack',
      ),
    );

    await sr.moveTo('button, Previous photo');
    await sr.act();
    await expectSaid(
      sr,
      announced(
        'polite',
        'Photo 2 of 28: Stacking Blocks. Two toddlers sitting on a rug stacking large wooden blocks into a tower',
      ),
    );
    await sr.moveTo('button, Next photo');
    await sr.act();
    await sr.act();
    await expectSaid(
      sr,
      announced(
        'polite',
        'Photo 4 of 28: Story Corner. A guide reading a picture book to three toddlers on floor cushions',
      ),
    );

    await sr.clear();
    await page.keyboard.press('Escape');
    await expectSpoken(sr, [opener]);
  }));

it('home hero: a picked slide is announced and stays; the rotation never speaks', () =>
  withScreenReader('desktop', '/', async (sr, page) => {
    await sr.moveTo('button, Go to slide 3, 1 control');
    await sr.clear();
    // Browse mode presses the dot without focusing or hovering it.
    await sr.act();
    await expectSaid(sr, announced('polite', 'Slide 3 of 3: Come and see a Montessori morning'));
    await page.waitForTimeout(HERO_INTERVAL_MS + 1000);
    expect(await sr.spoken()).toEqual([
      'button, Go to slide 3, 1 control, current item',
      announced('polite', 'Slide 3 of 3: Come and see a Montessori morning'),
    ]);
    expect(await sr.moveTo(/^slide, /)).toBe('slide, 3 of 3');
    expect(await sr.moveTo(/^heading, /)).toBe('heading, Come and see a Montessori morning, level 2');
  }));

describe('menus', () => {
  it('desktop: a submenu button says its whole name and state, and Escape returns to it', () =>
    withScreenReader('desktop', '/', async (sr, page) => {
      await sr.moveTo('button, About Us pages, 1 control, not expanded');
      await sr.clear();
      await sr.press('Enter');
      for (let step = 0; step < 4; step++) await sr.next();
      expect(await sr.spoken()).toEqual([
        'button, About Us pages, 1 control, not expanded',
        'button, About Us pages, 1 control, expanded',
        'list',
        'listitem, level 2, position 1, set size 3',
        'link, Our Approach',
        'end of listitem, level 2, position 1, set size 3',
      ]);
      await sr.clear();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Escape');
      await expectSpoken(sr, ['link, Our Approach', 'button, About Us pages, 1 control, not expanded']);
    }));

  it('phone: the menu opens as a modal dialog, a group expands, and Escape returns to the Menu button', () =>
    withScreenReader('phone', '/', async (sr, page) => {
      await sr.moveTo('button, Menu, 1 control, not expanded');
      await sr.clear();
      await sr.act();
      await expectSpoken(sr, [
        'button, Menu, 1 control, not expanded',
        'dialog, Site menu, modal',
        'button, Close menu',
      ]);
      await sr.moveTo('button, Program pages, 1 control, not expanded');
      await sr.clear();
      await sr.press('Enter');
      for (let step = 0; step < 3; step++) await sr.next();
      expect(await sr.spoken()).toEqual([
        'button, Program pages, 1 control, not expanded',
        'button, Program pages, 1 control, expanded',
        'list',
        'listitem, level 2, position 1, set size 4',
        'link, Toddler',
      ]);
      await sr.clear();
      await page.keyboard.press('Escape');
      await expectSpoken(sr, ['button, Menu, 1 control, not expanded']);
    }));
});

it('staff dashboard: a wrong password, the sign-in, a status, a remark and the sign-out are all spoken', async () => {
  await running.site.services.storage.db
    .insertInto('contact_enquiries')
    .values({
      created_at: '2026-11-20T04:30:00.000Z',
      name: 'Ravi Shankar',
      email: 'ravi.sr@example.com',
      country_code: '+91',
      phone: '9840012345',
      type: 'general',
      message: 'Is there a school bus from Thoraipakkam?',
      idempotency_key: 'screen-reader-seed',
      ip: '127.0.0.1',
      user_agent: 'seed',
    })
    .execute();

  await withScreenReader('desktop', '/admin', async (sr, page) => {
    await page.getByLabel('Password').fill('not the password');
    await page.keyboard.press('Enter');
    await expectSaid(sr, announced('assertive', 'Error', 'Invalid password'));

    await sr.clear();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await expectSaid(sr, 'heading, Staff Dashboard, level 1');

    const status = page.getByRole('combobox', { name: 'Status of Ravi Shankar' });
    await status.waitFor();
    await sr.moveTo(/^combobox, Status of Ravi Shankar, /);
    await sr.clear();
    await status.selectOption('responded');
    await expectSaid(sr, announced('polite', 'Contact submission updated successfully'));

    await sr.moveTo('button, Add remarks for Ravi Shankar');
    await sr.clear();
    await sr.act();
    await expectSaid(sr, 'textbox, Remarks for Ravi Shankar');
    await page.keyboard.type('Called back about the bus');
    await page.keyboard.press('Enter');
    await expectSaid(sr, 'button, Edit remarks for Ravi Shankar');
    expect(await sr.spoken()).toContain(announced('polite', 'Contact submission updated successfully'));

    // Back up the page to it: the Owner's dashboard goes on below with the site content, thousands of lines long.
    await sr.moveTo('button, Logout', { backwards: true });
    await sr.clear();
    await sr.act();
    await expectSaid(sr, 'heading, Staff Login, level 1');
  });
});

it("Parents' Corner: a wrong email or password is heard as one sentence, and the view's heading after sign-in", async () => {
  const { db } = running.site.services.storage;
  const { id: familyId } = await db
    .insertInto('parent_families')
    .values({ child_name: 'Anika', class_name: 'Rose', program: 'primary', created_at: '2026-11-20', removed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('parent_guardians')
    .values({
      family_id: familyId,
      email: 'meera.sr@example.com',
      name: 'Meera',
      phone: '9840012345',
      password_hash: await hashPassword(PASSWORD),
      invited_at: '2026-11-20',
      accepted_at: '2026-11-20',
      removed_at: null,
    })
    .execute();
  const texts = parentsCornerTexts(startingContact);

  await withScreenReader('phone', '/parents-corner', async (sr, page) => {
    await page.getByLabel(texts.login.usernameLabel).fill('meera.sr@example.com');
    await page.getByLabel(texts.login.passwordLabel).fill('not the password');
    await page.keyboard.press('Enter');
    await expectSaid(sr, announced('assertive', parentMessages.invalidSignIn));

    await sr.clear();
    await page.getByLabel(texts.login.passwordLabel).fill(PASSWORD);
    await page.keyboard.press('Enter');
    await expectSaid(sr, `heading, ${texts.welcome}, level 2`);

    // The calendar address: the button pressed goes, and the cursor is on the link that took its place.
    await sr.moveTo(`button, ${portalTexts.view.calendarLink}`);
    await sr.clear();
    await sr.act();
    await expectSaid(sr, `link, ${portalTexts.view.calendarLink}`);
    await expectSaid(sr, announced('polite', portalTexts.view.calendarReady));

    // The choice of notice emails, saved and said.
    await page.getByRole('button', { name: portalTexts.view.accountLink }).click();
    await expectSaid(sr, `heading, ${portalTexts.account.heading}, level 2`);
    await page.getByRole('radio', { name: noticeMailLabels.weekly }).check();
    await sr.moveTo(`button, ${portalTexts.account.noticeMailSave}`);
    await sr.clear();
    await sr.act();
    await expectSaid(sr, announced('polite', parentMessages.noticeMailSaved.weekly));
  });
});

it('staff Spam tab: the reason is read with the enquiry, and Not spam says where it went', async () => {
  await running.site.services.storage.db
    .insertInto('contact_enquiries')
    .values({
      created_at: '2026-11-21T04:30:00.000Z',
      name: 'Kavitha Suresh',
      email: 'kavitha.sr@example.com',
      country_code: '+91',
      phone: '9840055555',
      type: 'general',
      message: 'Sent in a hurry from my phone.',
      idempotency_key: 'screen-reader-spam-seed',
      ip: '127.0.0.1',
      user_agent: 'seed',
      spam_reasons: JSON.stringify(['too-fast']),
    })
    .execute();

  await withScreenReader('desktop', '/admin', async (sr, page) => {
    await page.getByLabel('Password').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await expectSaid(sr, 'heading, Staff Dashboard, level 1');

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: /^Spam/ }).click();
    // The menu moves focus to the section's heading: the person hears where they are.
    await expectSaid(sr, 'heading, Spam, level 2');
    await page.getByRole('button', { name: 'Not spam: Kavitha Suresh' }).waitFor();
    await sr.moveTo('heading, Kavitha Suresh, level 3');
    await sr.clear();
    await sr.moveTo(/^button, Not spam: Kavitha Suresh/);
    // Between the name and the button: the message, then why the enquiry was put here.
    expect((await sr.spoken()).join(' | ')).toMatch(
      /Sent in a hurry from my phone\..*Why it is here.*Sent sooner after the form was shown than a person could fill it in/,
    );

    await sr.clear();
    await sr.act();
    await expectSaid(sr, announced('polite', 'Moved to Contact Form'));
  });
});

it('staff Admissions report: the chart is one named image, and the table is heard with its caption, headers and figures', async () => {
  await withScreenReader('desktop', '/admin', async (sr, page) => {
    await page.getByLabel('Password').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await expectSaid(sr, 'heading, Staff Dashboard, level 1');

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Admissions report' }).click();
    await expectSaid(sr, 'heading, Admissions report, level 2');
    await page.getByRole('table', { name: /^Admissions per month/ }).waitFor();
    await sr.clear();
    await sr.moveTo(/^region, Admissions per month/);
    const heard = (await sr.spoken()).join(' | ');
    // The chart is heard once, by its name, which sends the listener to the table; its bars and legend are not read out.
    expect(heard).toMatch(
      /image, Enquiries, visits, offers and enrolments per month, .* The table below gives the figures\./,
    );
    expect(heard).toMatch(
      /The table below gives the figures\. \| end of region, Chart by month \| region, Admissions per month/,
    );
    await sr.clear();
    await sr.moveTo(/^columnheader, Median days to first contact/);
    await sr.moveTo(/^rowheader, /);
    await sr.next();
    expect((await sr.spoken()).join(' | ')).toMatch(
      /table, Admissions per month, .*columnheader, Month.*columnheader, Visits per enquiry.*rowheader, \w{3} \d{4} \| cell, 0/,
    );
  });
});

it('staff undelivered emails: what was refused and why is read, and Try again names its email and says it is queued; a morning list says it is not sent again', async () => {
  // The office's morning list of Fri 27 Nov, refused at 8:10 AM that day.
  await insertGivenUpMorningList(running.site.services.storage.db, { to: 'office@exmaple.com', due: 2 });
  await insertGivenUpParentMail(running.site.services.storage.db, {
    enquiryKind: 'admission',
    enquiryId: 42,
    to: 'meena@exmaple.com',
    subject: 'We have received your enquiry',
    failedAt: '2026-11-21T05:30:00.000Z',
  });

  await withScreenReader('desktop', '/admin', async (sr, page) => {
    await page.getByLabel('Password').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await expectSaid(sr, 'heading, Staff Dashboard, level 1');

    const region = page.getByRole('region', { name: 'Emails that could not be delivered' });
    await region.waitFor();
    await sr.moveTo('heading, Emails that could not be delivered, level 3');
    await sr.clear();
    await sr.moveTo(/^link, Due today/);
    expect((await sr.spoken()).join(' ')).toMatch(
      /Morning list of follow-ups for Fri 27 Nov.*office@exmaple\.com.*Refused after.*5.*attempts.*550 5\.1\.1.*It is not sent again/,
    );
    // Only the acknowledgement can be sent again, and nothing offers to send them all.
    expect(
      await region
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent)),
    ).toEqual(['Try again: Acknowledgement to the parent for admission enquiry #42']);
    await sr.clear();
    await sr.moveTo(/^button, Try again: Acknowledgement to the parent for admission enquiry #42/);
    // React renders the line as several text nodes, which the screen reader reads one after another.
    expect((await sr.spoken()).join(' ')).toMatch(
      /Acknowledgement to the parent.*admission enquiry.*42.*meena@exmaple\.com.*Refused after.*5.*attempts.*550 5\.1\.1/,
    );

    await sr.clear();
    await sr.act();
    await expectSaid(sr, announced('polite', 'The email will be sent again.'));
  });
  // It would stay listed above the enquiries of the tests that follow.
  await running.site.services.storage.db.deleteFrom('outbox').where('recipient_role', '=', 'follow-ups').execute();
});

it('staff admission board: a card moved with the keyboard is heard, with where it went', async () => {
  await insertTestAdmissions(running.site.services.storage.db, [
    { createdAt: '2026-11-22T04:30:00.000Z', studentName: 'Kavin Raj', email: 'kavin.sr@example.com' },
  ]);

  await withScreenReader('desktop', '/admin/enquiries/admission', async (sr, page) => {
    await page.getByLabel('Password').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await expectSaid(sr, 'heading, Staff Dashboard, level 1');

    await page.getByRole('button', { name: 'Board by stage' }).click();
    const stage = page.getByRole('combobox', { name: 'Stage of Kavin Raj' });
    await stage.waitFor();
    await sr.moveTo(/^combobox, Stage of Kavin Raj, /);
    await stage.selectOption('visit-booked');
    await page.getByRole('button', { name: 'Move to Visit booked' }).waitFor();
    // The list re-renders as the stage is chosen, which puts the virtual cursor back at the top.
    await sr.moveTo(/^combobox, Stage of Kavin Raj, /);
    await sr.moveTo('button, Move to Visit booked');
    await sr.clear();
    await sr.act();
    await expectSaid(sr, announced('polite', 'Kavin Raj moved to Visit booked'));
  });
});

it('visit booking page: moving from time to time, each time is heard with its day', async () => {
  const db = running.site.services.storage.db;
  const [id] = (await insertTestAdmissions(db, [{ studentName: 'Nila Raj', email: 'nila.sr@example.com' }])) as [
    number,
  ];
  const inDays = (days: number) => schoolToday(new Date(Date.now() + days * 86_400_000));
  const dayInFull = (day: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(
      new Date(`${day}T12:00:00Z`),
    );
  await publishSlots(
    db,
    [
      { startsAt: schoolInstant(inDays(11), '10:00').toISOString(), minutes: 45, places: 2 },
      { startsAt: schoolInstant(inDays(12), '10:00').toISOString(), minutes: 45, places: 2 },
    ],
    { createdAt: new Date().toISOString(), accountId: null },
  );
  const link = new URL(running.site.services.visits.bookingUrl(id, new Date()));
  await withScreenReader('phone', `${link.pathname}${link.search}`, async (sr) => {
    await sr.moveTo(/^group, Times/);
    await sr.clear();
    await sr.moveTo(new RegExp(`^radio, ${dayInFull(inDays(11))}, 10:00 AM, 45 minutes \\(2 places left\\)`));
    await sr.moveTo(new RegExp(`^radio, ${dayInFull(inDays(12))}, 10:00 AM, 45 minutes \\(2 places left\\)`));
    const heard = await sr.spoken();
    expect(heard.filter((phrase) => phrase.startsWith('radio, '))).toHaveLength(2);
  });
});
