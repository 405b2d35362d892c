import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { BillingMessages } from '@oddspulse/shared';
import { accountPlanName, isPaid, isPlatinum } from '../account/account-api';
import { cancelSubscription } from './billing-api';
import { useBillingOverview, useBillingOverviewChanged, useRefreshPlan } from './billing-state';
import { Modal } from '../components/Modal';
import { UpgradeToPlatinum } from '../components/PlanCards';
import { Spinner } from '../routing/guards';
import { planAtom } from '../state/auth';
import { formatBillingDate, monthlyPrice } from './plans';
import { GiftPlatinum } from './GiftPlatinum';
import { KeepSubscriptionButton, ManageBillingButton, PaymentFailedBanner } from './SubscriptionActions';
import { AccessUntil, ActiveBadge, paidPlanFacts, SubscriptionStatusFact } from './SubscriptionFacts';
import { FormError } from '../components/FormError';

/**
 * /usage-plan (spec 000 §2, §4; DECISIONS 3): the plan card, the real renewal date, amount and status from the
 * subscription, and a cancel modal that calls the real cancel endpoint (cancel at the period end, access until
 * then), which can be undone until then.
 */
export function UsagePlanPage() {
  const plan = useAtomValue(planAtom);
  const billing = useBillingOverview();
  const overviewChanged = useBillingOverviewChanged();
  const refreshPlan = useRefreshPlan();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (plan.status !== 'ready' || (isPaid(plan.info) && billing.isPending))
    return <Spinner label="Loading your plan details..." />;
  const info = plan.info;
  const platinum = isPlatinum(info);
  const paid = isPaid(info);
  const overview = billing.data ?? null;
  const { sub, price, ends, endsLabel } = paidPlanFacts(info, overview);

  const confirm = async () => {
    setBusy(true);
    try {
      overviewChanged(await cancelSubscription());
      await refreshPlan();
      setResult({ ok: true, text: BillingMessages.cancelled });
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      // spec 000 §4, §7: the network message, the server's reason, else the page's default.
      setResult({
        ok: false,
        text:
          !message || message === BillingMessages.cancelFailed ? BillingMessages.cancelFailedContactSupport : message,
      });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

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
      {paid && (
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
          {sub && <AccessUntil sub={sub} />}
          <div className="actions">
            {sub && !sub.cancel_at_period_end && (
              <button type="button" className="button danger" onClick={() => setConfirming(true)}>
                Cancel subscription
              </button>
            )}
            {sub?.cancel_at_period_end && <KeepSubscriptionButton onResumed={() => setResult(null)} />}
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
        <Modal title="Cancel your subscription?" onClose={() => setConfirming(false)}>
          <p>
            Your subscription ends at the end of the current billing period
            {sub?.current_period_end ? ` (${formatBillingDate(sub.current_period_end)})` : ''}; you keep access until
            then and can undo the cancellation before that date.
          </p>
          <div className="actions">
            <button type="button" className="button danger" disabled={busy} onClick={() => void confirm()}>
              {busy ? 'Cancelling...' : 'Confirm cancellation'}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              Keep my plan
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
