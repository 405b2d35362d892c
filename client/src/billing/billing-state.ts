import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import type { BillingOverview } from '@oddspulse/shared';
import { fetchPlanInfo } from '../account/account-api';
import { planAtom } from '../state/auth';
import { fetchBillingOverview } from './billing-api';

export type OverviewState =
  { status: 'loading' } | { status: 'ready'; overview: BillingOverview } | { status: 'error'; message: string };

/** GET /api/billing/subscription for the page, with a loading and an error state; `set` takes a fresh answer (cancel, resume). */
export function useBillingOverview() {
  const [state, setState] = useState<OverviewState>({ status: 'loading' });
  const load = useCallback(() => {
    fetchBillingOverview()
      .then((overview) => setState({ status: 'ready', overview }))
      .catch((error: unknown) =>
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
      );
  }, []);
  useEffect(load, [load]);
  const set = useCallback((overview: BillingOverview) => setState({ status: 'ready', overview }), []);
  return { state, reload: load, set };
}

/** Reads /api/me again after a billing action, so the badge and gates show what the server now says. */
export function useRefreshPlan() {
  const setPlan = useSetAtom(planAtom);
  return useCallback(async () => {
    try {
      setPlan({ status: 'ready', info: await fetchPlanInfo() });
    } catch (error) {
      console.warn('Plan info unavailable; keeping the last one', error);
    }
  }, [setPlan]);
}
