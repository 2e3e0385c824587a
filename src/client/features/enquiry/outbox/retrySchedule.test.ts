import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRY_DELAYS_MS, retrySchedule } from './retrySchedule';

describe('retrySchedule: when a queued enquiry is tried again', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits longer after each failure, then keeps to the longest wait', () => {
    const run = vi.fn();
    const retry = retrySchedule(run);
    const tries: number[] = [];
    for (let attempt = 0; attempt < RETRY_DELAYS_MS.length + 2; attempt++) {
      retry.schedule();
      const before = Date.now();
      vi.advanceTimersToNextTimer();
      tries.push(Date.now() - before);
    }
    expect(tries).toEqual([...RETRY_DELAYS_MS, 60_000, 60_000]);
    expect(run).toHaveBeenCalledTimes(RETRY_DELAYS_MS.length + 2);
  });

  it('runs nothing once cancelled, and starts again from the shortest wait after a reset', () => {
    const run = vi.fn();
    const retry = retrySchedule(run, [10, 100]);
    retry.schedule();
    retry.cancel();
    vi.advanceTimersByTime(1_000);
    expect(run).not.toHaveBeenCalled();
    retry.schedule(); // the second wait: 100 ms
    vi.advanceTimersByTime(99);
    expect(run).not.toHaveBeenCalled();
    retry.reset();
    retry.schedule();
    vi.advanceTimersByTime(10);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('keeps one retry due at a time', () => {
    const run = vi.fn();
    const retry = retrySchedule(run, [10]);
    retry.schedule();
    retry.schedule();
    vi.advanceTimersByTime(50);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
