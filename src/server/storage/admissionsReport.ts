import { TZDate } from '@date-fns/tz';
import { sql, type Kysely } from 'kysely';
import { SCHOOL_TIME_ZONE } from '../../shared/time';
import { admissionStages, type AdmissionStage } from '../../shared/admissions/stages';
import { monthRange, monthStart, addMonths, type AdmissionsReport, type ReportFigures, type ReportMonthKey } from '../../shared/admissions/report';
import type { Database } from './schema';

/**
 * The admissions report's figures (decision 0041), counted in SQLite: a few grouped queries over
 * the range, whatever the number of enquiries.
 */

/** The stages from `stage` on along the way to a place (the closing stages are not steps). */
function fromStage(stage: AdmissionStage): AdmissionStage[] {
  const steps = admissionStages.slice(0, admissionStages.indexOf('enrolled') + 1);
  return steps.slice(steps.indexOf(stage));
}

const stageList = (stage: AdmissionStage) => sql.join(fromStage(stage).map((name) => sql.lit(name)));

/**
 * SQLite's modifier that turns a stored UTC time into the school's wall clock. The school's zone
 * (Asia/Kolkata) has kept one offset since 1945, so one offset is right for every month; the
 * report's test checks that it still is.
 */
export function schoolClock(at: Date): string {
  const minutes = -new TZDate(at.getTime(), SCHOOL_TIME_ZONE).getTimezoneOffset();
  return `${minutes >= 0 ? '+' : '-'}${Math.abs(minutes)} minutes`;
}

type Counted = { month: string; count: number };
type Histogram = { month: string; days: number; count: number }[];

/** The middle of the days, from how many enquiries took each number of days; null for none. */
export function medianOf(histogram: { days: number; count: number }[]): number | null {
  const sorted = [...histogram].sort((a, b) => a.days - b.days);
  const total = sorted.reduce((sum, entry) => sum + entry.count, 0);
  if (total === 0) return null;
  const at = (position: number) => {
    let seen = 0;
    for (const entry of sorted) {
      seen += entry.count;
      if (position < seen) return entry.days;
    }
    return sorted[sorted.length - 1]!.days;
  };
  return (at(Math.floor((total - 1) / 2)) + at(Math.floor(total / 2))) / 2;
}

const emptyFigures = (): ReportFigures => ({ contact: 0, enquiries: 0, visits: 0, offers: 0, enrolments: 0, programs: {}, contacted: 0, medianDaysToContact: null });

/** The report for the months from `from` to `to` (YYYY-MM at the school). */
export async function admissionsReport(db: Kysely<Database>, from: ReportMonthKey, to: ReportMonthKey): Promise<AdmissionsReport> {
  const start = monthStart(from).toISOString();
  const end = monthStart(addMonths(to, 1)).toISOString();
  const clock = sql.lit(schoolClock(monthStart(from)));
  const month = (column: string) => sql<string>`strftime('%Y-%m', ${sql.ref(column)}, ${clock})`;

  const contacts = await db
    .selectFrom('contact_enquiries')
    .select([month('created_at').as('month'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('spam_reasons', 'is', null)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy('month')
    .execute();

  // The (program, created_at) list index covers this; by created_at alone the planner would read every row.
  const admissions = (await sql<Counted & { program: string }>`
    select strftime('%Y-%m', created_at, ${clock}) as month, program_of_interest as program, count(*) as count
    from admission_enquiries indexed by admission_enquiries_program_created_at
    where spam_reasons is null and created_at >= ${start} and created_at < ${end}
    group by month, program
  `.execute(db)).rows;

  // A step counts at the first history entry that reached it or beyond: an entry in the range with none such before it. One pass for the three.
  const firstReaching = (stage: AdmissionStage) => sql<number>`(h.new_value in (${stageList(stage)}) and not exists (
      select 1 from admission_pipeline_history earlier
      where earlier.enquiry_id = h.enquiry_id and earlier.id < h.id and earlier.field = 'stage' and earlier.new_value in (${stageList(stage)})
    ))`;
  const reached = (await sql<{ month: string; visits: number; offers: number; enrolments: number }>`
    select strftime('%Y-%m', h.changed_at, ${clock}) as month,
      sum(${firstReaching('visit-booked')}) as visits, sum(${firstReaching('offered')}) as offers, sum(${firstReaching('enrolled')}) as enrolments
    from admission_pipeline_history h join admission_enquiries e on e.id = h.enquiry_id
    where h.field = 'stage' and h.new_value in (${stageList('visit-booked')}) and h.changed_at >= ${start} and h.changed_at < ${end} and e.spam_reasons is null
    group by month
  `.execute(db)).rows;

  // Staff's first contact: a status change to Responded, or a stage move made by a staff account (a parent's own booking is not one).
  const contactDays = (await sql<Histogram[number]>`
    with firsts as materialized (
      select e.created_at,
        (select min(changed_at) from enquiry_history h
          where h.enquiry_kind = 'admission' and h.enquiry_id = e.id and h.field = 'status' and h.new_value = 'responded') as responded,
        (select min(changed_at) from admission_pipeline_history p where p.enquiry_id = e.id and p.field = 'stage' and p.account_id is not null) as moved
      from admission_enquiries e
      where e.spam_reasons is null and e.created_at >= ${start} and e.created_at < ${end}
    )
    select strftime('%Y-%m', created_at, ${clock}) as month,
      cast(julianday(date(min(coalesce(responded, moved), coalesce(moved, responded)), ${clock})) - julianday(date(created_at, ${clock})) as integer) as days,
      count(*) as count
    from firsts
    where responded is not null or moved is not null
    group by month, days
  `.execute(db)).rows;

  return assemble(from, to, { contacts, admissions, reached, contactDays });
}

function assemble(
  from: ReportMonthKey,
  to: ReportMonthKey,
  rows: { contacts: Counted[]; admissions: (Counted & { program: string })[]; reached: { month: string; visits: number; offers: number; enrolments: number }[]; contactDays: Histogram },
): AdmissionsReport {
  const months = new Map(monthRange(from, to).map((key) => [key, emptyFigures()]));
  const total = emptyFigures();
  const add = (key: string, change: (figures: ReportFigures) => void) => {
    const figures = months.get(key);
    if (!figures) return;
    change(figures);
    change(total);
  };
  for (const row of rows.contacts) add(row.month, (figures) => (figures.contact += row.count));
  for (const row of rows.admissions) {
    add(row.month, (figures) => {
      figures.enquiries += row.count;
      figures.programs[row.program] = (figures.programs[row.program] ?? 0) + row.count;
    });
  }
  for (const row of rows.reached) {
    add(row.month, (figures) => {
      figures.visits += row.visits;
      figures.offers += row.offers;
      figures.enrolments += row.enrolments;
    });
  }
  for (const [key, figures] of months) {
    const histogram = rows.contactDays.filter((row) => row.month === key);
    figures.contacted = histogram.reduce((sum, row) => sum + row.count, 0);
    figures.medianDaysToContact = medianOf(histogram);
  }
  total.contacted = rows.contactDays.reduce((sum, row) => sum + row.count, 0);
  total.medianDaysToContact = medianOf(rows.contactDays);
  return { from, to, months: [...months].map(([key, figures]) => ({ month: key, ...figures })), total };
}
