import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admissionStages, type AdmissionStage } from '#shared/admissions/stages.ts';
import { publishSlots } from '#server/modules/visits/repository.ts';
import { visitorScope } from '#server/requestScope.ts';
import { schoolInstant } from '#shared/schoolTimes.ts';
import { schoolToday } from '#shared/time.ts';
import { family, insertTestAdmissions } from '#test/support/testEnquiries.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';

/** Issue 35 §7: the dashboard as it lies on a 1366 x 768 laptop and a 390 phone, nothing cut off, clipped or covered. */
const PASSWORD = 'office-password-for-layout-tests';
const running = useSiteAndBrowser({ ADMIN_PASSWORD: PASSWORD });
const SHOTS = process.env.DASHBOARD_SHOTS;

async function withDashboard(viewport: ViewportName, path: string, run: (page: Page) => Promise<void>) {
  const page = await running.page(viewport);
  const errors = collectPageErrors(page);
  try {
    await page.goto(`${running.site.url}${path}`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Staff Dashboard' }).waitFor();
    await run(page);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
}

/** The element a pointer would reach at the centre of the control, as seen from the control: itself (or inside it) or not. */
const reachableAtCentre = (control: Locator) =>
  control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && element.contains(hit);
  });

let seeded: Promise<unknown> | undefined;
/** One family in each stage but Documents received (its empty count is one of the defects), and one visit booked. */
function seed() {
  seeded ??= (async () => {
    const db = running.site.services.storage.db;
    const stages = admissionStages.filter((stage) => stage !== 'documents-received');
    const ids = await insertTestAdmissions(
      db,
      stages.map((stage, n) => ({
        ...family(n + 1),
        studentName: `Child ${stage}`,
        parentName: `Parent Of ${stage}`,
        programOfInterest: 'primary',
        createdAt: `2026-11-${10 + n}T04:30:00.000Z`,
      })),
    );
    for (const [index, stage] of stages.entries()) await moveTo(ids[index]!, stage);
    const day = schoolToday(new Date(Date.now() + 3 * 86_400_000));
    await publishSlots(db, [{ startsAt: schoolInstant(day, '10:00').toISOString(), minutes: 45, places: 3 }], {
      createdAt: new Date().toISOString(),
      accountId: null,
    });
    const slotId = (await db.selectFrom('visit_slots').select('id').executeTakeFirstOrThrow()).id;
    const token = new URL(running.site.services.visits.bookingUrl(ids[0]!, new Date())).searchParams.get('t') ?? '';
    expect(
      (
        await running.site.services.visits.act(
          visitorScope('198.51.100.23', new Date()),
          token,
          { action: 'book', slotId },
          '198.51.100.23',
        )
      ).notice,
    ).toBe('booked');
  })();
  return seeded;
}

async function moveTo(id: number, stage: AdmissionStage) {
  const reason = stage === 'waitlisted' || stage === 'not-proceeding' ? 'Test reason' : null;
  await running.site.services.storage.db
    .updateTable('admission_pipeline')
    .set({ stage, stage_reason: reason })
    .where('enquiry_id', '=', id)
    .execute();
}

