/**
 * The typed job map: every job name, the queue it runs on, and its payload.
 * Workers register exactly one handler per name; producers can only enqueue what is listed here.
 */
export const QueueName = {
  /** The scheduler's own repeatable job. */
  Schedule: 'schedule',
  /** Odds, props and scores polls, one job per sport and tick. */
  Feeds: 'feeds',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const JobName = {
  /** Fans out the polls that are due: one job per sport, kind and tick. */
  FeedsSchedule: 'feeds.schedule',
  OddsPoll: 'odds.poll',
  PropsPoll: 'props.poll',
  ScoresPoll: 'scores.poll',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

/** `tick` is the poll's time slot (epoch ms rounded down to its interval); it makes the job id deterministic. */
export interface FeedPollPayload {
  sport: string;
  tick: number;
}

export interface JobPayloadMap {
  [JobName.FeedsSchedule]: { scheduledAt: number };
  [JobName.OddsPoll]: FeedPollPayload;
  [JobName.PropsPoll]: FeedPollPayload;
  [JobName.ScoresPoll]: FeedPollPayload;
}

export const JOB_QUEUE: { [N in JobName]: QueueName } = {
  [JobName.FeedsSchedule]: QueueName.Schedule,
  [JobName.OddsPoll]: QueueName.Feeds,
  [JobName.PropsPoll]: QueueName.Feeds,
  [JobName.ScoresPoll]: QueueName.Feeds,
};

export type JobPayload<N extends JobName> = JobPayloadMap[N];
