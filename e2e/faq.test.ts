import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { faqCategories, faqPage } from '#content/faq.ts';
import { withAdmissionsYear } from '#content/format.ts';
import { school } from '#content/school.ts';
import { accessibilityViolations, describeViolations } from './support/accessibility';
import { collectPageErrors, openPage, viewports, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';
import { startingContact } from '#test/support/schoolFacts.ts';

const running = useSiteAndBrowser();

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** The questions as a fresh install shows them. */
const categories = faqCategories(startingContact);
const categoryNames = categories.map((category) => category.name);
const visiblePanel = (page: Page) => page.locator('[role="tabpanel"]:not([hidden])');
const questionButtons = (page: Page) => visiblePanel(page).locator('.accordion__trigger');
const expandedStates = (page: Page) =>
  questionButtons(page).evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-expanded')));

describe('prerendered FAQ', () => {
  it('holds every category, question and answer, with Montessori Education selected', async () => {
    const html = await (await fetch(`${running.site.url}/faq`)).text();
    expect(html).toContain(`<h1>${faqPage.title}</h1>`);
    for (const category of categories) {
      expect(html).toContain(escapeHtml(category.name));
      for (const item of category.items) {
        expect(html).toContain(escapeHtml(item.question));
        // As the build states it: with the year the site starts with (nothing is published in this test).
        expect(html).toContain(escapeHtml(withAdmissionsYear(item.answer, school.admissionsYear)));
      }
    }
    expect(html).toMatch(/id="faq-tab-montessori" aria-selected="true"/);
    expect(html).not.toMatch(/<[^>]+ style="/);
  });
});

describe('the FAQ reached by a link from another page', () => {
  it('arrives without a reload, its questions and answers loaded with it, and works', async () => {
    const page = await running.page('desktop');
    const errors = collectPageErrors(page);
    try {
      await openPage(page, `${running.site.url}/about`);
      await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
      await page.locator('footer').getByRole('link', { name: 'FAQ', exact: true }).click();
      await page.waitForURL(`${running.site.url}/faq`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(faqPage.title);
      await expect(page.getByRole('tab').allTextContents()).resolves.toEqual(categoryNames);
      const [first] = categories;
      await page.getByRole('button', { name: first!.items[0]!.question }).click();
      await expect(page.getByText(first!.items[0]!.answer, { exact: true }).isVisible()).resolves.toBe(true);
      await expect(
        page.evaluate(() => (window as unknown as { stillTheSameDocument?: boolean }).stillTheSameDocument),
      ).resolves.toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe.each(Object.keys(viewports) as ViewportName[])('FAQ at the %s viewport', (viewport) => {
  const isPhone = viewport === 'phone';
  const [previousKey, nextKey] = isPhone ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];

  async function withFaq(run: (page: Page) => Promise<void>) {
    const page = await running.page(viewport);
    const errors = collectPageErrors(page);
    try {
      await openPage(page, `${running.site.url}/faq`);
      await run(page);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }

  it('shows the title, description and seven categories with Montessori Education selected', () =>
    withFaq(async (page) => {
      await expect(page.locator('h1').textContent()).resolves.toBe(faqPage.title);
      await expect(page.getByText(faqPage.description).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('tab').allTextContents()).resolves.toEqual(categoryNames);
      await expect(page.locator('[role="tab"][aria-selected="true"]').textContent()).resolves.toBe(
        'Montessori Education',
      );
      expect(await page.locator('[role="tabpanel"]:not([hidden])').count()).toBe(1);
      await expect(visiblePanel(page).locator('h2').textContent()).resolves.toBe('Montessori Education');
      await expect(page.getByRole('tablist').getAttribute('aria-orientation')).resolves.toBe(
        isPhone ? 'horizontal' : 'vertical',
      );
    }));

  it('lays the categories out beside the questions on a laptop and as a sideways strip on a phone', () =>
    withFaq(async (page) => {
      const list = page.getByRole('tablist');
      const listBox = await list.boundingBox();
      const panelBox = await visiblePanel(page).boundingBox();
      if (!listBox || !panelBox) throw new Error('tab list or panel not laid out');
      if (isPhone) {
        expect(listBox.y + listBox.height).toBeLessThanOrEqual(panelBox.y);
        const overflow = await list.evaluate((element) => ({
          scroll: element.scrollWidth,
          client: element.clientWidth,
          overflowX: getComputedStyle(element).overflowX,
        }));
        expect(overflow.scroll).toBeGreaterThan(overflow.client);
        expect(overflow.overflowX).toBe('auto');
      } else {
        expect(listBox.x + listBox.width).toBeLessThanOrEqual(panelBox.x);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewports[viewport].width,
      );
    }));

  it('opens one question at a time and closes the open one on a second click', () =>
    withFaq(async (page) => {
      const count = await questionButtons(page).count();
      expect(count).toBe(categories[0]?.items.length);
      await expect(expandedStates(page)).resolves.toEqual(Array(count).fill('false'));
      const first = questionButtons(page).nth(0);
      const second = questionButtons(page).nth(1);
      const firstAnswer = categories[0]?.items[0]?.answer ?? '';
      await expect(page.getByText(firstAnswer).isVisible()).resolves.toBe(false);
      await first.click();
      await expect(first.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(page.getByText(firstAnswer).isVisible()).resolves.toBe(true);
      await second.click();
      await expect(expandedStates(page)).resolves.toEqual(['false', 'true', ...Array(count - 2).fill('false')]);
      await expect(page.getByText(firstAnswer).isVisible()).resolves.toBe(false);
      await second.click();
      await expect(expandedStates(page)).resolves.toEqual(Array(count).fill('false'));
      // Button and panel are tied together as the accordion pattern asks.
      const panelId = await first.getAttribute('aria-controls');
      await expect(page.locator(`#${panelId}`).getAttribute('role')).resolves.toBe('region');
      await expect(page.locator(`#${panelId}`).getAttribute('aria-labelledby')).resolves.toBe(
        await first.getAttribute('id'),
      );
      await expect(first.evaluate((button) => button.parentElement?.tagName)).resolves.toBe('H3');
    }));

  it('switches category on click and shows that category’s questions', () =>
    withFaq(async (page) => {
      const schedule = categories.find((category) => category.id === 'schedule');
      if (!schedule) throw new Error('no schedule category');
      await page.getByRole('tab', { name: schedule.name }).click();
      await expect(visiblePanel(page).locator('h2').textContent()).resolves.toBe(schedule.name);
      await expect(questionButtons(page).allTextContents()).resolves.toEqual(
        schedule.items.map((item) => item.question),
      );
      await questionButtons(page).nth(0).click();
      await expect(
        visiblePanel(page)
          .getByText(schedule.items[0]?.answer ?? '')
          .isVisible(),
      ).resolves.toBe(true);
    }));

  it('follows the tabs and accordion keyboard patterns', () =>
    withFaq(async (page) => {
      await page.locator('[role="tab"][aria-selected="true"]').focus();
      await page.keyboard.press(nextKey);
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Admission Process');
      await expect(page.locator('[role="tab"][aria-selected="true"]').textContent()).resolves.toBe('Admission Process');
      await page.keyboard.press('End');
      await expect(page.locator('[role="tab"][aria-selected="true"]').textContent()).resolves.toBe('Parent Resources');
      await page.keyboard.press(nextKey);
      await expect(page.locator('[role="tab"][aria-selected="true"]').textContent()).resolves.toBe(
        'Montessori Education',
      );
      await page.keyboard.press(previousKey);
      await expect(page.locator('[role="tab"][aria-selected="true"]').textContent()).resolves.toBe('Parent Resources');
      await page.keyboard.press('Home');
      await expect(page.locator('[role="tab"][aria-selected="true"]').textContent()).resolves.toBe(
        'Montessori Education',
      );
      expect(await page.locator('[role="tab"][tabindex="0"]').count()).toBe(1);

      // Tab moves to the panel, then to the first question; Enter and Space toggle, arrows move between questions.
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.getAttribute('role'))).resolves.toBe('tabpanel');
      await page.keyboard.press('Tab');
      const questions = categories[0]?.items.map((item) => item.question) ?? [];
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(questions[0]);
      await page.keyboard.press('Enter');
      await expect(questionButtons(page).nth(0).getAttribute('aria-expanded')).resolves.toBe('true');
      await page.keyboard.press('ArrowDown');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(questions[1]);
      await page.keyboard.press('Space');
      await expect(expandedStates(page)).resolves.toEqual([
        'false',
        'true',
        ...Array(questions.length - 2).fill('false'),
      ]);
      await page.keyboard.press('End');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(questions.at(-1));
      await page.keyboard.press('Home');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(questions[0]);
      await page.keyboard.press('ArrowUp');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(questions.at(-1));
    }));

  it('passes axe with a question open', () =>
    withFaq(async (page) => {
      await page.getByRole('tab', { name: 'Curriculum' }).click();
      await questionButtons(page).nth(1).click();
      const violations = await accessibilityViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    }));
});
