/**
 * The typed job map: every job name, the queue it runs on, and its payload.
 * Workers register exactly one handler per name; producers can only enqueue what is listed here.
 */
export const QueueName = {
  Simulator: 'simulator',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const JobName = {
  SimulatorTick: 'simulator.tick',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

export interface JobPayloadMap {
  [JobName.SimulatorTick]: { scheduledAt: number };
}

export const JOB_QUEUE: { [N in JobName]: QueueName } = {
  [JobName.SimulatorTick]: QueueName.Simulator,
};

export type JobPayload<N extends JobName> = JobPayloadMap[N];
