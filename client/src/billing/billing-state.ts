import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import type { BillingOverview } from '@oddspulse/shared';
import { fetchPlanInfo } from '../account/account-api';
import { useSecurityActivityChanged } from '../account/security-api';
import { planAtom, useSignedInUserId } from '../state/auth';
import { billingKeys, billingOverviewQuery } from './billing-api';

/** The signed-in user's billing overview (GET /api/billing/subscription); pending while no one is signed in. */
export function useBillingOverview() {
  const userId = useSignedInUserId();
  return useQuery({ ...billingOverviewQuery(userId), enabled: userId !== '' });
}

/**
 * Takes the overview a cancel or resume answered with: every screen showing the overview shows it at once, without
 * reading it again, and the security activity, which records either, is read again.
 */
export function useBillingOverviewChanged() {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  const activityChanged = useSecurityActivityChanged(userId);
  return useCallback(
    (overview: BillingOverview) => {
      queryClient.setQueryData(billingKeys.overview(userId), overview);
      activityChanged();
    },
    [queryClient, userId, activityChanged],
  );
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
