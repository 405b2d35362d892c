import { isPaidPeriodLive, type PlanStateLike } from './entitlements';
import { PLAN_PRICE_CENTS, type Plan } from './plans';

/**
 * Billing rules (spec 000 §1, §4, §7–§9; DECISIONS 1–4): which plan a Stripe subscription gives, which of two
 * reports of the same subscription is the newer, and what a gift grants. Pure, so the webhook handler, the
 * reconciliation job and their tests decide the same way.
 */

export type PaidPlan = Exclude<Plan, 'free'>;
export const PAID_PLANS: readonly PaidPlan[] = ['gold', 'platinum'];

export function isPaidPlan(value: unknown): value is PaidPlan {
  return value === 'gold' || value === 'platinum';
}

export function planName(plan: Plan): string {
  return plan === 'platinum' ? 'Platinum' : plan === 'gold' ? 'Gold' : 'Free';
}

/** Messages of the billing screens and calls, verbatim where the spec gives them (000 §4, §5, §7, §8). */
export const BillingMessages = {
  checkoutFailed: 'Failed to start checkout. Please try again.',
  noCheckoutUrl: 'No checkout URL received',
  unknownPlan: 'Unknown plan: choose gold or platinum',
  alreadyOnPlan: (plan: PaidPlan) => `You are already on the ${planName(plan)} plan`,
  loginToCancel: 'Please log in to cancel your subscription',
  cancelFailed: 'Failed to cancel subscription',
  cancelFailedContactSupport: 'Failed to cancel subscription. Please try again or contact support.',
  cancelled: 'Subscription canceled successfully. You will retain access until your current billing period ends.',
  network: 'Network error. Please try again.',
  noSubscription: 'You have no active subscription.',
  notCancelling: 'Your subscription is not set to end, so there is nothing to resume.',
  alreadyEnded: 'This subscription has already ended. Choose a plan to subscribe again.',
  resumeFailed: 'Failed to keep your subscription. Please try again.',
  portalFailed: 'Failed to open billing management. Please try again.',
  noBillingAccount: 'There is no billing account yet: subscribe to a plan first.',
  giftFailed: 'Failed to start the gift checkout. Please try again.',
  switchPreviewFailed: 'Could not price the switch right now. Please try again.',
  invalidGiftEmail: 'Please enter a valid email address.',
  billingOff: 'Payments are not set up on this server. Your plan has not been changed.',
  invalidSignature: 'Invalid Stripe signature',
  missingSignature: 'Missing Stripe signature',
  checkoutNotFound: 'This checkout session does not exist or is not yours.',
  checkoutClosed: 'This checkout session is no longer open.',
} as const;

/** Stripe's subscription statuses. */
export const STRIPE_SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type StripeSubscriptionStatus = (typeof STRIPE_SUBSCRIPTION_STATUSES)[number];

/** A subscription as Stripe reported it at one moment, reduced to what decides access. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: StripeSubscriptionStatus;
  plan: PaidPlan;
  priceId: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  /** When Stripe reported this state: the event's `created`, or the second an API answer was read. */
  observedAt: Date;
}

/** The plan-state fields billing writes; `unlimited` is an admin flag billing never touches. */
export interface BillingPlanState {
  plan: Plan;
  status: PlanStateLike['status'];
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  is_gifted: boolean;
}

/** A canceled or expired subscription never comes back (Stripe cannot reactivate one); nothing older undoes it. */
export function isEndedStatus(status: StripeSubscriptionStatus): boolean {
  return status === 'canceled' || status === 'incomplete_expired';
}

/**
 * Whether the subscription gives access now, by the plan's own rule (paidAccess): while Stripe bills, trials or retries
 * a failed payment (spec 000 §1), to its period's end, or past it for the renewal grace when it renews.
 */
export function isLiveSubscription(
  sub: Pick<SubscriptionSnapshot, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>,
  now: Date,
): boolean {
  return isPaidPeriodLive(
    {
      status: sub.status,
      current_period_end: sub.currentPeriodEnd,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      is_gifted: false,
    },
    now,
  );
}

/**
 * Stripe delivers at least once and out of order. `incoming` replaces `stored` only when it is not older:
 * an ended subscription stays ended; a later period is newer than an earlier one; within one period the
 * later report wins (a tie goes to the one that arrived last, as Stripe's timestamps are whole seconds).
 */
