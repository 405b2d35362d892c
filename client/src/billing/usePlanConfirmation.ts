import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { fetchPlanInfo, isPlatinum, type PlanInfo } from '../account/account-api';
import { planAtom } from '../state/auth';

/** Stripe's webhook usually lands within seconds of the redirect; the page asks again for this long. */
export const BILLING_CONFIRMATION_WAIT_MS = 20_000;
const CONFIRMATION_POLL_MS = 1500;

/** Whether /api/me shows what the checkout bought (the plan asked for, or any paid plan). */
export function planConfirmed(info: PlanInfo, expected: string | null): boolean {
  if (expected === 'platinum') return isPlatinum(info);
  if (expected === 'gold') return info.plan === 'gold' && !info.unlimited;
  return info.plan !== 'free' || info.unlimited;
}

/**
 * After a checkout: reads /api/me (and updates the plan everywhere) until it shows the plan bought, or gives up
 * after BILLING_CONFIRMATION_WAIT_MS. Idle while `enabled` is false.
 */
export function usePlanConfirmation(expected: string | null, enabled: boolean) {
  const setPlan = useSetAtom(planAtom);
  const [info, setInfo] = useState<PlanInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer: number | undefined;
    const started = Date.now();
    const check = () => {
      fetchPlanInfo()
        .then((next) => {
          if (stopped) return;
          setInfo(next);
          setPlan({ status: 'ready', info: next });
          if (planConfirmed(next, expected)) return;
          if (Date.now() - started >= BILLING_CONFIRMATION_WAIT_MS) setGaveUp(true);
          else timer = window.setTimeout(check, CONFIRMATION_POLL_MS);
        })
        .catch(
          (failure: unknown) =>
            !stopped &&
            setError(failure instanceof Error ? failure.message : 'Failed to load data. Please try again later.'),
        );
    };
    check();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [enabled, setPlan, expected]);
  return { info, error, gaveUp, confirmed: info !== null && planConfirmed(info, expected) };
}
