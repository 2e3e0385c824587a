import { sql, type Kysely } from 'kysely';
import { admissionStages, type AdmissionStage } from '../../shared/admissions/stages';
import type { StageColumn } from '../../shared/admissions/board';
import type { EnquiryFilters } from '../../shared/dashboard';
import { staffColumns, toEnquiry } from './enquiryColumns';
import { filterClause } from './enquiryQueries';
import type { Database } from './schema';

/**
 * The Admission Form tab by stage: for each stage, how many enquiries match the filters and the
 * newest `perStage` of them. A column is read from the stage index, whose entries are in enquiry
 * id order within a stage, so the newest cards come first without sorting the stage (ids are
 * given in order of arrival); it stops after `perStage` matches.
 */
export async function stageBoard(db: Kysely<Database>, filters: EnquiryFilters, perStage: number): Promise<StageColumn[]> {
  const where = filterClause('admission', { ...filters, stage: undefined });
  const { rows: counted } = await sql<{ stage: AdmissionStage; count: number }>`
    select stage, count(*) as count from admission_pipeline
    join admission_enquiries on admission_enquiries.id = admission_pipeline.enquiry_id
    where ${where} group by stage`.execute(db);
  const totals = new Map(counted.map((row) => [row.stage, Number(row.count)]));
  const columns: StageColumn[] = [];
  for (const stage of admissionStages) {
    const total = totals.get(stage) ?? 0;
    const records =
      total === 0
        ? []
        : await db
            .selectFrom('admission_pipeline')
            .innerJoin('admission_enquiries', 'admission_enquiries.id', 'admission_pipeline.enquiry_id')
            .select(staffColumns.admission)
            .where('admission_pipeline.stage', '=', stage)
            .where(where)
            .orderBy('admission_pipeline.enquiry_id', 'desc')
            .limit(perStage)
            .execute();
    columns.push({ stage, total, cards: records.map((record) => toEnquiry('admission', record)) });
  }
  return columns;
}
