import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageMoveSchema } from '#shared/admissions/stages.ts';
import { describeChange } from '#shared/dashboard/index.ts';
import { insertTestAdmissions, insertTestContacts } from '#test/support/testEnquiries.ts';
import { openStorage, type Storage } from '#server/storage/database.ts';
import { moveStage, pipelinePlace, setFollowUp } from './pipelineRepository';
import { enquiryHistory } from './workRepository';
import { eraseEnquiries } from '#server/modules/privacy/erasureRepository.ts';

const by = (changedAt: string) => ({ changedAt, sessionId: 'session-1', accountId: null });

describe('the admissions pipeline in the SQLite file (migration 020)', () => {
  let dataDir: string;
  let storage: Storage;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipeline-'));
    storage = await openStorage(dataDir);
  });
  afterAll(async () => {
    await storage.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives every new admission enquiry a place at Enquiry, and none to a contact enquiry', async () => {
    const [id] = await insertTestAdmissions(storage.db, [{}]);
    await insertTestContacts(storage.db, [{}]);
    expect(await pipelinePlace(storage.db, id!)).toEqual({
      stage: 'enquiry',
      stageReason: null,
      stageChangedAt: null,
      followUpOn: null,
    });
    expect(await storage.db.selectFrom('admission_pipeline').select('enquiry_id').execute()).toEqual([
      { enquiry_id: id },
    ]);
  });

  it('moves an enquiry, keeps a reason only for a closing stage, and records each move once in its history', async () => {
    const [id] = await insertTestAdmissions(storage.db, [{}]);
    await moveStage(storage.db, { id: id!, stage: 'visit-booked', reason: 'ignored' }, by('2026-11-26T05:00:00.000Z'));
    await moveStage(storage.db, { id: id!, stage: 'visit-booked' }, by('2026-11-26T05:01:00.000Z'));
    const closed = await moveStage(
      storage.db,
      { id: id!, stage: 'waitlisted', reason: 'No place in Primary until June' },
      by('2026-11-26T06:00:00.000Z'),
    );
    expect(closed?.after).toMatchObject({
      stage: 'waitlisted',
      stageReason: 'No place in Primary until June',
      stageChangedAt: '2026-11-26T06:00:00.000Z',
    });
    const history = (await enquiryHistory(storage.db, { kind: 'admission', id: id! })).filter(
      (entry) => entry.field === 'stage',
    );
    expect(history.map(describeChange)).toEqual([
      'Stage changed from Enquiry to Visit booked',
      'Stage changed from Visit booked to Waitlisted: “No place in Primary until June”',
    ]);
  });

  it('refuses a closing stage without a reason, in plain words', () => {
    const result = stageMoveSchema.safeParse({ id: 1, stage: 'not-proceeding' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please say why the enquiry is not proceeding.');
    expect(() => stageMoveSchema.parse({ id: 1, stage: 'interviewed' })).toThrow();
  });

  it('sets and clears the follow-up date, merged with the rest of the history in time order', async () => {
    const [id] = await insertTestAdmissions(storage.db, [{}]);
    await setFollowUp(storage.db, id!, '2026-12-05', by('2026-11-26T05:00:00.000Z'));
    await storage.db
      .insertInto('enquiry_history')
      .values({
        enquiry_kind: 'admission',
        enquiry_id: id!,
        field: 'status',
        old_value: 'pending',
        new_value: 'responded',
        changed_at: '2026-11-26T05:30:00.000Z',
        session_id: null,
        account_id: null,
      })
      .execute();
    await setFollowUp(storage.db, id!, null, by('2026-11-26T06:00:00.000Z'));
    const history = await enquiryHistory(storage.db, { kind: 'admission', id: id! });
    expect(history.map(describeChange)).toEqual([
      'Follow-up set for Sat 5 Dec',
      'Status changed from Yet to respond to Responded',
      'Follow-up cleared',
    ]);
    expect(() =>
      storage.sqlite.prepare(`update admission_pipeline set follow_up_on = '5 Dec' where enquiry_id = ?`).run(id),
    ).toThrow(/CHECK/);
  });

  it('keeps the history append-only, and lets it go with its enquiry when the enquiry is erased', async () => {
    const [id] = await insertTestAdmissions(storage.db, [{}]);
    await moveStage(storage.db, { id: id!, stage: 'visited' }, by('2026-11-26T05:00:00.000Z'));
    expect(() => storage.sqlite.prepare('delete from admission_pipeline_history where enquiry_id = ?').run(id)).toThrow(
      /append-only/,
    );
    expect(() => storage.sqlite.prepare(`update admission_pipeline_history set new_value = 'enrolled'`).run()).toThrow(
      /append-only/,
    );
    await eraseEnquiries(storage.db, [{ kind: 'admission', id: id! }], {
      at: '2026-11-26T07:00:00.000Z',
      reason: 'request',
      sessionId: null,
      accountId: null,
    });
    expect(
      storage.sqlite.prepare('select count(*) from admission_pipeline_history where enquiry_id = ?').pluck().get(id),
    ).toBe(0);
    expect(storage.sqlite.prepare('select count(*) from admission_pipeline where enquiry_id = ?').pluck().get(id)).toBe(
      0,
    );
    expect(await pipelinePlace(storage.db, id!)).toBeUndefined();
  });
});
