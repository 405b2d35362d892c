import {
  feedHealth,
  isAlarming,
  schedulerHealth,
  type FeedHealth,
  type OpsFeed,
  type OpsOverview,
  type SchedulerHealth,
} from '@oddspulse/shared';

/** After this many missed samples the page says live updates stopped and reads the overview itself. */
export const MISSED_SAMPLES = 3;
/** How often the page reads the overview while live updates are not arriving. */
export const FALLBACK_POLL_MS = 10_000;

export type UpdateState = 'live' | 'delayed';

/** Whether the overview shown is current: one arrived within the last few samples. */
export function updateState(receivedAt: number | null, sampleIntervalMs: number, now: number): UpdateState {
  return receivedAt !== null && now - receivedAt <= MISSED_SAMPLES * sampleIntervalMs ? 'live' : 'delayed';
}

/** How often the page reads the overview itself: never while pushes arrive, every 10 s while none has lately (or ever). */
export function fallbackPollInterval(
  overview: OpsOverview | undefined,
  receivedAt: number,
  now: number,
): number | false {
  return overview && updateState(receivedAt, overview.sample_interval_ms, now) === 'live' ? false : FALLBACK_POLL_MS;
}

/** "4 s", "2 min 5 s", "3 h 4 min", "2 d 5 h". */
export function formatAge(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  if (s < 86_400)
    return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ''}`;
  return `${Math.floor(s / 86_400)} d${Math.floor((s % 86_400) / 3600) ? ` ${Math.floor((s % 86_400) / 3600)} h` : ''}`;
}

/** How long something took: "120 ms" under a second, else as an age. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.max(0, Math.round(ms))} ms` : formatAge(ms / 1000);
}

/** `iso` relative to now: "3 s ago", "in 8 s", "due now". */
export function relativeTime(iso: string, now: number): string {
  const delta = Math.round((Date.parse(iso) - now) / 1000);
  if (delta > 0) return `in ${formatAge(delta)}`;
  if (delta === 0) return 'due now';
  return `${formatAge(-delta)} ago`;
}

/** A feed as it stands now: its age and health move on with the clock between overviews (a silent feed turns late). */
export function feedNow(feed: OpsFeed, now: number): { health: FeedHealth; ageSeconds: number | null } {
  return {
    health: feedHealth(feed, now),
    ageSeconds: feed.last_success_at ? Math.max(0, (now - Date.parse(feed.last_success_at)) / 1000) : null,
  };
}

export function schedulerNow(overview: OpsOverview, now: number): SchedulerHealth | null {
  const scheduler = overview.scheduler;
  if (!scheduler) return null;
  return schedulerHealth(scheduler.last_tick_at ? Date.parse(scheduler.last_tick_at) : null, scheduler.tick_ms, now);
}

/** The badge colour of a health: red needs someone, amber is a known pause, green is well. */
export function healthTone(health: FeedHealth | SchedulerHealth): 'bad' | 'warn' | 'good' {
  if (isAlarming(health)) return 'bad';
  return health === 'paused' ? 'warn' : 'good';
}

/** What needs someone now, in words, most urgent first: the banner at the top of the page. */
export function alarms(overview: OpsOverview, now: number): string[] {
  const found: string[] = [];
  if (overview.dependencies.redis === 'down') found.push('Redis is down');
  if (overview.dependencies.postgres === 'down') found.push('PostgreSQL is down');
  // Without Redis nothing was read, which its line says; with it, a section that was not read is unknown, and the page
  // must not call it well (the green line names the feeds, the scheduler and the queues).
  const unread = (
    [
      ['the workers', overview.worker_problems],
      ['the scheduler', overview.scheduler],
      ['the feeds', overview.feeds],
      ['the queues', overview.queues],
    ] as const
  ).flatMap(([name, section]) => (section === null ? [name] : []));
  if (overview.dependencies.redis === 'up' && unread.length) {
    const named = unread.length > 1 ? `${unread.slice(0, -1).join(', ')} and ${unread.at(-1)}` : unread[0];
    found.push(`Could not read ${named}: nothing is known of them`);
  }
  const scheduler = schedulerNow(overview, now);
  if (scheduler === 'stopped') found.push('The feeds scheduler has stopped');
  if (scheduler === 'never') found.push('The feeds scheduler has never run');
  // none live, one gone silent, one taking no job: the server's words, the same as health's
  found.push(...(overview.worker_problems ?? []));
  const feeds = overview.feeds ?? [];
  const bad = feeds.filter((feed) => isAlarming(feedNow(feed, now).health));
  if (bad.length) found.push(`${bad.length} of ${feeds.length} feeds are not fresh`);
  const failed = (overview.queues ?? []).reduce((sum, q) => sum + q.failed_last_hour, 0);
  if (failed) found.push(`${failed} job${failed === 1 ? '' : 's'} failed in the last hour`);
  return found;
}

/** The UTC day a balance runs out, for "runs out on …". */
export function runOutDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
