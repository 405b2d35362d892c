import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { JobName, RENEWAL_GRACE_MS } from '@oddspulse/shared';
import {
  APP_CONFIG,
  type AppConfig,
  BillingRepository,
  BillingSyncService,
  isDependencyDown,
  JobQueueService,
  observedNow,
  StripeGateway,
  StripeNotFoundError,
  StripeUnavailableError,
} from '@oddspulse/core';
import { ExternalFailure } from '../jobs/external-failure';
import { OnJob } from '../jobs/on-job.decorator';

/** Customers read from Stripe per page of the walk. */
const PAGE = 100;
/** A gift checkout unpaid this long may have lost its webhook: Stripe is asked. */
const GIFT_CHECKOUT_GRACE_MS = 15 * 60_000;
/** Customers (or gift checkouts) in a row for whom Stripe was away before the walk stops: Stripe is away for all. */
const STRIPE_AWAY_IN_A_ROW = 3;
/**
 * How often the customers whose renewing subscription reached its period end are read from Stripe: a renewal whose
 * webhook was lost (or, with the local gateway, that is made when read) is recorded within the hour, and a failed
 * one ends the renewal grace (RENEWAL_GRACE_MS) that long after the period's end rather than at the daily run.
 */
const RENEWALS_INTERVAL_MS = 3_600_000;

export interface ReconciliationReport {
  customers: number;
  subscriptions: number;
  /** Reports applied that changed what was recorded (or a user's plan). */
  applied: number;
  giftsGranted: number;
  errors: number;
}

/** A walk's report, and how many customers in a row have just met Stripe away. */
interface Walk {
  report: ReconciliationReport;
  stripeAwayInARow: number;
}

/**
 * The billing reconciliation: daily, and on demand (`npm run billing:reconcile`), every billing
 * customer's subscriptions are read from Stripe and applied by the webhook's own rules, so a lost webhook leaves
 * nobody paying without access or with access without paying (hourly, the customers whose renewal is due); gift
 * checkouts paid without their webhook, and paid gifts whose address now has an account, are granted. One customer's
 * failure is logged and counted and the walk goes on. The job fails (and BullMQ retries it) when no customer could be reconciled, and as soon as Stripe,
 * PostgreSQL or Redis is found away (`failed`).
 */
@Injectable()
export class BillingReconciliationService implements OnApplicationBootstrap {
  private readonly logger = new Logger(BillingReconciliationService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly gateway: StripeGateway,
    private readonly billing: BillingRepository,
    private readonly sync: BillingSyncService,
    private readonly jobs: JobQueueService,
  ) {}

  async onApplicationBootstrap() {
    if (this.gateway.mode === 'off') return;
    await this.jobs.schedule(JobName.BillingReconcile, this.config.BILLING_RECONCILE_INTERVAL_MS);
    await this.jobs.schedule(JobName.BillingRenewals, RENEWALS_INTERVAL_MS);
  }

  @OnJob(JobName.BillingReconcile)
  async reconcile(): Promise<ReconciliationReport> {
    return this.walk('Billing reconciliation', async (walk) => {
      let after: string | null = null;
      for (;;) {
        const page = await this.billing.customersAfter(after, PAGE);
        if (!page.length) break;
        for (const customer of page) await this.reconcileCustomer(customer, walk);
        after = page[page.length - 1].user_id;
      }
      await this.reconcileGifts(walk);
    });
  }

  /**
   * The customers whose renewing subscription reached its period end within the renewal grace, with neither the
   * renewal nor its failure recorded (spec 000 §1): reconciled as the daily walk does, hourly. Fails as the walk does.
   */
  @OnJob(JobName.BillingRenewals)
  async reconcileRenewals(): Promise<ReconciliationReport> {
    return this.walk('Billing renewals', async (walk) => {
      const now = new Date();
      const due = await this.billing.customersAwaitingRenewal(new Date(now.getTime() - RENEWAL_GRACE_MS), now);
      for (const customer of due) await this.reconcileCustomer(customer, walk);
    });
  }

