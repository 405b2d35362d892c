import { planName } from '@oddspulse/shared';
import { Link } from 'react-router-dom';
import { isPlatinum, type PlanInfo } from '../../state/session-api';
import { UpgradeToPlatinum } from './PlanCards';
import { Spinner } from '../../ui/Spinner';
import { useFreeMonthlyQuota } from '../../state/site';
import { useBillingOverview } from './billing-state';
import { ContinueAfterGift } from './ContinueAfterGift';
import { PlanDebug } from './PlanDebug';
import { formatBillingDate, planCards } from './plans';
import { GiftPlatinum } from './GiftPlatinum';
import { KeepSubscriptionButton, ManageBillingButton, PaymentFailedBanner } from './SubscriptionActions';
import { AccessUntil, ActiveBadge, paidPlanFacts, SubscriptionStatusFact } from './SubscriptionFacts';
import { FormError } from '../../ui/FormError';

/** A paid user's subscription (spec 000 §2): plan, price, cycle, status and dates, what is included, and its actions. */
export function MySubscription({ info }: { info: PlanInfo }) {
  const freeQuota = useFreeMonthlyQuota();
  const billing = useBillingOverview();
  const name = isPlatinum(info) ? 'platinum' : info.plan;
  const card = planCards(freeQuota).find((c) => c.plan === name)!;
  const overview = billing.data ?? null;
  const { sub, price, ends, endsLabel } = paidPlanFacts(info, overview);
  return (
    <div className="page">
      <h1>My Subscription</h1>
      {overview && <PaymentFailedBanner overview={overview} />}
      <section className="card" data-testid="my-subscription">
        {billing.isPending && <Spinner label="Loading your subscription..." />}
        {billing.isError && <FormError message={billing.error.message} />}
        <dl className="facts">
          <dt>Plan</dt>
          <dd>
            {planName(sub?.plan ?? name)} <ActiveBadge sub={sub} />
          </dd>
          <dt>Price</dt>
          <dd>{price}</dd>
          <dt>Billing cycle</dt>
          <dd>
            {info.is_gifted && !sub
              ? 'Gifted (1 month)'
              : sub?.cancel_at_period_end
                ? 'Monthly (ends at the period end)'
                : 'Monthly (Auto-renews)'}
          </dd>
          <SubscriptionStatusFact sub={sub} />
          {ends && (
            <>
              <dt>{endsLabel}</dt>
              <dd>{formatBillingDate(ends)}</dd>
            </>
          )}
        </dl>
        {sub && <AccessUntil sub={sub} />}
        <h2>Included</h2>
        <ul>
          {card.features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        <div className="actions">
          {!isPlatinum(info) && <UpgradeToPlatinum />}
          {overview?.gift && !sub && overview.mode !== 'off' && <ContinueAfterGift until={overview.gift.until} />}
          {overview && <ManageBillingButton overview={overview} />}
          {sub?.cancel_at_period_end && <KeepSubscriptionButton />}
          {sub && !sub.cancel_at_period_end && (
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
