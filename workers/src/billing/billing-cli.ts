import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BillingSyncService, ConfigError, CoreModule, JsonLogger, preflight } from '@oddspulse/core';
import { isValidEmail } from '@oddspulse/shared';
import { ExternalFailure } from '../jobs/external-failure';
import { BillingWorkersModule } from './billing.module';
import { BillingReconciliationService } from './billing-reconciliation.service';

@Module({ imports: [CoreModule, BillingWorkersModule] })
class BillingCliModule {}

const USAGE = 'usage: npm run gift -- EMAIL   |   npm run billing:reconcile';

/**
 * Support staff's billing commands, against the configured database, Redis and Stripe:
 * `gift EMAIL` grants one month of Platinum (DECISIONS 4), at once or when the address signs up;
 * `reconcile` runs the reconciliation job now and prints its report.
 */
async function main(): Promise<void> {
  const [command, argument] = process.argv.slice(2);
  if (command === 'gift' && !(argument && isValidEmail(argument)))
    throw new ConfigError(`${USAGE}\n(gift needs a valid email address)`);
  if (command !== 'gift' && command !== 'reconcile') throw new ConfigError(USAGE);
  const config = await preflight();
  const app = await NestFactory.createApplicationContext(BillingCliModule, {
    logger: new JsonLogger('billing-cli', config.LOG_LEVEL),
  });
  try {
    if (command === 'gift') {
      const { gift, grants } = await app.get(BillingSyncService).grantSupportGift(argument);
      const grant = grants.find((g) => g.giftId === gift.id);
      const outcome = !grant
        ? `Not granted yet: the gift waits until an account verifies ${gift.recipient_email}, or its subscription set to end has ended.`
        : grant.grantedAs === 'plan'
          ? `Granted: ${gift.recipient_email} has Platinum until ${grant.until!.toISOString()}.`
          : `Granted as a credit of one Platinum month on ${gift.recipient_email}'s subscription (their next invoices are paid from it).`;
      process.stdout.write(`${outcome}\n`);
    } else {
      const report = await app.get(BillingReconciliationService).reconcile();
      process.stdout.write(`${JSON.stringify(report)}\n`);
    }
  } finally {
    await app.close();
  }
}

main().catch((error: Error) => {
  // a usage error, or Stripe away: its reason says it all; anything else is ours and keeps its stack
  const told = error instanceof ConfigError || error instanceof ExternalFailure;
  process.stderr.write(`${told ? error.message : error.stack}\n`);
  process.exit(1);
});
