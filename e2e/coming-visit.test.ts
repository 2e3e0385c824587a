import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { schoolToday } from '#shared/time.ts';
import { schoolInstant } from '#shared/schoolTimes.ts';
import { freeSlots, publishSlots } from '#server/modules/visits/repository.ts';
import { visitorScope } from '#server/requestScope.ts';
import { insertTestAdmissions } from '#test/support/testEnquiries.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';

/**
 * Issue 35 §1 and issue 34 §8 in Chromium: when a family has booked its visit with its link, the
 * office reads the day and time on the enquiry's row, in the opened enquiry, on its board card and
 * in its History (booked by the family, online); a parent name with a web address is marked in words;
 * a child whose age does not fit the chosen program is noted (issue 35 §9).
 */
const PASSWORD = 'office-password-for-coming-visit-tests';
const running = useSiteAndBrowser({ ADMIN_PASSWORD: PASSWORD });
const DAY_MS = 86_400_000;
const VISIT_DAY = schoolToday(new Date(Date.now() + 4 * DAY_MS));
/** "Wed 2 Dec, 10:00 AM", worked out with Intl rather than the app's date-fns. */
const VISIT_TEXT = `${new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(`${VISIT_DAY}T12:00:00Z`))}, 10:00 AM`;

type Family = { viewport: ViewportName; student: string; email: string; phone: string; suspiciousStudent: string };
const families: Family[] = [
  {
    viewport: 'phone',
    student: 'Kavya Sundar',
    email: 'kavya.coming@example.in',
    phone: '9840031111',
    suspiciousStudent: 'Promo Child One',
  },
  {
    viewport: 'desktop',
    student: 'Aditya Menon',
    email: 'aditya.coming@example.in',
    phone: '9840032222',
    suspiciousStudent: 'Promo Child Two',
  },
];

let slotId = 0;
beforeAll(async () => {
  const startsAt = schoolInstant(VISIT_DAY, '10:00').toISOString();
  await publishSlots(running.site.services.storage.db, [{ startsAt, minutes: 45, places: 3 }], {
    createdAt: new Date().toISOString(),
    accountId: null,
  });
  slotId =
    (await freeSlots(running.site.services.storage.db, new Date().toISOString())).find(
      (slot) => slot.startsAt === startsAt,
    )?.id ?? 0;
});

/** The family books through its own link, as the visit page does. */
async function bookWithLink(enquiryId: number, source: string) {
  const token = new URL(running.site.services.visits.bookingUrl(enquiryId, new Date())).searchParams.get('t') ?? '';
  const { notice } = await running.site.services.visits.act(
    visitorScope(source, new Date()),
    token,
    { action: 'book', slotId },
    source,
  );
  expect(notice).toBe('booked');
}

async function withPage(viewport: ViewportName, run: (page: Page) => Promise<void>) {
  const page = await running.page(viewport);
  const errors = collectPageErrors(page);
  try {
    await page.goto(`${running.site.url}/admin/enquiries/admission`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Admission Form', exact: true }).waitFor();
    await run(page);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
}

describe('the coming visit and a suspicious parent name in the dashboard', () => {
  for (const family of families) {
    it(
      `on a ${family.viewport}, the office reads when the family comes on its row, opened, ${family.viewport === 'desktop' ? 'on its board card ' : ''}and in its History`,
      { timeout: 120_000 },
      async () => {
        const db = running.site.services.storage.db;
        const [id] = (await insertTestAdmissions(db, [
          {
            studentName: family.student,
            parentName: 'Revathi Sundar',
            email: family.email,
            phone: family.phone,
            // The child of the test data is 4: for Toddler on the phone, the office reads a note (issue 35 §9).
            programOfInterest: family.viewport === 'phone' ? 'toddler' : 'primary',
          },
          {
            studentName: family.suspiciousStudent,
            parentName: 'Offers at www.win-prize.in',
            email: `promo.${family.email}`,
            phone: String(Number(family.phone) + 5),
          },
        ])) as [number, number];
        await bookWithLink(id, family.viewport === 'phone' ? '203.0.113.10' : '203.0.113.20');

        await withPage(family.viewport, async (page) => {
          const row =
            family.viewport === 'phone'
              ? page.locator('li.enquiry-card').filter({ hasText: family.student })
              : page.locator('tr.enquiry-row').filter({ hasText: family.student });
          await row.getByText(`Visit: ${VISIT_TEXT}`, { exact: true }).waitFor();
          const suspicious = (
            family.viewport === 'phone' ? page.locator('li.enquiry-card') : page.locator('tr.enquiry-row')
          ).filter({ hasText: family.suspiciousStudent });
          await suspicious.getByText('Suspicious name: contains a web address').waitFor();
          expect(await suspicious.getByText(/^Visit:/).count()).toBe(0);

          await row.getByRole('button', { name: family.student, exact: true }).click();
          const details =
            family.viewport === 'phone'
              ? row
              : page.locator('tr.enquiry-details').filter({ hasText: 'History' }).first();
          await details.locator('dt', { hasText: /^Visit$/ }).waitFor();
          expect(
            await details
              .locator('dt', { hasText: /^Visit$/ })
              .locator('xpath=following-sibling::dd')
              .textContent(),
          ).toBe(VISIT_TEXT);
          const ageNote = details.getByText(
            /^The child is 4 years( \d+ months?)? today; the Toddler Community is for ages 18 months – 3 years\. The Primary Children's House \(3 – 6 years\) may suit better\.$/,
          );
          if (family.viewport === 'phone') await ageNote.waitFor();
          else expect(await ageNote.count()).toBe(0);
          await details
            .getByText(`Stage changed from Enquiry to Visit booked by the family, online, for ${VISIT_TEXT}`, {
              exact: true,
            })
            .waitFor();
          // The checker flags the message box inside the closed "WhatsApp the parent" (as it stands since issue 24); open, it passes.
          await details.locator('details.whatsapp-parent summary').click();
          expect(await details.getByLabel('Message to Revathi Sundar').inputValue()).toContain(
            `with ${family.student} on ${VISIT_TEXT}.`,
          );
          await expectAccessible(page);
          await details.getByRole('heading', { name: 'History' }).scrollIntoViewIfNeeded();
          await page.screenshot({ path: `test-results/coming-visit-${family.viewport}.png`, fullPage: false });

          if (family.viewport === 'desktop') {
            await page.getByRole('button', { name: 'Board by stage' }).click();
            const card = page
              .getByRole('region', { name: /^Visit booked / })
              .locator('li.stage-card')
              .filter({ hasText: family.student });
            await card.getByText(`Visit: ${VISIT_TEXT}`, { exact: true }).waitFor();
            await page
              .locator('li.stage-card')
              .filter({ hasText: family.suspiciousStudent })
              .getByText('Suspicious name: contains a web address')
              .waitFor();
            await expectAccessible(page);
            await page.screenshot({ path: 'test-results/coming-visit-board.png', fullPage: false });
          }
        });
      },
    );
  }
});
