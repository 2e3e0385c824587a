import { TZDate } from '@date-fns/tz';
import ical from 'ical-generator';
import { school } from '#content/school.ts';
import type { ParentEvent } from '#shared/parents/parentsCorner.ts';
import { schoolInstant } from '#shared/schoolTimes.ts';
import { SCHOOL_TIME_ZONE } from '#shared/time.ts';
import { schoolCalendarZone } from '#server/platform/calendarZone.ts';

/**
 * A guardian's calendar feed (.ics): the school's events on the school's clocks, an event of the
 * whole day as a date. Each event keeps its UID across changes, so a phone updates it in place.
 */
export function calendarFeed(events: readonly ParentEvent[], { host, now }: { host: string; now: Date }): string {
  const calendar = ical({
    prodId: { company: school.name, product: 'Parents Corner' },
    name: `${school.name}: events`,
    timezone: schoolCalendarZone,
  });
  for (const event of events) {
    const [year, month, day] = event.date.split('-').map(Number) as [number, number, number];
    calendar.createEvent({
      id: `parent-event-${event.id}@${host}`,
      stamp: now,
      ...(event.time === null
        ? { start: new TZDate(year, month - 1, day, SCHOOL_TIME_ZONE), allDay: true }
        : {
            start: new TZDate(schoolInstant(event.date, event.time).getTime(), SCHOOL_TIME_ZONE),
            timezone: SCHOOL_TIME_ZONE,
          }),
      summary: event.title,
      description: event.text,
      ...(event.place ? { location: event.place } : {}),
    });
  }
  return calendar.toString();
}
