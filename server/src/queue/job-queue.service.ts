import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import { QueueEvents, type JobsOptions, type Queue } from 'bullmq';
import { JOB_QUEUE, JobName, JobPayload, QueueName } from '@oddspulse/shared';

export type JobCounts = Record<string, number>;

/** The one way to put work on a queue: typed by the job map, with deterministic ids where given. */
@Injectable()
export class JobQueueService implements OnApplicationShutdown {
  /** Completion events per queue, opened only by a process that waits for a job (the API's "Validate now"). */
  private readonly events = new Map<QueueName, QueueEvents>();

  constructor(private readonly moduleRef: ModuleRef) {}

  queue(name: QueueName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }

  /** `jobId` makes a duplicate enqueue (the same sport and tick, say) collapse into one job. */
  async add<N extends JobName>(name: N, data: JobPayload<N>, options: JobsOptions & { jobId?: string } = {}) {
    return this.queue(JOB_QUEUE[name]).add(name, data, options);
  }

  /** A repeatable job; upserting the same scheduler id from many processes keeps exactly one schedule. */
  async schedule<N extends JobName>(schedulerId: string, name: N, everyMs: number, data: JobPayload<N>) {
    return this.queue(JOB_QUEUE[name]).upsertJobScheduler(schedulerId, { every: everyMs }, { name, data });
  }

  /** Enqueues a job and waits for its result; rejects with the job's error, or after the time-out. */
  async run<N extends JobName, R>(name: N, data: JobPayload<N>, timeoutMs: number, options: JobsOptions & { jobId?: string } = {}): Promise<R> {
    const queueName = JOB_QUEUE[name];
    const queue = this.queue(queueName);
    let events = this.events.get(queueName);
    if (!events) {
      events = new QueueEvents(queueName, { connection: queue.opts.connection, prefix: queue.opts.prefix });
      this.events.set(queueName, events);
    }
    await events.waitUntilReady();
    const job = await queue.add(name, data, { ...options, attempts: 1 });
    return (await job.waitUntilFinished(events, timeoutMs)) as R;
  }

  async counts(): Promise<Record<QueueName, JobCounts>> {
    const entries = await Promise.all(
      Object.values(QueueName).map(async (name) => {
        const counts = await this.queue(name).getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
        return [name, counts] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<QueueName, JobCounts>;
  }

  /** Workers listening on any queue; reads CLIENT LIST, so it is for health checks only. */
  async workerCount(): Promise<number> {
    const counts = await Promise.all(Object.values(QueueName).map((name) => this.queue(name).getWorkersCount()));
    return Math.max(0, ...counts);
  }

  async onApplicationShutdown() {
    await Promise.all([...this.events.values()].map((events) => events.close()));
    await Promise.all(Object.values(QueueName).map((name) => this.queue(name).close()));
  }
}
