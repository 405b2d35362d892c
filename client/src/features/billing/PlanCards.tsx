import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { BillingMessages, type PaidPlan, type Plan } from '@oddspulse/shared';
import { Link, useNavigate } from 'react-router-dom';
import { startCheckout } from './billing-api';
import { isPlatinum } from '../../state/session-api';
import { planCards } from './plans';
import { useSubscribedPlan } from './live-subscription';
import { authAtom } from '../../state/auth';
import { savePricingIntent } from '../../state/pricing-intent';
import { useFreeMonthlyQuota } from '../../state/site';
import { useHydrated } from '../../ui/hooks/useHydrated';
import { usePlan } from '../../state/session-state';

/** Asked before a subscriber's plan changes; loaded when it opens. */
const SwitchPlanDialog = lazy(() => import('./SwitchPlanDialog').then((m) => ({ default: m.SwitchPlanDialog })));

/** Starts checkout for a paid plan, or (signed out) keeps the intent and sends the user to sign in. */
export function useChoosePlan() {
  const auth = useAtomValue(authAtom);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Plan | null>(null);
  const choose = async (plan: PaidPlan) => {
    setError(null);
    if (auth.status !== 'signedIn') {
      // spec 000 §4: the intent (and the plan clicked) is kept and the user signs in first.
      savePricingIntent(window.localStorage, 'upgrade', '/subscribe', Date.now(), plan);
      navigate('/login?returnTo=/subscribe&intent=upgrade');
      return;
    }
    setBusy(plan);
    try {
      // Stripe Checkout is another site: the page stays busy until the browser has left.
      await startCheckout(plan);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : BillingMessages.checkoutFailed);
      setBusy(null);
    }
  };
  return { choose, error, clearError: () => setError(null), busy };
}

export function CheckoutError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="banner banner-error" role="alert">
      <span>{message}</span>
      <button type="button" className="button small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

export function ConfirmSwitch(props: {
  current: Plan;
  target: PaidPlan;
  busy: boolean;
  onSwitch: () => void;
  onClose: () => void;
}) {
  const { current, target, busy, onSwitch, onClose } = props;
  return (
    <Suspense fallback={null}>
      <SwitchPlanDialog
        current={current}
        target={target}
        busy={busy}
        onSwitch={() => {
          onClose();
          onSwitch();
        }}
        onClose={onClose}
      />
    </Suspense>
  );
}

/**
 * "Upgrade to Platinum" on the plan pages: a subscriber's opens the switch's confirmation (with its prorated amount)
 * right there; anyone else (a paid plan without a subscription too) chooses a plan on /pricing.
 */
export function UpgradeToPlatinum() {
  const { choose, error, clearError, busy } = useChoosePlan();
  const [confirming, setConfirming] = useState(false);
  const current = useSubscribedPlan().plan;
  if (!current) {
    return (
      <Link className="button primary" to="/pricing">
        Upgrade to Platinum
      </Link>
    );
  }
  return (
    <>
      {error && <CheckoutError message={error} onRetry={clearError} />}
      <button type="button" className="button primary" disabled={busy !== null} onClick={() => setConfirming(true)}>
        {busy ? 'Switching...' : 'Upgrade to Platinum'}
      </button>
      {confirming && (
        <ConfirmSwitch
          current={current}
          target="platinum"
          busy={busy !== null}
          onSwitch={() => void choose('platinum')}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}

export function PlanCards() {
  const auth = useAtomValue(authAtom);
  const plan = usePlan();
  const navigate = useNavigate();
  const { choose, error, clearError, busy } = useChoosePlan();
  const [switching, setSwitching] = useState<PaidPlan | null>(null);
  const cards = planCards(useFreeMonthlyQuota());
  const current =
    auth.status === 'signedIn' && plan.status === 'ready'
      ? isPlatinum(plan.info)
        ? 'platinum'
        : plan.info.plan
      : null;
  // A subscriber's other plan switches their subscription, after a confirmation; until the overview says whether
  // there is one, a paid plan's buttons wait, so a subscriber is never sent to a checkout unasked.
  const subscription = useSubscribedPlan();
  const subscribed = subscription.plan;
  const pick = (target: PaidPlan) => (subscribed ? setSwitching(target) : void choose(target));
  // A prerendered page's buttons do nothing until the app has hydrated them, and a click before that is lost: they
  // stay disabled until then, so the visitor sees that they are not ready yet.
  const hydrated = useHydrated();
  return (
    <>
      {error && <CheckoutError message={error} onRetry={clearError} />}
      {subscription.error && <CheckoutError message={subscription.error.message} onRetry={subscription.retry} />}
      {switching && subscribed && (
        <ConfirmSwitch
          current={subscribed}
          target={switching}
          busy={busy !== null}
          onSwitch={() => void choose(switching)}
          onClose={() => setSwitching(null)}
        />
      )}
      <div className="plan-cards">
        {cards.map((card) => (
          <article
            key={card.plan}
            className={`plan-card card${card.plan === 'platinum' ? ' featured' : ''}`}
            data-testid={`plan-card-${card.plan}`}
          >
            <h3>{card.name}</h3>
            <p className="price">
              {card.price}
              <span>/month</span>
            </p>
            <ul>
              {card.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            {current === card.plan ? (
              <span className="current-plan">Current plan</span>
            ) : card.plan === 'free' || (current === 'platinum' && card.plan === 'gold') ? (
              auth.status !== 'signedIn' && (
                <button
                  type="button"
                  className="button"
                  disabled={!hydrated}
                  onClick={() => {
                    navigate('/signup');
                  }}
                >
                  Start free
                </button>
              )
            ) : (
              <button
                type="button"
                className="button primary"
                disabled={!hydrated || busy !== null || subscribed === undefined}
                onClick={() => pick(card.plan as PaidPlan)}
              >
                {busy === card.plan
                  ? 'Opening secure checkout...'
                  : subscribed
                    ? `Switch to ${card.name}`
                    : `Choose ${card.name}`}
              </button>
            )}
          </article>
        ))}
      </div>
    </>
  );
}
