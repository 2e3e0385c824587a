import { z } from 'zod';
import { formatSchoolDay, schoolInstant } from '../schoolTimes';
import type { SchoolHoliday } from './holidays';

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
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please give the time as HH:MM, 24-hour.');
const minutes = z.number().int().min(5, 'A visit lasts at least 5 minutes.').max(480, 'A visit lasts at most 8 hours.');
const places = z
  .number()
  .int()
  .min(1, 'A slot takes at least 1 family.')
  .max(100, 'A slot takes at most 100 families.');

export const visitSlotSchema = z.object({ day, time, minutes, places });

export const visitPatternSchema = z
  .object({ weekday: z.enum(visitWeekdays), time, minutes, places, from: day, to: day })
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
  const warnings: string[] = [];
  if (new Date(`${slot.day}T00:00:00Z`).getUTCDay() === 0)
    warnings.push(`${formatSchoolDay(slot.day)} is a Sunday, when the school is closed.`);
  const holiday = holidays.find((listed) => listed.day === slot.day);
  if (holiday) warnings.push(`${formatSchoolDay(slot.day)} is a school holiday (${holiday.name}).`);
  if (startsAt - now.getTime() < VISIT_CHANGE_CUTOFF_MS) {
    warnings.push(
      `This time is less than ${VISIT_CHANGE_CUTOFF_MS / 3_600_000} hours away: parents can no longer book it online, so its places would stay free unless you book a family yourself.`,
    );
  }
  return warnings;
}

/** A slot to store: when it starts (ISO, UTC), how long, how many families. */
export type NewVisitSlot = { startsAt: string; minutes: number; places: number };

export const slotFromInput = (input: VisitSlotInput): NewVisitSlot => ({
  startsAt: schoolInstant(input.day, input.time).toISOString(),
  minutes: input.minutes,
  places: input.places,
});

/** Every day from `from` to `to` that falls on the pattern's weekday, as slots. */
export function slotsOfPattern(pattern: VisitPattern): NewVisitSlot[] {
  const slots: NewVisitSlot[] = [];
  const wanted = visitWeekdays.indexOf(pattern.weekday);
  for (
    let at = Date.parse(`${pattern.from}T00:00:00Z`);
    at <= Date.parse(`${pattern.to}T00:00:00Z`);
    at += 86_400_000
  ) {
    // getUTCDay counts from Sunday; the list starts on Monday.
    if ((new Date(at).getUTCDay() + 6) % 7 !== wanted) continue;
    slots.push(
      slotFromInput({
        day: new Date(at).toISOString().slice(0, 10),
        time: pattern.time,
        minutes: pattern.minutes,
        places: pattern.places,
      }),
    );
  }
  return slots;
}

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
