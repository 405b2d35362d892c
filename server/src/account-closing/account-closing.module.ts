import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { BillingModule } from '../billing/billing.module';
import { AccountClosingController } from './account-closing.controller';
import { AccountClosingService } from './account-closing.service';

/** Closing an account: the accounts' password check and sign-in limits, and billing's cancel at period end. */
@Module({
  imports: [AccountsModule, BillingModule],
  controllers: [AccountClosingController],
  providers: [AccountClosingService],
})
export class AccountClosingModule {}
