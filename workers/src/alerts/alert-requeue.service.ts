import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { AlertsRepository, APP_CONFIG, type AppConfig, JobQueueService } from '@oddspulse/core';
import { JobName } from '@oddspulse/shared';
import { OnJob } from '../jobs/on-job.decorator';
import { queueDelivery } from './alert-dispatcher';

const EVERY_MS = 5 * 60_000;

/**
 * Evaluation claims a delivery, then queues it; a worker stopped between the two leaves the delivery pending with
 * no job. Every 5 minutes such deliveries — pending and untouched for longer than any backoff between tries
 * (each try records itself) — are queued again. A delivery runs only while pending, and one try at a time
 * (AlertsRepository.claimDelivery), so a duplicate job, late or running beside the first, sends nothing twice.
 */
@Injectable()
export class AlertRequeueService implements OnApplicationBootstrap {
  constructor(
    private readonly alerts: AlertsRepository,
    private readonly jobs: JobQueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.schedule(JobName.AlertsRequeue, EVERY_MS);
  }

  /** Untouched this long, a pending delivery has no job left: twice the longest backoff, and at least 10 minutes. */
  get staleAfterMs(): number {
    return Math.max(10 * 60_000, 2 * this.config.ALERT_RETRY_BASE_MS * 2 ** this.config.ALERT_DELIVERY_ATTEMPTS);
  }

  @OnJob(JobName.AlertsRequeue)
  async requeue(_data?: unknown, _job?: unknown, now = Date.now()): Promise<{ requeued: number }> {
    const ids = await this.alerts.stalePending(new Date(now - this.staleAfterMs));
    // A job id of its own per sweep: the first job's id may still be held by its completed or failed record.
    for (const id of ids)
      await queueDelivery(this.jobs, this.config, id, `alert-delivery-${id}-requeue-${Math.floor(now / EVERY_MS)}`);
    return { requeued: ids.length };
  }
}
