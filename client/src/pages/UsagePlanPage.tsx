import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { isPaid, isPlatinum, planLabel } from '../api/accounts';
import { cancelSubscription } from '../api/billing';
import { Modal } from '../components/Modal';
import { Spinner } from '../routing/guards';
import { planAtom } from '../state/auth';
import { monthlyPrice } from './plans';

/**
 * /usage-plan (spec 000 §2, DECISIONS 3): the plan card, the real renewal date and amount from the
 * subscription, and a cancel modal that calls the real cancel endpoint.
 */
export function UsagePlanPage() {
  const plan = useAtomValue(planAtom);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (plan.status !== 'ready') return <Spinner label="Loading your plan details..." />;
  const info = plan.info;
  const platinum = isPlatinum(info);
  const paid = isPaid(info);
  const name = platinum ? 'platinum' : info.plan;

  const confirm = async () => {
    setBusy(true);
    try {
      await cancelSubscription();
      setResult({ ok: true, text: 'Subscription canceled successfully. You will retain access until your current billing period ends.' });
    } catch (error) {
      setResult({ ok: false, text: error instanceof Error && error.message ? error.message : 'Failed to cancel subscription. Please try again or contact support.' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <div className="page">
      <h1>Your Plan</h1>
      <section className="card" data-testid="usage-plan-card">
        <h2>{platinum ? 'Platinum' : paid ? planLabel(info.plan) : 'Guest Access'}</h2>
        {info.limit === null ? <p>Unlimited odds calls.</p> : <p>{info.used} of {info.limit} odds calls used this month.</p>}
      </section>
      {paid && (
        <section className="card">
          <h2>
            Manage subscription <span className="badge-active">Active Subscription</span>
          </h2>
          <dl className="facts">
            <dt>{info.is_gifted ? 'Active until' : 'Next renewal'}</dt>
            <dd>{info.subscription_end_date ? new Date(info.subscription_end_date).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : 'Not reported yet'}</dd>
            <dt>Amount</dt>
            <dd>{info.is_gifted ? '$0 (gift)' : `${monthlyPrice(name)}/month`}</dd>
          </dl>
          {result && (
            <p className={result.ok ? 'form-success' : 'form-error'} role="status">
              {result.text}
            </p>
          )}
          {!info.is_gifted && (
            <div className="actions">
              <button type="button" className="button danger" onClick={() => setConfirming(true)}>
                Cancel subscription
              </button>
            </div>
          )}
        </section>
      )}
      {!platinum && (
        <section className="card">
          <h2>Upgrade to Platinum</h2>
          <p>Arbitrage, middles, live markets and unlimited API access for {monthlyPrice('platinum')}/month.</p>
          <Link className="button primary" to="/pricing">
            Upgrade to Platinum
          </Link>
        </section>
      )}
      {confirming && (
        <Modal title="Cancel your subscription?" onClose={() => setConfirming(false)}>
          <p>You keep access until the end of the current billing period.</p>
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
