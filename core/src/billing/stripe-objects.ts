import { z } from 'zod';
import { STRIPE_SUBSCRIPTION_STATUSES, type StripeSubscriptionStatus } from '@oddspulse/shared';

/**
 * Stripe's objects, read at the edge into the few fields billing uses. The same readers take webhook events,
 * API answers (of the SDK's pinned version) and the local checkout's objects, and accept the older API shapes
 * found in recorded events (the period on the subscription rather than on its items; `invoice.subscription`
 * rather than `invoice.parent.subscription_details`; `plan.amount` rather than `price.unit_amount`).
 */

/** An id, or the expanded object carrying it. */
const ref = z
  .union([z.string(), z.object({ id: z.string() }).loose()])
  .transform((value) => (typeof value === 'string' ? value : value.id));
const seconds = z.number().int().nonnegative();
const toDate = (value: number | null | undefined) => (typeof value === 'number' ? new Date(value * 1000) : null);
const metadata = z
  .record(z.string(), z.string().nullable())
  .nullish()
  .transform((value) => value ?? {});

const priceSchema = z
  .object({
    id: z.string(),
    lookup_key: z.string().nullish(),
    unit_amount: z.number().int().nullish(),
    amount: z.number().int().nullish(),
    currency: z.string().nullish(),
    recurring: z.object({ interval: z.string() }).loose().nullish(),
    interval: z.string().nullish(),
  })
  .loose();

const itemSchema = z
  .object({
    id: z.string(),
    price: priceSchema.nullish(),
    plan: priceSchema.nullish(),
    current_period_end: seconds.nullish(),
  })
  .loose();

const subscriptionSchema = z
  .object({
    id: z.string(),
    object: z.literal('subscription'),
    customer: ref,
    status: z.string(),
    cancel_at_period_end: z.boolean().nullish(),
    cancel_at: seconds.nullish(),
    current_period_end: seconds.nullish(),
    ended_at: seconds.nullish(),
    items: z.object({ data: z.array(itemSchema) }).loose(),
    metadata,
    pending_update: z.unknown().nullish(),
    latest_invoice: z
      .union([z.string(), z.object({ id: z.string(), hosted_invoice_url: z.string().nullish() }).loose()])
      .nullish(),
  })
  .loose();

export interface StripePrice {
  id: string;
  lookupKey: string | null;
  unitAmount: number | null;
  currency: string;
  /** `month` for a monthly price; null for a one-time one. */
  interval: string | null;
}

export interface StripeSubscriptionData {
  id: string;
  customerId: string;
  /** Null for a status this code does not know (a newer API): such a report is logged and left alone. */
  status: StripeSubscriptionStatus | null;
  rawStatus: string;
  itemId: string | null;
  price: StripePrice | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  /** The user id put in the metadata at checkout. */
  userId: string | null;
  /** A plan switch waiting for its payment (payment_behavior pending_if_incomplete). */
  pendingUpdate: boolean;
  /** Where the customer pays an invoice that needs them (3-D Secure), when the latest invoice was expanded. */
  latestInvoiceUrl: string | null;
}

function readPrice(raw: z.infer<typeof priceSchema> | null | undefined): StripePrice | null {
  if (!raw) return null;
  return {
    id: raw.id,
    lookupKey: raw.lookup_key ?? null,
    unitAmount: raw.unit_amount ?? raw.amount ?? null,
    currency: raw.currency ?? 'usd',
    interval: raw.recurring?.interval ?? raw.interval ?? null,
  };
}

/** Throws a ZodError when `raw` is not a subscription. */
export function readSubscription(raw: unknown): StripeSubscriptionData {
  const sub = subscriptionSchema.parse(raw);
  const item = sub.items.data[0] ?? null;
  const itemEnds = sub.items.data
    .map((i) => i.current_period_end)
    .filter((end): end is number => typeof end === 'number');
  const periodEnd = sub.current_period_end ?? (itemEnds.length ? Math.max(...itemEnds) : null);
  const known = (STRIPE_SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status);
  return {
    id: sub.id,
    customerId: sub.customer,
    status: known ? (sub.status as StripeSubscriptionStatus) : null,
    rawStatus: sub.status,
    itemId: item?.id ?? null,
    price: readPrice(item?.price ?? item?.plan),
    currentPeriodEnd: toDate(periodEnd),
    // Newer APIs can end a subscription at a set time (cancel_at) instead of the flag; both mean "ends, access until then".
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end) || (typeof sub.cancel_at === 'number' && sub.ended_at == null),
    endedAt: toDate(sub.ended_at),
    userId: sub.metadata.user_id ?? null,
    pendingUpdate: Boolean(sub.pending_update),
    latestInvoiceUrl:
      typeof sub.latest_invoice === 'object' && sub.latest_invoice
        ? (sub.latest_invoice.hosted_invoice_url ?? null)
        : null,
  };
}