export function supersedes(
  stored: Pick<SubscriptionSnapshot, 'status' | 'currentPeriodEnd' | 'observedAt'> | null,
  incoming: Pick<SubscriptionSnapshot, 'status' | 'currentPeriodEnd' | 'observedAt'>,
): boolean {
  if (!stored) return true;
  if (isEndedStatus(stored.status)) return false;
  if (isEndedStatus(incoming.status)) return true;
  const storedEnd = stored.currentPeriodEnd?.getTime() ?? 0;
  const incomingEnd = incoming.currentPeriodEnd?.getTime() ?? 0;
  if (incomingEnd !== storedEnd) return incomingEnd > storedEnd;
  return incoming.observedAt.getTime() >= stored.observedAt.getTime();
}

const PLAN_RANK: Record<Plan, number> = { free: 0, gold: 1, platinum: 2 };

/**
 * The subscription that decides a user's plan: a live one (the better plan, then the longer period) over any
 * other; else the one reported last. Null when the user never subscribed.
 */
export function governingSubscription(subs: readonly SubscriptionSnapshot[], now: Date): SubscriptionSnapshot | null {
  const live = subs.filter((s) => isLiveSubscription(s, now));
  if (live.length) {
    return [...live].sort(
      (a, b) =>
        PLAN_RANK[b.plan] - PLAN_RANK[a.plan] ||
        (b.currentPeriodEnd?.getTime() ?? Number.MAX_SAFE_INTEGER) -
          (a.currentPeriodEnd?.getTime() ?? Number.MAX_SAFE_INTEGER),
    )[0];
  }
  return [...subs].sort((a, b) => b.observedAt.getTime() - a.observedAt.getTime())[0] ?? null;
}

/** The plan state a subscription gives. Unpaid, paused and expired subscriptions hold no access: canceled. */
export function planStateOfSubscription(sub: SubscriptionSnapshot): BillingPlanState {
  const status: BillingPlanState['status'] =
    sub.status === 'active' || sub.status === 'trialing' || sub.status === 'past_due' || sub.status === 'incomplete'
      ? sub.status
      : 'canceled';
  const ended = status === 'canceled';
  return {
    plan: sub.plan,
    status,
    current_period_end: ended ? (sub.endedAt ?? sub.currentPeriodEnd) : sub.currentPeriodEnd,
    cancel_at_period_end: ended ? false : sub.cancelAtPeriodEnd,
    is_gifted: false,
  };
}

/** A running gift: a gifted paid plan whose month has not ended. */
export function isRunningGift(state: PlanStateLike | null | undefined, now: Date): boolean {
  return Boolean(
    state?.is_gifted &&
    state.plan !== 'free' &&
    state.current_period_end &&
    state.current_period_end.getTime() > now.getTime(),
  );
}

/**
 * The plan state billing wants for a user, or null to leave the row alone: a live subscription decides, except a
 * trial of a lower plan than a running gift's (bought during the gift, it starts billing when the gift ends: the
 * gift is not cut short, DECISIONS 4); a running gift holds to its end; else the last subscription (ended,
 * unpaid…) does. A user who never subscribed (a demo account, an admin grant) is never touched.
 */
export function resolveBillingPlan(
  current: PlanStateLike | null | undefined,
  subs: readonly SubscriptionSnapshot[],
  now: Date,
): BillingPlanState | null {
  const governing = governingSubscription(subs, now);
  const gift = isRunningGift(current, now);
  const waitsForGift = gift && governing?.status === 'trialing' && PLAN_RANK[governing.plan] < PLAN_RANK[current!.plan];
  if (governing && isLiveSubscription(governing, now) && !waitsForGift) return planStateOfSubscription(governing);
  if (gift) return null;
  return governing ? planStateOfSubscription(governing) : null;
}

/** Whether writing `next` would change `current` (a replayed report changes nothing and announces nothing). */
export function planStateDiffers(current: PlanStateLike | null | undefined, next: BillingPlanState): boolean {
  if (!current) return true;
  return (
    current.plan !== next.plan ||
    current.status !== next.status ||
    current.is_gifted !== next.is_gifted ||
    current.cancel_at_period_end !== next.cancel_at_period_end ||
    (current.current_period_end?.getTime() ?? null) !== (next.current_period_end?.getTime() ?? null)
  );
}

