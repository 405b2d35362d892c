import type { AlertKind, AlertOpportunity } from '../domain/alerts';
import type { ScoreboardEvent } from '../domain/scores';

/**
 * The typed job map: every job name, the queue it runs on, and its payload.
 * Workers register exactly one handler per name; producers can only enqueue what is listed here.
 */
export const QueueName = {
  /** The scheduler's own repeatable job. */
  Schedule: 'schedule',
  /** Scores polls and the odds streams' connections, one job per sport and tick: any worker takes them. */
  Feeds: 'feeds',
  /**
   * The feed lanes: odds and props polls, one job per sport and tick, each sport always on the same lane (feedLane),
   * each lane taken by one worker process at a time (ownedFeedLanes). A sport's board then stays held by the process
   * that wrote it last: a poll that ran where the board was not held read it back whole from Redis and prepared it
   * again, a third more CPU over two processes (docs/benchmarks.md, bench:pipeline --workers).
   */
  FeedLane1: 'feeds-lane-1',
  FeedLane2: 'feeds-lane-2',
  FeedLane3: 'feeds-lane-3',
  FeedLane4: 'feeds-lane-4',
  FeedLane5: 'feeds-lane-5',
  FeedLane6: 'feeds-lane-6',
  /** Pick settlement and closing lines (spec 002, DECISIONS 19), the odds history they are read from, and the steam record graded from it. */
  Picks: 'picks',
  /** Billing: the reconciliation of paid users with Stripe. */
  Billing: 'billing',
  /** Alerts: rule evaluation, deliveries and the e-mail digest. */
  Alerts: 'alerts',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const JobName = {
  /** Fans out the polls that are due: one job per sport, kind and tick. */
  FeedsSchedule: 'feeds.schedule',
  OddsPoll: 'odds.poll',
  /**
   * Keeps a sport's odds stream connected (ODDS_PROVIDER=stream, in place of its odds polls): the worker holding the
   * sport's stream lease, or the first to take it, runs the connection; the job comes each slot, so another worker
   * takes the stream over within the lease's time when its holder dies.
   */
  OddsStream: 'odds.stream',
  PropsPoll: 'props.poll',
  ScoresPoll: 'scores.poll',
  /** A game turned final: record its result and settle the pending picks on it. */
  PicksSettleGame: 'picks.settle-game',
  /** The scheduled look-back (spec 002 §9): pending picks of the last 3 days against results of the last 8. */
  PicksSettleWindow: 'picks.settle-window',
  /** "Validate now" (spec 002 §4): every pending pick of one user; the server waits for the counts. */
  PicksValidateUser: 'picks.validate-user',
  /** A game started: record each pending pick's closing line for CLV. */
  PicksRecordClose: 'picks.record-close',
  /** Hourly: odds_history day partitions made ahead, and those past retention dropped unless a pick needs them. */
  OddsHistoryRetain: 'odds-history.retain',
  /** Daily and on demand: every billing customer's subscriptions read from Stripe, drift repaired, paid gifts granted. */
  BillingReconcile: 'billing.reconcile',
  /** Hourly: the customers whose renewing subscription reached its period end with no renewal recorded, read from Stripe. */
  BillingRenewals: 'billing.renewals',
  /** Detection published new or updated opportunities of a kind and sport: the alert rules are evaluated on the batch. */
  AlertsEvaluate: 'alerts.evaluate',
  /** One webhook or push delivery, retried with backoff. */
  AlertsDeliver: 'alerts.deliver',
  /** The e-mail digest of pending e-mail alerts, one mail per user. */
  AlertsDigest: 'alerts.digest',
  /** Webhook and push deliveries left pending with no job (a worker stopped between claiming and queueing them) are queued again. */
  AlertsRequeue: 'alerts.requeue',
  /** A poll changed some events of a sport: the price target rules on those events are checked for a crossing. */
  AlertsPriceTargets: 'alerts.price-targets',
  /** Every half minute: steam alerts raised or expired are kept in PostgreSQL, and those whose game started graded. */
  SteamRecord: 'steam.record',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

/** `tick` is the poll's time slot (epoch ms rounded down to its interval); it makes the job id deterministic. */
export interface FeedPollPayload {
  sport: string;
  tick: number;
}

export interface OddsPollPayload extends FeedPollPayload {
  /** The events to poll (spec 001 §9: each on its class's schedule); absent or null: the whole sport. */
  eventIds?: string[] | null;
}

export interface GameJobPayload {
  sport: string;
  game: ScoreboardEvent;
}

/** What "Validate now" found (spec 002 §8 messages are chosen from these counts). */
export interface ValidationCounts {
  /** Pending picks considered. */
  checked: number;
  /** Of those, picks whose game was found final. */
  matched: number;
  /** Picks settled by this run. */
  updated: number;
  /** Per-league failures, e.g. "Unsupported sport for backend scoreboard: EPL". */
  errors: string[];
}

/** One detection batch: the opportunities of one kind and sport that were new or changed, at the scan's "now". */
export interface AlertsEvaluatePayload {
  kind: AlertKind;
  sport: string;
  at: number;
  opportunities: AlertOpportunity[];
}

/** The events of a sport that a poll changed, at the poll's "now". */
export interface PriceTargetsPayload {
  sport: string;
  at: number;
  eventIds: string[];
}

/**
 * The payload of a scheduled job (JOB_SCHEDULER_ID): a schedule's data is fixed when it is upserted, so `scheduledAt`
 * is always 0; a handler reads the time from its clock.
 */
export interface ScheduledJobPayload {
  scheduledAt: number;
}

export interface JobPayloadMap {
  [JobName.FeedsSchedule]: ScheduledJobPayload;
  [JobName.OddsPoll]: OddsPollPayload;
  [JobName.OddsStream]: FeedPollPayload;
  [JobName.PropsPoll]: FeedPollPayload;
  [JobName.ScoresPoll]: FeedPollPayload;
  [JobName.PicksSettleGame]: GameJobPayload;
  [JobName.PicksSettleWindow]: ScheduledJobPayload;
  [JobName.PicksValidateUser]: { userId: string; requestedAt: number };
  [JobName.PicksRecordClose]: GameJobPayload;
  [JobName.OddsHistoryRetain]: ScheduledJobPayload;
  [JobName.BillingReconcile]: ScheduledJobPayload;
  [JobName.BillingRenewals]: ScheduledJobPayload;
  [JobName.AlertsEvaluate]: AlertsEvaluatePayload;
  [JobName.AlertsDeliver]: { deliveryId: number };
  [JobName.AlertsDigest]: ScheduledJobPayload;
  [JobName.AlertsRequeue]: ScheduledJobPayload;
  [JobName.AlertsPriceTargets]: PriceTargetsPayload;
  [JobName.SteamRecord]: ScheduledJobPayload;
}

/** The jobs that run on their sport's feed lane (feedLane) rather than on one queue. */
export const FEED_LANE_JOBS = [JobName.OddsPoll, JobName.PropsPoll] as const;
export type FeedLaneJobName = (typeof FEED_LANE_JOBS)[number];
/** The jobs that run on one queue, the same for every payload (JOB_QUEUE). */
export type FixedQueueJobName = Exclude<JobName, FeedLaneJobName>;

/** The feed lanes, in order: six, so that 1, 2, 3 or 6 worker processes share them evenly. */
export const FEED_LANES = [
  QueueName.FeedLane1,
  QueueName.FeedLane2,
  QueueName.FeedLane3,
  QueueName.FeedLane4,
  QueueName.FeedLane5,
  QueueName.FeedLane6,
] as const;
export type FeedLane = (typeof FEED_LANES)[number];

export function isFeedLane(queue: QueueName): queue is FeedLane {
  return (FEED_LANES as readonly QueueName[]).includes(queue);
}

/**
 * The lane a sport's polls run on: by its place in the deployment's sports (FEED_SPORTS), so that they spread evenly
 * over the lanes and the lanes' owners; a sport not among them by a hash of its key. Every process computes the same
 * lane from the same list, and a process with another list only spreads the sports otherwise: every lane is taken.
 */
export function feedLane(sport: string, sports: readonly string[]): FeedLane {
  let index = sports.indexOf(sport);
  if (index < 0) {
    index = 0;
    for (let i = 0; i < sport.length; i++) index = (index * 31 + sport.charCodeAt(i)) >>> 0;
  }
  return FEED_LANES[index % FEED_LANES.length];
}

/**
 * The lanes worker `workerId` takes, given the live workers' ids (their heartbeats): lane k goes to the k-th worker
 * round the sorted ids, so every live worker computes the same split and each lane has one owner. A worker that does
 * not see itself among them (its beat not written, Redis away) takes every lane: two takers of a lane never poll a
 * sport twice (the poll's lock), while a lane no one takes would not be polled at all.
 */
export function ownedFeedLanes(workerId: string, liveWorkerIds: readonly string[]): FeedLane[] {
  const ids = [...new Set(liveWorkerIds)].sort();
  const self = ids.indexOf(workerId);
  if (self < 0) return [...FEED_LANES];
  return FEED_LANES.filter((_, k) => k % ids.length === self);
}

/** The queue of a job of fixed queue; a feed lane job's is its sport's lane (jobQueue). */
export const JOB_QUEUE: { [N in FixedQueueJobName]: QueueName } = {
  [JobName.FeedsSchedule]: QueueName.Schedule,
  [JobName.OddsStream]: QueueName.Feeds,
  [JobName.ScoresPoll]: QueueName.Feeds,
  [JobName.PicksSettleGame]: QueueName.Picks,
  [JobName.PicksSettleWindow]: QueueName.Picks,
  [JobName.PicksValidateUser]: QueueName.Picks,
  [JobName.PicksRecordClose]: QueueName.Picks,
  [JobName.OddsHistoryRetain]: QueueName.Picks,
  [JobName.BillingReconcile]: QueueName.Billing,
  [JobName.BillingRenewals]: QueueName.Billing,
  [JobName.AlertsEvaluate]: QueueName.Alerts,
  [JobName.AlertsDeliver]: QueueName.Alerts,
  [JobName.AlertsDigest]: QueueName.Alerts,
  [JobName.AlertsRequeue]: QueueName.Alerts,
  [JobName.AlertsPriceTargets]: QueueName.Alerts,
  [JobName.SteamRecord]: QueueName.Picks,
};

export type JobPayload<N extends JobName> = JobPayloadMap[N];

/**
 * The jobs that run on a schedule, each with the id its schedule is upserted under, so that however many workers
 * upsert it there is one schedule. The ids are held in Redis: a changed id would leave the old schedule running beside
 * the new one.
 */
export const JOB_SCHEDULER_ID = {
  [JobName.FeedsSchedule]: 'feeds-schedule',
  [JobName.PicksSettleWindow]: 'picks-settle-window',
  [JobName.OddsHistoryRetain]: 'odds-history-retain',
  [JobName.BillingReconcile]: 'billing-reconcile',
  [JobName.BillingRenewals]: 'billing-renewals',
  [JobName.AlertsDigest]: 'alerts-digest',
  [JobName.AlertsRequeue]: 'alerts-requeue',
  [JobName.SteamRecord]: 'steam-record',
} as const satisfies { [N in JobName as JobPayload<N> extends ScheduledJobPayload ? N : never]?: string };

export type ScheduledJobName = keyof typeof JOB_SCHEDULER_ID;

export function isFeedLaneJob(name: JobName): name is FeedLaneJobName {
  return (FEED_LANE_JOBS as readonly JobName[]).includes(name);
}

/** The queue a job runs on: its sport's feed lane for a poll of odds or props, its fixed queue otherwise. */
export function jobQueue<N extends JobName>(name: N, data: JobPayload<N>, sports: readonly string[]): QueueName {
  return isFeedLaneJob(name) ? feedLane((data as FeedPollPayload).sport, sports) : JOB_QUEUE[name];
}
