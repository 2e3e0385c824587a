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
  /** Stops the sweep and waits for a send in progress, at most stopGraceMs. */
  stop(): Promise<void>;
};

export const outboxTiming = {
  /** How often the worker looks for due rows besides the kick after each commit. */
  sweepIntervalMs: 15_000,
  /**
   * Time allowed for one send; longer than the SMTP timeouts, so a live send is never repeated.
   * Each mail is claimed on its own: a crash holds back only the mail being sent, this long.
   */
  leaseMs: 2 * 60_000,
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60_000,
  /**
   * A mail the SMTP server refuses for good (a 5xx answer) this many times is given up and shown
   * to staff: about 7.5 minutes of retries, enough to ride out a relay being reconfigured.
   */
  maxRejections: 5,
  /**
   * How long stopping waits for a send in progress. A hung SMTP server must not hold up a
   * shutdown: the send is abandoned, its claim lapses, and it is sent again after the restart.
   */
  stopGraceMs: 3_000,
} as const;

/** 30 s after the first failure, doubling each time, never more than an hour apart. Only refusals (5xx) ever end the retries. */
export function retryDelayMs(attempts: number): number {
  return Math.min(outboxTiming.firstRetryMs * 2 ** Math.max(0, attempts - 1), outboxTiming.maxRetryMs);
}

/** Whether the SMTP server refused the mail for good (a 5xx reply), rather than failing to answer or deferring it (4xx). */
function isRefusal(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'responseCode' in error ? error.responseCode : undefined;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** What a log line says of a row: which mail of which enquiry, or of which staff account; never its text or link. */
const whose = (row: OutboxRow) =>
  row.staff_account_id === null
    ? { outboxId: row.id, kind: row.enquiry_kind, enquiryId: row.enquiry_id, role: row.recipient_role }
    : { outboxId: row.id, staffAccountId: row.staff_account_id, role: row.recipient_role };

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
      const rejections = row.rejections + (isRefusal(error) ? 1 : 0);
      const failedAt = rejections >= outboxTiming.maxRejections ? now().toISOString() : null;
      const nextAttemptAt = after(now(), retryDelayMs(attempts));
      await outbox.markFailed(row, { attempts, rejections, nextAttemptAt, error: String(error), failedAt });
      const fields = { ...whose(row), attempts, error: String(error) };
      if (failedAt) log.error('Email refused for good; staff can see it in the dashboard', fields);
      else log.warn('Email not sent; will retry', { ...fields, nextAttemptAt });
      return;
    }
    await outbox.markSent(row, now().toISOString());
    log.info('Email sent', whose(row));
  }

  async function sweep(): Promise<void> {
    while (!stopped) {
      const claimedAt = now();
      const row = await outbox.claimNext(claimedAt.toISOString(), after(claimedAt, outboxTiming.leaseMs));
      if (!row) return;
      await deliver(row);
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
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise<void>((resolve) => (grace = setTimeout(resolve, outboxTiming.stopGraceMs)))]);
      clearTimeout(grace);
    },
  };
}
