import type { FeedStatus } from '../domain/health';

/** Whether a feed is failing: stale (its polls fail), or not polled because it failed (backing off, or halted). */
export function isFailing(status: { state: FeedStatus['state'] | null; paused_by_failure?: boolean } | null): boolean {
  return status !== null && (status.state === 'stale' || status.paused_by_failure === true);
}

/**
 * Whether a failed poll changes what an operator knows of the feed: it was not failing, or it failed for another
 * reason. Outside failures are logged once per such change, not once per poll of an outage.
 */
export function failureIsNews(last: FeedStatus | null, reason: string): boolean {
  return !isFailing(last) || last?.error !== reason;
}
