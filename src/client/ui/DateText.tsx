import { MONTH_NAMES } from '#shared/time.ts';

/**
 * 'YYYY-MM-DD' -> 'March 18, 2025' (the 'MMMM d, yyyy' pattern), read from the text alone: the same
 * day on the server and in every browser, whatever their time zone. Without Intl, whose first
 * formatter starts the browser's locale data on a fresh page (decision 0006), and without a date library.
 */
export function formatDisplayDate(isoDate: string): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return `${MONTH_NAMES[month - 1]} ${day}, ${year}`;
}

/** A calendar date as a <time> element, machine-readable in dateTime. */
export function DateText({ date, className }: { date: string; className?: string }) {
  return (
    <time dateTime={date} className={className}>
      {formatDisplayDate(date)}
    </time>
  );
}
