import type { DefaultJobOptions } from 'bullmq';

/** Queue defaults, set once for every queue (Docmost's lesson: never per call site). */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: { count: 500, age: 3600 },
  // Failed jobs stay for inspection by operations staff.
  removeOnFail: { count: 5000, age: 7 * 24 * 3600 },
};
