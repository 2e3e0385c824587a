import { TZDate } from '@date-fns/tz';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { SCHOOL_TIME_ZONE } from '#shared/time.ts';
import { admissionStages, type AdmissionStage, type StageMove } from '#shared/admissions/stages.ts';
import type { StageColumn } from '#shared/admissions/board.ts';
import type { EnquiryFilters } from '#shared/dashboard/index.ts';
import {
  monthRange,
  monthStart,
  addMonths,
  type AdmissionsReport,
  type ReportFigures,
  type ReportMonthKey,
} from '#shared/admissions/report.ts';
import { moveStage, type When } from '#server/modules/enquiries/pipelineRepository.ts';
import { comingVisitColumn, staffColumns, toEnquiry } from '#server/modules/enquiries/rowsRepository.ts';
import { filterClause } from '#server/modules/enquiries/listRepository.ts';
import type { Database } from '#server/storage/schema.ts';

/**
 * The admissions report's figures (decision 0041), counted in SQLite. Each month is a range of
 * stored UTC times, from its first midnight at the school to the next month's, so every count is a
 * walk along an index between two bounds, and only a contacted enquiry's two times are read as dates.
 * The steps and the first contact are the times migrations 023 and 025 keep on each pipeline row.
 */

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
type Reached = { month: string; visitsBooked: number; visits: number; offers: number; enrolments: number };
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

const emptyFigures = (): ReportFigures => ({
  contact: 0,
  enquiries: 0,
  visitsBooked: 0,
  visits: 0,
  offers: 0,
  enrolments: 0,
  programs: {},
  contacted: 0,
  medianDaysToContact: null,
});

/** The range's months as a table of (month, start, end), each bound the stored form of a time. */
function monthsTable(from: ReportMonthKey, to: ReportMonthKey) {
  const rows = monthRange(from, to).map(
    (key) => sql`(${key}, ${monthStart(key).toISOString()}, ${monthStart(addMonths(key, 1)).toISOString()})`,
  );
  return sql`months (month, month_start, month_end) as (values ${sql.join(rows)})`;
}

/** The report for the months from `from` to `to` (YYYY-MM at the school). */
export async function admissionsReport(
  db: Kysely<Database>,
  from: ReportMonthKey,
  to: ReportMonthKey,
): Promise<AdmissionsReport> {
  const months = monthsTable(from, to);
  const clock = sql.lit(schoolClock(monthStart(from)));

  const contacts = (
    await sql<Counted>`
    with ${months}
    select month, (select count(*) from contact_enquiries where spam_reasons is null and created_at >= months.month_start and created_at < months.month_end) as count
    from months
  `.execute(db)
  ).rows;

  // The (program, created_at) list index counts each month's enquiries of a program without reading a row.
  const admissions = (
    await sql<Counted & { program: string }>`
    with ${months}, programs as (select distinct program_of_interest as program from admission_enquiries indexed by admission_enquiries_program_created_at where spam_reasons is null)
    select * from (
      select month, program, (
        select count(*) from admission_enquiries indexed by admission_enquiries_program_created_at
        where spam_reasons is null and program_of_interest = programs.program and created_at >= months.month_start and created_at < months.month_end
      ) as count
      from months, programs
    ) where count > 0
    order by month, program
  `.execute(db)
  ).rows;

  // The Spam folder is a short list: looked up once, not each enquiry's row.
  const reachedIn = (column: string) => sql<number>`(select count(*) from admission_pipeline
    where ${sql.ref(column)} >= months.month_start and ${sql.ref(column)} < months.month_end
      and enquiry_id not in (select id from admission_enquiries where spam_reasons is not null))`;
  const reached = (
    await sql<Reached>`
    with ${months}
    select month, ${reachedIn('visit_reached_at')} as visitsBooked, ${reachedIn('visited_reached_at')} as visits, ${reachedIn('offer_reached_at')} as offers, ${reachedIn('enrolment_reached_at')} as enrolments
    from months
  `.execute(db)
  ).rows;

  // Days are the difference of the two calendar dates at the school.
  const date = (column: string) => sql<number>`julianday(date(${sql.ref(column)}, ${clock}))`;
  const contactDays = (
    await sql<Histogram[number]>`
    with ${months}
    select month, cast(${date('p.first_contact_at')} - ${date('e.created_at')} as integer) as days, count(*) as count
    from months
      join admission_enquiries e indexed by admission_enquiries_created_at on e.spam_reasons is null and e.created_at >= months.month_start and e.created_at < months.month_end
      join admission_pipeline p on p.enquiry_id = e.id
    where p.first_contact_at is not null
    group by month, days
  `.execute(db)
  ).rows;

  return assemble(from, to, { contacts, admissions, reached, contactDays });
}

