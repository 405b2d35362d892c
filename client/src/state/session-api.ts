import { DEFAULT_FREE_MONTHLY_QUOTA, hasPaidPlan, hasPlatinum, planName, type PlanAccess } from '@oddspulse/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../api/api-client';
import { api, typedApi, type Answer } from '../api/client';
import { startEarly, takeEarly } from '../api/early-data';
import { answerOf } from '../api/typed-client';
import { rememberPaidPlan } from './paid-plan-hint';
import { browserStorage } from './stored-value';

/**
 * The signed-in session's reads every page shares (spec 000 §3): the plan (GET /api/me), the profile and the saved
 * preferences, and the sign-out that ends them. The account pages write them (features/account/account-api.ts).
 */
type MeAnswer = Answer<'get', '/api/me'>;

/**
 * The plan as the app reads it (GET /api/me, spec 000 §3): what a visitor also has (FALLBACK_PLAN), and what only a
 * signed-in user's answer carries.
 */
export type PlanInfo = Pick<
  MeAnswer,
  'plan' | 'remaining' | 'limit' | 'used' | 'unlimited' | 'is_gifted' | 'subscription_end_date'
> &
  Partial<Pick<MeAnswer, 'cancel_at_period_end' | 'role' | 'email_verified'>>;

/** The fallback when /api/me fails or nobody is signed in (spec 000 §3). */
export const FALLBACK_PLAN: PlanInfo = {
  plan: 'free',
  remaining: DEFAULT_FREE_MONTHLY_QUOTA,
  limit: DEFAULT_FREE_MONTHLY_QUOTA,
  used: 0,
  unlimited: false,
  is_gifted: false,
  subscription_end_date: null,
};

/** A user's profile; before they have one (GET answers 404), a blank one that was never updated. */
export type Profile = Omit<Answer<'get', '/api/profile'>, 'updated_at'> & { updated_at: string | null };

/** GET/PUT /api/preferences; bankroll in dollars (cents allowed). */
export type Preferences = Answer<'get', '/api/preferences'>;

/** Global sign-out: the server revokes every session of the user. */
export function signOutEverywhere() {
  return api.post<void>('/api/auth/logout');
}

const PLAN_PATH = '/api/me';

/** /api/me, noting whether the plan is paid for the next direct visit's early boards (state/paid-plan-hint.ts). */
async function getPlanInfo(): Promise<PlanInfo> {
  const info = await api.get<MeAnswer>(PLAN_PATH);
  const userId = api.currentSession()?.user.id;
  if (userId) rememberPaidPlan(browserStorage(), userId, isPaid(info));
  return info;
}

/** The plan, from the request sent as the app started when there is one (preloadPlanInfo), else asked for now. */
export function fetchPlanInfo(): Promise<PlanInfo> {
  return takeEarly<PlanInfo>(PLAN_PATH) ?? getPlanInfo();
}

/**
 * Asks for a signed-in user's plan as the app starts, before the first render's effects (the plan gates the
 * first screen, and its answer came a frame or more after the page had painted).
 */
export function preloadPlanInfo(): void {
  if (api.currentSession()) startEarly(PLAN_PATH, getPlanInfo);
}

export function fetchProfile() {
  return answerOf(typedApi.GET('/api/profile'));
}

export function fetchPreferences(): Promise<Preferences> {
  return answerOf(typedApi.GET('/api/preferences'));
}

/**
 * The user's preferences, keyed by the user: the parts of a page that read them at once (bankroll, books,
 * recommendations) share one request, and a save puts its answer here for all of them.
 */
export function preferencesQuery(userId: string) {
  return queryOptions({ queryKey: ['preferences', userId], queryFn: fetchPreferences });
}

/** The plan's access as the shared plan gates read it. */
export function planAccess(info: PlanInfo): PlanAccess {
  return { plan: info.plan, unlimited: info.unlimited };
}

export function isPlatinum(info: PlanInfo): boolean {
  return hasPlatinum(planAccess(info));
}

export function isPaid(info: PlanInfo): boolean {
  return hasPaidPlan(planAccess(info));
}

/** The account's plan name as the user is shown it: Platinum for an unlimited account, whatever its plan (spec 000 §6). */
export function accountPlanName(info: PlanInfo): string {
  return planName(isPlatinum(info) ? 'platinum' : info.plan);
}

/** The session's queries, keyed by the user: another user's sign-in reads their own. */
export const sessionKeys = {
  all: ['session'] as const,
  plan: (userId: string) => ['session', userId, 'plan'] as const,
  profile: (userId: string) => ['session', userId, 'profile'] as const,
};

/**
 * The signed-in user's plan, one query for every reader (the badge, the gates, the pages). It changes only when the
 * server says so (the user channel's plan.changed, a checkout, a verification), which refetches it: never stale until then.
 */
export function planQuery(userId: string) {
  return queryOptions({
    queryKey: sessionKeys.plan(userId),
    queryFn: async (): Promise<PlanInfo> => {
      const info = await fetchPlanInfo();
      return { ...info, plan: (info.plan?.toLowerCase() ?? 'free') as PlanInfo['plan'] };
    },
    staleTime: Infinity,
  });
}

/** The signed-in user's profile; before they have one (404), a blank one that was never updated. */
export function profileQuery(userId: string) {
  return queryOptions({
    queryKey: sessionKeys.profile(userId),
    queryFn: async (): Promise<Profile> => {
      try {
        return await fetchProfile();
      } catch (error) {
        if (error instanceof ApiError && error.status === 404)
          return { id: userId, username: null, updated_at: null, username_locked: false };
        throw error;
      }
    },
    staleTime: Infinity,
  });
}