/** DECISIONS 4: a gift is one month of Platinum. */
export const GIFT_PLAN: PaidPlan = 'platinum';
export const GIFT_MONTHS = 1;
/** The gift's price: one month of Platinum at the one configured price (DECISIONS 1). */
export const GIFT_PRICE_CENTS = PLAN_PRICE_CENTS[GIFT_PLAN] * GIFT_MONTHS;

/** How a paid gift is granted now: as the plan, as a credit on a Stripe customer's balance, or not yet. */
export type GiftGrantWay = { as: 'plan' } | { as: 'credit'; customerId: string } | { as: 'wait' };

/**
 * How a paid gift is granted (DECISIONS 4): as the plan when no subscription is live; to a live subscription that
 * will renew, as a credit on its customer's Stripe balance (its next invoices are paid from it), since a plan state
 * cannot hold a gift and a subscription at once; a live subscription set to end keeps it waiting, to be granted as
 * the plan once it has ended (a credit there would never be spent).
 */
export function giftGrantWay(subs: readonly SubscriptionSnapshot[], now: Date): GiftGrantWay {
  const live = subs.filter((s) => isLiveSubscription(s, now));
  const renewing = live.find((s) => !s.cancelAtPeriodEnd);
  if (renewing) return { as: 'credit', customerId: renewing.customerId };
  return live.length ? { as: 'wait' } : { as: 'plan' };
}

/** `date` plus whole calendar months in UTC, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29), as Stripe bills. */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
  return target;
}

/** A gift's plan state: one month of Platinum from now, or from the end of a gift still running (gifts add up). */
export function giftPlanState(current: PlanStateLike | null | undefined, now: Date): BillingPlanState {
  const from = isRunningGift(current, now) && current?.plan === GIFT_PLAN ? current.current_period_end! : now;
  return {
    plan: GIFT_PLAN,
    status: 'active',
    current_period_end: addMonths(from, GIFT_MONTHS),
    cancel_at_period_end: false,
    is_gifted: true,
  };
}

/** What GET /api/billing/subscription answers: what /subscribe and /usage-plan show (DECISIONS 3). */
export interface BillingOverview {
  /** `stripe`: real Stripe; `local`: the local checkout (no key set, not production); `off`: payments are not set up. */
  mode: 'stripe' | 'local' | 'off';
  /** The plan in force now (as /api/me says it). */
  plan: Plan;
  subscription: {
    id: string;
    plan: PaidPlan;
    status: StripeSubscriptionStatus;
    /** "Active Subscription" shows only when this is true. */
    active: boolean;
    amount_cents: number;
    currency: string;
    interval: 'month';
    current_period_end: string | null;
    cancel_at_period_end: boolean;
    /** The latest renewal failed and Stripe is retrying: "update your card". */
    payment_failed: boolean;
  } | null;
  /** A running gift (DECISIONS 4) and its end. */
  gift: { plan: PaidPlan; until: string } | null;
  /** Whether "Manage billing" can open the portal (a Stripe customer exists). */
  can_manage_billing: boolean;
}

/**
 * GET /api/billing/switch-preview?plan: what switching the live subscription to `plan` charges, from Stripe's
 * invoice preview of the same change, shown before the user confirms (the switch is prorated and invoiced at once).
 */
export interface PlanSwitchPreview {
  plan: PaidPlan;
  /** Charged when the user confirms: the prorated difference, less any credit on their balance. */
  amount_due_cents: number;
  /** The prorated difference itself; below zero it is credited to the next invoices. */
  total_cents: number;
  currency: string;
}

/** A local checkout session as the local checkout page shows it (no Stripe key: spec DESIGN "payments"). */
export interface LocalCheckoutView {
  id: string;
  kind: 'subscription' | 'gift';
  plan: PaidPlan;
  amount_cents: number;
  currency: string;
  recipient_email: string | null;
  status: 'open' | 'complete' | 'expired';
  cancel_url: string;
}

/** A local invoice as the local billing portal lists it. */
export interface LocalInvoiceView {
  id: string;
  created: string;
  description: string;
  amount_cents: number;
  currency: string;
  status: string;
}
