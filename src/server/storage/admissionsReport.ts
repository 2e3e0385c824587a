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

  const admissions = await db
    .selectFrom('admission_enquiries')
    .select([month('created_at').as('month'), 'program_of_interest as program', (eb) => eb.fn.countAll<number>().as('count')])
    .where('spam_reasons', 'is', null)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy(['month', 'program'])
    .execute();

  // The first time each enquiry reached a step or beyond, then counted in that month if it falls in the range.
  const reached = (await sql<{ step: 'visits' | 'offers' | 'enrolments'; month: string; count: number }>`
    with firsts as (
      select h.enquiry_id,
        min(case when h.new_value in (${stageList('visit-booked')}) then h.changed_at end) as visits,
        min(case when h.new_value in (${stageList('offered')}) then h.changed_at end) as offers,
        min(case when h.new_value in (${stageList('enrolled')}) then h.changed_at end) as enrolments
      from admission_pipeline_history h
      where h.field = 'stage' and h.new_value in (${stageList('visit-booked')})
      group by h.enquiry_id
    ),
    counted as (
      select firsts.* from firsts join admission_enquiries e on e.id = firsts.enquiry_id where e.spam_reasons is null
    )
    select 'visits' as step, strftime('%Y-%m', visits, ${clock}) as month, count(*) as count from counted where visits >= ${start} and visits < ${end} group by month
    union all
    select 'offers', strftime('%Y-%m', offers, ${clock}), count(*) from counted where offers >= ${start} and offers < ${end} group by 2
    union all
    select 'enrolments', strftime('%Y-%m', enrolments, ${clock}), count(*) from counted where enrolments >= ${start} and enrolments < ${end} group by 2
  `.execute(db)).rows;

  // Staff's first contact: a status change to Responded, or a stage move made by a staff account (a parent's own booking is not one).
  const contactDays = (await sql<Histogram[number]>`
    with contacts as (
      select enquiry_id, changed_at from enquiry_history where enquiry_kind = 'admission' and field = 'status' and new_value = 'responded'
      union all
      select enquiry_id, changed_at from admission_pipeline_history where field = 'stage' and account_id is not null
    ),
    firsts as (select enquiry_id, min(changed_at) as first_contact from contacts group by enquiry_id)
    select strftime('%Y-%m', e.created_at, ${clock}) as month,
      cast(julianday(date(firsts.first_contact, ${clock})) - julianday(date(e.created_at, ${clock})) as integer) as days,
      count(*) as count
    from admission_enquiries e join firsts on firsts.enquiry_id = e.id
    where e.spam_reasons is null and e.created_at >= ${start} and e.created_at < ${end}
    group by month, days
  `.execute(db)).rows;

  return assemble(from, to, { contacts, admissions, reached, contactDays });
}

function assemble(
  from: ReportMonthKey,
  to: ReportMonthKey,
  rows: { contacts: Counted[]; admissions: (Counted & { program: string })[]; reached: (Counted & { step: 'visits' | 'offers' | 'enrolments' })[]; contactDays: Histogram },
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
  for (const row of rows.reached) add(row.month, (figures) => (figures[row.step] += row.count));
  for (const [key, figures] of months) {
    const histogram = rows.contactDays.filter((row) => row.month === key);
    figures.contacted = histogram.reduce((sum, row) => sum + row.count, 0);
    figures.medianDaysToContact = medianOf(histogram);
  }
  total.contacted = rows.contactDays.reduce((sum, row) => sum + row.count, 0);
  total.medianDaysToContact = medianOf(rows.contactDays);
  return { from, to, months: [...months].map(([key, figures]) => ({ month: key, ...figures })), total };
}
