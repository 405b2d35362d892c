import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BillingMessages, planName } from '@oddspulse/shared';
import { isPaid, isPlatinum, type PlanInfo } from '../account/account-api';
import { startCheckout } from './billing-api';
import { useBillingOverview } from './billing-state';
import { formatBillingDate, monthlyPrice, planCards } from './plans';
import { PricingPage } from './PricingPage';
import {
  AccessUntil,
  ActiveBadge,
  GiftPlatinum,
  KeepSubscriptionButton,
  ManageBillingButton,
  PaymentFailedBanner,
  subscriptionAmount,
  subscriptionStatus,
} from './SubscriptionParts';
import { Spinner } from '../routing/guards';
import { planAtom } from '../state/auth';
import { useFreeMonthlyQuota } from '../state/site';

/** `?debug` shows the plan record the page decided on (spec 000 §2: debug is a supported query). */
function PlanDebug({ info }: { info: unknown }) {
  const [params] = useSearchParams();
  if (!params.has('debug')) return null;
  return (
    <pre className="card small" data-testid="subscribe-debug">
      {JSON.stringify(info, null, 2)}
    </pre>
  );
}

/** /subscribe (spec 000 §2): paid users see their subscription; free users see plan selection. */
export function SubscribePage() {
  const plan = useAtomValue(planAtom);
  if (plan.status !== 'ready') return <Spinner label="Loading your plan details..." />;
  if (!isPaid(plan.info)) {
    return (
      <>
        <PricingPage />
        <div className="page">
          <GiftPlatinum />
        </div>
        <PlanDebug info={plan.info} />
      </>
    );
  }
  return <MySubscription info={plan.info} />;
}

/** A running gift can be continued as a subscription: billing starts when the gift ends. */
function ContinueAfterGift({ until }: { until: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button primary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          startCheckout('platinum').catch((failure: Error) => {
            setError(failure.message || BillingMessages.checkoutFailed);
            setBusy(false);
          });
        }}
      >
        {busy ? 'Opening secure checkout...' : `Keep Platinum after ${formatBillingDate(until)}`}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

function MySubscription({ info }: { info: PlanInfo }) {
  const freeQuota = useFreeMonthlyQuota();
  const billing = useBillingOverview();
  const name = isPlatinum(info) ? 'platinum' : info.plan;
  const card = planCards(freeQuota).find((c) => c.plan === name)!;
  const overview = billing.state.status === 'ready' ? billing.state.overview : null;
  const sub = overview?.subscription ?? null;
  const liveSub = sub && (sub.active || sub.status === 'past_due') ? sub : null;
  const ends = overview?.gift?.until ?? liveSub?.current_period_end ?? info.subscription_end_date;
  return (
    <div className="page">
      <h1>My Subscription</h1>
      {overview && <PaymentFailedBanner overview={overview} />}
      <section className="card" data-testid="my-subscription">
        {billing.state.status === 'loading' && <Spinner label="Loading your subscription..." />}
        {billing.state.status === 'error' && (
          <p className="form-error" role="alert">
            {billing.state.message}
          </p>
        )}
        <dl className="facts">
          <dt>Plan</dt>
          <dd>
            {planName(liveSub?.plan ?? name)} <ActiveBadge sub={liveSub} />
          </dd>
          <dt>Price</dt>
          <dd>{liveSub ? subscriptionAmount(liveSub) : info.is_gifted ? '$0 (gift)' : `${monthlyPrice(name)}/month`}</dd>
          <dt>Billing cycle</dt>
          <dd>
            {info.is_gifted && !liveSub ? 'Gifted (1 month)' : liveSub?.cancel_at_period_end ? 'Monthly (ends at the period end)' : 'Monthly (Auto-renews)'}
          </dd>
          {liveSub && (
            <>
              <dt>Status</dt>
              <dd data-testid="subscription-status">{subscriptionStatus(liveSub)}</dd>
            </>
          )}
          {ends && (
            <>
              <dt>{info.is_gifted && !liveSub ? 'Active until' : liveSub?.cancel_at_period_end ? 'Access until' : 'Next renewal'}</dt>
              <dd>{formatBillingDate(ends)}</dd>
            </>
          )}
        </dl>
        {liveSub && <AccessUntil sub={liveSub} />}
        <h2>Included</h2>
        <ul>
          {card.features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        <div className="actions">
          {!isPlatinum(info) && (
            <Link className="button primary" to="/pricing">
              Upgrade to Platinum
            </Link>
          )}
          {overview?.gift && !liveSub && overview.mode !== 'off' && <ContinueAfterGift until={overview.gift.until} />}
          {overview && <ManageBillingButton overview={overview} />}
          {liveSub?.cancel_at_period_end && <KeepSubscriptionButton onResumed={billing.set} />}
          {liveSub && !liveSub.cancel_at_period_end && (
            <Link className="button danger" to="/billing/cancel?from=subscribe">
              Cancel subscription
            </Link>
          )}
        </div>
      </section>
      <GiftPlatinum />
      <PlanDebug info={{ plan: info, billing: overview }} />
    </div>
  );
}
