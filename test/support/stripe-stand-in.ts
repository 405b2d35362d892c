import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Stripe from 'stripe';

/**
 * A local HTTP stand-in of the few Stripe API calls billing makes, for the official `stripe` SDK pointed at it
 * (host/port/protocol). Its objects and the events it builds start from the recorded real ones in
 * ../shared/fixtures/stripe, with this test's ids, prices and times written over them, so the product reads the
 * recorded shapes (the 2020 API: the period on the subscription; or, with `periodOnItems`, the newer shape).
 * Webhooks are signed with the SDK's own stripe.webhooks.generateTestHeaderString.
 */

const FIXTURES = join(__dirname, '..', '..', '..', 'shared', 'fixtures', 'stripe');
type Json = Record<string, unknown>;
const recorded = (name: string): Json => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as Json;
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const now = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 86_400;

/** Reads Stripe's form encoding (`metadata[user_id]=…`, `items[0][price]=…`) into nested objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const container = node as Record<string, unknown>;
      if (last) container[part] = value;
      else {
        container[part] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
        node = container[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

export interface StandInPrice {
  id: string;
  lookup_key: string;
  unit_amount: number;
  recurring: { interval: 'month' } | null;
}

export interface RecordedCall {
  method: string;
  path: string;
  body: Json;
}

export class StripeStandIn {
  private server?: Server;
  private seq = 0;
  readonly calls: RecordedCall[] = [];
  readonly customers = new Map<string, Json>();
  readonly sessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly balanceTransactions: Json[] = [];
  /** Set to answer every call with a 500 api_error, as Stripe does when it fails. */
  failing = false;
  /** Set to refuse every other secret key with a 401, as Stripe answers a key it does not know. */
  acceptedKey: string | null = null;
  /** Serve subscriptions in the newer API shape (current_period_* on the items). */
  periodOnItems = false;
  readonly prices: StandInPrice[] = [
    {
      id: 'price_test_gold',
      lookup_key: 'oddspulse_gold_monthly',
      unit_amount: 1000,
      recurring: { interval: 'month' },
    },
    {
      id: 'price_test_platinum',
      lookup_key: 'oddspulse_platinum_monthly',
      unit_amount: 2500,
      recurring: { interval: 'month' },
    },
    { id: 'price_test_gift', lookup_key: 'oddspulse_platinum_gift', unit_amount: 2500, recurring: null },
  ];

  constructor(readonly webhookSecret = 'whsec_standin0123456789') {}

  private id(prefix: string): string {
    return `${prefix}_test${Date.now().toString(36)}${(++this.seq).toString(36)}`;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => this.answer(req, res, text));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  callsTo(method: string, path: RegExp): RecordedCall[] {
    return this.calls.filter((c) => c.method === method && path.test(c.path));
  }

  private send(res: ServerResponse, status: number, body: unknown) {
    res
      .writeHead(status, { 'content-type': 'application/json', 'request-id': this.id('req') })
      .end(JSON.stringify(body));
  }

  private answer(req: IncomingMessage, res: ServerResponse, text: string) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const body = method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(text);
    this.calls.push({ method, path: url.pathname, body });
    if (this.failing)
      return this.send(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    if (this.acceptedKey !== null && req.headers.authorization !== `Bearer ${this.acceptedKey}`)
      return this.send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
      });
    const missing = () =>
      this.send(res, 404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: ${url.pathname}` },
      });
    const route = (pattern: RegExp) => pattern.exec(url.pathname);
    let m: RegExpExecArray | null;

    if (method === 'POST' && url.pathname === '/v1/customers') {
      const customer = {
        id: this.id('cus'),
        object: 'customer',
        email: body.email,
        metadata: body.metadata ?? {},
        balance: 0,
      };
      this.customers.set(customer.id, customer);
      return this.send(res, 200, customer);
    }
    if (method === 'POST' && (m = route(/^\/v1\/customers\/([^/]+)\/balance_transactions$/))) {
      if (!this.customers.has(m[1])) return missing();
      const transaction = {
        id: this.id('cbtxn'),
        object: 'customer_balance_transaction',
        customer: m[1],
        amount: Number(body.amount),
        description: body.description,
      };
      this.balanceTransactions.push(transaction);
      return this.send(res, 200, transaction);
    }
    if (method === 'GET' && url.pathname === '/v1/prices') {
      const keys = (body.lookup_keys as string[] | undefined) ?? [];
      return this.send(res, 200, {
        object: 'list',
        url: '/v1/prices',
        has_more: false,
        data: this.prices.filter((p) => keys.includes(p.lookup_key)).map((p) => this.priceObject(p)),
      });
    }
    if (method === 'GET' && (m = route(/^\/v1\/prices\/([^/]+)$/))) {
      const price = this.prices.find((p) => p.id === m![1]);
      return price ? this.send(res, 200, this.priceObject(price)) : missing();
    }
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const lineItems = body.line_items as Array<{ price: string }>;
      const price = this.prices.find((p) => p.id === lineItems[0].price)!;
      const session = {
        ...(clone(
          body.mode === 'payment'
            ? (recorded('event_checkout.session.completed_api-2020-03-02.json').data as Json).object
            : recorded('event-data-only_checkout.session.completed_pay-rails.json').object,
        ) as Json),
        id: this.id('cs'),
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer,
        client_reference_id: body.client_reference_id,
        metadata: body.metadata ?? {},
        amount_subtotal: price.unit_amount,
        amount_total: price.unit_amount,
        currency: 'usd',
        subscription: null,
        invoice: null,
        payment_intent: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        livemode: false,
        url: `https://checkout.stripe.test/c/pay/${this.seq}`,
        stand_in: { price: price.id, subscription_data: body.subscription_data ?? null },
      };
      this.sessions.set(session.id, session);
      return this.send(res, 200, session);
    }
    if ((m = route(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/))) {
      const session = this.sessions.get(m[1]);
      if (!session) return missing();
      if (method === 'POST' && m[2]) {
        if (session.status !== 'open')
          return this.send(res, 400, { error: { type: 'invalid_request_error', message: 'Session is not open' } });
        Object.assign(session, { status: 'expired', url: null });
      }
      return this.send(res, 200, session);
    }
    if (method === 'GET' && url.pathname === '/v1/subscriptions') {
      if (!this.customers.has(body.customer as string)) return missing();
      const data = [...this.subscriptions.values()]
        .filter((s) => s.customer === body.customer)
        .map((s) => this.served(s));
      return this.send(res, 200, { object: 'list', url: '/v1/subscriptions', has_more: false, data });
    }
    if ((m = route(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = this.subscriptions.get(m[1]);
      if (!subscription) return missing();
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined)
          subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
        const items = body.items as Array<{ id: string; price: string }> | undefined;
        if (items) this.setPrice(subscription, items[0].price);
      }
      return this.send(res, 200, this.served(subscription));
    }
    if (method === 'POST' && url.pathname === '/v1/invoices/create_preview') {
      const subscription = this.subscriptions.get(body.subscription as string);
      if (!subscription) return missing();
      const details = body.subscription_details as { items: Array<{ price: string }> };
      const price = this.prices.find((p) => p.id === details.items[0].price)!;
      const current = (subscription.items as { data: Array<{ price: { unit_amount: number } }> }).data[0].price
        .unit_amount;
      const start = subscription.current_period_start as number;
      const end = subscription.current_period_end as number;
      // Stripe's proration: the price difference for the part of the period still to run.
      const total = Math.round(((price.unit_amount - current) * Math.max(0, end - now())) / (end - start));
      const invoice = clone((recorded('event_invoice.paid_api-2020-03-02.json').data as Json).object) as Json;
      return this.send(res, 200, {
        ...invoice,
        id: null,
        object: 'invoice',
        customer: subscription.customer,
        subscription: subscription.id,
        status: 'draft',
        currency: 'usd',
        subtotal: total,
        total,
        amount_due: Math.max(0, total),
        amount_paid: 0,
      });
    }
    if (method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      if (!this.customers.has(body.customer as string)) return missing();
      return this.send(res, 200, {
        id: this.id('bps'),
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: 'https://billing.stripe.test/p/session',
      });
    }
    return missing();
  }

  private priceObject(price: StandInPrice) {
    return {
      id: price.id,
      object: 'price',
      active: true,
      currency: 'usd',
      lookup_key: price.lookup_key,
      unit_amount: price.unit_amount,
      recurring: price.recurring ? { ...price.recurring, interval_count: 1, usage_type: 'licensed' } : null,
      type: price.recurring ? 'recurring' : 'one_time',
    };
  }

  private setPrice(subscription: Json, priceId: string) {
    const price = this.priceObject(this.prices.find((p) => p.id === priceId)!);
    const items = (subscription.items as { data: Json[] }).data;
    items[0] = { ...items[0], price, plan: { ...price, object: 'plan', amount: price.unit_amount, interval: 'month' } };
    subscription.plan = items[0].plan;
  }

  /** As the API would answer it: the 2020 shape, or with the period moved onto the items. */
  private served(subscription: Json): Json {
    const copy = clone(subscription);
    if (this.periodOnItems) {
      for (const item of (copy.items as { data: Json[] }).data)
        Object.assign(item, {
          current_period_start: copy.current_period_start,
          current_period_end: copy.current_period_end,
        });
      delete copy.current_period_start;
      delete copy.current_period_end;
    }
    return copy;
  }

  /**
   * The payer completes Stripe Checkout: a subscription (from the recorded one) is created, active for a month, or,
   * with `subscription_data.trial_end`, trialing until then with nothing charged now, as Stripe does.
   */
  pay(sessionId: string): { session: Json; subscription: Json | null } {
    const session = this.sessions.get(sessionId)!;
    Object.assign(session, { status: 'complete', payment_status: 'paid', url: null });
    if (session.mode !== 'subscription') return { session, subscription: null };
    const { price, subscription_data } = session.stand_in as {
      price: string;
      subscription_data: { metadata?: Json; trial_end?: string } | null;
    };
    const subscription = this.createSubscription(session.customer as string, price, subscription_data?.metadata ?? {});
    session.subscription = subscription.id;
    if (subscription_data?.trial_end) {
      const trialEnd = Number(subscription_data.trial_end);
      Object.assign(subscription, { status: 'trialing', trial_end: trialEnd, current_period_end: trialEnd });
      session.payment_status = 'no_payment_required';
    }
    return { session, subscription };
  }

  createSubscription(customer: string, priceId: string, metadata: Json = {}): Json {
    const start = now();
    const subscription = clone(
      (recorded('event_customer.subscription.created_api-2020-03-02.json').data as Json).object,
    ) as Json;
    const item = (subscription.items as { data: Json[] }).data[0];
    Object.assign(subscription, {
      id: this.id('sub'),
      customer,
      status: 'active',
      metadata,
      created: start,
      start_date: start,
      billing_cycle_anchor: start,
      current_period_start: start,
      current_period_end: start + MONTH,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      livemode: false,
      items: {
        object: 'list',
        data: [{ ...item, id: this.id('si'), subscription: undefined }],
        has_more: false,
        total_count: 1,
      },
    });
    this.setPrice(subscription, priceId);
    this.subscriptions.set(subscription.id as string, subscription);
    return subscription;
  }

  /** A Stripe event around `object`, in the recorded envelope of its type, created `created` (epoch seconds). */
  event(type: string, object: Json, created = now(), previous?: Json): Json {
    const envelopes: Record<string, string> = {
      'checkout.session.completed': 'event_checkout.session.completed_api-2020-03-02.json',
      'customer.subscription.created': 'event_customer.subscription.created_api-2020-03-02.json',
      'customer.subscription.deleted': 'event_customer.subscription.deleted_api-2020-03-02.json',
      'invoice.paid': 'event_invoice.paid_api-2020-03-02.json',
    };
    const envelope = recorded(envelopes[type] ?? 'event_customer.subscription.updated_api-2020-03-02.json');
    return {
      ...envelope,
      id: this.id('evt'),
      type,
      created,
      livemode: false,
      data: { object: clone(object), ...(previous ? { previous_attributes: previous } : {}) },
    };
  }

  subscriptionEvent(type: string, subscriptionId: string, created = now()): Json {
    return this.event(type, this.served(this.subscriptions.get(subscriptionId)!), created);
  }

  /** An invoice of the subscription in the recorded shape: the 2020 paid one, or the newer failed one. */
  invoice(subscriptionId: string, outcome: 'paid' | 'failed', created = now()): Json {
    const subscription = this.subscriptions.get(subscriptionId)!;
    if (outcome === 'paid') {
      const invoice = clone((recorded('event_invoice.paid_api-2020-03-02.json').data as Json).object) as Json;
      return {
        ...invoice,
        id: this.id('in'),
        customer: subscription.customer,
        subscription: subscriptionId,
        created,
        status: 'paid',
      };
    }
    const invoice = clone(recorded('event-data-only_invoice.payment_failed_pay-rails.json').object) as Json;
    return {
      ...invoice,
      id: this.id('in'),
      customer: subscription.customer,
      created,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: {}, subscription: subscriptionId },
      },
    };
  }

  /** The Stripe-Signature header for a payload, made by the SDK's own test helper. */
  sign(payload: string, secret = this.webhookSecret): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret });
  }
}
