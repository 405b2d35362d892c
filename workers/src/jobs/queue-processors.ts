import { Inject, Logger, OnApplicationBootstrap, Type } from '@nestjs/common';
import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QueueName } from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig, isDependencyDown, RepeatedErrors } from '@oddspulse/core';
import { ExternalFailure } from './external-failure';
import { JobRegistryService } from './job-registry.service';

/** One BullMQ worker per queue, each handing its jobs to the registry. */
function processorFor(queue: QueueName): Type<WorkerHost> {
  @Processor(queue)
  class QueueProcessor extends WorkerHost implements OnApplicationBootstrap {
    private readonly logger = new Logger(`Queue:${queue}`);
    /** A lost connection raises the same error on every retry of each of the worker's connections. */
    private readonly repeatedErrors = new RepeatedErrors();

    constructor(
      private readonly registry: JobRegistryService,
      @Inject(APP_CONFIG) private readonly config: AppConfig,
    ) {
      super();
    }

    // The worker exists only once the bullmq explorer has run, i.e. after every onModuleInit.
    onApplicationBootstrap() {
      this.worker.concurrency = this.config.WORKER_CONCURRENCY;
    }

    process(job: Job): Promise<unknown> {
      return this.registry.run(job);
    }

    @OnWorkerEvent('failed')
    onFailed(job: Job | undefined, error: Error) {
      // Outside OddsPulse: a feed's or a user's endpoint, or PostgreSQL or Redis away (the job is retried once they are
      // back; the connection errors themselves are logged where the connections are). A reason, not a stack.
      if (error instanceof ExternalFailure || isDependencyDown(error)) {
        this.logger.warn({ job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, reason: error.message }, `Job failed: ${error.message}`);
        return;
      }
      this.logger.error({ job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: error }, `Job failed: ${error.message}`);
    }

    @OnWorkerEvent('error')
    onError(error: Error) {
      const admitted = this.repeatedErrors.admit(error.message);
      if (admitted) this.logger.error({ err: error, suppressedRepeats: admitted.suppressed }, `Worker error: ${error.message}`);
    }
  }
  Object.defineProperty(QueueProcessor, 'name', { value: `${queue[0].toUpperCase()}${queue.slice(1)}QueueProcessor` });
  return QueueProcessor;
}

export const queueProcessors: Type<WorkerHost>[] = Object.values(QueueName).map(processorFor);
