import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { Database } from '#server/storage/schema.ts';

const DAY = 86_400_000;
const BATCH = 1000;

/**
 * A pipeline history like a busy school's for the admissions report: every admission enquiry
 * contacted or not, half booked a visit two days on, a quarter offered ten days on, an eighth
 * enrolled twenty days on, written straight into the tables as the seeding does.
 */
export async function seedReportHistory(db: Kysely<Database>): Promise<number> {
  const enquiries = await db.selectFrom('admission_enquiries').select(['id', 'created_at']).orderBy('id').execute();
  let rows = 0;
  for (let offset = 0; offset < enquiries.length; offset += BATCH) {
    const batch = enquiries.slice(offset, offset + BATCH);
    const at = (createdAt: string, days: number) => new Date(Date.parse(createdAt) + days * DAY).toISOString();
    const stages = batch.flatMap(({ id, created_at }) => {
      const moves: { from: string; to: string; days: number }[] = [];
      if (id % 2 === 0) moves.push({ from: 'enquiry', to: 'visit-booked', days: 2 });
      if (id % 4 === 0) moves.push({ from: 'visit-booked', to: 'offered', days: 10 });
      if (id % 8 === 0) moves.push({ from: 'offered', to: 'enrolled', days: 20 });
      return moves.map((move) => ({
        enquiry_id: id,
        field: 'stage' as const,
        old_value: move.from,
        new_value: move.to,
        changed_at: at(created_at, move.days),
        session_id: id % 6 === 0 ? null : 'bench',
        account_id: id % 6 === 0 ? null : 1,
      }));
    });
    const responses = batch
      .filter(({ id }) => id % 3 === 0)
      .map(({ id, created_at }) => ({
        enquiry_kind: 'admission' as const,
        enquiry_id: id,
        field: 'status' as const,
        old_value: 'pending',
        new_value: 'responded',
        changed_at: at(created_at, id % 5),
        session_id: 'bench',
        account_id: 1,
      }));
    await db.transaction().execute(async (trx) => {
      if (stages.length > 0) await trx.insertInto('admission_pipeline_history').values(stages).execute();
      if (responses.length > 0) await trx.insertInto('enquiry_history').values(responses).execute();
    });
    rows += stages.length + responses.length;
  }
  return rows;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The median time of the report over `runs`, for each range, with its CPU time (what the work costs on a busy machine). */
export async function timeReport(
  report: (range: { from: string; to: string }) => Promise<unknown>,
  runs: number,
): Promise<{ label: string; medianMs: number; cpuMs: number }[]> {
  const ranges = [
    { label: '12 months (2024)', from: '2024-01', to: '2024-12' },
    { label: '36 months (2023 to 2025)', from: '2023-01', to: '2025-12' },
  ];
  const results = [];
  for (const { label, from, to } of ranges) {
    const times: number[] = [];
    const cpu: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      await report({ from, to });
      times.push(performance.now() - started);
      const used = process.cpuUsage(cpuStarted);
      cpu.push((used.user + used.system) / 1000);
    }
    results.push({ label, medianMs: median(times), cpuMs: median(cpu) });
  }
  return results;
}
