/** A failing connection raises the same error on every retry: one line per this long is enough. */
const DEFAULT_QUIET_MS = 60_000;
/** Keys kept at most: a reason may carry what a caller asked for (a list of sports), so keys are not a fixed few. */
export const REPEATED_ERRORS_MAX_KEYS = 1_000;

/**
 * Keeps an outage from flooding the log: the first occurrence of an error (by key) is logged, repeats within
 * `quietMs` are counted, and the next one after that is logged with how many were left out.
 */
export class RepeatedErrors {
  private readonly seen = new Map<string, { loggedAt: number; suppressed: number }>();

  constructor(private readonly quietMs = DEFAULT_QUIET_MS) {}

  /** Null when this occurrence is a repeat to leave out; otherwise how many repeats were left out before it. */
  admit(key: string, now = Date.now()): { suppressed: number } | null {
    const entry = this.seen.get(key);
    if (entry && now - entry.loggedAt < this.quietMs) {
      entry.suppressed++;
      return null;
    }
    if (!entry && this.seen.size >= REPEATED_ERRORS_MAX_KEYS) this.forget(now);
    this.seen.set(key, { loggedAt: now, suppressed: 0 });
    return { suppressed: entry?.suppressed ?? 0 };
  }

  /** Drops the keys whose quiet time is over (their next occurrence is logged anyway), then, still full, the oldest. */
  private forget(now: number): void {
    for (const [key, entry] of this.seen) if (now - entry.loggedAt >= this.quietMs) this.seen.delete(key);
    for (const key of this.seen.keys()) {
      if (this.seen.size < REPEATED_ERRORS_MAX_KEYS) break;
      this.seen.delete(key);
    }
  }
}
