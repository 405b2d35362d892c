import type { PaidPlan } from '@oddspulse/shared';
import { useQuery } from '@tanstack/react-query';
import { useSignedInUserId } from '../../state/auth';
import { isPaid } from '../../state/session-api';
import { usePlan } from '../../state/session-state';
import { billingOverviewQuery } from './billing-api';
import { liveSubscription, type Subscription } from './plans';

/**
 * The signed-in user's live subscription, from the billing overview (liveSubscription), not from the plan: a gift, an
 * admin grant or a demo account holds a paid plan without one, and the server then has nothing to switch or cancel
 * (NO_SUBSCRIPTION). `sub` is undefined until it is known (`error` says why, when its read failed), null without one.
 * Only a paid plan can be held by a subscription, so nobody else's overview is read for it.
 */
export function useLiveSubscription(): {
  sub: Subscription | null | undefined;
  error: Error | null;
  retry: () => void;
} {
  const userId = useSignedInUserId();
  const plan = usePlan();
  const paid = plan.status === 'ready' && isPaid(plan.info);
  const overview = useQuery({ ...billingOverviewQuery(userId), enabled: userId !== '' && paid });
  const sub =
    plan.status !== 'ready'
      ? undefined
      : !paid
        ? null
        : overview.isSuccess
          ? liveSubscription(overview.data)
          : undefined;
  return { sub, error: overview.error, retry: () => void overview.refetch() };
}

/**
 * The paid plan the user's live subscription is on (null without one, undefined until known): another paid plan
 * changes that subscription (prorated, after a confirmation) rather than opening a second checkout; anyone else buys
 * one.
 */
export function useSubscribedPlan(): { plan: PaidPlan | null | undefined; error: Error | null; retry: () => void } {
  const { sub, error, retry } = useLiveSubscription();
  return { plan: sub === undefined ? undefined : (sub?.plan ?? null), error, retry };
}
