import type { FeedKind, FeedStatus, ServiceState } from '../domain/health';
import {
  oddsCadenceMs,
  oddsPollPhaseMs,
  slotStart,
  type EventPollClass,
  type ScheduledEvent,
} from '../feeds/event-schedule';
import { duePolls, type Cadence } from '../feeds/feed-cadence';
import { isFailing } from '../feeds/feed-failure';

/**
 * What the operations page shows: per feed and sport the last poll, its age, error, cadence and next
 * poll; The Odds API credits; queue depths and recent failures; live sockets and deliveries; opportunities found
 * today; settlement runs. The server builds it from what the workers leave in Redis and pushes it on the `ops`
 * channel; the rules that colour it (fresh, late, failing, a stopped scheduler) are here, so the server and the
 * page agree.
 */

/** fresh: polled within its cadence; late: no success for two cadences (scheduler or workers gone); failing: the
 * last poll failed (the board keeps its last data); paused: skipped by the credit budget; never: no poll yet. */
export type FeedHealth = 'fresh' | 'late' | 'failing' | 'paused' | 'never';
export type SchedulerHealth = 'running' | 'stopped' | 'never';

/** A feed is late once it has had no success for two cadences and this grace (a poll can take a few seconds). */
export const FEED_LATE_GRACE_MS = 10_000;
/** The scheduler is stopped once it has missed three ticks and this grace. */
export const SCHEDULER_STOPPED_GRACE_MS = 5_000;

export interface OpsFeed {
  kind: FeedKind;
  sport: string;
  provider: string | null;
  /** The workers' own word on the last poll (null before the first). */
  state: FeedStatus['state'] | null;
  /** Paused because its polls fail (backing off, or halted after a 401/422), not on purpose: a failing feed. */
  paused_by_failure: boolean;
  health: FeedHealth;
  last_poll_at: string | null;
  last_success_at: string | null;
  /** Seconds since the last success when the overview was built. */
  age_seconds: number | null;
  stale_since: string | null;
  error: string | null;
  /** The poll interval in force (odds: the most urgent event class's, spec 001 §9). */
  cadence_ms: number;
  /** When the scheduler next enqueues this poll (it runs on the next scheduler tick after this moment). */
  next_poll_at: string;
  events: number;
  live: number;
}

export interface OpsScheduler {
  health: SchedulerHealth;
  last_tick_at: string | null;
  age_seconds: number | null;
  tick_ms: number;
}

export interface OpsCredits {
  remaining: number | null;
  used: number | null;
  reserve: number;
  low_priority_paused: boolean;
  /**
   * What the budget kept off at the scheduler's last run, per sport: the event classes that were due but not polled
   * (below the reserve the credits go to live and about-to-start games, spec 001 §9's classes).
   */
  held: Array<{ sport: string; class: EventPollClass; events: number }>;
  burn_per_hour: number | null;
  /** When the balance runs out at the current burn rate; null when nothing is being spent. */
  runs_out_at: string | null;
}

export interface OpsQueue {
  name: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
  paused: boolean;
  /** Jobs that failed within the last hour. */
  failed_last_hour: number;
}

export interface OpsRoom {
  room: string;
  sockets: number;
}

export interface OpsSockets {
  /** Server processes that reported within the last few samples. */
  processes: number;
  connections: number;
  rooms: OpsRoom[];
  /** Realtime messages written to sockets per second, summed over the processes. */
  deliveries_per_second: number;
}

export interface OpsOpportunitiesToday {
  day: string;
  total: number;
  ev: number;
  arbitrage: number;
  middles: number;
}

export type SettlementTrigger = 'game' | 'window' | 'validate';

/** One settlement job as the worker recorded it. */
export interface SettlementRun {
  at: string;
  trigger: SettlementTrigger;
  sport: string | null;
  checked: number | null;
  settled: number;
  duration_ms: number;
  error: string | null;
}