describe('the dashboard on a laptop and a phone', () => {
  it(
    'at 1366 x 768, the board by stage shows every column whole inside its box, stage names unclipped and counts one line high',
    { timeout: 90_000 },
    async () => {
      await seed();
      await withDashboard('desktop', '/admin/enquiries/admission', async (page) => {
        await page.getByRole('button', { name: 'Board by stage' }).click();
        const board = page.locator('.stage-board');
        await page.getByRole('region', { name: /^Closed 2 enquiries$/ }).waitFor();
        if (SHOTS) await board.screenshot({ path: `${SHOTS}/board-1366.png` });

        const layout = await board.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const outside = [...element.querySelectorAll<HTMLElement>(':scope > .stage-column')]
            .filter((column) => {
              const own = column.getBoundingClientRect();
              return own.left < box.left - 0.5 || own.right > box.right + 0.5 || own.right > window.innerWidth;
            })
            .map((column) => column.querySelector('h3')?.textContent);
          return {
            outside,
            scrolls: element.scrollWidth > element.clientWidth,
            pageScrolls: document.documentElement.scrollWidth > window.innerWidth,
          };
        });
        expect(layout).toEqual({ outside: [], scrolls: false, pageScrolls: false });

        // Each stage select is wide enough for its longest option, beside its padding (which holds the arrow).
        const clipped = await page.locator('.stage-mover__select').evaluateAll((selects) =>
          selects
            .map((select) => {
              const style = getComputedStyle(select);
              const context = document.createElement('canvas').getContext('2d')!;
              context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
              const longest = Math.max(
                ...[...(select as HTMLSelectElement).options].map((option) => context.measureText(option.text).width),
              );
              // Chromium draws a select's arrow in about 20px of its own, inside the padding box.
              const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
              return { label: select.getAttribute('id'), longest: Math.ceil(longest), room };
            })
            .filter(({ longest, room }) => longest > room),
        );
        expect(clipped).toEqual([]);

        // A count is a pill one line high, however many lines its stage's name takes.
        const tallCounts = await page.locator('.stage-column__count').evaluateAll((counts) =>
          counts
            .map((count) => {
              const range = document.createRange();
              range.selectNodeContents(count.firstChild!);
              const line = range.getBoundingClientRect().height;
              return { text: count.textContent, height: count.getBoundingClientRect().height, line };
            })
            .filter(({ height, line }) => height > line + 4),
        );
        expect(tallCounts).toEqual([]);
        await expectAccessible(page);
      });
    },
  );

  it(
    'at 1366 x 768, the list of admission enquiries fits its box, Remarks included, and no child’s name breaks mid-word',
    { timeout: 90_000 },
    async () => {
      await seed();
      await withDashboard('desktop', '/admin/enquiries/admission', async (page) => {
        const wrap = page.locator('.enquiry-table-wrap');
        await wrap
          .getByRole('button', { name: /^Add remarks/ })
          .first()
          .waitFor();
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-1366.png` });
        expect(await wrap.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
        const broken = await wrap.locator('.row-open__name').evaluateAll((names) =>
          names.flatMap((name) => {
            const style = getComputedStyle(name);
            const context = document.createElement('canvas').getContext('2d')!;
            context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const room = name.parentElement!.getBoundingClientRect().width;
            return (name.textContent ?? '')
              .split(/\s+/)
              .filter((word) => word && context.measureText(word).width > room + 0.5)
              .map((word) => `${word} in ${Math.round(room)}px`);
          }),
        );
        expect(broken).toEqual([]);
      });
    },
  );

  it(
    'at 1366 x 768, scrolled down, the site header covers neither Logout nor the list, and back-to-top covers no "Add remarks"',
    { timeout: 90_000 },
    async () => {
      await seed();
      await withDashboard('desktop', '/admin/enquiries/admission', async (page) => {
        const logout = page.getByRole('button', { name: 'Logout' });
        const remarks = page.getByRole('button', { name: /^Add remarks/ });
        await remarks.first().waitFor();
        // Scrolled until Logout's centre is halfway down the header's height: where a sticky header would lie over it.
        await logout.evaluate((element) => {
          const header = document.querySelector('.site-header')!.getBoundingClientRect();
          const box = element.getBoundingClientRect();
          window.scrollTo({ top: window.scrollY + box.top + box.height / 2 - header.height / 2, behavior: 'instant' });
        });
        expect(await reachableAtCentre(logout)).toBe(true);

        expect(await remarks.count()).toBeGreaterThan(0);
        const covered: number[] = [];
        for (let index = 0; index < (await remarks.count()); index += 1) {
          const button = remarks.nth(index);
          // At the foot of the window, where a button fixed in the bottom corner lies once the page has scrolled.
          await button.evaluate((element) => element.scrollIntoView({ block: 'end', behavior: 'instant' }));
          await page.waitForTimeout(100);
          const overlapped = await button.evaluate((element) => {
            const box = element.getBoundingClientRect();
            return [...document.querySelectorAll('.back-to-top')].some((corner) => {
              const other = corner.getBoundingClientRect();
              return (
                other.width > 0 &&
                other.left < box.right &&
                box.left < other.right &&
                other.top < box.bottom &&
                box.top < other.bottom
              );
            });
          });
          if (overlapped || !(await reachableAtCentre(button))) covered.push(index);
        }
        expect(covered).toEqual([]);
        await expectAccessible(page);
      });
    },
  );

  it(
    'at 390, the visits table breaks no word mid-word and its phone is a link to call',
    { timeout: 90_000 },
    async () => {
      await seed();
      await withDashboard('phone', '/admin/visits', async (page) => {
        await page
          .getByRole('button', { name: /famil(y|ies) booked/ })
          .first()
          .click();
        const table = page.locator('.visits__table').first();
        await table.waitFor();
        if (SHOTS) await table.screenshot({ path: `${SHOTS}/visits-390.png` });

        // A word broken mid-word makes its cell narrower than the word: each word is measured on its own.
        const broken = await table.locator('th, td').evaluateAll((cells) =>
          cells.flatMap((cell) => {
            const style = getComputedStyle(cell);
            const context = document.createElement('canvas').getContext('2d')!;
            context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            const words = (cell.textContent ?? '').split(/\s+/).filter(Boolean);
            return words
              .filter((word) => context.measureText(word).width > room + 0.5)
              .map((word) => `${word} in ${Math.round(room)}px`);
          }),
        );
        expect(broken).toEqual([]);
        const wordBreaks = await table
          .locator('th, td')
          .evaluateAll((cells) =>
            cells
              .map((cell) => `${getComputedStyle(cell).wordBreak} ${getComputedStyle(cell).overflowWrap}`)
              .filter((value) => /break-all|anywhere/.test(value)),
          );
        expect(wordBreaks).toEqual([]);

        const call = table.getByRole('link', { name: '+91 9840000001' });
        expect(await call.getAttribute('href')).toBe('tel:+919840000001');
        await expectAccessible(page);
      });
    },
  );
});
