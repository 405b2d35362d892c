import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSignedInUserId } from '../../state/auth';
import { isPlatinum, planQuery, sessionKeys, type PlanInfo } from '../../state/session-api';

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
 * After a checkout: reads the plan (the one plan query, so the badge and the gates follow) again at once and then every
 * CONFIRMATION_POLL_MS until it shows the plan bought, or gives up after BILLING_CONFIRMATION_WAIT_MS; a read that
 * fails stops it and says so. Idle while `enabled` is false.
 */
export function usePlanConfirmation(expected: string | null, enabled: boolean) {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  const [startedAt, setStartedAt] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled || !userId) return;
    setStartedAt(Date.now());
    // the plan held may be from before the payment: read it afresh
    void queryClient.invalidateQueries({ queryKey: sessionKeys.plan(userId) });
  }, [enabled, userId, queryClient]);
  const waitedEnough = (now: number) => startedAt !== null && now - startedAt >= BILLING_CONFIRMATION_WAIT_MS;
  const query = useQuery({
    ...planQuery(userId),
    enabled: enabled && userId !== '',
    refetchInterval: ({ state }) =>
      startedAt === null ||
      state.status === 'error' ||
      (state.data && planConfirmed(state.data, expected)) ||
      waitedEnough(Date.now())
        ? false
        : CONFIRMATION_POLL_MS,
  });
  // read when this render came from the read's answer (each read renders again, even an unchanged answer)
  const answeredAt = query.dataUpdatedAt;
  const info = startedAt !== null && answeredAt >= startedAt ? (query.data ?? null) : null;
  const confirmed = info !== null && planConfirmed(info, expected);
  return {
    info,
    error: query.isError ? query.error.message : null,
    gaveUp: !confirmed && info !== null && waitedEnough(answeredAt),
    confirmed,
  };
}
