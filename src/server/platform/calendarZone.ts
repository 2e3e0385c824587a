import { SCHOOL_TIME_ZONE } from '#shared/time.ts';

/** The school's zone never changes its offset (India keeps no summer time), so its definition is written here once. */
const kolkataZone = [
  'BEGIN:VTIMEZONE',
  `TZID:${SCHOOL_TIME_ZONE}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0530',
  'TZOFFSETTO:+0530',
  'TZNAME:IST',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** The `timezone` of an ical-generator calendar on the school's clocks: a visit's invitation, the parents' calendar feed. */
export const schoolCalendarZone = { name: SCHOOL_TIME_ZONE, generator: () => kolkataZone };
