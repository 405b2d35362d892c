import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { BillingOverview } from '@oddspulse/shared';
import { useSecurityActivityChanged } from '../account';
import { useSignedInUserId } from '../../state/auth';
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
