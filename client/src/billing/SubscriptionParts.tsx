import { useState, type FormEvent } from 'react';
import { BillingMessages, GIFT_PRICE_CENTS, isValidEmail, type BillingOverview } from '@oddspulse/shared';
import { openBillingPortal, resumeSubscription, startGiftCheckout } from './billing-api';
import { useBillingOverviewChanged, useRefreshPlan } from './billing-state';
import { formatAmount, formatBillingDate, monthlyPrice } from './plans';
import { isPlatinum, type PlanInfo } from '../account/account-api';
import { FormError } from '../components/FormError';
import { LabelledInput } from '../components/LabelledInput';
import { useBusyAction } from '../components/hooks/useBusyAction';

type Subscription = NonNullable<BillingOverview['subscription']>;

/** The subscription's status in words: "Active", "Ends on …", "Payment failed", "Canceled". */
function subscriptionStatus(sub: Subscription): string {
  if (sub.payment_failed || sub.status === 'past_due') return 'Payment failed: Stripe is retrying your card';
  if (sub.active && sub.cancel_at_period_end) return 'Canceled: access until the end of the period';
  if (sub.active) return sub.status === 'trialing' ? 'Active (billing starts at the period end)' : 'Active';
  if (sub.status === 'incomplete') return 'Waiting for the first payment';
  return 'Ended';
}

/** The Status row of a plan's facts list, for a live subscription; nothing without one. */
export function SubscriptionStatusFact({ sub }: { sub: Subscription | null }) {
  if (!sub) return null;
  return (
    <>
      <dt>Status</dt>
      <dd data-testid="subscription-status">{subscriptionStatus(sub)}</dd>
    </>
  );
}

/** "$10/month" from the subscription's own price. */
export function subscriptionAmount(sub: Subscription): string {
  return `${formatAmount(sub.amount_cents, sub.currency)}/month`;
}

/** The subscription that still gives access: active, or past due while Stripe retries the card. */
export function liveSubscription(overview: BillingOverview | null): Subscription | null {
  const sub = overview?.subscription;
  return sub && (sub.active || sub.status === 'past_due') ? sub : null;
}

/** What the paid plan costs: the live subscription's own price, nothing for a gift, else the plan's list price. */
export function planPrice(info: PlanInfo, sub: Subscription | null): string {
  if (sub) return subscriptionAmount(sub);
  return info.is_gifted ? '$0 (gift)' : `${monthlyPrice(isPlatinum(info) ? 'platinum' : info.plan)}/month`;
}

/** When the paid plan runs out or renews: a gift's end, the live subscription's period end, else the account's date. */
export function planEndDate(info: PlanInfo, overview: BillingOverview | null, sub: Subscription | null) {
  return overview?.gift?.until ?? sub?.current_period_end ?? info.subscription_end_date;
}

/** What planEndDate is: a gift's last day, the end of access after a cancellation, or the next renewal. */
export function planEndLabel(info: PlanInfo, sub: Subscription | null): string {
  if (info.is_gifted && !sub) return 'Active until';
  return sub?.cancel_at_period_end ? 'Access until' : 'Next renewal';
}

export function ActiveBadge({ sub }: { sub: Subscription | null }) {
  return sub?.active ? <span className="badge-active">Active Subscription</span> : null;
}

/** A renewal that failed: visible, with the way to fix it ("payment failed: update your card"). */
export function PaymentFailedBanner({ overview }: { overview: BillingOverview }) {
  const [error, setError] = useState<string | null>(null);
  if (!overview.subscription?.payment_failed && overview.subscription?.status !== 'past_due') return null;
  return (
    <div className="banner banner-error" role="alert" data-testid="payment-failed">
      <span>Payment failed: update your card. Stripe will try again; your plan stays on until it gives up.</span>
      {overview.can_manage_billing && (
        <button
          type="button"
          className="button small"
          onClick={() => {
            openBillingPortal().catch((e: Error) => setError(e.message));
          }}
        >
          Update your card
        </button>
      )}
      {error && <span className="form-error">{error}</span>}
    </div>
  );
}

export function ManageBillingButton({ overview }: { overview: BillingOverview }) {
  const { busy, error, run } = useBusyAction();
  if (!overview.can_manage_billing) return null;
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => void run(openBillingPortal, BillingMessages.portalFailed, { leaves: true })}
      >
        {busy ? 'Opening...' : 'Manage billing'}
      </button>
      <FormError message={error} />
    </>
  );
}

/** "Keep my subscription" (or `label`): undoes a cancellation before the period ends. */
export function KeepSubscriptionButton({
  onResumed,
  label = 'Keep my subscription',
}: {
  onResumed?: () => void;
  label?: string;
}) {
  const refreshPlan = useRefreshPlan();
  const overviewChanged = useBillingOverviewChanged();
  const { busy, error, run } = useBusyAction();
  const resume = async () => {
    overviewChanged(await resumeSubscription());
    onResumed?.();
    await refreshPlan();
  };
  return (
    <>
      <button
        type="button"
        className="button primary"
        disabled={busy}
        onClick={() => void run(resume, BillingMessages.resumeFailed)}
      >
        {busy ? 'Keeping...' : label}
      </button>
      <FormError message={error} />
    </>
  );
}

/** When access ends, for a subscription set to cancel: "You keep access until March 5, 2027." */
export function AccessUntil({ sub }: { sub: Subscription }) {
  if (!sub.cancel_at_period_end || !sub.current_period_end) return null;
  return <p data-testid="access-until">You keep access until {formatBillingDate(sub.current_period_end)}.</p>;
}

/** One month of Platinum for someone else (DECISIONS 4): a one-time checkout. */
export function GiftPlatinum() {
  const [email, setEmail] = useState('');
  const { busy, error, setError, run } = useBusyAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) setError(BillingMessages.invalidGiftEmail);
    else void run(() => startGiftCheckout(email.trim()), BillingMessages.giftFailed, { leaves: true });
  };
  return (
    <section className="card" aria-labelledby="gift-title" data-testid="gift-platinum">
      <h2 id="gift-title">Give Platinum as a gift</h2>
      <p className="muted">
        One month of Platinum for {formatAmount(GIFT_PRICE_CENTS)}, paid once. They get it at once, or when they sign up
        with this address.
      </p>
      <form onSubmit={submit} noValidate>
        <LabelledInput
          id="gift-email"
          label="Their email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={setEmail}
        />
        <FormError message={error} />
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Opening secure checkout...' : 'Buy the gift'}
        </button>
      </form>
    </section>
  );
}
