/** Waits between automatic retries while an enquiry is queued; the `online` event retries at once. */
export const RETRY_DELAYS_MS = [5_000, 15_000, 30_000, 60_000];

/**
 * When to try a queued enquiry again: each wait longer than the last, up to the longest, which
 * then repeats until the enquiry goes through or is given up.
 */
export function retrySchedule(run: () => void, delays: readonly number[] = RETRY_DELAYS_MS) {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    /** Runs `run` after the next wait. */
    schedule() {
      clearTimeout(timer);
      const wait = delays[Math.min(attempt, delays.length - 1)];
      attempt += 1;
      timer = setTimeout(run, wait);
    },
    /** No retry is due: the enquiry went through, was refused, or is being sent now. */
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
    /** Delivered or given up: the next queued enquiry starts again from the shortest wait. */
    reset() {
      clearTimeout(timer);
      timer = undefined;
      attempt = 0;
    },
  };
}
