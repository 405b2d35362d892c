import { DEFAULT_FREE_MONTHLY_QUOTA, type Plan } from '@oddspulse/shared';
import { api } from './client';
import type { Session } from './session';

/** GET /api/me (spec 000 §3). */
export interface PlanInfo {
  plan: Plan;
  remaining: number | null;
  limit: number | null;
  used: number;
  unlimited: boolean;
  is_gifted: boolean;
  subscription_end_date: string | null;
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
}

export interface Preferences {
  selected_sportsbooks: string[];
  bankroll: number;
}

/** What the server offers on the sign-in screen: OAuth providers configured, demo accounts seeded. */
export interface AuthOptions {
  providers: { google: boolean; apple: boolean };
  demo: { enabled: boolean; accounts: { email: string; plan: Plan }[]; password: string | null };
}

export function signIn(email: string, password: string) {
  return api.post<Session>('/api/auth/login', { email, password }, { auth: 'none' });
}

export function signUp(email: string, password: string, username?: string) {
  return api.post<Session>('/api/auth/signup', { email, password, ...(username ? { username } : {}) }, { auth: 'none' });
}

/** Global sign-out: the server revokes every session of the user. */
export function signOutEverywhere() {
  return api.post<void>('/api/auth/logout');
}

export function requestPasswordReset(email: string) {
  return api.post<void>('/api/auth/password-reset', { email }, { auth: 'none' });
}

export function fetchAuthOptions() {
  return api.get<AuthOptions>('/api/auth/options', { auth: 'none' });
}

export function exchangeOAuthCode(code: string) {
  return api.post<Session>('/api/auth/oauth/exchange', { code }, { auth: 'none' });
}

export function fetchPlanInfo() {
  return api.get<PlanInfo>('/api/me');
}

export function fetchProfile() {
  return api.get<Profile>('/api/profile');
}

export function checkUsernameAvailable(candidate: string, signal?: AbortSignal) {
  return api.get<{ available: boolean }>('/api/profile/username-available', { query: { candidate }, signal });
}

export function setUsername(username: string) {
  return api.put<Profile>('/api/profile/username', { username });
}

export function fetchPreferences() {
  return api.get<Preferences>('/api/preferences');
}

export function savePreferences(preferences: Partial<Preferences>) {
  return api.put<Preferences>('/api/preferences', preferences);
}

export function isPlatinum(info: PlanInfo): boolean {
  return info.plan === 'platinum' || info.unlimited;
}

export function isPaid(info: PlanInfo): boolean {
  return info.plan === 'gold' || isPlatinum(info);
}

export function planLabel(plan: Plan): string {
  return plan === 'platinum' ? 'Platinum' : plan === 'gold' ? 'Gold' : 'Free';
}
