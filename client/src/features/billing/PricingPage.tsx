import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isPlatinum } from '../../state/session-api';
import { isPaidPlan } from '@oddspulse/shared';
import { startCheckout } from './billing-api';
import { CheckoutError, PlanCards } from './PlanCards';
import { authAtom } from '../../state/auth';
import { clearPricingIntent, readPricingIntent } from '../../state/pricing-intent';
import { usePlan } from '../../state/session-state';

/** Checkout auto-starts this long after the page opens with intent=upgrade&autostart=1 (spec 000 §4, §9). */
export const AUTOSTART_DELAY_MS = 1000;

/**
 * intent=upgrade&autostart=1 for a signed-in user who is not Platinum: checkout starts after 1 s for the plan
 * clicked before signing in (`plan` in the query, or stored with the pricing intent), or, with none, as the
 * auto-start call without a body (the upgrade: Platinum).
 */
function useAutostartCheckout() {
  const [params] = useSearchParams();
  const auth = useAtomValue(authAtom);
  const plan = usePlan();
  const [state, setState] = useState<{ opening: boolean; error: string | null }>({ opening: false, error: null });
  const started = useRef(false);
  const wanted = params.get('intent') === 'upgrade' && params.get('autostart') === '1';
  const queryPlan = params.get('plan');
  const ready = auth.status === 'signedIn' && plan.status === 'ready';
  const eligible = ready && !isPlatinum(plan.info);
  useEffect(() => {
    if (!wanted || !eligible || started.current) return;
    started.current = true;
    setState({ opening: true, error: null });
    const timer = window.setTimeout(() => {
      const stored = readPricingIntent(window.localStorage, Date.now());
      clearPricingIntent(window.localStorage);
      const chosen = queryPlan ?? (stored?.intent === 'upgrade' ? stored.plan : undefined);
      startCheckout(isPaidPlan(chosen) ? chosen : undefined).catch((error: unknown) => {
        setState({
          opening: false,
          error: `Auto-start failed: ${error instanceof Error ? error.message : String(error)}`,
        });
      });
    }, AUTOSTART_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [wanted, eligible, queryPlan]);
  return { ...state, clear: () => setState({ opening: false, error: null }) };
}

export function PricingPage() {
  const autostart = useAutostartCheckout();
  return (
    <div className="page">
      <h1>Pricing</h1>
      <p className="muted">
        Monthly plans that renew automatically. Cancel any time and keep access until the end of the period.
      </p>
      {autostart.opening && (
        <div className="banner banner-info" role="status">
          Opening secure checkout...
        </div>
      )}
      {autostart.error && <CheckoutError message={autostart.error} onRetry={autostart.clear} />}
      <PlanCards />
    </div>
  );
}
