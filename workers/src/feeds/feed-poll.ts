import type { FeedKind, FeedStatus } from '@oddspulse/shared';
import type { LiveStateRepository, MetricsService } from '@oddspulse/core';
import type { FeedError } from './feed-errors';

/**
 * The poll lock's time to live, renewed while the poll runs: a killed worker blocks the sport at most
 * this long, about two slots of the live cadence (spec 001 §9: 5 s).
 */
export const FEED_LOCK_TTL_MS = 10_000;

/**
 * One poll of a feed's sport under its lock, timed in the poll metrics by its outcome (an error, a pause, else ok).
 * Null when another process holds the lock: that poll is not counted.
 */
export async function lockedFeedPoll<R extends { outcome: string }>(
  metrics: MetricsService,
  state: LiveStateRepository,
  kind: FeedKind,
  sport: string,
  run: () => Promise<R>,
): Promise<R | null> {
  const polled = metrics.startPoll(kind, sport);
  let result: R | null;
  try {
    result = await state.withFeedLock(kind, sport, FEED_LOCK_TTL_MS, run);
  } catch (error) {
    polled('error');
    throw error;
  }
  if (result) polled(result.outcome === 'paused' ? 'paused' : 'ok');
  return result;
}

/**
 * What the status of a failed poll keeps of the feed's last status (`base`: its last success, its `events` as the
 * board still holds them, its live count), and (`held`) for a poll the gate held back, that it is the pause of a
 * failing feed whose last failure stays its error.
 */
export function failedPollStatus(last: FeedStatus | null, events: number, error: FeedError) {
  return {
    base: { last_success_at: last?.last_success_at ?? null, events, live: last?.live ?? 0 },
    held: error.kind === 'held' ? { paused_by_failure: true, error: last?.error } : {},
  };
}
