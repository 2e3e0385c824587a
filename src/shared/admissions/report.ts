import { TZDate } from '@date-fns/tz';
import { isProgramName, programNames, programs } from '#content/programs.ts';
import { MONTH_NAMES, SCHOOL_TIME_ZONE } from '#shared/time.ts';
import { z } from '#shared/zod.ts';

/**
 * The admissions report (issue 24 §3, decision 0041): per month at the school, the enquiries, the
 * visits, offers and enrolments, the conversion between each step and how soon families heard back.
 */

/** A month at the school, as YYYY-MM. */
export type ReportMonthKey = string;

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthSchema = z.string().regex(monthPattern, 'Use a month as YYYY-MM');

/** The longest range the report shows at once. */
export const REPORT_MAX_MONTHS = 36;
/** The range it shows when none is chosen: the last 12 months, this one included. */
export const REPORT_DEFAULT_MONTHS = 12;

export const reportQuerySchema = z
  .object({ from: monthSchema.optional(), to: monthSchema.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: 'The first month must not be after the last.',
    path: ['to'],
  })
  .refine((range) => !range.from || !range.to || monthsBetween(range.from, range.to) <= REPORT_MAX_MONTHS, {
    message: `Please choose at most ${REPORT_MAX_MONTHS} months.`,
    path: ['from'],
  });

export type ReportQuery = z.output<typeof reportQuerySchema>;

/** The counts of one month or of the whole range. */
export type ReportFigures = {
  /** Contact Form enquiries: another source, not a step of admissions. */
  contact: number;
  /** Admission Form enquiries that arrived. */
  enquiries: number;
  /** Enquiries that reached Visit booked or later: a visit booked, held or not; not a step. */
  visitsBooked: number;
  /** Enquiries that reached Visited or later: the visit happened. */
  visits: number;
  offers: number;
  enrolments: number;
  /** Admission enquiries by the program they ask about (any other stored value under its own name). */
  programs: Record<string, number>;
  /** Of the month's admission enquiries, how many staff have contacted. */
  contacted: number;
  /** Calendar days at the school from enquiry to first contact; null when nobody was contacted. */
  medianDaysToContact: number | null;
};

export type ReportMonth = ReportFigures & { month: ReportMonthKey };

export type AdmissionsReport = {
  from: ReportMonthKey;
  to: ReportMonthKey;
  months: ReportMonth[];
  total: ReportFigures;
};

/** The definitions, one line each, on the page and in decision 0041. */
export const reportDefinitions = [
  'An enquiry counts in the month it arrived; the Spam folder is left out.',
  'A visit, an offer or an enrolment counts in the month the enquiry first reached Visited, Offered or Enrolled, or a later step: an enquiry that skipped a step counts for it too. A visit booked counts apart, in the month it first reached Visit booked or later, whether the visit was held or cancelled.',
  'Conversion is the month’s count of a step divided by the count of the step before it, in the same month.',
  'First contact is the first time staff marked the enquiry Responded or moved its stage; days are calendar days at the school.',
] as const;

export const stepLabels = {
  enquiries: 'Enquiries',
  visits: 'Visits',
  offers: 'Offers',
  enrolments: 'Enrolments',
} as const;
export type ReportStep = keyof typeof stepLabels;
export const reportSteps = Object.keys(stepLabels) as ReportStep[];

/** Each conversion: the step and the one before it. */
export const conversions = [
  { label: 'Visits per enquiry', of: 'visits', per: 'enquiries' },
  { label: 'Offers per visit', of: 'offers', per: 'visits' },
  { label: 'Enrolments per offer', of: 'enrolments', per: 'offers' },
] as const satisfies readonly { label: string; of: ReportStep; per: ReportStep }[];

/** A whole percentage, or null when there was nothing to convert from. */
export function percentOf(count: number, of: number): number | null {
  return of === 0 ? null : Math.round((count / of) * 100);
}

function monthParts(month: ReportMonthKey): [number, number] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return [year, number];
}

function monthsBetween(from: ReportMonthKey, to: ReportMonthKey): number {
  const [fromYear, fromMonth] = monthParts(from);
  const [toYear, toMonth] = monthParts(to);
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

/** The month `count` months after (or before, negative) `month`. */
export function addMonths(month: ReportMonthKey, count: number): ReportMonthKey {
  const [year, number] = monthParts(month);
  const index = year * 12 + (number - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every month from `from` to `to`, in order. */
export function monthRange(from: ReportMonthKey, to: ReportMonthKey): ReportMonthKey[] {
  return Array.from({ length: monthsBetween(from, to) }, (_, index) => addMonths(from, index));
}

/** The month it is at the school now. */
export function schoolMonth(now: Date): ReportMonthKey {
  const here = new TZDate(now.getTime(), SCHOOL_TIME_ZONE);
  return `${here.getFullYear()}-${String(here.getMonth() + 1).padStart(2, '0')}`;
}

/** The range asked for, the default filled in: the last 12 months to this one. */
export function reportRange(query: ReportQuery, now: Date): { from: ReportMonthKey; to: ReportMonthKey } {
  const to = query.to ?? (query.from ? addMonths(query.from, REPORT_DEFAULT_MONTHS - 1) : schoolMonth(now));
  return { from: query.from ?? addMonths(to, -(REPORT_DEFAULT_MONTHS - 1)), to };
}

/** The instant the month begins: midnight of its first day at the school. */
export function monthStart(month: ReportMonthKey): Date {
  const [year, number] = monthParts(month);
  return new Date(TZDate.tz(SCHOOL_TIME_ZONE, year, number - 1, 1).getTime());
}

/** "Nov 2026". */
export function monthLabel(month: ReportMonthKey): string {
  const [year, number] = monthParts(month);
  return `${MONTH_NAMES[number - 1]!.slice(0, 3)} ${year}`;
}

/** The programs a report names, the four first in their order, then any older value found. */
export function reportPrograms(report: AdmissionsReport): string[] {
  const others = Object.keys(report.total.programs)
    .filter((program) => !isProgramName(program))
    .sort();
  return [...programNames, ...others];
}

/** "Toddler"; a value stored before the programs changed keeps its own name. */
export const programLabel = (program: string) => (isProgramName(program) ? programs[program].label : program);
