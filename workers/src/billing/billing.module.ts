import { Module } from '@nestjs/common';
import { BillingReconciliationService } from './billing-reconciliation.service';

/** The billing reconciliation job; Stripe, the repositories and the sync rules come from core. */
@Module({
  providers: [BillingReconciliationService],
  exports: [BillingReconciliationService],
})
export class BillingWorkersModule {}
