import { z } from 'zod';
import { formatSchoolDay, schoolInstant } from '#shared/schoolTimes.ts';
import type { SchoolHoliday } from './holidays';
import { parseCalendarDate } from '#shared/enquiries/birthDate.ts';

/**
 * School visits (issue 24 §2): what the office publishes (single slots or a weekly pattern) and
 * what it sees of each day's visits. Days are YYYY-MM-DD and times HH:MM on the school's clocks.
 */

/** The booking page's address; its token goes in the query string, which no log of ours or the proxy's keeps. */
export const VISIT_BOOKING_PATH = '/visit';

export const bookingUrl = (publicUrl: string, token: string) => `${publicUrl}${VISIT_BOOKING_PATH}?t=${token}`;

/** A change (book, move, cancel) is possible until this long before the visit; after it, the family calls. */
export const VISIT_CHANGE_CUTOFF_MS = 12 * 60 * 60 * 1000;

export const visitWeekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** At most this many weeks of a pattern at once, so a mistyped year cannot publish thousands of slots. */
export const VISIT_PATTERN_MAX_WEEKS = 26;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please give the date as YYYY-MM-DD.');
/** A time of day on the school's clocks, HH:MM, 24-hour: a visit's start, an event's. */
export const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please give the time as HH:MM, 24-hour.');
const minutes = z.number().int().min(5, 'A visit lasts at least 5 minutes.').max(480, 'A visit lasts at most 8 hours.');
const places = z
  .number()
  .int()
  .min(1, 'A slot takes at least 1 family.')
  .max(100, 'A slot takes at most 100 families.');

export const visitSlotSchema = z.object({ day, time: clockTimeSchema, minutes, places });

export const visitPatternSchema = z
  .object({ weekday: z.enum(visitWeekdays), time: clockTimeSchema, minutes, places, from: day, to: day })
  .refine((pattern) => pattern.from <= pattern.to, {
    path: ['to'],
    message: 'The last day must be on or after the first.',
  })
  .refine((pattern) => Date.parse(pattern.to) - Date.parse(pattern.from) <= VISIT_PATTERN_MAX_WEEKS * 7 * 86_400_000, {
    path: ['to'],
    message: `Please publish at most ${VISIT_PATTERN_MAX_WEEKS} weeks at once.`,
  });

export type VisitSlotInput = z.infer<typeof visitSlotSchema>;
export type VisitPattern = z.infer<typeof visitPatternSchema>;

export const visitSlotMessages = {
  passed: 'This time has passed. Please choose a later one.',
  patternPassed: 'The first of these times has passed. Please start from a later day.',
} as const;

// A day or time that is no day or time compares false here: its own message says so.
const hasBegun = (day: string, time: string, now: Date) => schoolInstant(day, time) <= now;

/** A slot as `now` sees it: one that has begun is refused. The form and the server check with this schema. */
export const visitSlotSchemaAt = (now: Date) =>
  visitSlotSchema.refine((slot) => !hasBegun(slot.day, slot.time, now), {
    path: ['time'],
    message: visitSlotMessages.passed,
  });

/** A weekly pattern as `now` sees it: one whose first time has begun is refused. The form and the server check with this schema. */
export const visitPatternSchemaAt = (now: Date) =>
  visitPatternSchema.refine((pattern) => slotsOfPattern(pattern).every((slot) => new Date(slot.startsAt) > now), {
    path: ['from'],
    message: visitSlotMessages.patternPassed,
  });

const isSunday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 0;

const holidayWarning = (day: string, holidays: readonly SchoolHoliday[]) => {
  const holiday = holidays.find((listed) => listed.day === day);
  return holiday ? `${formatSchoolDay(day)} is a school holiday (${holiday.name}).` : undefined;
};

/** A time that has not begun but is inside the cut-off, which parents cannot book online. */
const cutOffWarning = (startsAt: number, now: Date) =>
  startsAt > now.getTime() && startsAt - now.getTime() < VISIT_CHANGE_CUTOFF_MS
    ? `This time is less than ${VISIT_CHANGE_CUTOFF_MS / 3_600_000} hours away: parents can no longer book it online, so its places would stay free unless you book a family yourself.`
    : undefined;

const present = (warnings: (string | undefined)[]): string[] =>
  warnings.filter((warning): warning is string => warning !== undefined);

