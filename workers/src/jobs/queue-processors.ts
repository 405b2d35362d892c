import { BeforeApplicationShutdown, Inject, Logger, OnApplicationBootstrap, Type } from '@nestjs/common';
import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { isFeedLane, QueueName } from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig, isDependencyDown, queueRedisDown, RepeatedErrors } from '@oddspulse/core';
import { ExternalFailure, LoggedExternalFailure } from './external-failure';
import { FeedLanesService } from './feed-lanes.service';
import { JobRegistryService } from './job-registry.service';

/**
 * How long a shutdown waits for the jobs in flight to finish before closing the worker with force: longer than a poll
 * (FEED_REQUEST_DEADLINE_MS, 25 s), within the workers' grace period (main.ts).
 */
export const SHUTDOWN_DRAIN_MS = 26_000;

/** One BullMQ worker per queue, each handing its jobs to the registry. */
function processorFor(queue: QueueName): Type<WorkerHost> {
  @Processor(queue)
  class QueueProcessor extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
    private readonly logger = new Logger(`Queue:${queue}`);
    /** A lost connection raises the same error on every retry of each of the worker's connections. */
    private readonly repeatedErrors = new RepeatedErrors();
    /** Jobs failed by PostgreSQL or Redis away, by reason. */
    private readonly failedJobs = new RepeatedErrors();

    constructor(
      private readonly registry: JobRegistryService,
      @Inject(APP_CONFIG) private readonly config: AppConfig,
      private readonly lanes: FeedLanesService,
    ) {
      super();
    }

    // The worker exists only once the bullmq explorer has run, i.e. after every onModuleInit.
    onApplicationBootstrap() {
      this.worker.concurrency = this.config.WORKER_CONCURRENCY;
      if (isFeedLane(queue)) this.lanes.register(queue, this.worker);
    }

    /**
     * Before @nestjs/bullmq's own close, which waits for the jobs in flight and then for Redis to take their results:
     * with Redis down that never ends. The jobs get SHUTDOWN_DRAIN_MS to finish while Redis answers, none when it
     * does not (their results could not be saved; asked of Redis, queueRedisDown: on a cluster the connection stays
     * `ready` through CLUSTERDOWN), then the worker closes with force, as BullMQ documents for not waiting on jobs.
     * A job still in flight keeps its lock in Redis; once the lock lapses, BullMQ's stalled-job check (any worker's,
     * this one's after a restart) puts it back to wait and it runs again: nothing is lost.
     */
    async beforeApplicationShutdown(): Promise<void> {
      const down = await queueRedisDown(this.worker);
      let drained = false;
      if (!down) {
        let timer: NodeJS.Timeout | undefined;
        drained = await Promise.race([
          this.worker.pause().then(() => true),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), SHUTDOWN_DRAIN_MS))),
        ]);
        clearTimeout(timer);
      }
      if (!drained)
        this.logger.warn(
          down ? { queue, redis: 'down', reason: down } : { queue, redis: 'up' },
          'Closing the worker without waiting for its jobs: BullMQ retries them',
        );
      await this.worker.close(true);
    }

    process(job: Job): Promise<unknown> {
      return this.registry.run(job);
    }

    @OnWorkerEvent('failed')
    onFailed(job: Job | undefined, error: Error) {
      if (error instanceof LoggedExternalFailure) {
        this.logger.debug({ job: job?.name, jobId: job?.id, reason: error.message }, `Job failed: ${error.message}`);
        return;
      }
      // Outside OddsPulse: a feed's or a user's endpoint, or PostgreSQL or Redis away (the job is retried once they are
      // back; the connection errors themselves are logged where the connections are). A reason, not a stack. An outage
      // fails every job of the queue with one reason: that is a line a minute (docs/operating.md, Logs).
      if (error instanceof ExternalFailure || isDependencyDown(error)) {
        const admitted = error instanceof ExternalFailure ? { suppressed: 0 } : this.failedJobs.admit(error.message);
        if (!admitted) return;
        this.logger.warn(
          {
            job: job?.name,
            jobId: job?.id,
            attempt: job?.attemptsMade,
            reason: error.message,
            ...(admitted.suppressed ? { suppressedRepeats: admitted.suppressed } : {}),
          },
          `Job failed: ${error.message}`,
        );
        return;
      }
      this.logger.error(
        { job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: error },
        `Job failed: ${error.message}`,
      );
    }

    @OnWorkerEvent('error')
    onError(error: Error) {
      const admitted = this.repeatedErrors.admit(error.message);
      if (!admitted) return;
      // Redis away is an outside failure: a warning with its reason; a bug of the worker keeps its stack.
      if (isDependencyDown(error))
        this.logger.warn(
          { reason: error.message, suppressedRepeats: admitted.suppressed },
          `Worker error: ${error.message}`,
        );
      else this.logger.error({ err: error, suppressedRepeats: admitted.suppressed }, `Worker error: ${error.message}`);
    }
  }
  Object.defineProperty(QueueProcessor, 'name', { value: `${queue[0].toUpperCase()}${queue.slice(1)}QueueProcessor` });
  return QueueProcessor;
}

export const queueProcessors: Type<WorkerHost>[] = Object.values(QueueName).map(processorFor);
