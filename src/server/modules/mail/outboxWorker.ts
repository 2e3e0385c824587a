import type { Logger } from '#server/log.ts';
import type { OutboxRepository, OutboxRow } from './repository';
import { classifySmtpFailure } from './smtpFailure';

/** Sends one stored email; rejects when the SMTP server did not accept it. */
export type SendOutboxMail = (row: OutboxRow) => Promise<void>;

/**
 * Whether the relay takes mail. Failing: it refused an email for a reason that concerns every
 * email (the password, the sender, no connection) since `since`; the queue waits until `nextTryAt`.
 * Kept in memory: after a restart the first email finds out again.
 */
export type RelayState =
  { state: 'sending' } | { state: 'failing'; since: string; reason: string; answer: string; nextTryAt: string };

export type OutboxWorker = {
  /** Starts the periodic sweep (retries and anything a crash left behind). */
  start(): void;
  /** Whether the relay takes mail, as the last attempt found. */
  relay(): RelayState;
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
   * A mail the SMTP server refuses for good (a 5xx answer to RCPT TO or DATA) this many times is
   * given up and shown to staff: about 7.5 minutes of retries.
   */
  maxRejections: 5,
  /**
   * While the relay refuses every email (or cannot be reached), the queue waits and one email
   * tries again after 30 s, doubling, never more than 5 minutes apart: the office's mail goes out
   * within 5 minutes of the relay working again.
   */
  firstRelayTryMs: 30_000,
  maxRelayTryMs: 5 * 60_000,
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

/** The wait before the relay's next try, after `tries` failed in a row. */
export function relayTryDelayMs(tries: number): number {
  return Math.min(outboxTiming.firstRelayTryMs * 2 ** Math.max(0, tries - 1), outboxTiming.maxRelayTryMs);
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
  /** Wakes the queue when the relay's next try is due, not at the next sweep up to 15 s later. */
  let relayTryTimer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let sweepRequested = false;
  let stopped = false;
  /** Set while the relay refuses every email: the queue waits until `nextTry` (ms). */
  let failing: { since: string; reason: string; answer: string; tries: number; nextTry: number } | undefined;

  /** The relay answered about an email (sent, or refused that one): it works, and the queue runs again. */
  function relayAnswered() {
    if (!failing) return;
    log.info('Mail is being sent again', { since: failing.since });
    failing = undefined;
  }

  function wakeForRelayTry(at: number) {
    clearTimeout(relayTryTimer);
    relayTryTimer = setTimeout(kick, Math.max(0, at - now().getTime()));
    relayTryTimer.unref();
  }

  /** `triedAt`: when the row was claimed for this try. */
  async function deliver(row: OutboxRow, triedAt: Date): Promise<void> {
    try {
      await send(row);
    } catch (error) {
      const attempts = row.attempts + 1;
      const fields = { ...whose(row), attempts, error: String(error) };
      const failure = classifySmtpFailure(error);
      if (failure.scope === 'relay') {
        // Not this email's fault: it stays due, uncounted, and the whole queue waits for the relay.
        const at = now();
        const tries = (failing?.tries ?? 0) + 1;
        if (!failing)
          log.error('Mail is not being sent: the mail server refuses every email or cannot be reached', {
            reason: failure.reason,
            answer: failure.answer,
          });
        // Counted from the start of this try, not its failure: a try that waits out a timeout while
        // the relay comes back must not put the next one more than 5 minutes after (decision 0010).
        failing = {
          since: failing?.since ?? at.toISOString(),
          reason: failure.reason,
          answer: failure.answer,
          tries,
          nextTry: triedAt.getTime() + relayTryDelayMs(tries),
        };
        wakeForRelayTry(failing.nextTry);
        await outbox.markFailed(row, {
          attempts,
          rejections: row.rejections,
          nextAttemptAt: at.toISOString(),
          error: String(error),
          failedAt: null,
        });
        log.warn('Email not sent; the queue waits for the mail server', {
          ...fields,
          nextTryAt: new Date(failing.nextTry).toISOString(),
        });
        return;
      }
      relayAnswered();
      const rejections = row.rejections + (failure.refused ? 1 : 0);
      const failedAt = rejections >= outboxTiming.maxRejections ? now().toISOString() : null;
      const nextAttemptAt = after(now(), retryDelayMs(attempts));
      await outbox.markFailed(row, { attempts, rejections, nextAttemptAt, error: String(error), failedAt });
      if (failedAt) log.error('Email refused for good; staff can see it in the dashboard', fields);
      else log.warn('Email not sent; will retry', { ...fields, nextAttemptAt });
      return;
    }
    const sentAt = now();
    await outbox.markSent(row, sentAt.toISOString());
    log.info('Email sent', whose(row));
    relayAnswered();
    // The relay works: emails waiting out their own backoff need not wait any longer.
    const emails = await outbox.bringForward(sentAt.toISOString(), after(sentAt, outboxTiming.leaseMs));
    if (emails > 0) log.info('Deferred emails are due again after an email went out', { emails });
  }

  async function sweep(): Promise<void> {
    while (!stopped) {
      if (failing && now().getTime() < failing.nextTry) return;
      const claimedAt = now();
      const row = await outbox.claimNext(claimedAt.toISOString(), after(claimedAt, outboxTiming.leaseMs));
      if (!row) return;
      await deliver(row, claimedAt);
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
    relay: () =>
      failing
        ? {
            state: 'failing',
            since: failing.since,
            reason: failing.reason,
            answer: failing.answer,
            nextTryAt: new Date(failing.nextTry).toISOString(),
          }
        : { state: 'sending' },
    async whenIdle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      clearTimeout(relayTryTimer);
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        running,
        new Promise<void>((resolve) => (grace = setTimeout(resolve, outboxTiming.stopGraceMs))),
      ]);
      clearTimeout(grace);
    },
  };
}
