/**
 * 'YYYY-MM-DD' -> 'March 18, 2025' (the 'MMMM d, yyyy' pattern) with the platform's Intl, so
 * content pages carry no date library. The date is read and formatted in UTC: a calendar date
 * is the same day on the server and in every browser, whatever their time zone.
 */
const displayDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function formatDisplayDate(isoDate: string): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return displayDate.format(Date.UTC(year, month - 1, day));
}

/** A calendar date as a <time> element, machine-readable in dateTime. */
export function DateText({ date, className }: { date: string; className?: string }) {
  return (
    <time dateTime={date} className={className}>
      {formatDisplayDate(date)}
    </time>
  );
}
