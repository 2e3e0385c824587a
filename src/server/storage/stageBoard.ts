import { sql, type Kysely, type SqlBool } from 'kysely';
import { admissionStages, type AdmissionStage } from '#shared/admissions/stages.ts';
import type { StageColumn } from '#shared/admissions/board.ts';
import type { EnquiryFilters } from '#shared/dashboard/index.ts';
import { comingVisitColumn, staffColumns, toEnquiry } from './enquiryColumns';
import { filterClause } from './enquiryQueries';
import type { Database } from './schema';

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
