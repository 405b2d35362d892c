import { Module, OnModuleInit } from '@nestjs/common';
import { BillingSyncService } from '@oddspulse/core';
import { AccountsModule } from '../accounts/accounts.module';
import { EmailVerifiedHooks } from '../accounts/auth/account-created.hooks';
import { BillingController } from './billing.controller';
import { BillingService } from './billing.service';
import { BillingWebhookController } from './billing-webhook.controller';
import { BillingWebhookService } from './billing-webhook.service';
import { LocalCheckoutController } from './local-checkout.controller';

/**
 * Billing with Stripe: checkout, switching, cancel and resume, the portal, gifts, webhooks, and the
 * local checkout without a key. Stripe itself, the sync rules and the repositories are in core; the daily
 * reconciliation is a workers job.
 */
@Module({
  imports: [AccountsModule],
  controllers: [BillingController, BillingWebhookController, LocalCheckoutController],
  providers: [BillingService, BillingWebhookService],
  exports: [BillingService],
})
export class BillingModule implements OnModuleInit {
  constructor(
    private readonly emailVerified: EmailVerifiedHooks,
    private readonly sync: BillingSyncService,
  ) {}

  /**
   * A paid gift waiting for an address is granted when an account proves the address its own (DECISIONS 4): signing
   * up with an address is not proof, or anyone could take a gift by signing up with its recipient's address first.
   */
  onModuleInit(): void {
    this.emailVerified.register('billing: grant waiting gifts', async (user) => {
      await this.sync.grantWaitingGifts(user.id);
    });
  }
}
