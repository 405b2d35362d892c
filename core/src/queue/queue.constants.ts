import type { DefaultJobOptions, JobsOptions } from 'bullmq';
import { JobName } from '@oddspulse/shared';

/** Queue defaults, set once for every queue (Docmost's lesson: never per call site). */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: { count: 500, age: 3600 },
  // Failed jobs stay for inspection by operations staff.
  removeOnFail: { count: 5000, age: 7 * 24 * 3600 },
};

/**
 * The jobs whose retries outlast the defaults, set once here as those are (JobQueueService.add applies them). A
 * game's closing line (picks.record-close) is read once, when the scores poll sees the game start, and nothing asks
 * again: the defaults' three attempts gave up within 15 s of PostgreSQL going away, and the close was lost for good.
 * Ten attempts doubling from 5 s wait up to 21 minutes, 43 in all: retried through a PostgreSQL restart, as
 * docs/operating.md promises.
 */
export const JOB_OPTIONS: { [N in JobName]?: Pick<JobsOptions, 'attempts' | 'backoff'> } = {
  [JobName.PicksRecordClose]: { attempts: 10, backoff: { type: 'exponential', delay: 5000 } },
};