function assemble(
  from: ReportMonthKey,
  to: ReportMonthKey,
  rows: {
    contacts: Counted[];
    admissions: (Counted & { program: string })[];
    reached: Reached[];
    contactDays: Histogram;
  },
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
      figures.visitsBooked += row.visitsBooked;
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

type StageCount = { stage: AdmissionStage; count: number };

/**
 * Enquiries per stage outside the Spam folder. Unfiltered, the stage index alone counts every
 * row (the Spam folder's few are taken off through its own index); filtered, the enquiries are
 * read through their filter's index first (CROSS JOIN keeps SQLite to that order) and each one's
 * stage looked up by key.
 */
async function countByStage(db: Kysely<Database>, filters: EnquiryFilters): Promise<Map<AdmissionStage, number>> {
  const totals = new Map<AdmissionStage, number>();
  const add = (rows: StageCount[], sign: 1 | -1) => {
    for (const row of rows) totals.set(row.stage, (totals.get(row.stage) ?? 0) + sign * Number(row.count));
  };
  const countJoined = (where: ReturnType<typeof filterClause>) =>
    sql<StageCount>`select stage, count(*) as count from admission_enquiries
      cross join admission_pipeline on admission_pipeline.enquiry_id = admission_enquiries.id
      where ${where} group by stage`.execute(db);
  const unfiltered = !filters.search && !filters.status && !filters.program && !filters.from && !filters.to;
  if (!unfiltered) {
    add((await countJoined(filterClause('admission', { ...filters, stage: undefined }))).rows, 1);
    return totals;
  }
  add(
    (await sql<StageCount>`select stage, count(*) as count from admission_pipeline group by stage`.execute(db)).rows,
    1,
  );
  add((await countJoined(sql<SqlBool>`spam_reasons is not null`)).rows, -1);
  return totals;
}

/**
 * A column's newest cards, in the list's order. CROSS JOIN keeps SQLite reading the enquiries
 * newest first through their own index, each one's stage looked up by key, until the column is
 * full (0.1-4 ms on 100,000); left to itself it reads the whole stage from the stage index and
 * sorts it (300 ms for Enquiry).
 */
async function newestAt(
  db: Kysely<Database>,
  stage: AdmissionStage,
  where: ReturnType<typeof filterClause>,
  limit: number,
) {
  const records = await db
    .selectFrom('admission_enquiries')
    .crossJoin('admission_pipeline')
    .select([...staffColumns.admission, comingVisitColumn])
    .whereRef('admission_pipeline.enquiry_id', '=', 'admission_enquiries.id')
    .where('admission_pipeline.stage', '=', stage)
    .where(where)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return records.map((record) => toEnquiry('admission', record));
}

/**
 * The Admission Form tab by stage: for each stage, how many enquiries match the list's filters
 * and the newest `perStage` of them, in the list's order (newest first).
 */
export async function stageBoard(
  db: Kysely<Database>,
  filters: EnquiryFilters,
  perStage: number,
): Promise<StageColumn[]> {
  const where = filterClause('admission', { ...filters, stage: undefined });
  const totals = await countByStage(db, filters);
  const columns: StageColumn[] = [];
  for (const stage of admissionStages) {
    const total = totals.get(stage) ?? 0;
    const cards = total === 0 ? [] : await newestAt(db, stage, where, perStage);
    columns.push({ stage, total, cards });
  }
  return columns;
}

/** The admissions' SQL bound to one database, as the service holds it (the service itself runs none). */
export function createAdmissionsRepository(db: Kysely<Database>) {
  return {
    /**
     * Moves an enquiry to a stage in one transaction; answers its place before and after, undefined
     * for none. The pipeline's SQL is the enquiries' (pipelineRepository.ts, decision 0062): the
     * Spam folder, the follow-ups, the visits and privacy use it too, some inside their own transactions.
     */
    move: (move: StageMove, when: When) => moveStage(db, move, when),
    board: (filters: EnquiryFilters, perStage: number) => stageBoard(db, filters, perStage),
    report: (from: ReportMonthKey, to: ReportMonthKey) => admissionsReport(db, from, to),
  };
}

export type AdmissionsRepository = ReturnType<typeof createAdmissionsRepository>;
