import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BillingMessages, isPaidPlan, planName, type BillingOverview } from '@oddspulse/shared';
import { accountPlanName, fetchPlanInfo, isPlatinum, type PlanInfo } from '../account/account-api';
import { cancelSubscription } from './billing-api';
import { useBillingOverview, useRefreshPlan } from './billing-state';
import { Spinner } from '../routing/guards';
import { authAtom, planAtom } from '../state/auth';
import { useFreeMonthlyQuota } from '../state/site';
import { formatBillingDate, planCards } from './plans';
import { AccessUntil, KeepSubscriptionButton } from './SubscriptionParts';

/** The success page's processing spinner (spec 000 §9: 2 seconds). */
export const BILLING_SUCCESS_SPINNER_MS = 2000;
/** Stripe's webhook usually lands within seconds of the redirect; the page asks again for this long. */
export const BILLING_CONFIRMATION_WAIT_MS = 20_000;
const CONFIRMATION_POLL_MS = 1500;

const NoIndex = () => <meta name="robots" content="noindex" />;

/** Whether /api/me shows what the checkout bought (the plan asked for, or any paid plan). */
function confirmed(info: PlanInfo, expected: string | null): boolean {
  if (expected === 'platinum') return isPlatinum(info);
  if (expected === 'gold') return info.plan === 'gold' && !info.unlimited;
  return info.plan !== 'free' || info.unlimited;
}

/**
 * /billing/success: after the spinner the plan is read again from /api/me, and again while the payment's webhook
 * is on its way; "Welcome to <plan>!" is said only when the server reports the plan, never on the strength of
 * the URL alone. A gift's buyer is thanked instead (their own plan does not change).
 */
export function BillingSuccessPage() {
  const [params] = useSearchParams();
  const auth = useAtomValue(authAtom);
  const setPlan = useSetAtom(planAtom);
  const [info, setInfo] = useState<PlanInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(true);
  const [gaveUp, setGaveUp] = useState(false);
  const sessionId = params.get('session_id');
  const giftFor = params.get('gift');
  const expected = params.get('plan');

  useEffect(() => {
    const timer = window.setTimeout(() => setWaiting(false), BILLING_SUCCESS_SPINNER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (waiting || auth.status !== 'signedIn' || giftFor) return;
    let stopped = false;
    let timer: number | undefined;
    const started = Date.now();
    const check = () => {
      fetchPlanInfo()
        .then((next) => {
          if (stopped) return;
          setInfo(next);
          setPlan({ status: 'ready', info: next });
          if (confirmed(next, expected)) return;
          if (Date.now() - started >= BILLING_CONFIRMATION_WAIT_MS) setGaveUp(true);
          else timer = window.setTimeout(check, CONFIRMATION_POLL_MS);
        })
        .catch((failure: unknown) => !stopped && setError(failure instanceof Error ? failure.message : 'Failed to load data. Please try again later.'));
    };
    check();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [waiting, auth.status, setPlan, giftFor, expected]);

  let body;
  if (waiting || auth.status === 'loading') body = <Spinner label="Processing your subscription..." />;
  else if (auth.status === 'signedOut') body = <p>Sign in to see your subscription.</p>;
  else if (giftFor)
    body = (
      <>
        <h1>Your gift is on its way!</h1>
        <p>
          {giftFor} gets one month of Platinum: at once if they have an account, or as soon as they sign up with this address. A receipt is in your billing
          history.
        </p>
      </>
    );
  else if (error) body = <p className="form-error">{error}</p>;
  else if (info && confirmed(info, expected)) body = <h1>Welcome to {accountPlanName(info)}!</h1>;
  else if (!gaveUp) body = <Spinner label="Confirming your payment..." />;
  else
    body = (
      <p>We have not received confirmation of the payment yet. Your plan changes as soon as it arrives; you can leave this page, it will show on every page.</p>
    );

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

/** Spec 000 §4: benefits, then confirm, then cancelled (at the period's end, with the date, and a way back). */
function CancelFlow({ from }: { from: 'account' | 'subscribe' }) {
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
