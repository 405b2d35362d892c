import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { fetchPlanInfo, isPlatinum, planLabel, type PlanInfo } from '../api/accounts';
import { cancelSubscription } from '../api/billing';
import { Spinner } from '../routing/guards';
import { authAtom, planAtom } from '../state/auth';
import { useFreeMonthlyQuota } from '../state/site';
import { planCards } from './plans';

/** The success page's processing spinner (spec 000 §9: 2 seconds). */
export const BILLING_SUCCESS_SPINNER_MS = 2000;

const NoIndex = () => <meta name="robots" content="noindex" />;

/**
 * /billing/success: after the spinner the plan is read again from /api/me; "Welcome to Platinum!" is
 * said only when the server reports the plan, never on the strength of the URL alone.
 */
export function BillingSuccessPage() {
  const [params] = useSearchParams();
  const auth = useAtomValue(authAtom);
  const setPlan = useSetAtom(planAtom);
  const [info, setInfo] = useState<PlanInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(true);
  const sessionId = params.get('session_id');

  useEffect(() => {
    const timer = window.setTimeout(() => setWaiting(false), BILLING_SUCCESS_SPINNER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (waiting || auth.status !== 'signedIn') return;
    fetchPlanInfo()
      .then((next) => {
        setInfo(next);
        setPlan({ status: 'ready', info: next });
      })
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : 'Failed to load data. Please try again later.'));
  }, [waiting, auth.status, setPlan]);

  let body;
  if (waiting || auth.status === 'loading' || (auth.status === 'signedIn' && !info && !error)) body = <Spinner label="Processing your subscription..." />;
  else if (auth.status === 'signedOut') body = <p>Sign in to see your subscription.</p>;
  else if (error) body = <p className="form-error">{error}</p>;
  else if (info && (info.plan !== 'free' || info.unlimited)) body = <h1>Welcome to {isPlatinum(info) ? 'Platinum' : planLabel(info.plan)}!</h1>;
  else body = <p>We have not received confirmation of a payment yet. Your plan is still Free; this page shows the change once the payment is confirmed.</p>;

  return (
    <section className="card narrow">
      <NoIndex />
      {body}
      {sessionId && <p className="muted small">Checkout reference: {sessionId.slice(0, 20)}</p>}
      <div className="actions">
        <Link className="button primary" to="/sportsbooks">
          Go to live odds
        </Link>
        <Link className="button" to="/usage-plan">
          View your plan
        </Link>
      </div>
    </section>
  );
}

/** /billing/cancel: "Checkout Cancelled", or from the account or subscription page the cancel flow. */
export function BillingCancelPage() {
  const [params] = useSearchParams();
  const from = params.get('from');
  if (from !== 'account' && from !== 'subscribe') {
    return (
      <section className="card narrow">
        <NoIndex />
        <h1>Checkout Cancelled</h1>
        <p>No payment was taken and your plan is unchanged.</p>
        <div className="actions">
          <Link className="button primary" to="/subscribe">
            Back to plans
          </Link>
          <Link className="button" to="/account">
            Your account
          </Link>
        </div>
      </section>
    );
  }
  return <CancelFlow from={from} />;
}

function CancelFlow({ from }: { from: 'account' | 'subscribe' }) {
  const auth = useAtomValue(authAtom);
  const plan = useAtomValue(planAtom);
  const freeQuota = useFreeMonthlyQuota();
  const [step, setStep] = useState<'benefits' | 'confirm' | 'cancelled'>('benefits');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (auth.status === 'loading') return <Spinner />;
  if (auth.status === 'signedOut') {
    return (
      <section className="card narrow">
        <NoIndex />
        <p className="form-error">Please log in to cancel your subscription</p>
        <Link className="button primary" to={`/login?returnTo=${encodeURIComponent(`/billing/cancel?from=${from}`)}`}>
          Log in
        </Link>
      </section>
    );
  }
  const info = plan.status === 'ready' ? plan.info : null;
  const name = info ? (isPlatinum(info) ? 'platinum' : info.plan) : 'free';
  const features = planCards(freeQuota).find((c) => c.plan === name)?.features ?? [];
  const back = from === 'account' ? '/account' : '/subscribe';

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await cancelSubscription();
      setStep('cancelled');
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'Failed to cancel subscription');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card narrow">
      <NoIndex />
      {step === 'benefits' && (
        <>
          <h1>Before you go</h1>
          <p>Your {planLabel(name === 'free' ? 'free' : name)} plan includes:</p>
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
          <p>Your subscription ends at the end of the current billing period; you keep access until then.</p>
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
          <Link className="button primary" to="/account">
            Back to your account
          </Link>
        </>
      )}
    </section>
  );
}
