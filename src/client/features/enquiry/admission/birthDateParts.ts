import { parseCalendarDate } from '#shared/enquiries/birthDate.ts';

/** The birth-date picker's year, month and day, as the selects hold them ('' until chosen). */
export type DateParts = { year: string; month: string; day: string };
export type DateWindow = { earliest: string; latest: string };

const emptyParts: DateParts = { year: '', month: '', day: '' };

/** Before a year is chosen, February may have 29 days. */
const ANY_LEAP_YEAR = 2024;

const pad = (value: number) => String(value).padStart(2, '0');
const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);

export function partsOf(value: string): DateParts {
  if (!parseCalendarDate(value)) return emptyParts;
  const [year = '', month = '', day = ''] = value.split('-');
  return { year, month: String(Number(month)), day: String(Number(day)) };
}

export function dateOf({ year, month, day }: DateParts): string {
  if (!year || !month || !day) return '';
  const value = `${year}-${pad(Number(month))}-${pad(Number(day))}`;
  return parseCalendarDate(value) ? value : '';
}

/** The choices left open by the 16-year window: months of the chosen year, days of the chosen month. */
export function choices(parts: DateParts, allowed: DateWindow) {
  const [earliestYear, earliestMonth, earliestDay] = allowed.earliest.split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const [latestYear, latestMonth, latestDay] = allowed.latest.split('-').map(Number) as [number, number, number];
  const year = Number(parts.year) || undefined;
  const month = Number(parts.month) || undefined;
  const years = range(earliestYear, latestYear).reverse();
  const months = range(year === earliestYear ? earliestMonth : 1, year === latestYear ? latestMonth : 12);
  const daysInMonth = month ? new Date(year ?? ANY_LEAP_YEAR, month, 0).getDate() : 31;
  const days = range(
    year === earliestYear && month === earliestMonth ? earliestDay : 1,
    year === latestYear && month === latestMonth ? Math.min(latestDay, daysInMonth) : daysInMonth,
  );
  return { years, months, days };
}

/** Drops a month or day that the newly chosen year or month no longer allows. */
export function fitted(parts: DateParts, allowed: DateWindow): DateParts {
  const month = parts.month && choices(parts, allowed).months.includes(Number(parts.month)) ? parts.month : '';
  const day = parts.day && choices({ ...parts, month }, allowed).days.includes(Number(parts.day)) ? parts.day : '';
  return { year: parts.year, month, day };
}
