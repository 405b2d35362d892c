import { Test, TestingModule } from '@nestjs/testing';
import IORedis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { effectivePlan, type PlanChangedMessage } from '@oddspulse/shared';
import {
  APP_CONFIG,
  BillingRepository,
  BillingSyncService,
  CoreModule,
  parseConfig,
  PlanRepository,
  RedisKeys,
  StripeGateway,
  StripeUnavailableError,
  UsersRepository,
} from '@oddspulse/core';
import { StripeStandIn } from '../../../test/support/stripe-stand-in';
import { ExternalFailure } from '../jobs/external-failure';
import { BillingWorkersModule } from './billing.module';
import { BillingReconciliationService } from './billing-reconciliation.service';

// The reconciliation job repairs a missed webhook, in both directions, and grants gifts whose webhook was lost.
describe('billing reconciliation (the stripe SDK against a stand-in, real PostgreSQL and Redis)', () => {
  const stand = new StripeStandIn();
  let moduleRef: TestingModule;
  let reconciliation: BillingReconciliationService;
  let users: UsersRepository;
  let billing: BillingRepository;
  let plans: PlanRepository;
  const subscriber = new IORedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const announced: PlanChangedMessage[] = [];

  beforeAll(async () => {
    const url = await stand.start();
    const config = {
      ...parseConfig(process.env),
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: stand.webhookSecret,
      STRIPE_API_BASE_URL: url,
      STRIPE_TIMEOUT_MS: 3000,
    };
    moduleRef = await Test.createTestingModule({ imports: [CoreModule, BillingWorkersModule] })
      .overrideProvider(APP_CONFIG)
      .useValue(config)
      .compile();
    await moduleRef.init();
    reconciliation = moduleRef.get(BillingReconciliationService);
    users = moduleRef.get(UsersRepository, { strict: false });
    billing = moduleRef.get(BillingRepository, { strict: false });
    plans = moduleRef.get(PlanRepository, { strict: false });
    await subscriber.subscribe(`${config.REDIS_PREFIX}:${RedisKeys.planChanged.join(':')}`);
    subscriber.on('message', (_channel, message: string) => announced.push(JSON.parse(message) as PlanChangedMessage));
  });

  afterAll(async () => {
    await subscriber.quit();
    await moduleRef?.close();
    await stand.stop();
  });

  /** A user with a Stripe customer (as a first checkout leaves them), and no webhook ever delivered. */
  async function customer() {
    const user = await users.create(`reconcile-${randomBytes(5).toString('hex')}@example.com`);
    const id = `cus_reconcile${randomBytes(4).toString('hex')}`;
    stand.customers.set(id, { id, object: 'customer', email: user.email, metadata: { user_id: user.id } });
    await billing.saveCustomer(user.id, id);
    return { user, customerId: id };
  }

  const planOf = async (userId: string) => effectivePlan(await plans.find(userId)).plan;

  it('gives access to someone paying whose webhooks were lost, and takes it from someone whose subscription ended', async () => {
    const paying = await customer();
    stand.createSubscription(paying.customerId, 'price_test_platinum', { user_id: paying.user.id });
    const ended = await customer();
    const old = stand.createSubscription(ended.customerId, 'price_test_gold', { user_id: ended.user.id });
    await reconciliation.reconcile();
    expect(await planOf(paying.user.id)).toBe('platinum');
    expect(await planOf(ended.user.id)).toBe('gold');

    // The deletion webhook is lost: Stripe says canceled, the product still says Gold.
    Object.assign(old, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
    announced.length = 0;
    await reconciliation.reconcile();
    expect(await planOf(ended.user.id)).toBe('free');
    expect(await planOf(paying.user.id)).toBe('platinum');
    // The repair is announced like any plan change (the gateways evict), and only the one that changed.
    await new Promise((r) => setTimeout(r, 200));
    expect(announced.filter((m) => [ended.user.id, paying.user.id].includes(m.userId))).toEqual([
      expect.objectContaining({ userId: ended.user.id, effective: { plan: 'free', unlimited: false } }),
    ]);
  });

  // spec 000 §1: billing renews. A renewal whose webhook was lost is read within the hour, not at the daily run: the
  // plan holds meanwhile by the renewal grace, and Stripe's word that the renewal failed ends that grace sooner.
  it('reads from Stripe, hourly, only the customers whose renewing subscription has reached its period end', async () => {
    const due = await customer();
    const sub = stand.createSubscription(due.customerId, 'price_test_platinum', { user_id: due.user.id });
    const later = await customer();
    stand.createSubscription(later.customerId, 'price_test_gold', { user_id: later.user.id });
    const ended = Math.floor(Date.now() / 1000) - 60;
    Object.assign(sub, { current_period_start: ended - 30 * 86_400, current_period_end: ended });
    await reconciliation.reconcile();
    expect((await plans.find(due.user.id))?.current_period_end).toEqual(new Date(ended * 1000));

    // Stripe renewed it at the period end; the webhook was lost
    Object.assign(sub, { current_period_start: ended, current_period_end: ended + 30 * 86_400 });
    const gateway = moduleRef.get(StripeGateway, { strict: false });
    const read = jest.spyOn(gateway, 'listSubscriptions');
    try {
      const report = await reconciliation.reconcileRenewals();
      expect(read.mock.calls.map(([customerId]) => customerId)).toContain(due.customerId);
      expect(read.mock.calls.map(([customerId]) => customerId)).not.toContain(later.customerId);
      expect(report.errors).toBe(0);
    } finally {
      read.mockRestore();
    }
    expect(await plans.find(due.user.id)).toMatchObject({
      plan: 'platinum',
      current_period_end: new Date((ended + 30 * 86_400) * 1000),
    });
  });

  it('grants a gift whose checkout was paid but whose webhook never came', async () => {
    const buyer = await customer();
    const recipient = await users.create(`gift-${randomBytes(5).toString('hex')}@example.com`);
    await users.markEmailVerified(recipient.id, recipient.email);
    const gift = await billing.createGift({
      recipient_email: recipient.email,
      purchaser_user_id: buyer.user.id,
      source: 'checkout',
      status: 'pending_payment',
    });
    const session = {
      id: `cs_reconcile${randomBytes(4).toString('hex')}`,
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      metadata: { kind: 'gift', gift_id: gift.id },
    };
    stand.sessions.set(session.id, session);
    await billing.setGiftCheckout(gift.id, session.id);
    await billing.transaction((trx) =>
      trx
        .updateTable('billing_gifts')
        .set({ created_at: new Date(Date.now() - 3_600_000) })
        .where('id', '=', gift.id)
        .execute(),
    );

    const report = await reconciliation.reconcile();
    expect(report.giftsGranted).toBeGreaterThanOrEqual(1);
    expect(await plans.find(recipient.id)).toMatchObject({ plan: 'platinum', is_gifted: true });
    expect((await billing.findGift(gift.id))?.status).toBe('granted');
  });

  it('counts a customer Stripe no longer knows as an error and carries on', async () => {
    const lost = await customer();
    stand.customers.delete(lost.customerId);
    const fine = await customer();
    stand.createSubscription(fine.customerId, 'price_test_gold', { user_id: fine.user.id });
    const report = await reconciliation.reconcile();
    expect(report.errors).toBeGreaterThanOrEqual(1);
    expect(report.errors).toBeLessThan(report.customers);
    expect(await planOf(fine.user.id)).toBe('gold');
  });

  it('stops the walk and fails the job when PostgreSQL goes away, rather than failing every customer after it', async () => {
    await customer();
    const rederive = jest
      .spyOn(moduleRef.get(BillingSyncService, { strict: false }), 'rederive')
      .mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
    try {
      await expect(reconciliation.reconcile()).rejects.toThrow('Connection terminated unexpectedly');
      expect(rederive).toHaveBeenCalledTimes(1);
    } finally {
      rederive.mockRestore();
    }
  });

  it('stops the walk and fails the job as an outside failure when Stripe fails, rather than asking every customer', async () => {
    for (let i = 0; i < 5; i++) await customer();
    stand.failing = true;
    const before = stand.callsTo('GET', /^\/v1\/subscriptions/).length;
    try {
      const failed = reconciliation.reconcile();
      await expect(failed).rejects.toBeInstanceOf(ExternalFailure);
      await expect(failed).rejects.toThrow(
        'Billing reconciliation stopped: Stripe subscription list failed: api_error',
      );
      // three customers in a row asked, each asked again once by the SDK's own retry
      expect(stand.callsTo('GET', /^\/v1\/subscriptions/).length - before).toBe(6);
    } finally {
      stand.failing = false;
    }
  });

  it('stops the walk at the first customer when Stripe refuses the secret key, rather than failing every one', async () => {
    for (let i = 0; i < 3; i++) await customer();
    stand.acceptedKey = 'sk_test_rotated';
    const before = stand.callsTo('GET', /^\/v1\/subscriptions/).length;
    try {
      await expect(reconciliation.reconcile()).rejects.toThrow(
        'Billing reconciliation stopped: Stripe subscription list failed: authentication: Stripe refuses STRIPE_SECRET_KEY',
      );
      expect(stand.callsTo('GET', /^\/v1\/subscriptions/).length - before).toBe(1);
    } finally {
      stand.acceptedKey = null;
    }
  });

  it('goes on past one customer Stripe keeps failing on', async () => {
    const stuck = await customer();
    const fine = await customer();
    stand.createSubscription(fine.customerId, 'price_test_platinum', { user_id: fine.user.id });
    const gateway = moduleRef.get(StripeGateway, { strict: false });
    const list = gateway.listSubscriptions.bind(gateway);
    const failing = jest
      .spyOn(gateway, 'listSubscriptions')
      .mockImplementation((customerId: string) =>
        customerId === stuck.customerId
          ? Promise.reject(new StripeUnavailableError('Stripe subscription list failed: api_error', 'api_error'))
          : list(customerId),
      );
    try {
      const report = await reconciliation.reconcile();
      expect(report.errors).toBeGreaterThanOrEqual(1);
      expect(await planOf(fine.user.id)).toBe('platinum');
    } finally {
      failing.mockRestore();
    }
  });
});
