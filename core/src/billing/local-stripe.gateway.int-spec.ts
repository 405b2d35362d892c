import { randomUUID } from 'node:crypto';
import { parseConfig } from '../config/config.schema';
import { createDatabase, type Database } from '../database/database.module';
import { LocalStripeGateway } from './local-stripe.gateway';
import { LocalStripeRepository } from './local-stripe.repository';
import { readCheckoutSession, readInvoice, readSubscription, type StripeEventData } from './stripe-objects';

// DESIGN "payments": without a key, a local checkout that behaves as Stripe and signs its events like it.
describe('LocalStripeGateway (real PostgreSQL)', () => {
  let db: Database;
  let now = new Date('2026-01-31T10:00:00Z');
  let gateway: LocalStripeGateway;
  const delivered: StripeEventData[] = [];

  beforeAll(() => {
    db = createDatabase(process.env.DATABASE_URL!, 2);
    gateway = new LocalStripeGateway(new LocalStripeRepository(db), parseConfig({}), () => now);
    // The sink is what the webhook handler registers: each payload must verify with the gateway's own secret.
    gateway.deliverTo(async (payload, signature) => {
      delivered.push(gateway.constructEvent(Buffer.from(payload), signature));
    });
  });

  afterAll(() => db.destroy());

  /** A new customer's open checkout session for `plan`, nothing delivered yet. */
  async function openCheckout(plan: 'gold' | 'platinum') {
    const userId = randomUUID();
    const customerId = await gateway.createCustomer({ id: userId, email: `${userId}@example.com` });
    const price = (await gateway.findPrice(plan === 'gold' ? 'oddspulse_gold_monthly' : 'oddspulse_platinum_monthly'))!;
    const session = await gateway.createCheckoutSession({
      kind: 'subscription',
      plan,
      price,
      customerId,
      userId,
      successUrl: 'http://127.0.0.1:4000/billing/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://127.0.0.1:4000/billing/cancel',
      trialEnd: null,
    });
    delivered.length = 0;
    return { userId, customerId, session };
  }

  async function buy(plan: 'gold' | 'platinum') {
    const opened = await openCheckout(plan);
    return { ...opened, next: await gateway.completeCheckout(opened.session.id, opened.userId) };
  }

  it('prices the plans from the one price source and completes a checkout with signed Stripe events', async () => {
    expect(await gateway.findPrice('oddspulse_gold_monthly')).toMatchObject({ unitAmount: 1000, interval: 'month' });
    expect(await gateway.findPrice('oddspulse_platinum_gift')).toMatchObject({ unitAmount: 2500, interval: null });
    const { userId, session, next } = await buy('gold');
    expect(session.url).toBe(`http://127.0.0.1:4000/billing/local-checkout/${session.id}`);
    expect(next).toBe(`http://127.0.0.1:4000/billing/success?session_id=${session.id}`);
    expect(delivered.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    const completed = readCheckoutSession(delivered[2].object);
    expect(completed).toMatchObject({ paid: true, userId, mode: 'subscription' });
    const subscription = readSubscription(delivered[0].object);
    expect(subscription).toMatchObject({
      status: 'active',
      userId,
      currentPeriodEnd: new Date('2026-02-28T10:00:00Z'),
    });
    expect(readInvoice(delivered[1].object).subscriptionId).toBe(subscription.id);
    await expect(gateway.completeCheckout(session.id, userId)).rejects.toThrow('not open');
    await expect(gateway.completeCheckout(session.id, randomUUID())).rejects.toThrow('No such local checkout session');
  });

  it('completes a session once when Pay is pressed twice at once: one subscription, one set of events', async () => {
    const { userId, customerId, session } = await openCheckout('gold');
    const presses = await Promise.allSettled([
      gateway.completeCheckout(session.id, userId),
      gateway.completeCheckout(session.id, userId),
    ]);
    expect(presses.map((p) => p.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(String((presses.find((p) => p.status === 'rejected') as PromiseRejectedResult).reason)).toContain(
      'not open',
    );
    expect(await gateway.listSubscriptions(customerId)).toHaveLength(1);
    expect(delivered.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
  });

  it('refuses a payload signed with another secret', () => {
    expect(() => gateway.constructEvent(Buffer.from('{}'), 't=1,v1=00')).toThrow('Invalid Stripe signature');
  });

  it('prorates a switch (integer cents, half up) and renews or ends a subscription as its periods pass', async () => {
    const { customerId } = await buy('gold');
    const [sub] = await gateway.listSubscriptions(customerId);
    now = new Date('2026-02-14T10:00:00Z'); // half of the 28-day period left
    delivered.length = 0;
    const platinum = (await gateway.findPrice('oddspulse_platinum_monthly'))!;
    // The preview prices the same switch and changes nothing (issue wording §6: the amount before the user confirms).
    expect(await gateway.previewPriceChange({ id: sub.id, itemId: sub.itemId!, customerId }, platinum)).toEqual({
      amountDueCents: 750,
      totalCents: 750,
      currency: 'usd',
    });
    const gold = (await gateway.findPrice('oddspulse_gold_monthly'))!;
    expect(await gateway.previewPriceChange({ id: sub.id, itemId: sub.itemId!, customerId }, gold)).toMatchObject({
      amountDueCents: 0,
      totalCents: 0,
    });
    expect(delivered).toEqual([]);
    expect((await gateway.retrieveSubscription(sub.id)).price).toMatchObject({ unitAmount: 1000 });
    const switched = await gateway.changePrice({ id: sub.id, itemId: sub.itemId! }, platinum);
    expect(switched.price).toMatchObject({ unitAmount: 2500 });
    expect(delivered.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect(delivered[0].object).toMatchObject({ amount_paid: 750 });

    now = new Date('2026-03-01T10:00:00Z');
    expect(await gateway.retrieveSubscription(sub.id)).toMatchObject({
      status: 'active',
      currentPeriodEnd: new Date('2026-03-28T10:00:00Z'),
    });
    expect((await gateway.invoicesOf(customerId)).invoices.map((i) => i.amount_cents).sort((a, b) => a - b)).toEqual([
      750, 1000, 2500,
    ]);

    await gateway.setCancelAtPeriodEnd(sub.id, true);
    now = new Date('2026-04-01T00:00:00Z');
    expect(await gateway.retrieveSubscription(sub.id)).toMatchObject({
      status: 'canceled',
      endedAt: new Date('2026-03-28T10:00:00Z'),
    });
  });
});
