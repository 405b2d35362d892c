import {
  DEFAULT_FREE_MONTHLY_QUOTA,
  hasPaidPlan,
  hasPlatinum,
  planName,
  type OpsRole,
  type Plan,
} from '@oddspulse/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client';
import type { Session } from '../api/session';
import { startEarly, takeEarly } from '../routing/early-data';
import { rememberPaidPlan } from '../state/paid-plan-hint';
import { browserStorage } from '../state/stored-value';

/** GET /api/me (spec 000 §3). */
export interface PlanInfo {
  plan: Plan;
  remaining: number | null;
  limit: number | null;
  used: number;
  unlimited: boolean;
  is_gifted: boolean;
  subscription_end_date: string | null;
  /** A paid subscription set to end with its period (cancelled, not yet lapsed). */
  cancel_at_period_end?: boolean;
  /** Operations staff: the user menu links the operations page. */
  role?: OpsRole | null;
  /** Whether the account's address is verified: until it is, the shell offers to send the link again. */
  email_verified?: boolean;
}

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

export interface Profile {
  id: string;
  username: string | null;
  updated_at: string | null;
  username_locked?: boolean;
}

/** GET/PUT /api/preferences; bankroll in dollars (cents allowed). */
export interface Preferences {
  sportsbooks: string[];
  props_sportsbooks: string[];
  bankroll: number;
  favorites: string[];
  odds_format: 'american' | 'decimal' | 'fractional';
  /** The user's own exchange commission rates (FRACTIONS by book); an exchange absent takes its default. */
  commissions: Record<string, number>;
  /** Every exchange's rate as the engine applies it for this user. */
  effective_commissions: Record<string, number>;
  /** The books this plan may toggle (spec 000 §5). */
  selectable_sportsbooks: string[];
  updated_at: string | null;
}

/** GET /api/auth/providers: the sign-in methods the server has configured, and its demo accounts when DEMO_MODE is on. */
export interface AuthProviders {
  password: boolean;
  google: boolean;
  apple: boolean;
  demo?: { accounts: { email: string; plan: Plan }[]; password: string } | null;
}

export function signIn(email: string, password: string, remember: boolean) {
  return api.post<Session>('/api/auth/login', { email, password }, { auth: 'none', remember });
}

export function signUp(email: string, password: string, remember: boolean, username?: string) {
  return api.post<Session>(
    '/api/auth/signup',
    { email, password, ...(username ? { username } : {}) },
    { auth: 'none', remember },
  );
}

/** Global sign-out: the server revokes every session of the user. */
export function signOutEverywhere() {
  return api.post<void>('/api/auth/logout');
}

/** POST /api/account/close: the password entered again; the server ends every session and clears the cookies. */
export function closeAccount(password: string) {
  return api.post<{ message: string; subscription_ends_at: string | null }>('/api/account/close', { password });
}

export function requestPasswordReset(email: string) {
  return api.post<void>('/api/auth/password-reset', { email }, { auth: 'none' });
}

export function fetchAuthProviders() {
  return api.get<AuthProviders>('/api/auth/providers', { auth: 'none' });
}

/** The sign-in options this server offers, the same for everyone; null when unknown, and the form offers email and password only. */
export function authProvidersQuery() {
  return queryOptions({
    queryKey: ['auth-providers'],
    queryFn: async (): Promise<AuthProviders | null> => {
      try {
        return await fetchAuthProviders();
      } catch (failure) {
        console.warn('Sign-in options unavailable; offering email and password only', failure);
        return null;
      }
    },
  });
}

/** Where the browser goes to start Google or Apple sign-in; returnTo and intent come back on /auth/callback. */
export function oauthStartUrl(provider: 'google' | 'apple', returnTo: string | null, intent: string | null): string {
  const query = new URLSearchParams();
  if (returnTo) query.set('returnTo', returnTo);
  if (intent) query.set('intent', intent);
  const text = query.toString();
  return `/api/auth/${provider}${text ? `?${text}` : ''}`;
}

/** The one-time code of the OAuth callback becomes a session. */
export function exchangeOAuthCode(code: string) {
  return api.post<Session>('/api/auth/exchange', { code }, { auth: 'none' });
}

const PLAN_PATH = '/api/me';

/** /api/me, noting whether the plan is paid for the next direct visit's early boards (state/paid-plan-hint.ts). */
async function getPlanInfo(): Promise<PlanInfo> {
  const info = await api.get<PlanInfo>(PLAN_PATH);
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
  return api.get<Profile>('/api/profile');
}

export function checkUsernameAvailable(candidate: string, signal?: AbortSignal) {
  return api.get<{ username: string; available: boolean }>('/api/profile/username-available', {
    query: { candidate },
    signal,
  });
}

export function setUsername(username: string) {
  return api.put<Profile>('/api/profile/username', { username });
}

export function fetchPreferences(): Promise<Preferences> {
  return api.get<Preferences>('/api/preferences');
}

/**
 * The user's preferences, keyed by the user: the parts of a page that read them at once (bankroll, books,
 * recommendations) share one request, and a save puts its answer here for all of them.
 */
export function preferencesQuery(userId: string) {
  return queryOptions({ queryKey: ['preferences', userId], queryFn: fetchPreferences });
}

export function savePreferences(
  preferences: Partial<
    Pick<Preferences, 'sportsbooks' | 'props_sportsbooks' | 'bankroll' | 'favorites' | 'odds_format' | 'commissions'>
  >,
) {
  return api.put<Preferences>('/api/preferences', preferences);
}

export function isPlatinum(info: PlanInfo): boolean {
  return hasPlatinum({ plan: info.plan, unlimited: info.unlimited });
}

export function isPaid(info: PlanInfo): boolean {
  return hasPaidPlan({ plan: info.plan, unlimited: info.unlimited });
}

/** The account's plan name as the user is shown it: Platinum for an unlimited account, whatever its plan (spec 000 §6). */
export function accountPlanName(info: PlanInfo): string {
  return planName(isPlatinum(info) ? 'platinum' : info.plan);
}

/** The verification mail links to /account?verify_token=…: the address it was sent to is verified (signed in or not). */
export function verifyEmail(token: string) {
  return api.post<{ email: string; message: string }>('/api/auth/verify-email', { token }, { auth: 'none' });
}

/** A new verification link to the signed-in account's address (a few an hour). */
export function resendVerificationEmail() {
  return api.post<{ message: string }>('/api/auth/verify-email/resend');
}

/** The reset mail links to /account?reset_token=…; a new password ends every other session and signs in. */
export function confirmPasswordReset(token: string, password: string) {
  return api.post<Session>('/api/auth/password-reset/confirm', { token, password }, { auth: 'none' });
}
