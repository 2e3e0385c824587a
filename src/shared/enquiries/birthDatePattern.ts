import { daysIn, fourDigits, twoDigits } from './birthDate';

// Apart from birthDate.ts: only the schema states the window as a pattern, and the admission form's page does without it.
const allDays: Record<number, string> = {
  28: '(?:0[1-9]|1\\d|2[0-8])',
  29: '(?:0[1-9]|[12]\\d)',
  30: '(?:0[1-9]|[12]\\d|30)',
  31: '(?:0[1-9]|[12]\\d|3[01])',
};

/** The days `first` to `last` of a month of `inMonth` days. */
function daysPattern(first: number, last: number, inMonth: number): string {
  if (first === 1 && last === inMonth) return allDays[inMonth]!;
  return `(?:${Array.from({ length: last - first + 1 }, (_, index) => twoDigits(first + index)).join('|')})`;
}

/** The dates of one year from month/day to month/day. */
function yearPattern(
  year: number,
  [firstMonth, firstDay]: [number, number],
  [lastMonth, lastDay]: [number, number],
): string {
  const months: string[] = [];
  for (let month = firstMonth; month <= lastMonth; month++) {
    const inMonth = daysIn(year, month);
    months.push(
      `${twoDigits(month)}-${daysPattern(month === firstMonth ? firstDay : 1, month === lastMonth ? lastDay : inMonth, inMonth)}`,
    );
  }
  return `${fourDigits(year)}-(?:${months.join('|')})`;
}

/**
 * The calendar dates from `earliest` to `latest` (YYYY-MM-DD, both included) as one pattern:
 * JSON Schema cannot compare dates, so the REST document states the birth-date window this way.
 */
export function datesBetweenPattern(earliest: string, latest: string): string {
  const [fromYear, fromMonth, fromDay] = earliest.split('-').map(Number) as [number, number, number];
  const [toYear, toMonth, toDay] = latest.split('-').map(Number) as [number, number, number];
  if (fromYear === toYear) return `^${yearPattern(fromYear, [fromMonth, fromDay], [toMonth, toDay])}$`;
  const options = [
    yearPattern(fromYear, [fromMonth, fromDay], [12, 31]),
    yearPattern(toYear, [1, 1], [toMonth, toDay]),
  ];
  const wholeYears = Array.from({ length: toYear - fromYear - 1 }, (_, index) => fromYear + 1 + index);
  for (const leap of [false, true]) {
    const years = wholeYears.filter((year) => (daysIn(year, 2) === 29) === leap);
    const yearRound = Array.from(
      { length: 12 },
      (_, index) => `${twoDigits(index + 1)}-${allDays[daysIn(leap ? 2000 : 2001, index + 1)]}`,
    );
    if (years.length > 0) options.push(`(?:${years.map(fourDigits).join('|')})-(?:${yearRound.join('|')})`);
  }
  return `^(?:${options.join('|')})$`;
}
