import { queryOptions } from '@tanstack/react-query';
import { api, typedApi, type Answer } from '../../api/client';
import { answerOf } from '../../api/typed-client';
import type { BrowserSession } from '../../api/session';
import type { Preferences } from '../../state/session-api';

/** GET /api/auth/providers: the sign-in methods the server has configured, and its demo accounts when DEMO_MODE is on. */
export type AuthProviders = Answer<'get', '/api/auth/providers'>;

export function signIn(email: string, password: string, remember: boolean) {
  return api.post<BrowserSession>('/api/auth/login', { email, password }, { auth: 'none', remember });
}

export function signUp(email: string, password: string, remember: boolean, username?: string) {
  return api.post<BrowserSession>(
    '/api/auth/signup',
    { email, password, ...(username ? { username } : {}) },
    { auth: 'none', remember },
  );
}

/** What confirms closing this account: its password, or (an account without one) a link mailed to it. */
export function closeConfirmation() {
  return answerOf(typedApi.GET('/api/account/close'));
}

/** POST /api/account/close/link: mails an account without a password the link that confirms its closing. */
export function mailCloseLink() {
  return answerOf(typedApi.POST('/api/account/close/link'));
}

/**
 * POST /api/account/close: the password entered again, or the token of the mailed link; the server ends every session
 * and clears the cookies.
 */
export function closeAccount(confirmation: { password: string } | { token: string }) {
  return answerOf(typedApi.POST('/api/account/close', { body: confirmation }));
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
  return api.post<BrowserSession>('/api/auth/exchange', { code }, { auth: 'none' });
}

export function checkUsernameAvailable(candidate: string, signal?: AbortSignal) {
  return answerOf(typedApi.GET('/api/profile/username-available', { params: { query: { candidate } }, signal }));
}

export function setUsername(username: string) {
  return answerOf(typedApi.PUT('/api/profile/username', { body: { username } }));
}

export function savePreferences(
  preferences: Partial<
    Pick<Preferences, 'sportsbooks' | 'props_sportsbooks' | 'bankroll' | 'favorites' | 'odds_format' | 'commissions'>
  >,
) {
  return answerOf(typedApi.PUT('/api/preferences', { body: preferences }));
}

/** The verification mail links to /account?verify_token=…: the address it was sent to is verified (signed in or not). */
export function verifyEmail(token: string) {
  return api.post<Answer<'post', '/api/auth/verify-email'>>('/api/auth/verify-email', { token }, { auth: 'none' });
}

/** A new verification link to the signed-in account's address (a few an hour). */
export function resendVerificationEmail() {
  return answerOf(typedApi.POST('/api/auth/verify-email/resend'));
}

/** The reset mail links to /account?reset_token=…; a new password ends every other session and signs in. */
export function confirmPasswordReset(token: string, password: string) {
  return api.post<BrowserSession>('/api/auth/password-reset/confirm', { token, password }, { auth: 'none' });
}
