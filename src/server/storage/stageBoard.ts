import { sql, type Kysely, type SqlBool } from 'kysely';
import { admissionStages, type AdmissionStage } from '../../shared/admissions/stages';
import type { StageColumn } from '../../shared/admissions/board';
import type { EnquiryFilters } from '../../shared/dashboard';
import { filterClause, selectAdmission } from './enquiryQueries';
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
  add((await sql<StageCount>`select stage, count(*) as count from admission_pipeline group by stage`.execute(db)).rows, 1);
  add((await countJoined(sql<SqlBool>`spam_reasons is not null`)).rows, -1);
  return totals;
}

/**
 * The Admission Form tab by stage: for each stage, how many enquiries match the list's filters
 * and the newest `perStage` of them, in the list's order (newest first).
 */
export async function stageBoard(db: Kysely<Database>, filters: EnquiryFilters, perStage: number): Promise<StageColumn[]> {
  const where = filterClause('admission', { ...filters, stage: undefined });
  const totals = await countByStage(db, filters);
  const columns: StageColumn[] = [];
  for (const stage of admissionStages) {
    const total = totals.get(stage) ?? 0;
    const cards = total === 0 ? [] : await selectAdmission(db, { where: sql<SqlBool>`${where} and admission_pipeline.stage = ${stage}`, limit: perStage, offset: 0 });
    columns.push({ stage, total, cards });
  }
  return columns;
}
