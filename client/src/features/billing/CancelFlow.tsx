import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { BillingMessages, isPaidPlan } from '@oddspulse/shared';
import { Link, Navigate } from 'react-router-dom';
import { isPaid, isPlatinum } from '../../state/session-api';
import { NoIndex } from '../../ui/NoIndex';
import { Spinner } from '../../ui/Spinner';
import { authAtom } from '../../state/auth';
import { useFreeMonthlyQuota } from '../../state/site';
import { cancelSubscription } from './billing-api';
import { useBillingOverview, useBillingOverviewChanged } from './billing-state';
import { useRefreshPlan } from '../../state/session-state';
import { CancelBenefits, CancelConfirm, CancelledSubscription } from './CancelSteps';
import { formatBillingDate, planCards } from './plans';
import { useBusyAction } from '../../ui/hooks/useBusyAction';
import { usePlan } from '../../state/session-state';

/** Spec 000 §4: benefits, then confirm, then cancelled (at the period's end, with the date, and a way back). */
export function CancelFlow({ from }: { from: 'account' | 'subscribe' }) {
  const auth = useAtomValue(authAtom);
  const plan = usePlan();
  const freeQuota = useFreeMonthlyQuota();
  const refreshPlan = useRefreshPlan();
  const billing = useBillingOverview();
  const overviewChanged = useBillingOverviewChanged();
  const [step, setStep] = useState<'benefits' | 'confirm' | 'cancelled' | 'kept'>('benefits');
  const { busy, error, run } = useBusyAction();
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
  const overview = billing.data ?? null;
  const sub = overview?.subscription ?? null;
  const subscribed = Boolean(sub?.active || sub?.status === 'past_due');
  const name = sub && isPaidPlan(sub.plan) ? sub.plan : info ? (isPlatinum(info) ? 'platinum' : info.plan) : 'free';
  const features = planCards(freeQuota).find((c) => c.plan === name)?.features ?? [];
  const back = from === 'account' ? '/account' : '/subscribe';

  const confirm = () =>
    run(async () => {
      overviewChanged(await cancelSubscription());
      await refreshPlan();
      setStep('cancelled');
    }, BillingMessages.cancelFailed);

  const resumed = () => setStep('kept');

  // The cancel flow is for paid plans (a free user was walked through "cancelling" the free plan).
  if (info && !isPaid(info) && !subscribed && step === 'benefits') return <Navigate to={back} replace />;
  if (step === 'benefits' && billing.isPending) return <Spinner label="Loading your subscription..." />;
  return (
    <section className="card narrow">
      <NoIndex />
      {step === 'benefits' && !subscribed && (
        <>
          <h1>No subscription to cancel</h1>
          <p>
            {sub?.cancel_at_period_end ? 'Your subscription is already set to end.' : BillingMessages.noSubscription}
          </p>
          <Link className="button primary" to={back}>
            Back
          </Link>
        </>
      )}
      {step === 'benefits' && subscribed && sub?.cancel_at_period_end && (
        <CancelledSubscription sub={sub} back={back} justCancelled={false} onResumed={resumed} />
      )}
      {step === 'benefits' && subscribed && !sub?.cancel_at_period_end && (
        <CancelBenefits name={name} features={features} back={back} onContinue={() => setStep('confirm')} />
      )}
      {step === 'confirm' && (
        <CancelConfirm sub={sub} error={error} busy={busy} back={back} onConfirm={() => void confirm()} />
      )}
      {step === 'cancelled' && <CancelledSubscription sub={sub} back={back} justCancelled onResumed={resumed} />}
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