  /**
   * One walk over customers (`reconcileCustomer` each), nothing with Stripe off: logged with its report, an empty one
   * too (the log says the job ran), and failed (for BullMQ to retry) when it met customers and reconciled none.
   */
  private async walk(name: string, customers: (walk: Walk) => Promise<void>): Promise<ReconciliationReport> {
    const report = emptyReport();
    if (this.gateway.mode === 'off') return report;
    await customers({ report, stripeAwayInARow: 0 });
    this.logger.log({ msg: `${name} done`, ...report });
    if (report.errors && report.errors === report.customers)
      throw new Error(`${name} reached no customer (${report.errors} failed)`);
    return report;
  }

  private async reconcileCustomer(
    customer: { user_id: string; stripe_customer_id: string },
    walk: Walk,
  ): Promise<void> {
    const { report } = walk;
    report.customers++;
    try {
      // Taken before Stripe is read: a webhook newer than this answer still wins over it.
      const observedAt = observedNow();
      const subscriptions = await this.gateway.listSubscriptions(customer.stripe_customer_id);
      walk.stripeAwayInARow = 0;
      for (const subscription of subscriptions) {
        report.subscriptions++;
        const result = await this.sync.syncSubscription(subscription, observedAt);
        if (result.outcome === 'applied') report.applied++;
      }
      // Derives the plan again even with nothing new from Stripe (a plan state written but never derived).
      await this.sync.rederive(customer.user_id);
    } catch (error) {
      this.failed(walk, error, 'Billing reconciliation of a customer failed', {
        userId: customer.user_id,
        customer: customer.stripe_customer_id,
      });
    }
  }

  private async reconcileGifts(walk: Walk): Promise<void> {
    const { report } = walk;
    for (const pending of await this.billing.pendingGiftCheckouts(new Date(Date.now() - GIFT_CHECKOUT_GRACE_MS))) {
      try {
        const session = await this.gateway.retrieveCheckoutSession(pending.checkout_session_id!);
        walk.stripeAwayInARow = 0;
        if (session.paid && session.status === 'complete')
          report.giftsGranted += (await this.sync.giftPaid(pending.id)).grants.length;
        else if (session.status === 'expired') await this.billing.markGiftExpired(pending.id);
      } catch (error) {
        this.failed(walk, error, 'Billing reconciliation of a gift checkout failed', { giftId: pending.id });
      }
    }
    for (const waiting of await this.billing.verifiedAddressesWithWaitingGifts())
      report.giftsGranted += (await this.sync.grantWaitingGifts(waiting.user_id)).length;
  }

  /**
   * One customer's or gift checkout's failure: counted and logged, and the walk goes on. PostgreSQL or Redis away ends
   * the walk at once, and so does Stripe refusing our secret key, or Stripe away for STRIPE_AWAY_IN_A_ROW in a row:
   * that is no customer's failure, and every customer after it would fail the same way (a refused key logged once per
   * customer, each with its stack). Stripe failing on one object alone does not hold up the customers after it.
   */
  private failed(walk: Walk, error: unknown, msg: string, about: Record<string, string>): void {
    if (isDependencyDown(error)) throw error;
    if (error instanceof StripeUnavailableError && error.keyRefused)
      throw new Error(`Billing reconciliation stopped: ${error.message}: Stripe refuses STRIPE_SECRET_KEY`, {
        cause: error,
      });
    walk.report.errors++;
    if (error instanceof StripeUnavailableError && error.stripeAway) {
      if (++walk.stripeAwayInARow >= STRIPE_AWAY_IN_A_ROW)
        throw new ExternalFailure(`Billing reconciliation stopped: ${error.message}`, { cause: error });
      this.logger.warn({ msg, ...about, reason: error.message });
      return;
    }
    // Stripe answered (a customer it no longer knows, say), or the failure is ours
    walk.stripeAwayInARow = 0;
    this.logger[error instanceof StripeNotFoundError ? 'warn' : 'error']({ msg, ...about, err: error });
  }
}

function emptyReport(): ReconciliationReport {
  return { customers: 0, subscriptions: 0, applied: 0, giftsGranted: 0, errors: 0 };
}
