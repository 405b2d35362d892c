import { accountPlanName, isPaid, isPlatinum } from '../../state/session-api';
import { useBillingOverview } from './billing-state';
import { Modal } from '../../ui/Modal';
import { UpgradeToPlatinum } from './PlanCards';
import { Spinner } from '../../ui/Spinner';
import { usePlan } from '../../state/session-state';

import { formatBillingDate, monthlyPrice } from './plans';
import { GiftPlatinum } from './GiftPlatinum';
import { KeepSubscriptionButton, ManageBillingButton, PaymentFailedBanner } from './SubscriptionActions';
import { AccessUntil, ActiveBadge, paidPlanFacts, SubscriptionStatusFact } from './SubscriptionFacts';
import { FormError } from '../../ui/FormError';
import { useCancelSubscription } from './useCancelSubscription';

/**
 * /usage-plan (spec 000 §2, §4; DECISIONS 3): the plan card, the real renewal date, amount and status from the
 * subscription, and a cancel modal that calls the real cancel endpoint (cancel at the period end, access until
 * then), which can be undone until then. The management card is the live subscription's: a paid plan held without
 * one (a gift, an admin grant, a demo account) has no renewal, amount or cancel to show.
 */
export function UsagePlanPage() {
  const plan = usePlan();
  const billing = useBillingOverview();
  const { confirming, setConfirming, result, setResult, busy, confirm } = useCancelSubscription();
  if (plan.status !== 'ready' || (isPaid(plan.info) && billing.isPending))
    return <Spinner label="Loading your plan details..." />;
  const info = plan.info;
  const platinum = isPlatinum(info);
  const overview = billing.data ?? null;
  const { sub, price, ends, endsLabel } = paidPlanFacts(info, overview);

  return (
    <div className="page">
      <h1>Your Plan</h1>
      {overview && <PaymentFailedBanner overview={overview} />}
      <section className="card" data-testid="usage-plan-card">
        <h2>{accountPlanName(info)}</h2>
        {info.limit === null ? (
          <p>Unlimited odds calls.</p>
        ) : (
          <p>
            {info.used} of {info.limit} odds calls used this month.
          </p>
        )}
      </section>
      {billing.isError && <FormError message={billing.error.message} />}
      {sub && (
        <section className="card" data-testid="subscription-management">
          <h2>
            Manage subscription <ActiveBadge sub={sub} />
          </h2>
          <dl className="facts">
            <dt>{endsLabel}</dt>
            <dd data-testid="renewal-date">{ends ? formatBillingDate(ends) : 'Not reported yet'}</dd>
            <dt>Amount</dt>
            <dd>{price}</dd>
            <SubscriptionStatusFact sub={sub} />
          </dl>
          {result && (
            <p className={result.ok ? 'form-success' : 'form-error'} role="status">
              {result.text}
            </p>
          )}
          <AccessUntil sub={sub} />
          <div className="actions">
            {!sub.cancel_at_period_end && (
              <button type="button" className="button danger" onClick={() => setConfirming(true)}>
                Cancel subscription
              </button>
            )}
            {sub.cancel_at_period_end && <KeepSubscriptionButton onResumed={() => setResult(null)} />}
            {overview && <ManageBillingButton overview={overview} />}
          </div>
        </section>
      )}
      {!platinum && (
        <section className="card">
          <h2>Upgrade to Platinum</h2>
          <p>Arbitrage, middles, live markets and unlimited API access for {monthlyPrice('platinum')}/month.</p>
          <UpgradeToPlatinum />
        </section>
      )}
      <GiftPlatinum />
      {confirming && (
        <CancelSubscriptionModal
          periodEnd={sub?.current_period_end}
          busy={busy}
          onConfirm={() => void confirm()}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

/** Asks before cancelling: the subscription ends at the period's end, with access until then and an undo. */
function CancelSubscriptionModal({
  periodEnd,
  busy,
  onConfirm,
  onClose,
}: {
  periodEnd: string | null | undefined;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal title="Cancel your subscription?" onClose={onClose}>
      <p>
        Your subscription ends at the end of the current billing period
        {periodEnd ? ` (${formatBillingDate(periodEnd)})` : ''}; you keep access until then and can undo the
        cancellation before that date.
      </p>
      <div className="actions">
        <button type="button" className="button danger" disabled={busy} onClick={onConfirm}>
          {busy ? 'Cancelling...' : 'Confirm cancellation'}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Keep my plan
        </button>
      </div>
    </Modal>
  );
}
