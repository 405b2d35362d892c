import { Module } from '@nestjs/common';
import { AlertBatches } from './alert-batches';
import { AlertDeliveryService } from './alert-delivery.service';
import { AlertDigestService } from './alert-digest.service';
import { AlertEvaluationService } from './alert-evaluation.service';

/** Alerts (issue 21 part 2): evaluation of detection's batches, deliveries with retries, and the e-mail digest. */
@Module({
  providers: [AlertBatches, AlertEvaluationService, AlertDeliveryService, AlertDigestService],
  exports: [AlertBatches],
})
export class AlertsWorkersModule {}
