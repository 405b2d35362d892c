import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import { QueueEvents, type JobsOptions, type Queue } from 'bullmq';
import {
  JOB_QUEUE,
  JOB_SCHEDULER_ID,
  JobName,
  JobPayload,
  jobQueue,
  QueueName,
  type FixedQueueJobName,
  type OpsQueue,
  type ScheduledJobName,
  type ScheduledJobPayload,
} from '@oddspulse/shared';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { RepeatedErrors } from '../logging/repeated-errors';
import { RedisService } from '../redis/redis.service';
import { isDependencyDown } from '../util/dependency-errors';
import { closeOrForce } from '../util/close-or-force';
import { queueRedisDown } from './bull-connection';
import { JOB_OPTIONS } from './queue.constants';

export type JobCounts = Record<string, number>;

const HOUR_MS = 3_600_000;

/** The one way to put work on a queue: typed by the job map, with deterministic ids where given. */
@Injectable()
export class JobQueueService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(JobQueueService.name);
  private readonly repeatedErrors = new RepeatedErrors();
  /** Completion events per queue, opened only by a process that waits for a job (the API's "Validate now"). */
  private readonly events = new Map<QueueName, QueueEvents>();
  /** The schedules this process upserted (each job's interval), to put back when Redis loses them. */
  private readonly schedules = new Map<ScheduledJobName, number>();
  /** The close of each queue under way (its own shutdown hook and this service's share it). */
  private readonly closing = new Map<QueueName, Promise<void>>();

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly redis: RedisService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'FEED_SPORTS'>,
  ) {}

  /**
   * A queue whose connection fails emits 'error' on every retry; with no listener BullMQ prints each one with its
   * stack to stderr. They are logged here, once a minute per queue and error, as JSON lines.
   */
  onModuleInit(): void {
    for (const name of Object.values(QueueName)) {
      const queue = this.queue(name) as Queue & OnApplicationShutdown;
      queue.on('error', (error) => this.connectionError(`queue ${name}`, error));
      // @nestjs/bullmq gives each queue provider a shutdown hook of its own, a plain close, which Nest calls before
      // this service's: with an enqueue waiting in ioredis's offline queue for a Redis that went away, the close's QUIT
      // waited behind it and the workers exited only at their last resort, 30 s later, exiting 1. The queue closes
      // here instead, whichever hook comes first.
      queue.onApplicationShutdown = () => this.close(name);
    }
  }

  /** A queue's or its events' connection failed (logged once a minute per source and error). */
  private connectionError(source: string, error: Error): void {
    const admitted = this.repeatedErrors.admit(`${source}: ${error.message}`);
    if (!admitted) return;
    // Redis away is an outside failure: a warning with its reason; anything else keeps its stack.
    if (isDependencyDown(error))
      this.logger.warn(
        { source, suppressedRepeats: admitted.suppressed, reason: error.message },
        `Redis error on ${source}: ${error.message}`,
      );
    else
      this.logger.error(
        { source, suppressedRepeats: admitted.suppressed, err: error },
        `Redis error on ${source}: ${error.message}`,
      );
  }

  queue(name: QueueName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }

  /**
   * `jobId` makes a duplicate enqueue (the same sport and tick, say) collapse into one job. A poll of odds or props goes
   * to its sport's feed lane (jobQueue), by this deployment's sports. The job's own retries (JOB_OPTIONS) apply where
   * it has them.
   */
  async add<N extends JobName>(name: N, data: JobPayload<N>, options: JobsOptions & { jobId?: string } = {}) {
    return this.queue(this.queueOf(name, data)).add(name, data, { ...JOB_OPTIONS[name], ...options });
  }

  /** The queue `add` puts a job on. */
  queueOf<N extends JobName>(name: N, data: JobPayload<N>): QueueName {
    return jobQueue(name, data, this.config.FEED_SPORTS);
  }

  /** Runs `name` every `everyMs`; upserted under its scheduler id, so many processes scheduling it keep one schedule. */
  async schedule(name: ScheduledJobName, everyMs: number): Promise<void> {
    this.schedules.set(name, everyMs);
    await this.upsertSchedule(name, everyMs);
  }

  private upsertSchedule(name: ScheduledJobName, everyMs: number) {
    const data: ScheduledJobPayload = { scheduledAt: 0 };
    return this.queue(JOB_QUEUE[name]).upsertJobScheduler(JOB_SCHEDULER_ID[name], { every: everyMs }, { name, data });
  }

  /**
   * Re-creates each schedule of this process that Redis no longer holds (a restart without persistence, a failover,
   * a flush): without it nothing polls or settles until a worker restarts. Returns the ids put back.
   */
  async restoreSchedules(): Promise<string[]> {
    const restored: string[] = [];
    const answering = new Map<QueueName, boolean>();
    for (const [name, everyMs] of this.schedules) {
      // While Redis is away there is nothing to restore yet (the next tick looks again). Asked anyway, the commands
      // waited in ioredis's offline queue for the whole outage, one more each tick, and a shutdown's QUIT waited
      // behind them: workers sent SIGTERM with Redis down never exited. Whether it is away is asked of Redis (on a
      // cluster the connection stays `ready` through CLUSTERDOWN), once a queue.
      const queueName = JOB_QUEUE[name];
      if (!answering.has(queueName)) answering.set(queueName, !(await queueRedisDown(this.queue(queueName))));
      if (!answering.get(queueName)) continue;
      if (await this.isScheduled(name)) continue;
      await this.upsertSchedule(name, everyMs);
      restored.push(JOB_SCHEDULER_ID[name]);
    }
    return restored;
  }

  /** Whether Redis holds the schedule (for restoring it, and for health). */
  async isScheduled(name: ScheduledJobName): Promise<boolean> {
    return (await this.queue(JOB_QUEUE[name]).getJobScheduler(JOB_SCHEDULER_ID[name])) !== undefined;
  }

  /** Enqueues a job and waits for its result; rejects with the job's error, or after the time-out. */
  async run<N extends FixedQueueJobName, R>(
    name: N,
    data: JobPayload<N>,
    timeoutMs: number,
    options: JobsOptions & { jobId?: string } = {},
  ): Promise<R> {
    const queueName = JOB_QUEUE[name];
    const queue = this.queue(queueName);
    let events = this.events.get(queueName);
    if (!events) {
      events = new QueueEvents(queueName, { connection: queue.opts.connection, prefix: queue.opts.prefix });
      events.on('error', (error) => this.connectionError(`queue events ${queueName}`, error));
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

  /** Each queue's depth, whether it is paused, and how many of its jobs failed in the last hour (operations page). */
  async depths(now = Date.now()): Promise<OpsQueue[]> {
    return Promise.all(
      Object.values(QueueName).map(async (name) => {
        const queue = this.queue(name);
        const [counts, paused, failedLastHour] = await Promise.all([
          queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed'),
          queue.isPaused(),
          this.failedSince(queue, now - HOUR_MS),
        ]);
        return {
          name,
          // a paused queue's jobs stay in its wait list (BullMQ 6 has no paused list)
          waiting: counts.waiting + counts.prioritized,
          active: counts.active,
          delayed: counts.delayed,
          failed: counts.failed,
          completed: counts.completed,
          paused,
          failed_last_hour: failedLastHour,
        };
      }),
    );
  }

  /**
   * Jobs of `queue` that failed since `since` (epoch ms). BullMQ keeps failed jobs in a sorted set scored by the time
   * they finished, so this is one ZCOUNT however many are kept (`removeOnFail` keeps a week of them); the queues
   * live on this instance's Redis, under `queue.keys`.
   */
  private failedSince(queue: Queue, since: number): Promise<number> {
    return this.redis.client.zcount(queue.keys.failed, since, '+inf');
  }

  async onApplicationShutdown() {
    await Promise.all([...this.events.values()].map((events) => events.close()));
    await Promise.all(Object.values(QueueName).map((name) => this.close(name)));
  }

  private close(name: QueueName): Promise<void> {
    let closing = this.closing.get(name);
    if (!closing) {
      closing = this.closeQueue(name);
      this.closing.set(name, closing);
    }
    return closing;
  }

  /**
   * A queue whose connection is down is dropped instead of closed: a job that was enqueueing when Redis went away left
   * its command waiting in ioredis's offline queue, and the close's QUIT waited behind it until the workers' last-resort
   * exit 30 s later. ioredis dropping a connection between two reconnect attempts neither fails nor ends the waiting
   * command, so it is left to the process's exit (its job is BullMQ's to retry, as any job in flight at a shutdown).
   * A connection that goes down as it closes is dropped once the close has had CLOSE_MS, with a warning giving the
   * connection's status then (closeOrForce). A close that fails is thrown: BullMQ's close lets connection errors pass,
   * so what fails is a fault, not Redis away.
   */
  private async closeQueue(name: QueueName): Promise<void> {
    const queue = this.queue(name);
    const client = await connectedClient(queue);
    if (client && client.status !== 'ready') {
      client.disconnect();
      return;
    }
    await closeOrForce(
      queue.close(),
      async () => (await connectedClient(queue))?.disconnect(),
      `the close of queue ${name}`,
      this.logger,
      { fields: () => ({ queue: name, status: client?.status }), rethrowFailure: true },
    );
  }
}

/** A queue that has connected gives its client at once; one still connecting does not (its close drops it). */
function connectedClient(queue: Queue) {
  return Promise.race([queue.backend.client, new Promise<null>((resolve) => setImmediate(resolve, null))]);
}
