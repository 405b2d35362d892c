import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isPlatinum } from '../../state/session-api';
import { isPaidPlan, type PaidPlan } from '@oddspulse/shared';
import { startCheckout } from './billing-api';
import { CheckoutError, ConfirmSwitch, PlanCards, useChoosePlan } from './PlanCards';
import { useSubscribedPlan } from './live-subscription';
import { authAtom } from '../../state/auth';
import { clearPricingIntent, readPricingIntent } from '../../state/pricing-intent';
import { usePlan } from '../../state/session-state';

/** Checkout auto-starts this long after the page opens with intent=upgrade&autostart=1 (spec 000 §4, §9). */
export const AUTOSTART_DELAY_MS = 1000;

/**
 * intent=upgrade&autostart=1 for a signed-in user who is not Platinum: checkout starts after 1 s for the plan
 * clicked before signing in (`plan` in the query, or stored with the pricing intent), or, with none, as the
 * auto-start call without a body (the upgrade: Platinum). A subscriber's call would switch the live subscription and
 * charge the prorated amount at once, so for them it opens the switch's confirmation instead, as the plan cards do;
 * it waits until the billing overview says whether there is a subscription (a paid plan may be held without one).
 */
function useAutostartCheckout() {
  const [params] = useSearchParams();
  const auth = useAtomValue(authAtom);
  const plan = usePlan();
  const [state, setState] = useState<{ opening: boolean; error: string | null }>({ opening: false, error: null });
  const [switching, setSwitching] = useState<PaidPlan | null>(null);
  const started = useRef(false);
  const wanted = params.get('intent') === 'upgrade' && params.get('autostart') === '1';
  const queryPlan = params.get('plan');
  const ready = auth.status === 'signedIn' && plan.status === 'ready';
  const eligible = ready && !isPlatinum(plan.info);
  const subscribed = useSubscribedPlan().plan;
  useEffect(() => {
    if (!wanted || !eligible || subscribed === undefined || started.current) return;
    started.current = true;
    const chosenPlan = () => {
      const stored = readPricingIntent(window.localStorage, Date.now());
      clearPricingIntent(window.localStorage);
      const chosen = queryPlan ?? (stored?.intent === 'upgrade' ? stored.plan : undefined);
      return isPaidPlan(chosen) ? chosen : undefined;
    };
    if (subscribed) {
      const target = chosenPlan() ?? 'platinum';
      if (target !== subscribed) setSwitching(target);
      return;
    }
    setState({ opening: true, error: null });
    const timer = window.setTimeout(() => {
      startCheckout(chosenPlan()).catch((error: unknown) => {
        setState({
          opening: false,
          error: `Auto-start failed: ${error instanceof Error ? error.message : String(error)}`,
        });
      });
    }, AUTOSTART_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [wanted, eligible, subscribed, queryPlan]);
  return {
    ...state,
    clear: () => setState({ opening: false, error: null }),
    switchFrom: subscribed ?? null,
    switching,
    closeSwitch: () => setSwitching(null),
  };
}

export function PricingPage() {
  const autostart = useAutostartCheckout();
  const { choose, error, clearError, busy } = useChoosePlan();
  const { switching, switchFrom } = autostart;
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
      {error && <CheckoutError message={error} onRetry={clearError} />}
      {switching && switchFrom && (
        <ConfirmSwitch
          current={switchFrom}
          target={switching}
          busy={busy !== null}
          onSwitch={() => void choose(switching)}
          onClose={autostart.closeSwitch}
        />
      )}
      <PlanCards />
    </div>
  );
}
