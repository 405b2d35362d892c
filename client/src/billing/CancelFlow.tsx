import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BillingMessages, isPaidPlan, planName, type BillingOverview } from '@oddspulse/shared';
import { isPlatinum } from '../account/account-api';
import { NoIndex } from '../components/NoIndex';
import { Spinner } from '../routing/guards';
import { authAtom, planAtom } from '../state/auth';
import { useFreeMonthlyQuota } from '../state/site';
import { cancelSubscription } from './billing-api';
import { useBillingOverview, useRefreshPlan } from './billing-state';
import { formatBillingDate, planCards } from './plans';
import { AccessUntil, KeepSubscriptionButton } from './SubscriptionParts';

/** Spec 000 §4: benefits, then confirm, then cancelled (at the period's end, with the date, and a way back). */
export function CancelFlow({ from }: { from: 'account' | 'subscribe' }) {
  const auth = useAtomValue(authAtom);
  const plan = useAtomValue(planAtom);
  const freeQuota = useFreeMonthlyQuota();
  const refreshPlan = useRefreshPlan();
  const billing = useBillingOverview();
  const [step, setStep] = useState<'benefits' | 'confirm' | 'cancelled' | 'kept'>('benefits');
  const [after, setAfter] = useState<BillingOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (auth.status === 'loading') return <Spinner />;
  if (auth.status === 'signedOut') {
    return (
      <section className="card narrow">
        <NoIndex />
        <p className="form-error">{BillingMessages.loginToCancel}</p>
        <Link className="button primary" to={`/login?returnTo=${encodeURIComponent(`/billing/cancel?from=${from}`)}`}>
          Log in
        </Link>
      </section>
    );
  }
  const info = plan.status === 'ready' ? plan.info : null;
  const overview = after ?? (billing.state.status === 'ready' ? billing.state.overview : null);
  const sub = overview?.subscription ?? null;
  const subscribed = Boolean(sub?.active || sub?.status === 'past_due');
  const name = sub && isPaidPlan(sub.plan) ? sub.plan : info ? (isPlatinum(info) ? 'platinum' : info.plan) : 'free';
  const features = planCards(freeQuota).find((c) => c.plan === name)?.features ?? [];
  const back = from === 'account' ? '/account' : '/subscribe';

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      setAfter(await cancelSubscription());
      await refreshPlan();
      setStep('cancelled');
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : BillingMessages.cancelFailed);
    } finally {
      setBusy(false);
    }
  };

  if (step === 'benefits' && billing.state.status === 'loading') return <Spinner label="Loading your subscription..." />;
  return (
    <section className="card narrow">
      <NoIndex />
      {step === 'benefits' && !subscribed && (
        <>
          <h1>No subscription to cancel</h1>
          <p>{sub?.cancel_at_period_end ? 'Your subscription is already set to end.' : BillingMessages.noSubscription}</p>
          <Link className="button primary" to={back}>
            Back
          </Link>
        </>
      )}
      {step === 'benefits' && subscribed && sub?.cancel_at_period_end && (
        <>
          <h1>Your subscription is already cancelled</h1>
          <AccessUntil sub={sub} />
          <div className="actions">
            <KeepSubscriptionButton
              onResumed={(next) => {
                setAfter(next);
                setStep('kept');
              }}
            />
            <Link className="button" to={back}>
              Back
            </Link>
          </div>
        </>
      )}
      {step === 'benefits' && subscribed && !sub?.cancel_at_period_end && (
        <>
          <h1>Before you go</h1>
          <p>Your {planName(name)} plan includes:</p>
          <ul>
            {features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <div className="actions">
            <Link className="button primary" to={back}>
              Keep my plan
            </Link>
            <button type="button" className="button danger" onClick={() => setStep('confirm')}>
              Continue to cancel
            </button>
          </div>
        </>
      )}
      {step === 'confirm' && (
        <>
          <h1>Confirm cancellation</h1>
          <p>
            Your subscription ends at the end of the current billing period
            {sub?.current_period_end ? ` (${formatBillingDate(sub.current_period_end)})` : ''}; you keep access until then.
          </p>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="actions">
            <button type="button" className="button danger" disabled={busy} onClick={() => void confirm()}>
              {busy ? 'Cancelling...' : 'Cancel subscription'}
            </button>
            <Link className="button" to={back}>
              Keep my plan
            </Link>
          </div>
        </>
      )}
      {step === 'cancelled' && (
        <>
          <h1>Subscription cancelled</h1>
          <p>You will retain access until your current billing period ends.</p>
          {sub && <AccessUntil sub={sub} />}
          <div className="actions">
            <KeepSubscriptionButton
              onResumed={(next) => {
                setAfter(next);
                setStep('kept');
              }}
            />
            <Link className="button" to="/account">
              Back to your account
            </Link>
          </div>
        </>
      )}
      {step === 'kept' && (
        <>
          <h1>Your subscription continues</h1>
          {sub?.current_period_end && <p>It renews on {formatBillingDate(sub.current_period_end)}.</p>}
          <Link className="button primary" to={back}>
            Back
          </Link>
        </>
      )}
    </section>
  );
}
