import type { AlertKind, AlertOpportunity } from '../domain/alerts';
import type { ScoreboardEvent } from '../domain/scores';

/**
 * The typed job map: every job name, the queue it runs on, and its payload.
 * Workers register exactly one handler per name; producers can only enqueue what is listed here.
 */
export const QueueName = {
  /** The scheduler's own repeatable job. */
  Schedule: 'schedule',
  /** Odds, props and scores polls, one job per sport and tick. */
  Feeds: 'feeds',
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
  [JobName.AlertsEvaluate]: AlertsEvaluatePayload;
  [JobName.AlertsDeliver]: { deliveryId: number };
  [JobName.AlertsDigest]: ScheduledJobPayload;
  [JobName.AlertsRequeue]: ScheduledJobPayload;
  [JobName.AlertsPriceTargets]: PriceTargetsPayload;
  [JobName.SteamRecord]: ScheduledJobPayload;
}

export const JOB_QUEUE: { [N in JobName]: QueueName } = {
  [JobName.FeedsSchedule]: QueueName.Schedule,
  [JobName.OddsPoll]: QueueName.Feeds,
  [JobName.OddsStream]: QueueName.Feeds,
  [JobName.PropsPoll]: QueueName.Feeds,
  [JobName.ScoresPoll]: QueueName.Feeds,
  [JobName.PicksSettleGame]: QueueName.Picks,
  [JobName.PicksSettleWindow]: QueueName.Picks,
  [JobName.PicksValidateUser]: QueueName.Picks,
  [JobName.PicksRecordClose]: QueueName.Picks,
  [JobName.OddsHistoryRetain]: QueueName.Picks,
  [JobName.BillingReconcile]: QueueName.Billing,
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
  [JobName.AlertsDigest]: 'alerts-digest',
  [JobName.AlertsRequeue]: 'alerts-requeue',
  [JobName.SteamRecord]: 'steam-record',
} as const satisfies { [N in JobName as JobPayload<N> extends ScheduledJobPayload ? N : never]?: string };

export type ScheduledJobName = keyof typeof JOB_SCHEDULER_ID;
