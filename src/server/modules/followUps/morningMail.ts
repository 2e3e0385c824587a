import { schoolToday } from '#shared/time.ts';
import { nextSchoolHour } from '#server/schoolHour.ts';
import { ADMIN_PATH } from '#shared/routeTable.ts';
import { DUE_SECTION_PATH } from '#shared/admissions/dueFollowUps.ts';
import type { Config } from '#server/config.ts';
import type { Logger } from '#server/log.ts';
import { followUpMorningMail } from './followUpMail';
import type { OutboxWorker } from '#server/modules/mail/service.ts';
import type { FollowUpRepository } from './repository';

/** The office's list goes out at 8 AM at the school, before the office opens. */
export const MORNING_MAIL_HOUR = 8;

export type MorningMail = {
  /** Makes today's list if it is 8 AM or later at the school and none was made today (a server down at 8 catches up). */
  runDue(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
};

/** Whether 8 AM has come at the school on the day `now` is in. */
const pastMorningHour = (now: Date) => schoolToday(nextSchoolHour(now, MORNING_MAIL_HOUR)) !== schoolToday(now);

/**
 * The morning email of follow-ups due (issue 24, decision 0039), only while mail is on: at 8 AM at
 * the school, the list of what is due goes to the office inbox through the outbox; on a day with
 * nothing due, none. follow_up_mornings keeps each day's list made once, whatever restarts.
 */
export function createMorningMail({
  config,
  repository,
  outbox,
  log,
  now,
}: {
  config: Config;
  repository: Pick<FollowUpRepository, 'makeMorningList'>;
  /** Undefined when mail is off: no morning email. */
  outbox: OutboxWorker | undefined;
  log: Logger;
  now: () => Date;
}): MorningMail {
  const office = config.mail.notifyEmail;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const sectionUrl = new URL(`${ADMIN_PATH}${DUE_SECTION_PATH}`, config.publicUrl).toString();

  async function runDue(): Promise<void> {
    const at = now();
    if (!outbox || !office || !pastMorningHour(at)) return;
    const day = schoolToday(at);
    const made = await repository.makeMorningList(day, at.toISOString(), (due) =>
      followUpMorningMail(due, { office, sectionUrl }),
    );
    if (!made) return;
    log.info(made.outboxId ? 'Morning email of follow-ups due queued' : 'No follow-ups due this morning: no email', {
      day,
      due: made.due.total,
      outboxId: made.outboxId,
    });
    if (made.outboxId) outbox.kick();
  }

  const runLogged = () => {
    running = running.then(runDue).catch((error: unknown) => {
      log.error('Morning email of follow-ups failed', { error: String(error) });
    });
    return running;
  };

  const plan = () => {
    if (stopped) return;
    timer = setTimeout(
      () => void runLogged().then(plan),
      nextSchoolHour(now(), MORNING_MAIL_HOUR).getTime() - now().getTime(),
    );
    timer.unref();
  };

  return {
    runDue: () => runLogged(),
    start() {
      if (!outbox || !office) return;
      void runLogged().then(plan);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
