import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Plan } from '@oddspulse/shared';
import { isPlatinum } from '../api/accounts';
import { startCheckout } from '../api/billing';
import { planCards } from '../pages/plans';
import { authAtom, planAtom } from '../state/auth';
import { savePricingIntent } from '../state/pricing-intent';
import { useFreeMonthlyQuota } from '../state/site';

/** Starts checkout for a paid plan, or (signed out) keeps the intent and sends the user to sign in. */
export function useChoosePlan() {
  const auth = useAtomValue(authAtom);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Plan | null>(null);
  const choose = async (plan: Exclude<Plan, 'free'>) => {
    setError(null);
    if (auth.status !== 'signedIn') {
      // spec 000 §4: the intent is kept and the user signs in first.
      savePricingIntent(window.localStorage, 'upgrade', '/subscribe', Date.now());
      navigate('/login?returnTo=/subscribe&intent=upgrade');
      return;
    }
    setBusy(plan);
    try {
      await startCheckout(plan);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to start checkout. Please try again.');
    } finally {
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

export function PlanCards() {
  const auth = useAtomValue(authAtom);
  const plan = useAtomValue(planAtom);
  const navigate = useNavigate();
  const { choose, error, clearError, busy } = useChoosePlan();
  const cards = planCards(useFreeMonthlyQuota());
  const current = auth.status === 'signedIn' && plan.status === 'ready' ? (isPlatinum(plan.info) ? 'platinum' : plan.info.plan) : null;
  return (
    <>
      {error && <CheckoutError message={error} onRetry={clearError} />}
      <div className="plan-cards">
        {cards.map((card) => (
          <article key={card.plan} className={`plan-card card${card.plan === 'platinum' ? ' featured' : ''}`} data-testid={`plan-card-${card.plan}`}>
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
                <button type="button" className="button" onClick={() => navigate('/signup')}>
                  Start free
                </button>
              )
            ) : (
              <button type="button" className="button primary" disabled={busy !== null} onClick={() => void choose(card.plan as Exclude<Plan, 'free'>)}>
                {busy === card.plan ? 'Opening secure checkout...' : `Choose ${card.name}`}
              </button>
            )}
          </article>
        ))}
      </div>
    </>
  );
}
