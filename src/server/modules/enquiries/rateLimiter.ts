/**
 * Enquiries per client in a fixed window, in memory (one server process). Shared by the tRPC
 * procedures and the REST adapters because both call the same service.
 */
export type RateLimiter = {
  /** Counts one attempt; when over the limit, says how long until the window resets. */
  consume(key: string): { allowed: true } | { allowed: false; retryAfterMs: number };
};

/** Above this many tracked clients, expired windows are dropped so memory stays bounded. */
const PRUNE_ABOVE = 10_000;

export function createRateLimiter({
  limit,
  windowMs,
  now,
}: {
  limit: number;
  windowMs: number;
  now: () => Date;
}): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();

  const prune = (at: number) => {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  };

  return {
    consume(key) {
      const at = now().getTime();
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        if (windows.size >= PRUNE_ABOVE) prune(at);
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count <= limit ? { allowed: true } : { allowed: false, retryAfterMs: window.resetAt - at };
    },
  };
}
