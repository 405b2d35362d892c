import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { sql } from 'kysely';
import { AuditActions, BillingMessages } from '@oddspulse/shared';
import { deleteKeysWithPrefix, PlanRepository } from '@oddspulse/core';
import {
  bearer,
  outboxMailTo,
  signUp,
  uniqueEmail,
  TEST_PASSWORD,
  verifyEmail,
} from '../../../test/support/accounts-app';
import { createGatewayApp, eventually, RecordingClient, type GatewayTestApp } from '../../../test/support/gateway-app';
import { StripeStandIn } from '../../../test/support/stripe-stand-in';
import { AuthService } from '../accounts/auth/auth.service';
import type { Session } from '../accounts/auth/session.service';

type Json = Record<string, unknown>;
const SPORT = 'basketball_nba';
const prefix = `${process.env.REDIS_PREFIX}-billing`;
const FIXTURES = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'stripe');
const recordedEvent = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

// Billing with the real `stripe` SDK pointed at a local stand-in of the Stripe API; webhooks signed
// with stripe.webhooks.generateTestHeaderString; recorded events from ../shared/fixtures/stripe.
describe('billing (the stripe SDK against a stand-in, real PostgreSQL and Redis)', () => {
  const stand = new StripeStandIn();
  let t: GatewayTestApp;
  /** The same server with Stripe unreachable. */
  let unreachable: GatewayTestApp;
  /** Production without Stripe keys: payments off. */
  let off: GatewayTestApp;
  const sockets: RecordingClient[] = [];

  beforeAll(async () => {
    const url = await stand.start();
    off = await createGatewayApp({
      REDIS_PREFIX: prefix,
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
    });
    unreachable = await createGatewayApp({
      REDIS_PREFIX: prefix,
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: stand.webhookSecret,
      STRIPE_API_BASE_URL: 'http://127.0.0.1:9',
      STRIPE_TIMEOUT_MS: 1000,
    });
    t = await createGatewayApp({
      REDIS_PREFIX: prefix,
      DEV_OUTBOX: true,
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: stand.webhookSecret,
      STRIPE_API_BASE_URL: url,
      STRIPE_TIMEOUT_MS: 3000,
    });
  });

  afterEach(() => {
    stand.failing = false;
    stand.periodOnItems = false;
    for (const s of sockets.splice(0)) s.close();
  });

  afterAll(async () => {
    await t.app.close();
    await unreachable.app.close();
    await off.app.close();
    await stand.stop();
    await deleteKeysWithPrefix(t.redis.client, prefix).catch(() => 0);
  });

  const deliver = (event: Json | string, secret = stand.webhookSecret) => {
    const payload = typeof event === 'string' ? event : JSON.stringify(event);
    return t
      .http()
      .post('/api/billing/webhook')
      .set('content-type', 'application/json')
      .set('stripe-signature', stand.sign(payload, secret))
      .send(payload);
  };
  const me = async (session: Session) => (await t.http().get('/api/me').set(bearer(session))).body as Json;
  const overview = async (session: Session) =>
    (await t.http().get('/api/billing/subscription').set(bearer(session))).body as Json;
  const sessionIdOf = () => [...stand.sessions.keys()].at(-1)!;

  /** A free user who buys `plan` through Checkout; the webhooks Stripe sends are delivered. */
  async function subscriber(plan: 'gold' | 'platinum' = 'gold') {
    const { session } = await signUp(t);
    const started = await t.http().post('/api/billing/create-checkout-session').set(bearer(session)).send({ plan });
    expect(started.status).toBe(200);
    const { session: completed, subscription } = stand.pay(sessionIdOf());
    expect((await deliver(stand.event('checkout.session.completed', completed))).body).toMatchObject({
      outcome: 'applied',
    });
    return { session, subscriptionId: subscription!.id as string };
  }

  describe('checkout', () => {
    it('sends a free user to Stripe Checkout for the configured price, with one customer carrying the user id', async () => {
      const { session } = await signUp(t);
      const res = await t
        .http()
        .post('/api/billing/create-checkout-session')
        .set(bearer(session))
        .send({ plan: 'gold' });
      expect(res.status).toBe(200);
      expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
      const [customer] = stand.callsTo('POST', /^\/v1\/customers$/).slice(-1);
      expect(customer.body).toMatchObject({ email: session.user.email, metadata: { user_id: session.user.id } });
      const [created] = stand.callsTo('POST', /^\/v1\/checkout\/sessions$/).slice(-1);
      expect(created.body).toMatchObject({
        mode: 'subscription',
        client_reference_id: session.user.id,
        line_items: [{ price: 'price_test_gold', quantity: '1' }],
        subscription_data: { metadata: { user_id: session.user.id, plan: 'gold' } },
      });
      expect(created.body.success_url).toMatch(/\/billing\/success\?session_id=\{CHECKOUT_SESSION_ID\}$/);

      // A second checkout reuses the customer and closes the first session, so two tabs cannot buy twice.
      const customers = stand.callsTo('POST', /^\/v1\/customers$/).length;
      const first = sessionIdOf();
      await t.http().post('/api/billing/create-checkout-session').set(bearer(session)).send({ plan: 'platinum' });
      expect(stand.callsTo('POST', /^\/v1\/customers$/)).toHaveLength(customers);
      expect(stand.sessions.get(first)?.status).toBe('expired');
    });

    it('takes the auto-start call without a body as the upgrade intent: Platinum (spec 000 §4)', async () => {
      const { session } = await signUp(t);
      expect((await t.http().post('/api/billing/create-checkout-session').set(bearer(session))).status).toBe(200);
      expect(stand.callsTo('POST', /^\/v1\/checkout\/sessions$/).at(-1)!.body).toMatchObject({
        line_items: [{ price: 'price_test_platinum' }],
      });
    });

    it('answers bad input with the spec messages: unknown plan 400, signed out 401, already on the plan 409', async () => {
      const { session } = await signUp(t);
      const unknown = await t
        .http()
        .post('/api/billing/create-checkout-session')
        .set(bearer(session))
        .send({ plan: 'diamond' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toContain(BillingMessages.unknownPlan);
      expect((await t.http().post('/api/billing/create-checkout-session').send({ plan: 'gold' })).status).toBe(401);
      const cancel = await t.http().post('/api/billing/cancel-subscription');
      expect(cancel.status).toBe(401);
      expect(cancel.body.message).toBe('Please log in to cancel your subscription');

      const gold = await subscriber('gold');
      const again = await t
        .http()
        .post('/api/billing/create-checkout-session')
        .set(bearer(gold.session))
        .send({ plan: 'gold' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('You are already on the Gold plan');
    });

    it('finds a paid subscription whose webhooks have not come yet at Stripe, rather than selling a second one', async () => {
      const { session } = await signUp(t);
      await t.http().post('/api/billing/create-checkout-session').set(bearer(session)).send({ plan: 'gold' });
      // Paid at Stripe; its webhooks are late (Stripe retrying them), so the plan does not show yet.
      stand.pay(sessionIdOf());
      const checkouts = stand.callsTo('POST', /^\/v1\/checkout\/sessions$/).length;
      const again = await t
        .http()
        .post('/api/billing/create-checkout-session')
        .set(bearer(session))
        .send({ plan: 'gold' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('You are already on the Gold plan');
      expect(stand.callsTo('POST', /^\/v1\/checkout\/sessions$/)).toHaveLength(checkouts);
      expect(await me(session)).toMatchObject({ plan: 'gold' });
    });

    it('answers 503 with "Failed to start checkout. Please try again." when Stripe fails or is unreachable', async () => {
      const { session } = await signUp(t);
      const errors = jest.spyOn(Logger.prototype, 'error');
      const warnings = jest.spyOn(Logger.prototype, 'warn');
      stand.failing = true;
      const failing = await t
        .http()
        .post('/api/billing/create-checkout-session')
        .set(bearer(session))
        .send({ plan: 'gold' });
      expect(failing.status).toBe(503);
      expect(failing.body).toMatchObject({
        code: 'BILLING_UNAVAILABLE',
        message: 'Failed to start checkout. Please try again.',
      });

      const started = Date.now();
      const res = await unreachable
        .http()
        .post('/api/billing/create-checkout-session')
        .set(bearer(session))
        .send({ plan: 'gold' });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('Failed to start checkout. Please try again.');
      expect(Date.now() - started).toBeLessThan(5000);

      // Stripe away is an outside failure: warnings with their reason, no error with a stack
      const stripeFailed = (call: unknown[]) => (call[0] as { msg?: string } | undefined)?.msg === 'Stripe call failed';
      expect(errors.mock.calls.filter(stripeFailed)).toEqual([]);
      expect(warnings.mock.calls.filter(stripeFailed).map(([line]) => (line as { reason: string }).reason)).toEqual([
        expect.stringMatching(/failed: api_error$/),
        expect.stringMatching(/failed: connection$/),
      ]);
      errors.mockRestore();
      warnings.mockRestore();
    });
  });

  it('takes no payment in production without Stripe keys: 503, and no webhook is accepted', async () => {
    const { session } = await signUp(t);
    const res = await off
      .http()
      .post('/api/billing/create-checkout-session')
      .set(bearer(session))
      .send({ plan: 'gold' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'BILLING_OFF', message: BillingMessages.billingOff });
    const payload = JSON.stringify(stand.event('customer.subscription.updated', { id: 'sub_x' }));
    const hook = await off
      .http()
      .post('/api/billing/webhook')
      .set('content-type', 'application/json')
      .set('stripe-signature', stand.sign(payload))
      .send(payload);
    expect(hook.status).toBe(400);
    expect((await off.http().get('/api/billing/subscription').set(bearer(session))).body).toMatchObject({
      mode: 'off',
      can_manage_billing: false,
    });
  });

  describe('webhooks', () => {
    it('checkout → webhook: /api/me, the billing overview and the socket rooms change', async () => {
      const { session } = await signUp(t);
      const socket = new RecordingClient(t.url, { token: session.access_token });
      sockets.push(socket);
      await socket.connect();
      expect(await socket.subscribe({ channel: 'odds', sport: SPORT })).toMatchObject({
        ok: false,
        code: 'SUBSCRIPTION_REQUIRED',
      });

      await t.http().post('/api/billing/create-checkout-session').set(bearer(session)).send({ plan: 'gold' });
      const { session: completed, subscription } = stand.pay(sessionIdOf());
      expect((await deliver(stand.event('customer.subscription.created', subscription!))).status).toBe(200);
      expect((await deliver(stand.event('checkout.session.completed', completed))).status).toBe(200);

      expect(await me(session)).toMatchObject({ plan: 'gold', status: 'active', cancel_at_period_end: false });
      expect(await overview(session)).toMatchObject({
        mode: 'stripe',
        plan: 'gold',
        subscription: {
          plan: 'gold',
          status: 'active',
          active: true,
          amount_cents: 1000,
          currency: 'usd',
          payment_failed: false,
        },
        can_manage_billing: true,
      });
      await eventually(() => socket.notices.length > 0, 5000, 'entitlements notice');
      expect(socket.notices.at(-1)).toMatchObject({ plan: 'gold' });
      expect(await socket.subscribe({ channel: 'odds', sport: SPORT })).toMatchObject({ ok: true });
    });

    it('applies a duplicate once, even two deliveries at the same moment', async () => {
      const { session, subscriptionId } = await subscriber();
      const cancel = stand.subscriptions.get(subscriptionId)!;
      cancel.cancel_at_period_end = true;
      const event = stand.subscriptionEvent('customer.subscription.updated', subscriptionId);
      const answers = await Promise.all([deliver(event), deliver(event)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers.map((a) => a.body.outcome).sort()).toEqual(['applied', 'duplicate']);
      const before = await sql<{
        updated_at: Date;
      }>`SELECT updated_at FROM plan_states WHERE user_id = ${session.user.id}`.execute(t.db);
      expect((await deliver(event)).body.outcome).toBe('duplicate');
      const after = await sql<{
        updated_at: Date;
      }>`SELECT updated_at FROM plan_states WHERE user_id = ${session.user.id}`.execute(t.db);
      expect(after.rows[0].updated_at).toEqual(before.rows[0].updated_at);
      const recorded = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM billing_events WHERE stripe_event_id = ${event.id}`.execute(t.db);
      expect(recorded.rows[0].n).toBe(1);
    });

    it('refuses a forged or missing signature and a body that is not an event with 400, changing nothing', async () => {
      const { session, subscriptionId } = await subscriber();
      stand.subscriptions.get(subscriptionId)!.status = 'canceled';
      const event = stand.subscriptionEvent('customer.subscription.deleted', subscriptionId);
      const forged = await deliver(event, 'whsec_not_the_secret');
      expect(forged.status).toBe(400);
      expect(forged.body).toMatchObject({ code: 'WEBHOOK_SIGNATURE', message: 'Invalid Stripe signature' });
      const unsigned = await t
        .http()
        .post('/api/billing/webhook')
        .set('content-type', 'application/json')
        .send(JSON.stringify(event));
      expect(unsigned.status).toBe(400);
      expect(unsigned.body.code).toBe('WEBHOOK_SIGNATURE');
      expect((await deliver('{"not json')).status).toBe(400);
      expect((await deliver('[1, 2, 3]')).status).toBe(400);
      expect((await deliver({ id: 'evt_x', object: 'thing' })).body).toMatchObject({
        statusCode: 400,
        code: 'WEBHOOK_PAYLOAD',
      });
      expect(await me(session)).toMatchObject({ plan: 'gold' });
    });

    it('ends up in the right state whatever order the events arrive in', async () => {
      const { session, subscriptionId } = await subscriber();
      const sub = stand.subscriptions.get(subscriptionId)!;
      const t0 = Math.floor(Date.now() / 1000) + 10;
      const created = stand.subscriptionEvent('customer.subscription.created', subscriptionId, t0);
      sub.cancel_at_period_end = true;
      const cancelled = stand.subscriptionEvent('customer.subscription.updated', subscriptionId, t0 + 5);
      // The cancellation arrives first, the older "created" after it: the older one must not undo it.
      await deliver(cancelled);
      await deliver(created);
      expect(await me(session)).toMatchObject({ plan: 'gold', cancel_at_period_end: true });

      // Deleted, then a late "updated" from before the deletion: the subscription stays ended.
      Object.assign(sub, { status: 'canceled', ended_at: t0 + 20, cancel_at_period_end: false });
      const deleted = stand.subscriptionEvent('customer.subscription.deleted', subscriptionId, t0 + 20);
      Object.assign(sub, { status: 'active', ended_at: null });
      const late = stand.subscriptionEvent('customer.subscription.updated', subscriptionId, t0 + 15);
      await deliver(deleted);
      await deliver(late);
      expect(await me(session)).toMatchObject({ plan: 'free' });
    });

    it('reads the newer API shape too (the period on the subscription items)', async () => {
      stand.periodOnItems = true;
      const { session, subscriptionId } = await subscriber('platinum');
      const periodEnd = stand.subscriptions.get(subscriptionId)!.current_period_end as number;
      expect(await me(session)).toMatchObject({
        plan: 'platinum',
        subscription_end_date: new Date(periodEnd * 1000).toISOString(),
      });
    });

    it('a failed renewal shows "payment failed" and keeps access while past due; a paid one clears it; deletion ends it', async () => {
      const { session, subscriptionId } = await subscriber();
      const sub = stand.subscriptions.get(subscriptionId)!;
      // The renewal came due: Stripe moved the period on and is retrying the card.
      const renewal = sub.current_period_end as number;
      Object.assign(sub, {
        status: 'past_due',
        current_period_start: renewal,
        current_period_end: renewal + 30 * 86_400,
      });
      const failed = await deliver(
        stand.event('invoice.payment_failed', stand.invoice(subscriptionId, 'failed', Math.floor(Date.now() / 1000))),
      );
      expect(failed.body).toMatchObject({ outcome: 'applied' });
      expect(await overview(session)).toMatchObject({
        subscription: { status: 'past_due', active: false, payment_failed: true },
      });
      expect(await me(session)).toMatchObject({ plan: 'gold', status: 'past_due' });

      sub.status = 'active';
      await deliver(
        stand.event('invoice.paid', stand.invoice(subscriptionId, 'paid', Math.floor(Date.now() / 1000) + 1)),
      );
      expect(await overview(session)).toMatchObject({
        subscription: { status: 'active', active: true, payment_failed: false },
      });

      const socket = new RecordingClient(t.url, { token: session.access_token });
      sockets.push(socket);
      await socket.connect();
      expect(await socket.subscribe({ channel: 'odds', sport: SPORT })).toMatchObject({ ok: true });
      Object.assign(sub, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
      await deliver(
        stand.subscriptionEvent('customer.subscription.deleted', subscriptionId, Math.floor(Date.now() / 1000) + 2),
      );
      expect(await me(session)).toMatchObject({ plan: 'free' });
      await eventually(() => socket.notices.some((n) => n.plan === 'free'), 5000, 'eviction');
      expect(socket.notices.at(-1)).toEqual({ plan: 'free', unlimited: false, removed: [`odds:${SPORT}`] });
    });

    it('answers 503 to an event it cannot apply while Stripe fails, warns without a stack, and applies it when delivered again', async () => {
      const { session, subscriptionId } = await subscriber();
      const sub = stand.subscriptions.get(subscriptionId)!;
      Object.assign(sub, { status: 'past_due' });
      const event = stand.event(
        'invoice.payment_failed',
        stand.invoice(subscriptionId, 'failed', Math.floor(Date.now() / 1000)),
      );
      const errors = jest.spyOn(Logger.prototype, 'error');
      const warnings = jest.spyOn(Logger.prototype, 'warn');
      stand.failing = true;
      try {
        const refused = await deliver(event);
        expect([refused.status, refused.body.code]).toEqual([503, 'WEBHOOK_RETRY']);
        const notApplied = (call: unknown[]) =>
          (call[0] as { msg?: string } | undefined)?.msg === 'Stripe event not applied; Stripe will deliver it again';
        expect(errors.mock.calls.filter(notApplied)).toEqual([]);
        expect(warnings.mock.calls.filter(notApplied)).toEqual([
          [expect.objectContaining({ event: event.id, reason: expect.stringMatching(/^Stripe .* failed: api_error/) })],
        ]);
      } finally {
        stand.failing = false;
        errors.mockRestore();
        warnings.mockRestore();
      }
      expect(await me(session)).toMatchObject({ status: 'active' });
      expect((await deliver(event)).body).toMatchObject({ outcome: 'applied' });
      expect(await me(session)).toMatchObject({ plan: 'gold', status: 'past_due' });
    });

    it('logs and answers 200 for the recorded events of customers and prices it does not know, and a deleted user', async () => {
      for (const name of [
        'event_customer.subscription.created_api-2020-03-02.json',
        'event_customer.subscription.updated_api-2020-03-02.json',
        'event_customer.subscription.deleted_api-2020-03-02.json',
        'event_checkout.session.completed_api-2020-03-02.json',
        'event_payment_intent.payment_failed_api-2020-03-02.json',
      ]) {
        const res = await deliver(recordedEvent(name));
        expect({ name, status: res.status }).toEqual({ name, status: 200 });
        expect(['ignored', 'unhandled']).toContain(res.body.outcome);
      }
      const { session, subscriptionId } = await subscriber();
      const sub = stand.subscriptions.get(subscriptionId)!;
      const items = (sub.items as { data: Json[] }).data;
      items[0] = {
        ...items[0],
        price: {
          id: 'price_someone_else',
          object: 'price',
          lookup_key: null,
          unit_amount: 700,
          currency: 'usd',
          recurring: { interval: 'month' },
        },
        plan: null,
      };
      expect(
        (await deliver(stand.subscriptionEvent('customer.subscription.updated', subscriptionId))).body.outcome,
      ).toBe('ignored');
      expect(await me(session)).toMatchObject({ plan: 'gold' });

      const gone = await subscriber();
      await sql`DELETE FROM users WHERE id = ${gone.session.user.id}`.execute(t.db);
      const res = await deliver(stand.subscriptionEvent('customer.subscription.updated', gone.subscriptionId));
      expect(res.status).toBe(200);
      expect(res.body.outcome).toBe('ignored');
    });
  });

  describe('a paid user', () => {
    it('switches Gold → Platinum on the same subscription, prorated, never a second one', async () => {
      const { session, subscriptionId } = await subscriber('gold');
      const checkouts = stand.callsTo('POST', /^\/v1\/checkout\/sessions$/).length;
      const res = await t
        .http()
        .post('/api/billing/create-checkout-session')
        .set(bearer(session))
        .send({ plan: 'platinum' });
      expect(res.status).toBe(200);
      expect(res.body.url).toMatch(/\/billing\/success\?plan=platinum$/);
      expect(stand.callsTo('POST', /^\/v1\/checkout\/sessions$/)).toHaveLength(checkouts);
      expect(stand.callsTo('POST', new RegExp(`^/v1/subscriptions/${subscriptionId}$`)).at(-1)!.body).toMatchObject({
        items: [{ price: 'price_test_platinum' }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'pending_if_incomplete',
      });
      expect(await me(session)).toMatchObject({ plan: 'platinum' });
    });

    // Issue wording §6: the prorated amount of a switch, from Stripe's invoice preview, before the user confirms it.
    it("prices a Gold → Platinum switch from Stripe's invoice preview without switching", async () => {
      const { session, subscriptionId } = await subscriber('gold');
      const res = await t.http().get('/api/billing/switch-preview?plan=platinum').set(bearer(session));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ plan: 'platinum', amount_due_cents: 1500, total_cents: 1500, currency: 'usd' });
      const itemId = (stand.subscriptions.get(subscriptionId)!.items as { data: Json[] }).data[0].id;
      expect(stand.callsTo('POST', /^\/v1\/invoices\/create_preview$/).at(-1)!.body).toMatchObject({
        subscription: subscriptionId,
        subscription_details: {
          items: [{ id: itemId, price: 'price_test_platinum' }],
          proration_behavior: 'always_invoice',
        },
      });
      expect(await me(session)).toMatchObject({ plan: 'gold' });
      expect(stand.callsTo('POST', new RegExp(`^/v1/subscriptions/${subscriptionId}$`))).toHaveLength(0);

      expect((await t.http().get('/api/billing/switch-preview?plan=gold').set(bearer(session))).body.code).toBe(
        'ALREADY_ON_PLAN',
      );
      expect((await t.http().get('/api/billing/switch-preview?plan=diamond').set(bearer(session))).status).toBe(400);
      stand.failing = true;
      const down = await t.http().get('/api/billing/switch-preview?plan=platinum').set(bearer(session));
      expect([down.status, down.body.message]).toEqual([503, BillingMessages.switchPreviewFailed]);
    });

    it('has no switch to price without a subscription', async () => {
      const { session } = await signUp(t);
      const res = await t.http().get('/api/billing/switch-preview?plan=platinum').set(bearer(session));
      expect([res.status, res.body.code]).toEqual([409, 'NO_SUBSCRIPTION']);
      expect((await t.http().get('/api/billing/switch-preview?plan=platinum')).status).toBe(401);
    });

    it('cancels at the period end, keeping access, and can keep the subscription before the end', async () => {
      const { session, subscriptionId } = await subscriber('gold');
      const cancelled = await t.http().post('/api/billing/cancel-subscription').set(bearer(session));
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({
        plan: 'gold',
        subscription: { cancel_at_period_end: true, active: true },
      });
      expect(stand.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
      const info = await me(session);
      expect(info).toMatchObject({ plan: 'gold', cancel_at_period_end: true });
      // The security log says what happened: a cancellation with the access it keeps, not a change to the plan it keeps.
      const planEntries = async () =>
        (
          (await t.http().get('/api/account/security-activity').set(bearer(session))).body as Array<{
            action: string;
            details: Json;
          }>
        ).filter((e) => e.action.startsWith('plan.'));
      expect((await planEntries())[0]).toMatchObject({
        action: AuditActions.subscriptionCancelled,
        details: { plan: 'gold', access_until: info.subscription_end_date },
      });
      expect(info.subscription_end_date).toEqual(expect.any(String));

      const resumed = await t.http().post('/api/billing/resume-subscription').set(bearer(session));
      expect(resumed.body).toMatchObject({ subscription: { cancel_at_period_end: false } });
      expect(stand.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);
      expect((await planEntries()).map((e) => e.action)).toEqual([
        AuditActions.subscriptionResumed,
        AuditActions.subscriptionCancelled,
        AuditActions.planChanged,
      ]);

      const portal = await t.http().post('/api/billing/portal').set(bearer(session));
      expect(portal.body.url).toBe('https://billing.stripe.test/p/session');
      expect(stand.callsTo('POST', /^\/v1\/billing_portal\/sessions$/).at(-1)!.body.return_url).toMatch(
        /\/usage-plan$/,
      );
    });

    it('has nothing to cancel without a subscription', async () => {
      const { session } = await signUp(t);
      const res = await t.http().post('/api/billing/cancel-subscription').set(bearer(session));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(BillingMessages.noSubscription);
    });
  });

  // DECISIONS 4: a gift is one month of Platinum (is_gifted, subscription_end_date)
  describe('gifts', () => {
    async function buyGift(buyer: Session, email: string) {
      const res = await t.http().post('/api/billing/gift').set(bearer(buyer)).send({ email });
      expect(res.status).toBe(200);
      expect(stand.callsTo('POST', /^\/v1\/checkout\/sessions$/).at(-1)!.body).toMatchObject({
        mode: 'payment',
        line_items: [{ price: 'price_test_gift' }],
        metadata: { kind: 'gift', recipient_email: email.toLowerCase() },
      });
      const { session } = stand.pay(sessionIdOf());
      return deliver(stand.event('checkout.session.completed', session));
    }

    it('gives an existing account a month of Platinum when the gift is paid', async () => {
      const { session: buyer } = await signUp(t);
      const { session: recipient, email } = await signUp(t);
      await verifyEmail(t, recipient.user.id);
      expect((await buyGift(buyer, email.toUpperCase())).body.outcome).toBe('applied');
      const info = await me(recipient);
      expect(info).toMatchObject({ plan: 'platinum', is_gifted: true });
      const days = (new Date(info.subscription_end_date as string).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(27);
      expect(days).toBeLessThan(32);
      expect(await me(buyer)).toMatchObject({ plan: 'free' });
    });

    it('keeps a paid gift for an address until an account verifies it, not one that only signs up with it', async () => {
      const { session: buyer } = await signUp(t);
      const email = uniqueEmail('future');
      await buyGift(buyer, email);
      const res = await t.http().post('/api/auth/signup').send({ email, password: TEST_PASSWORD });
      expect(res.status).toBe(201);
      const recipient = res.body as Session;
      expect(await me(recipient)).toMatchObject({ plan: 'free', is_gifted: false, email_verified: false });
      // and not for an account whose address is unproved when the gift is paid
      await buyGift(buyer, email);
      expect(await me(recipient)).toMatchObject({ plan: 'free', is_gifted: false });

      const mail = await outboxMailTo(t, email, 'Verify your OddsPulse email address');
      const token = decodeURIComponent(/verify_token=([\w%-]+)/.exec(mail.text)![1]);
      expect((await t.http().post('/api/auth/verify-email').send({ token })).status).toBe(200);
      const info = await me(recipient);
      expect(info).toMatchObject({ plan: 'platinum', is_gifted: true, email_verified: true });
      // both gifts, one month each
      const days = (new Date(info.subscription_end_date as string).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(55);
    });

    it('grants a waiting gift when a password reset link proves the address', async () => {
      const { session: buyer } = await signUp(t);
      const { session: recipient, email } = await signUp(t);
      await buyGift(buyer, email);
      expect(await me(recipient)).toMatchObject({ plan: 'free' });
      expect((await t.http().post('/api/auth/password-reset').send({ email })).status).toBeLessThan(300);
      const token = decodeURIComponent(/reset_token=([\w%-]+)/.exec((await outboxMailTo(t, email)).text)![1]);
      const reset = await t
        .http()
        .post('/api/auth/password-reset/confirm')
        .send({ token, password: `${TEST_PASSWORD}-again` });
      expect(reset.status).toBe(200);
      expect(await me(reset.body as Session)).toMatchObject({ plan: 'platinum', is_gifted: true });
    });

    it('grants a waiting gift at an OAuth sign-up, the provider having verified the address', async () => {
      const { session: buyer } = await signUp(t);
      const email = uniqueEmail('oauth');
      await buyGift(buyer, email);
      const user = await t
        .get(AuthService)
        .oauthUser({ provider: 'google', subject: `g-${randomBytes(5).toString('hex')}`, email, emailVerified: true });
      expect(await t.get(PlanRepository).find(user.id)).toMatchObject({ plan: 'platinum', is_gifted: true });
    });

    it('credits the gift to a live subscriber instead of cutting their subscription short', async () => {
      const { session: buyer } = await signUp(t);
      const { session: recipient } = await subscriber('gold');
      await verifyEmail(t, recipient.user.id);
      await buyGift(buyer, recipient.user.email);
      expect(stand.balanceTransactions.at(-1)).toMatchObject({ amount: -2500 });
      expect(await me(recipient)).toMatchObject({ plan: 'gold', is_gifted: false });
    });

    it('grants a gift whose credit Stripe failed when Stripe delivers its event again, once', async () => {
      const { session: buyer } = await signUp(t);
      const { session: recipient } = await subscriber('gold');
      await verifyEmail(t, recipient.user.id);
      expect(
        (await t.http().post('/api/billing/gift').set(bearer(buyer)).send({ email: recipient.user.email })).status,
      ).toBe(200);
      const event = stand.event('checkout.session.completed', stand.pay(sessionIdOf()).session);
      const credits = stand.balanceTransactions.length;
      stand.failing = true;
      expect(await deliver(event)).toMatchObject({ status: 503, body: { code: 'WEBHOOK_RETRY' } });
      stand.failing = false;
      expect((await deliver(event)).body.outcome).toBe('applied');
      expect((await deliver(event)).body.outcome).toBe('duplicate');
      expect(stand.balanceTransactions.slice(credits)).toEqual([expect.objectContaining({ amount: -2500 })]);
      expect(
        await t.db
          .selectFrom('billing_gifts')
          .select(['status', 'granted_as'])
          .where('recipient_email', '=', recipient.user.email)
          .executeTakeFirstOrThrow(),
      ).toEqual({ status: 'granted', granted_as: 'credit' });
    });

    it('keeps a gift for a subscriber whose subscription is set to end, and grants it as the plan when it ends', async () => {
      const { session: buyer } = await signUp(t);
      const { session: recipient, subscriptionId } = await subscriber('gold');
      await verifyEmail(t, recipient.user.id);
      expect((await t.http().post('/api/billing/cancel-subscription').set(bearer(recipient))).status).toBe(200);
      const credits = stand.balanceTransactions.length;
      expect((await buyGift(buyer, recipient.user.email)).body.outcome).toBe('applied');
      // A credit on a balance no invoice will ever draw on would be lost: the gift waits.
      expect(stand.balanceTransactions).toHaveLength(credits);
      const gift = () =>
        t.db
          .selectFrom('billing_gifts')
          .select(['status', 'granted_as'])
          .where('recipient_email', '=', recipient.user.email)
          .executeTakeFirstOrThrow();
      expect(await gift()).toEqual({ status: 'paid', granted_as: null });
      expect(await me(recipient)).toMatchObject({ plan: 'gold', is_gifted: false, cancel_at_period_end: true });

      const sub = stand.subscriptions.get(subscriptionId)!;
      Object.assign(sub, { status: 'canceled', ended_at: sub.current_period_end, cancel_at_period_end: false });
      await deliver(stand.subscriptionEvent('customer.subscription.deleted', subscriptionId));
      expect(await gift()).toEqual({ status: 'granted', granted_as: 'plan' });
      const info = await me(recipient);
      expect(info).toMatchObject({ plan: 'platinum', is_gifted: true });
      expect((new Date(info.subscription_end_date as string).getTime() - Date.now()) / 86_400_000).toBeGreaterThan(27);
      expect(stand.balanceTransactions).toHaveLength(credits);
    });

    it('keeps a gifted Platinum month when its holder buys Gold to start after it', async () => {
      const { session: buyer } = await signUp(t);
      const { session: recipient, email } = await signUp(t);
      await verifyEmail(t, recipient.user.id);
      await buyGift(buyer, email);
      const gifted = await me(recipient);
      expect(gifted).toMatchObject({ plan: 'platinum', is_gifted: true });

      const res = await t
        .http()
        .post('/api/billing/create-checkout-session')
        .set(bearer(recipient))
        .send({ plan: 'gold' });
      expect(res.status).toBe(200);
      const giftEnd = Math.floor(new Date(gifted.subscription_end_date as string).getTime() / 1000);
      expect(stand.callsTo('POST', /^\/v1\/checkout\/sessions$/).at(-1)!.body).toMatchObject({
        subscription_data: { trial_end: String(giftEnd) },
      });
      const { session: completed } = stand.pay(sessionIdOf());
      expect((await deliver(stand.event('checkout.session.completed', completed))).body.outcome).toBe('applied');
      // Gold is billed from the gift's end; until then the gift's Platinum stands.
      expect(await me(recipient)).toMatchObject({
        plan: 'platinum',
        is_gifted: true,
        subscription_end_date: gifted.subscription_end_date,
      });
      expect(await overview(recipient)).toMatchObject({
        subscription: { plan: 'gold', status: 'trialing' },
        gift: { plan: 'platinum', until: gifted.subscription_end_date },
      });
    });

    it('refuses an address that is not one', async () => {
      const { session } = await signUp(t);
      const res = await t.http().post('/api/billing/gift').set(bearer(session)).send({ email: 'not-an-address' });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(BillingMessages.invalidGiftEmail);
    });
  });
});
