import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARENT_LINK_FRAGMENT } from '#shared/parents/parentsCorner.ts';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import { insertTestAdmissions } from '#test/support/testEnquiries.ts';
import { postJson, TEST_ADMIN_PASSWORD, testStaffEnv } from '#test/support/testLogin.ts';
import type { TestServer } from '#test/support/testServer.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, launchBrowser, newContext, viewports, type ViewportName } from './support/browser';
import { startSite } from './support/site';

let site: TestServer;
let sink: SmtpSink;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  site = await startSite({ ...testStaffEnv, SMTP_URL: sink.url, NOTIFY_EMAIL: 'office@aranya.test' });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await sink?.close();
});

const PARENT_PASSWORD = 'jackfruit season in june';
const mailsTo = (address: string) => sink.received.filter((mail) => mail.to.includes(address));
async function waitForMails(address: string, count: number) {
  for (let tries = 0; tries < 100 && mailsTo(address).length < count; tries++) {
    site.services.mailOutbox?.kick();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return mailsTo(address);
}

/** The parent accepts the latest invitation and signs in: the cookie of their session. */
async function acceptedParent(email: string) {
  const mails = await waitForMails(email, 1);
  const token = new RegExp(`#${PARENT_LINK_FRAGMENT}([A-Za-z0-9_-]+)`).exec(mails.at(-1)?.body ?? '')?.[1];
  expect(
    (await postJson(`${site.url}/api/trpc/parents.choosePassword`, { json: { token, password: PARENT_PASSWORD } }))
      .status,
  ).toBe(200);
  const signedIn = await postJson(`${site.url}/api/trpc/parents.signIn`, {
    json: { email, password: PARENT_PASSWORD, rememberMe: false },
  });
  return (signedIn.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
}

async function signIn(page: Page, path: string) {
  await page.goto(`${site.url}${path}`);
  await page.getByLabel('Password').fill(TEST_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page
    .getByRole('heading', { level: 2, name: 'Parents’ Corner' })
    .or(page.getByRole('heading', { level: 2, name: 'Admission Form' }))
    .waitFor();
}

describe.each(Object.keys(viewports) as ViewportName[])(
  "the office's Parents' Corner at the %s viewport",
  (viewport) => {
    it(
      'adds a family, resends its invitation, writes a class notice with a preview, sees who has read it, and invites an Enrolled enquiry',
      { timeout: 240_000 },
      async () => {
        const parent = { name: `Latha ${viewport}`, email: `latha.${viewport}@example.com`, child: `Mira ${viewport}` };
        const className = `Banyan ${viewport}`;
        const context = await newContext(browser, viewport);
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        try {
          await signIn(page, '/admin/parents-corner');
          const panes = page.getByRole('navigation', { name: 'Parts of the Parents’ Corner' });
          expect(await panes.getByRole('link', { name: 'Families' }).getAttribute('aria-current')).toBe('page');

          const addForm = page.locator('form', {
            has: page.getByRole('button', { name: 'Add the family and send the invitation' }),
          });
          await addForm.getByLabel('Parent’s name').fill(parent.name);
          await addForm.getByLabel('Email').fill(parent.email);
          await addForm.getByLabel('Phone').fill('98400 12345');
          await addForm.getByLabel('Child’s name').fill(parent.child);
          await addForm.getByLabel('Class').fill(className);
          await addForm.getByLabel('Program').selectOption('primary');
          await addForm.getByRole('button', { name: 'Add the family and send the invitation' }).click();
          const family = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: parent.child }) });
          await family.getByText(/Not accepted yet \(invited on/).waitFor();
          await family.getByText(parent.email).waitFor();
          expect(await waitForMails(parent.email, 1)).toHaveLength(1);
          await expectAccessible(page);

          await family.getByRole('button', { name: `Send the invitation again to ${parent.name}` }).click();
          await page.getByText(`Invitation sent again to ${parent.email}`).first().waitFor();
          expect(await waitForMails(parent.email, 2)).toHaveLength(2);
          const cookie = await acceptedParent(parent.email);
          await page.reload();
          await family.getByText(/Accepted on/).waitFor();

          await panes.getByRole('link', { name: 'Notices' }).click();
          await page.getByRole('heading', { level: 3, name: 'Notices' }).waitFor();
          const title = `Banyan class garden day (${viewport})`;
          await page.getByLabel('Title').fill(title);
          await page.getByLabel('Text').fill('Please send **old clothes** and a water bottle.');
          await page.getByRole('radio', { name: 'One class' }).check();
          await page.getByLabel('Class', { exact: true }).fill(className);
          await page.getByRole('button', { name: 'Preview' }).click();
          const preview = page.getByRole('article', { name: title });
          await preview.locator('strong', { hasText: 'old clothes' }).waitFor();
          await expectAccessible(page);
          await page.getByRole('button', { name: 'Publish now' }).click();
          const notice = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
          await notice.getByText('Read by 0 of 1 family').waitFor();
          await notice.getByText(`Class: ${className}`).waitFor();

          const view = await (await fetch(`${site.url}/api/trpc/parents.view`, { headers: { cookie } })).json();
          const seen = (view.result.data.json.notices as { id: number; title: string }[]).find(
            (each) => each.title === title,
          );
          expect(seen).toBeDefined();
          expect(
            (await postJson(`${site.url}/api/trpc/parents.markRead`, { json: { noticeId: seen?.id } }, { cookie }))
              .status,
          ).toBe(200);
          await page.reload();
          await notice.getByText('Read by 1 of 1 family').waitFor();
          await notice.getByRole('button', { name: `Who has read it: “${title}”` }).click();
          await notice.getByText(new RegExp(`${parent.name} \\(${parent.child}, ${className}\\)`)).waitFor();
          await expectAccessible(page);

          const staff = await signedInStaffApi(site);
          const enrolled = {
            parentName: `Suja ${viewport}`,
            email: `suja.${viewport}@example.com`,
            studentName: `Nila ${viewport}`,
          };
          const [enquiryId] = await insertTestAdmissions(site.services.storage.db, [enrolled]);
          expect((await staff.mutate('admissions.moveStage', { id: enquiryId, stage: 'enrolled' })).status).toBe(200);
          await page.goto(`${site.url}/admin/enquiries/admission`);
          await page.getByRole('button', { name: enrolled.studentName, exact: true }).click();
          await page.getByLabel(`Class of ${enrolled.studentName}`).fill(className);
          await page.getByRole('button', { name: 'Invite to Parents’ Corner' }).click();
          await page.getByText(/Invited to the Parents’ Corner on/).waitFor();
          expect(await waitForMails(enrolled.email, 1)).toHaveLength(1);
          // equal-access misses the label of the WhatsApp message while its details are closed.
          await page.locator('summary', { hasText: 'WhatsApp the parent' }).click();
          await expectAccessible(page);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      },
    );
  },
);