/**
 * What the form says, without refusing, about a slot the office may still mean to publish: a
 * Sunday, a school holiday, or a time inside the cut-off, which parents cannot book online.
 */
export function visitSlotWarnings(
  slot: { day: string; time: string },
  now: Date,
  holidays: readonly SchoolHoliday[],
): string[] {
  const startsAt = schoolInstant(slot.day, slot.time).getTime();
  if (Number.isNaN(startsAt) || startsAt <= now.getTime()) return [];
  return present([
    isSunday(slot.day) ? `${formatSchoolDay(slot.day)} is a Sunday, when the school is closed.` : undefined,
    holidayWarning(slot.day, holidays),
    cutOffWarning(startsAt, now),
  ]);
}

/** The same warnings for a weekly pattern: Sundays once, each school holiday it meets, and its first time. */
export function visitPatternWarnings(
  pattern: { weekday: string; time: string; from: string; to: string },
  now: Date,
  holidays: readonly SchoolHoliday[],
): string[] {
  const days = patternDays(pattern).filter((day) => schoolInstant(day, pattern.time).getTime() > now.getTime());
  if (days.length === 0) return [];
  return present([
    pattern.weekday === 'Sunday' ? 'Sundays are days the school is closed.' : undefined,
    ...days.map((day) => holidayWarning(day, holidays)),
    cutOffWarning(schoolInstant(days[0]!, pattern.time).getTime(), now),
  ]);
}

/** A slot to store: when it starts (ISO, UTC), how long, how many families. */
export type NewVisitSlot = { startsAt: string; minutes: number; places: number };

export const slotFromInput = (input: VisitSlotInput): NewVisitSlot => ({
  startsAt: schoolInstant(input.day, input.time).toISOString(),
  minutes: input.minutes,
  places: input.places,
});

/** The weekday of a day (YYYY-MM-DD) as the weekly form names it. */
export const weekdayOf = (day: string) =>
  // getUTCDay counts from Sunday; the list starts on Monday.
  visitWeekdays[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/** Every day from `from` to `to` that falls on the pattern's weekday (none for days that are no days, or too many weeks). */
export function patternDays(pattern: { weekday: string; from: string; to: string }): string[] {
  if (
    !(visitWeekdays as readonly string[]).includes(pattern.weekday) ||
    !parseCalendarDate(pattern.from) ||
    !parseCalendarDate(pattern.to)
  )
    return [];
  const [first, last] = [Date.parse(`${pattern.from}T00:00:00Z`), Date.parse(`${pattern.to}T00:00:00Z`)];
  if (last - first > VISIT_PATTERN_MAX_WEEKS * 7 * 86_400_000) return [];
  const days: string[] = [];
  for (let at = first; at <= last; at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    if (weekdayOf(day) === pattern.weekday) days.push(day);
  }
  return days;
}

/** Every day of the pattern, as slots. */
export const slotsOfPattern = (pattern: VisitPattern): NewVisitSlot[] =>
  patternDays(pattern).map((day) =>
    slotFromInput({ day, time: pattern.time, minutes: pattern.minutes, places: pattern.places }),
  );

/** One family's visit, as the office sees it on the day's list. */
/** `source`: the connection it was booked from (an IPv4 address or an IPv6 /64), null for bookings before it was kept. */
export type VisitorRow = {
  bookingId: number;
  enquiryId: number;
  parentName: string;
  studentName: string;
  birthDate: string;
  program: string;
  countryCode: string;
  phone: string;
  source: string | null;
};

/** A published slot with its bookings. */
export type VisitSlotDay = { id: number; startsAt: string; minutes: number; places: number; visitors: VisitorRow[] };

/** The office's overview of visits covers today and the days after it, this many in all. */
export const COMING_VISIT_DAYS = 14;

/** From the start of `today` at the school to the start of the day after the last day of the overview, as instants (ISO). */
export function comingVisitWindow(today: string): { from: string; until: string } {
  const [year, month, date] = today.split('-').map(Number) as [number, number, number];
  const lastDayAfter = new Date(Date.UTC(year, month - 1, date + COMING_VISIT_DAYS)).toISOString().slice(0, 10);
  return {
    from: schoolInstant(today, '00:00').toISOString(),
    until: schoolInstant(lastDayAfter, '00:00').toISOString(),
  };
}

/** A day of the overview with at least one open slot: how many slots, places and families booked. */
export type ComingVisitDay = { day: string; slots: number; places: number; booked: number };
