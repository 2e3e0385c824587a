import type { Logger } from '../log';
import type { OutboxRepository, OutboxRow } from '../storage/enquiries';

/** Sends one stored email; rejects when the SMTP server did not accept it. */
export type SendOutboxMail = (row: OutboxRow) => Promise<void>;

export type OutboxWorker = {
  /** Starts the periodic sweep (retries and anything a crash left behind). */
  start(): void;
  /** Sends what is due now; called right after an enquiry is committed. Never rejects. */
  kick(): void;
  /** Resolves when the current sweep (and any requested during it) is finished. */
  whenIdle(): Promise<void>;
  /** Stops the sweep and waits for a send in progress. */
  stop(): Promise<void>;
};

export const outboxTiming = {
  /** How often the worker looks for due rows besides the kick after each commit. */
  sweepIntervalMs: 15_000,
  /** Time allowed per claimed row; longer than the SMTP timeouts, so a live send is never repeated. */
  leaseMs: 2 * 60_000,
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60_000,
  /** Rows claimed by one update: fewer durable writes per email. */
  batchSize: 10,
} as const;

/** 30 s after the first failure, doubling each time, never more than an hour apart. Sending never gives up. */
export function retryDelayMs(attempts: number): number {
  return Math.min(outboxTiming.firstRetryMs * 2 ** Math.max(0, attempts - 1), outboxTiming.maxRetryMs);
}

const after = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

export function createOutboxWorker({
  outbox,
  send,
  now,
  log,
}: {
  outbox: OutboxRepository;
  send: SendOutboxMail;
  now: () => Date;
  log: Logger;
}): OutboxWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let sweepRequested = false;
  let stopped = false;

  async function deliver(row: OutboxRow): Promise<void> {
    try {
      await send(row);
    } catch (error) {
      const attempts = row.attempts + 1;
      const nextAttemptAt = after(now(), retryDelayMs(attempts));
      await outbox.markFailed(row.id, { attempts, nextAttemptAt, error: String(error) });
      log.warn('Email not sent; will retry', { outboxId: row.id, attempts, nextAttemptAt, error: String(error) });
      return;
    }
    await outbox.markSent(row.id, now().toISOString());
    log.info('Email sent', { outboxId: row.id, kind: row.enquiry_kind, enquiryId: row.enquiry_id, role: row.recipient_role });
  }

  async function sweep(): Promise<void> {
    while (!stopped) {
      const claimedAt = now();
      // The lease covers the whole batch, one send after another.
      const leaseUntil = after(claimedAt, outboxTiming.leaseMs * outboxTiming.batchSize);
      const rows = await outbox.claimDue(claimedAt.toISOString(), leaseUntil, outboxTiming.batchSize);
      for (const [index, row] of rows.entries()) {
        if (stopped) {
          // Shutting down: hand the rest back at once rather than leave them waiting for the lease.
          await outbox.release(rows.slice(index).map((unsent) => unsent.id), now().toISOString());
          return;
        }
        await deliver(row);
      }
      if (rows.length < outboxTiming.batchSize) return;
    }
  }

  function run(): Promise<void> {
    return (async () => {
      do {
        sweepRequested = false;
        try {
          await sweep();
        } catch (error) {
          log.error('Outbox sweep failed', { error: String(error) });
        }
      } while (sweepRequested && !stopped);
    })();
  }

  const kick = () => {
    if (stopped) return;
    if (running) {
      sweepRequested = true;
      return;
    }
    running = run().finally(() => {
      running = undefined;
    });
  };

  return {
    start() {
      stopped = false;
      timer ??= setInterval(kick, outboxTiming.sweepIntervalMs);
      timer.unref();
      kick();
    },
    kick,
    async whenIdle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
