import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StageColumn } from '#shared/admissions/board.ts';
import type { AdmissionEnquiry } from '#shared/enquiries/enquiry.ts';
import type { EnquiryListPage } from '#shared/dashboard/index.ts';
import { addStaffAccount, loginCookie, postJson, testStaffEnv } from '#test/support/testLogin.ts';
import { insertTestAdmissions } from '#test/support/testEnquiries.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { followUpAfterStageMove } from '#shared/admissions/followUp.ts';
import { schoolToday } from '#shared/time.ts';
import { holidayDaysFrom } from '#server/modules/followUps/holidaysRepository.ts';

const OFFICE = { email: 'arul.office@example.in', name: 'Arul Selvam', password: 'arul keeps a long password' };
const EDITOR = { email: 'divya.editor@example.in', name: 'Divya Raj', password: 'divya keeps a long password' };
const REASON = 'Moving to Bengaluru in March, the mother said';

describe('the admissions pipeline over tRPC', { timeout: 30_000 }, () => {
  let server: TestServer;
  let office: string;
  let editor: string;
  let ids: number[];

  const move = async (cookie: string, input: unknown) => {
    const response = await postJson(`${server.url}/api/trpc/admissions.moveStage`, { json: input }, { cookie });
    const body = await response.json();
    return {
      status: response.status,
      data: body.result?.data.json as AdmissionEnquiry | undefined,
      message: body.error?.json.message as string | undefined,
    };
  };
  const query = async <T>(path: string, input: unknown, cookie = office): Promise<{ status: number; data: T }> => {
    const response = await fetch(
      `${server.url}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
      { headers: { cookie } },
    );
    const body = await response.json();
    return { status: response.status, data: body.result?.data.json as T };
  };
  const stageEntries = () =>
    server.services.storage.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'stage-change')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    await addStaffAccount(server.services, { ...OFFICE, role: 'office' });
    await addStaffAccount(server.services, { ...EDITOR, role: 'editor' });
    ids = await insertTestAdmissions(
      server.services.storage.db,
      Array.from({ length: 6 }, (_, index) => ({
        createdAt: new Date(Date.parse('2026-11-01T04:00:00.000Z') + index * 86_400_000).toISOString(),
        studentName: `Child ${index}`,
        programOfInterest: index % 2 === 0 ? 'primary' : 'toddler',
      })),
    );
    office = await loginCookie(server.url, OFFICE.password, {}, OFFICE.email);
    editor = await loginCookie(server.url, EDITOR.password, {}, EDITOR.email);
  });
  afterAll(() => server.close());

  it('moves an enquiry for the Office and answers the row with its new stage', async () => {
    const moved = await move(office, { id: ids[0], stage: 'visit-booked' });
    expect(moved.status).toBe(200);
    expect(moved.data).toMatchObject({ id: ids[0], studentName: 'Child 0', stage: 'visit-booked' });
    expect(moved.data?.stageReason).toBeUndefined();
  });

  it('refuses a closing stage without a reason, in plain words, and moves nothing', async () => {
    const refused = await move(office, { id: ids[1], stage: 'not-proceeding', reason: '   ' });
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('Please say why the enquiry is not proceeding.');
    const row = (await query<EnquiryListPage>('dashboard.list', { kind: 'admission', search: 'Child 1' })).data
      .rows[0] as AdmissionEnquiry;
    expect(row.stage).toBe('enquiry');
  });

  it('keeps the reason of a closing stage, and the audit entry says only that there was one', async () => {
    const before = (await stageEntries()).length;
    const closed = await move(office, { id: ids[2], stage: 'waitlisted', reason: REASON });
    expect(closed.data).toMatchObject({ stage: 'waitlisted', stageReason: REASON });
    const entries = await stageEntries();
    expect(entries).toHaveLength(before + 1);
    const entry = entries.at(-1)!;
    expect(entry.actor).toBe(OFFICE.name);
    expect(JSON.parse(entry.details)).toEqual({
      kind: 'admission',
      id: ids[2],
      from: 'enquiry',
      to: 'waitlisted',
      withReason: true,
    });
    expect(JSON.stringify(entries)).not.toContain('Bengaluru');
  });

  it('writes no audit entry for a move to the stage an enquiry is at', async () => {
    await move(office, { id: ids[3], stage: 'visited' });
    const before = (await stageEntries()).length;
    expect((await move(office, { id: ids[3], stage: 'visited' })).status).toBe(200);
    expect(await stageEntries()).toHaveLength(before);
  });

  it('answers 404 for an enquiry that does not exist, and 403 to an Editor', async () => {
    const missing = await move(office, { id: 999_999, stage: 'visited' });
    expect(missing).toMatchObject({ status: 404, message: 'Enquiry not found' });
    expect((await move(editor, { id: ids[4], stage: 'visited' })).status).toBe(403);
    expect((await query('admissions.board', {}, editor)).status).toBe(403);
    const row = (await query<EnquiryListPage>('dashboard.list', { kind: 'admission', search: 'Child 4' })).data
      .rows[0] as AdmissionEnquiry;
    expect(row.stage).toBe('enquiry');
  });

  it('shows the board: every stage in order with its count and newest cards, under the list filters', async () => {
    const { status, data: board } = await query<StageColumn[]>('admissions.board', { perStage: 2 });
    expect(status).toBe(200);
    const byStage = Object.fromEntries(board.map((column) => [column.stage, column]));
    expect(board.map((column) => column.stage)).toEqual([
      'enquiry',
      'visit-booked',
      'visited',
      'offered',
      'documents-received',
      'enrolled',
      'waitlisted',
      'not-proceeding',
    ]);
    expect(board.map((column) => column.total)).toEqual([3, 1, 1, 0, 0, 0, 1, 0]);
    expect(byStage.enquiry!.cards.map((card) => card.id)).toEqual([ids[5], ids[4]]);
    const primary = await query<StageColumn[]>('admissions.board', { program: 'primary' });
    expect(primary.data.map((column) => column.total)).toEqual([1, 1, 0, 0, 0, 0, 1, 0]);
    expect(primary.data[0]!.cards.map((card) => card.studentName)).toEqual(['Child 4']);
  });

  it('filters the list by stage', async () => {
    const page = (await query<EnquiryListPage>('dashboard.list', { kind: 'admission', stage: 'waitlisted' })).data;
    expect(page.total).toBe(1);
    expect(page.rows.map((row) => row.id)).toEqual([ids[2]]);
    const refused = await query('dashboard.list', { kind: 'admission', stage: 'lost' });
    expect(refused.status).toBe(400);
  });

  it('sets the follow-up to the next working day when a family has visited, in the history under the person who moved the card', async () => {
    const [id] = await insertTestAdmissions(server.services.storage.db, [{ studentName: 'Visited Child' }]);
    const moved = await move(office, { id, stage: 'visited' });
    expect(moved.status).toBe(200);
    const today = schoolToday();
    expect(moved.data?.followUpOn).toBe(
      followUpAfterStageMove('visited', today, await holidayDaysFrom(server.services.storage.db, today)),
    );
    const history = await server.services.storage.db
      .selectFrom('admission_pipeline_history')
      .selectAll()
      .where('enquiry_id', '=', id!)
      .orderBy('id')
      .execute();
    expect(history.map((entry) => entry.field)).toEqual(['stage', 'followUp']);
    expect(new Set(history.map((entry) => entry.account_id)).size).toBe(1);
  });
});
