import type { OutboxWorker, RelayState } from './outboxWorker';
import type { MailStorage } from './repository';
import { waitingMail } from './undeliveredRepository';

/**
 * An email waiting this long means the queue is not draining: a healthy one sends within
 * seconds, and an email the relay defers (4xx) is tried 5 times in its first 7.5 minutes.
 */
const STALLED_AFTER_MS = 15 * 60_000;

/** Whether mail goes out, and what waits: the dashboard's banner and the `mail` field of /healthz. */
export type MailStatus = RelayState & { waiting: number; oldestWaitingSince: string | null; stalled: boolean };

/** Undefined when mail is off (SMTP_URL unset). */
export async function mailStatus({
  outbox,
  storage,
  at,
}: {
  outbox: OutboxWorker | undefined;
  storage: Pick<MailStorage, 'db'>;
  /** The time of the request asking. */
  at: Date;
}): Promise<MailStatus | undefined> {
  if (!outbox) return undefined;
  const { waiting, oldestSince } = await waitingMail(storage.db);
  const stalled = oldestSince !== null && at.getTime() - Date.parse(oldestSince) >= STALLED_AFTER_MS;
  return { ...outbox.relay(), waiting, oldestWaitingSince: oldestSince, stalled };
}

/** What /healthz tells a check on the machine itself: without the server's own reply and the next try, which only staff see. */
export function publicMailStatus(status: MailStatus) {
  const queue = { waiting: status.waiting, oldestWaitingSince: status.oldestWaitingSince, stalled: status.stalled };
  return status.state === 'failing'
    ? { state: status.state, since: status.since, reason: status.reason, ...queue }
    : { state: status.state, ...queue };
}
