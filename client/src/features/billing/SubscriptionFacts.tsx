import type { BillingOverview } from '@oddspulse/shared';
import { formatAmount, formatBillingDate, liveSubscription, monthlyPrice, type Subscription } from './plans';
import { isPlatinum, type PlanInfo } from '../../state/session-api';

/**
 * The subscription's one status, which every subscription page shows: in words ("Active", "Canceled: access until March
 * 5, 2027", "Payment failed: …"), and whether it is active and renewing, the only state the "Active Subscription" badge
 * is shown for (it stood beside "Canceled: access until …" after a cancellation).
 */
export function subscriptionStatus(sub: Subscription): { text: string; renewing: boolean } {
  if (sub.payment_failed || sub.status === 'past_due')
    return { text: 'Payment failed: Stripe is retrying your card', renewing: false };
  if (sub.active && sub.cancel_at_period_end) {
    const until = sub.current_period_end ? formatBillingDate(sub.current_period_end) : 'the end of the period';
    return { text: `Canceled: access until ${until}`, renewing: false };
  }
  if (sub.active)
    return { text: sub.status === 'trialing' ? 'Active (billing starts at the period end)' : 'Active', renewing: true };
  if (sub.status === 'incomplete') return { text: 'Waiting for the first payment', renewing: false };
  return { text: 'Ended', renewing: false };
}

/** The Status row of a plan's facts list, for a live subscription; nothing without one. */
export function SubscriptionStatusFact({ sub }: { sub: Subscription | null }) {
  if (!sub) return null;
  return (
    <>
      <dt>Status</dt>
      <dd data-testid="subscription-status">{subscriptionStatus(sub).text}</dd>
    </>
  );
}

/** "$10/month" from the subscription's own price. */
function subscriptionAmount(sub: Subscription): string {
  return `${formatAmount(sub.amount_cents, sub.currency)}/month`;
}

/** What the paid plan costs: the live subscription's own price, nothing for a gift, else the plan's list price. */
function planPrice(info: PlanInfo, sub: Subscription | null): string {
  if (sub) return subscriptionAmount(sub);
  return info.is_gifted ? '$0 (gift)' : `${monthlyPrice(isPlatinum(info) ? 'platinum' : info.plan)}/month`;
}

/** When the paid plan runs out or renews: a gift's end, the live subscription's period end, else the account's date. */
function planEndDate(info: PlanInfo, overview: BillingOverview | null, sub: Subscription | null) {
  return overview?.gift?.until ?? sub?.current_period_end ?? info.subscription_end_date;
}

/** What planEndDate is: a gift's last day, the end of access after a cancellation, or the next renewal. */
function planEndLabel(info: PlanInfo, sub: Subscription | null): string {
  if (info.is_gifted && !sub) return 'Active until';
  return sub?.cancel_at_period_end ? 'Access until' : 'Next renewal';
}

/**
 * What the subscription pages say of a paid plan: the live subscription (null without one), what the plan costs, and
 * when it runs out or renews (`ends`, which may be unknown) with the words for that date (`endsLabel`).
 */
export function paidPlanFacts(info: PlanInfo, overview: BillingOverview | null) {
  const sub = liveSubscription(overview);
  return {
    sub,
    price: planPrice(info, sub),
    ends: planEndDate(info, overview, sub),
    endsLabel: planEndLabel(info, sub),
  };
}

/** "Active Subscription" beside the plan while the subscription is active and renews; the Status row says the rest. */
export function ActiveBadge({ sub }: { sub: Subscription | null }) {
  return sub && subscriptionStatus(sub).renewing ? <span className="badge-active">Active Subscription</span> : null;
}

/** When access ends, for a subscription set to cancel: "You keep access until March 5, 2027." */
export function AccessUntil({ sub }: { sub: Subscription }) {
  if (!sub.cancel_at_period_end || !sub.current_period_end) return null;
  return <p data-testid="access-until">You keep access until {formatBillingDate(sub.current_period_end)}.</p>;
}