export interface OpsOverview {
  generated_at: string;
  /** How often the server samples and pushes it; the page calls it stale after a few missed samples. */
  sample_interval_ms: number;
  dependencies: { postgres: ServiceState; redis: ServiceState };
  /** Worker processes listening on the queues. */
  workers: number | null;
  /**
   * What is wrong with the worker processes, in health's words (workerProblems): none live, each gone silent (killed,
   * its loop stuck), each taking no job while jobs wait. Null when the workers or the queues could not be read.
   */
  worker_problems: string[] | null;
  scheduler: OpsScheduler | null;
  feeds: OpsFeed[] | null;
  /** Null when The Odds API is not in use and has never reported a balance. */
  credits: OpsCredits | null;
  queues: OpsQueue[] | null;
  sockets: OpsSockets | null;
  opportunities_today: OpsOpportunitiesToday | null;
  settlement_runs: SettlementRun[] | null;
  /** What could not be read for this overview, in words; the page shows them where the section would be. */
  problems: string[];
}

/** The `ops` channel has one room. */
export const OPS_OVERVIEW_KEY = 'overview';

/** The health of a feed at `now`, from the workers' last status and its cadence. */
export function feedHealth(
  feed: Pick<OpsFeed, 'state' | 'paused_by_failure' | 'last_success_at' | 'cadence_ms'>,
  now: number,
): FeedHealth {
  if (isFailing(feed)) return 'failing';
  if (feed.state === 'paused') return 'paused';
  if (!feed.state || !feed.last_success_at) return 'never';
  return now - Date.parse(feed.last_success_at) > 2 * feed.cadence_ms + FEED_LATE_GRACE_MS ? 'late' : 'fresh';
}

export function schedulerHealth(lastTick: number | null, tickMs: number, now: number): SchedulerHealth {
  if (lastTick === null) return 'never';
  return now - lastTick > 3 * tickMs + SCHEDULER_STOPPED_GRACE_MS ? 'stopped' : 'running';
}

/** Red at a glance: a feed or a scheduler in one of these states needs someone. */
export function isAlarming(health: FeedHealth | SchedulerHealth): boolean {
  return health === 'late' || health === 'failing' || health === 'never' || health === 'stopped';
}

const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Every feed the scheduler polls (each configured sport × odds, props and scores), with its status, cadence and
 * next poll. The cadence is the scheduler's own rule: for odds the interval of the sport's most urgent event class
 * (`oddsCadenceMs`, from the events its last poll saw), else `duePolls`; a poll's slot is due once, so a feed whose
 * poll of the current slot has run is next due at the following slot.
 */
export function opsFeeds(
  sports: readonly string[],
  statuses: readonly FeedStatus[],
  cadence: Cadence,
  oddsEvents: ReadonlyMap<string, readonly ScheduledEvent[]>,
  now: number,
): OpsFeed[] {
  const byFeed = new Map(statuses.map((s) => [`${s.kind}:${s.sport}`, s]));
  const sportWide = duePolls(sports, statuses, cadence, now);
  const polls = sports.flatMap((sport) => {
    const intervalMs = oddsCadenceMs(oddsEvents.get(sport) ?? null, now);
    const tick = slotStart(now, intervalMs, oddsPollPhaseMs(sports, sport));
    const odds = { kind: 'odds' as const, sport, intervalMs, tick };
    return [odds, ...sportWide.filter((p) => p.sport === sport)];
  });
  return polls.map((poll) => {
    const status = byFeed.get(`${poll.kind}:${poll.sport}`) ?? null;
    const lastPoll = status?.last_poll_at ? Date.parse(status.last_poll_at) : null;
    const next = lastPoll !== null && lastPoll >= poll.tick ? poll.tick + poll.intervalMs : poll.tick;
    const row: OpsFeed = {
      kind: poll.kind,
      sport: poll.sport,
      provider: status?.provider ?? null,
      state: status?.state ?? null,
      paused_by_failure: status?.paused_by_failure === true,
      health: 'never',
      last_poll_at: status?.last_poll_at ?? null,
      last_success_at: status?.last_success_at ?? null,
      age_seconds: status?.last_success_at ? seconds(now - Date.parse(status.last_success_at)) : null,
      stale_since: status?.stale_since ?? null,
      error: status?.error ?? status?.paused_reason ?? null,
      cadence_ms: poll.intervalMs,
      next_poll_at: iso(next),
      events: status?.events ?? 0,
      live: status?.live ?? 0,
    };
    return { ...row, health: feedHealth(row, now) };
  });
}
