import { Module } from '@nestjs/common';
import { AlertBatches } from './alert-batches';
import { AlertDeliveryService } from './alert-delivery.service';
import { AlertDispatcher } from './alert-dispatcher';
import { AlertDigestService } from './alert-digest.service';
import { AlertEvaluationService } from './alert-evaluation.service';
import { AlertRequeueService } from './alert-requeue.service';
import { PriceTargetService } from './price-target.service';

/**
 * Alerts: evaluation of detection's batches, price targets on every change, deliveries with retries (and a sweep for
 * any left without a job), and the e-mail digest.
 */
@Module({
  providers: [
    AlertBatches,
    AlertDispatcher,
    AlertEvaluationService,
    PriceTargetService,
    AlertDeliveryService,
    AlertDigestService,
    AlertRequeueService,
  ],
  exports: [AlertBatches],
})
export class AlertsWorkersModule {}
