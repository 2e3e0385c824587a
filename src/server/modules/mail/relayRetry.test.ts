import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLogger } from '#test/support/memoryLogger.ts';
import type { OutboxRepository, OutboxRow } from './repository';
import { createOutboxWorker, outboxTiming } from './outboxWorker';

/** One email waiting, in a queue kept in memory: the worker's own timing is what is tested here. */
function oneEmailQueue(at: number) {
  const row: OutboxRow = {
    id: 1,
    enquiry_kind: 'contact',
    enquiry_id: 1,
    staff_account_id: null,
    recipient_role: 'office',
    to_address: 'office@aranya.test',
    subject: 'New contact message',
    text_body: 'Body',
    html_body: null,
    reply_to: null,
    secret_link: null,
    attempts: 0,
    next_attempt_at: new Date(at).toISOString(),
    sent_at: null,
    last_error: null,
    created_at: new Date(at).toISOString(),
    rejections: 0,
    failed_at: null,
    topic: 'enquiry',
    calendar: null,
    message_id: '<1@www.aranyamontessori.in>',
    staff_mail: null,
    parent_guardian_id: null,
  };
  const outbox: OutboxRepository = {
    async claimNext(now, leaseUntil) {
      if (row.sent_at !== null || row.next_attempt_at > now) return undefined;
      row.next_attempt_at = leaseUntil;
      return { ...row };
    },
    async markSent(_row, sentAt) {
      row.sent_at = sentAt;
    },
    async markFailed(_row, failure) {
      row.attempts = failure.attempts;
      row.next_attempt_at = failure.nextAttemptAt;
    },
    bringForward: async () => 0,
  };
  return { row, outbox };
}

const unreachable = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET', command: 'CONN' });

describe('the first try after a relay outage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2026-11-21T04:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // Outages of every length, and tries that fail at once (refused) or only when the connection
  // times out (10 s, and the 30 s socket timeout), so a try may be under way as the relay comes back.
  const outages = [
    1_000,
    29_000,
    61_000,
    4 * 60_000 + 59_000,
    7 * 60_000 + 13_000,
    37 * 60_000 + 7_000,
    3 * 60 * 60_000 + 1_234,
  ];
  const tryLengths = [0, 10_000, 30_000];
  it.each(outages.flatMap((outageMs) => tryLengths.map((tryMs) => ({ outageMs, tryMs }))))(
    'starts within 5 minutes of the relay taking mail again (outage $outageMs ms, each failed try taking $tryMs ms)',
    async ({ outageMs, tryMs }) => {
      const start = Date.now();
      const backAt = start + outageMs;
      const { row, outbox } = oneEmailQueue(start);
      const tries: number[] = [];
      const worker = createOutboxWorker({
        outbox,
        log: memoryLogger(),
        now: () => new Date(),
        send: async () => {
          const startedAt = Date.now();
          tries.push(startedAt);
          if (startedAt >= backAt) return;
          await new Promise((resolve) => setTimeout(resolve, tryMs));
          throw unreachable();
        },
      });
      worker.start();
      try {
        while (row.sent_at === null && Date.now() < backAt + 60 * 60_000) await vi.advanceTimersByTimeAsync(1_000);
        const firstAfter = tries.find((at) => at >= backAt);
        expect(firstAfter).toBeDefined();
        expect(firstAfter! - backAt).toBeLessThanOrEqual(outboxTiming.maxRelayTryMs);
      } finally {
        await worker.stop();
      }
    },
  );
});
