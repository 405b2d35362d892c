import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo } from 'react';
import { authAtom, useSignedInUserId } from './auth';
import { FALLBACK_PLAN, planQuery, profileQuery, sessionKeys, type PlanInfo, type Profile } from './session-api';

/** Plan info from /api/me; `loading` until the first answer (or fallback) for the signed-in user. */
export type PlanState = { status: 'loading' } | { status: 'ready'; info: PlanInfo };

export type ProfileState =
  { status: 'loading' } | { status: 'ready'; profile: Profile } | { status: 'error'; message: string };

const LOADING = { status: 'loading' } as const;
const VISITOR: PlanState = { status: 'ready', info: FALLBACK_PLAN };

/**
 * The plan the pages gate on (spec 000 §3, §7): a visitor's is the free plan; a signed-in user's is planQuery's last
 * answer, kept when a later read fails, and the free plan when none has come (any error falls back to it).
 */
export function usePlan(): PlanState {
  const auth = useAtomValue(authAtom);
  const userId = useSignedInUserId();
  const { data, isError } = useQuery({ ...planQuery(userId), enabled: userId !== '' });
  return useMemo((): PlanState => {
    if (auth.status === 'signedOut') return VISITOR;
    if (auth.status === 'loading') return LOADING;
    if (data) return { status: 'ready', info: data };
    return isError ? VISITOR : LOADING;
  }, [auth.status, data, isError]);
}

/** The signed-in user's profile, from profileQuery; an error says so (the username form offers to try again). */
export function useProfile(): ProfileState {
  const userId = useSignedInUserId();
  const query = useQuery({ ...profileQuery(userId), enabled: userId !== '' });
  const { data, isError } = query;
  return useMemo((): ProfileState => {
    if (data) return { status: 'ready', profile: data };
    if (isError) return { status: 'error', message: 'Unable to load profile. Please try again later.' };
    return LOADING;
  }, [data, isError]);
}

/**
 * Reads the plan again (after a billing action, a plan change the server announced, a metered load, the address
 * verified): every reader shows what the server now says, and keeps the last answer if this read fails. A read still on
 * its way left before the change: TanStack Query reuses a query's first read in flight rather than send another, so it
 * is cancelled first (the app's first read of the plan, sent as it starts, outlived a verification made meanwhile, and
 * the "Verify your email" notice stayed on).
 */
export function useRefreshPlan(): () => Promise<void> {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  return useCallback(async () => {
    if (!userId) return;
    const queryKey = sessionKeys.plan(userId);
    await queryClient.cancelQueries({ queryKey });
    await queryClient.invalidateQueries({ queryKey });
  }, [queryClient, userId]);
}

/** Puts a profile the server answered with (a saved username) where every reader finds it. */
export function useSetProfile(): (profile: Profile) => void {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  return useCallback(
    (profile: Profile) => queryClient.setQueryData(sessionKeys.profile(userId), profile),
    [queryClient, userId],
  );
}