const checkoutSessionSchema = z
  .object({
    id: z.string(),
    object: z.literal('checkout.session'),
    mode: z.enum(['payment', 'subscription', 'setup']),
    status: z.string().nullish(),
    payment_status: z.string(),
    customer: ref.nullish(),
    subscription: ref.nullish(),
    client_reference_id: z.string().nullish(),
    metadata,
    amount_total: z.number().int().nullish(),
    currency: z.string().nullish(),
    url: z.string().nullish(),
  })
  .loose();

export interface StripeCheckoutSessionData {
  id: string;
  mode: 'payment' | 'subscription' | 'setup';
  status: string | null;
  paid: boolean;
  customerId: string | null;
  subscriptionId: string | null;
  /** The user who opened it (client_reference_id, else the metadata). */
  userId: string | null;
  /** What it sells: `subscription`, or `gift` with the gift's id. */
  kind: string | null;
  giftId: string | null;
  url: string | null;
}

export function readCheckoutSession(raw: unknown): StripeCheckoutSessionData {
  const session = checkoutSessionSchema.parse(raw);
  return {
    id: session.id,
    mode: session.mode,
    status: session.status ?? null,
    // A delayed payment method completes the session before the money arrives: only `paid` grants anything.
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    customerId: session.customer ?? null,
    subscriptionId: session.subscription ?? null,
    userId: session.client_reference_id ?? session.metadata.user_id ?? null,
    kind: session.metadata.kind ?? null,
    giftId: session.metadata.gift_id ?? null,
    url: session.url ?? null,
  };
}

const invoiceSchema = z
  .object({
    id: z.string(),
    object: z.literal('invoice'),
    customer: ref.nullish(),
    created: seconds,
    subscription: ref.nullish(),
    parent: z
      .object({ subscription_details: z.object({ subscription: ref.nullish() }).loose().nullish() })
      .loose()
      .nullish(),
    status: z.string().nullish(),
  })
  .loose();

export interface StripeInvoiceData {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  created: Date;
}

export function readInvoice(raw: unknown): StripeInvoiceData {
  const invoice = invoiceSchema.parse(raw);
  return {
    id: invoice.id,
    customerId: invoice.customer ?? null,
    subscriptionId: invoice.subscription ?? invoice.parent?.subscription_details?.subscription ?? null,
    created: new Date(invoice.created * 1000),
  };
}

const invoicePreviewSchema = z
  .object({ object: z.literal('invoice'), amount_due: z.number().int(), total: z.number().int(), currency: z.string() })
  .loose();

/** What a plan switch would invoice now (Stripe's invoice preview of the change). */
export interface StripeInvoicePreview {
  /** Charged now: the proration, less any credit on the customer's balance. */
  amountDueCents: number;
  /** The proration itself; below zero, a credit for the next invoices. */
  totalCents: number;
  currency: string;
}

export function readInvoicePreview(raw: unknown): StripeInvoicePreview {
  const invoice = invoicePreviewSchema.parse(raw);
  return { amountDueCents: invoice.amount_due, totalCents: invoice.total, currency: invoice.currency };
}

const eventSchema = z
  .object({
    id: z.string(),
    object: z.literal('event'),
    type: z.string(),
    created: seconds,
    data: z.object({ object: z.record(z.string(), z.unknown()) }).loose(),
  })
  .loose();

export interface StripeEventData {
  id: string;
  type: string;
  created: Date;
  object: Record<string, unknown>;
}

export function readStripeEvent(raw: unknown): StripeEventData {
  const event = eventSchema.parse(raw);
  return { id: event.id, type: event.type, created: new Date(event.created * 1000), object: event.data.object };
}

const priceObjectSchema = priceSchema.extend({
  object: z.literal('price'),
  active: z.boolean().nullish(),
  type: z.string().nullish(),
});

export function readPriceObject(raw: unknown): StripePrice & { active: boolean } {
  const price = priceObjectSchema.parse(raw);
  return { ...readPrice(price)!, active: price.active ?? true };
}
