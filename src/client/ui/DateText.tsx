import { format, parseISO } from 'date-fns';

/** How the site shows a calendar date to readers: 'March 18, 2025'. */
export const DISPLAY_DATE_FORMAT = 'MMMM d, yyyy';

/**
 * 'YYYY-MM-DD' -> 'March 18, 2025'. A date-only string is read as a local calendar date,
 * so the server and every browser show the same day whatever their time zone.
 */
export function formatDisplayDate(isoDate: string): string {
  return format(parseISO(isoDate), DISPLAY_DATE_FORMAT);
}

/** A calendar date as a <time> element, machine-readable in dateTime. */
export function DateText({ date, className }: { date: string; className?: string }) {
  return (
    <time dateTime={date} className={className}>
      {formatDisplayDate(date)}
    </time>
  );
}
