import { describe, expect, it } from 'vitest';
import { addWorkingDays } from '#shared/admissions/followUp.ts';
import { weekdayOf } from '#shared/admissions/visits.ts';
import { formatSchoolDay } from '#shared/schoolTimes.ts';
import { schoolToday } from '#shared/time.ts';
import { holidaysFrom } from '#server/modules/followUps/holidaysRepository.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, newContext } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const PASSWORD = 'office-password-for-tests-only';
const running = useSiteAndBrowser({ ADMIN_PASSWORD: PASSWORD });

/** The first Sunday after `day`. */
function sundayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  do date.setUTCDate(date.getUTCDate() + 1);
  while (date.getUTCDay() !== 0);
  return date.toISOString().slice(0, 10);
}

describe('publishing a visit time on a phone', () => {
  it(
    'starts at the next working day, refuses a time that has passed in a sentence, and warns of a Sunday without refusing it',
    { timeout: 90_000 },
    async () => {
      const db = running.site.services.storage.db;
      const today = schoolToday();
      const holidays = await holidaysFrom(db, today);
      const context = await newContext(running.browser, 'phone');
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const slotCount = () =>
        db
          .selectFrom('visit_slots')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.count));
      try {
        await page.goto(`${running.site.url}/admin/visits`);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.keyboard.press('Enter');
        const one = page.getByRole('form', { name: 'One visit time' });
        const date = one.getByLabel('Date');
        await date.waitFor();
        expect(await date.inputValue()).toBe(addWorkingDays(today, 1, new Set(holidays.map((holiday) => holiday.day))));

        const before = await slotCount();
        await date.fill(today);
        await one.getByLabel('Start (school time)').fill('00:00');
        await one.getByRole('button', { name: 'Publish this slot' }).click();
        await one.getByText('This time has passed. Please choose a later one.').waitFor();
        expect(await slotCount()).toBe(before);

        const sunday = sundayAfter(today);
        await date.fill(sunday);
        await one.getByLabel('Start (school time)').fill('10:00');
        await one.getByText(`${formatSchoolDay(sunday)} is a Sunday, when the school is closed.`).waitFor();
        await page.screenshot({ path: 'test-results/visit-times-phone.png', fullPage: false });
        await expectAccessible(page);
        await one.getByRole('button', { name: 'Publish this slot' }).click();
        await expect.poll(slotCount, { timeout: 10_000 }).toBe(before + 1);

        // The weekly form says the same: a Sunday pattern is warned of, and a first time gone is refused.
        const weekly = page.getByRole('form', { name: 'The same time every week' });
        await weekly.getByLabel('Every').selectOption('Sunday');
        await weekly.getByLabel('From').fill(sunday);
        await weekly.getByLabel('To').fill(sundayAfter(sunday));
        await weekly.getByText('Sundays are days the school is closed.').waitFor();
        // Today's own weekday, so the pattern's first time is today at midnight, gone whatever the day.
        await weekly.getByLabel('Every').selectOption(weekdayOf(today));
        await weekly.getByLabel('From').fill(today);
        await weekly.getByLabel('Start (school time)').fill('00:00');
        await weekly.getByRole('button', { name: 'Publish every week' }).click();
        await weekly.getByText('The first of these times has passed. Please start from a later day.').waitFor();
        expect(await slotCount()).toBe(before + 1);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
