import { useAtomValue } from 'jotai';
import { Link, useSearchParams } from 'react-router-dom';
import { isPaid, isPlatinum, planLabel } from '../api/accounts';
import { planCards, monthlyPrice } from './plans';
import { PricingPage } from './PricingPage';
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
  const freeQuota = useFreeMonthlyQuota();
  if (plan.status !== 'ready') return <Spinner label="Loading your plan details..." />;
  if (!isPaid(plan.info)) {
    return (
      <>
        <PricingPage />
        <PlanDebug info={plan.info} />
      </>
    );
  }
  const name = isPlatinum(plan.info) ? 'platinum' : plan.info.plan;
  const card = planCards(freeQuota).find((c) => c.plan === name)!;
  return (
    <div className="page">
      <h1>My Subscription</h1>
      <section className="card" data-testid="my-subscription">
        <dl className="facts">
          <dt>Plan</dt>
          <dd>{planLabel(name)}</dd>
          <dt>Price</dt>
          <dd>{monthlyPrice(name)}/month</dd>
          <dt>Billing cycle</dt>
          <dd>{plan.info.is_gifted ? 'Gifted (1 month)' : 'Monthly (Auto-renews)'}</dd>
          {plan.info.subscription_end_date && (
            <>
              <dt>{plan.info.is_gifted ? 'Active until' : 'Current period ends'}</dt>
              <dd>{new Date(plan.info.subscription_end_date).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}</dd>
            </>
          )}
        </dl>
        <h2>Included</h2>
        <ul>
          {card.features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        <div className="actions">
          {!isPlatinum(plan.info) && (
            <Link className="button primary" to="/pricing">
              Upgrade to Platinum
            </Link>
          )}
          <Link className="button danger" to="/billing/cancel?from=subscribe">
            Cancel subscription
          </Link>
        </div>
      </section>
      <PlanDebug info={plan.info} />
    </div>
  );
}
