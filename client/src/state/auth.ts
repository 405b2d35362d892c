import { atom, useAtomValue } from 'jotai';
import type { BrowserSession, SessionUser } from '../api/session';
import type { Profile } from './session-api';

/** Auth state (spec 000 §4): loading at start, then signed in or signed out. */
export type AuthState =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; session: BrowserSession; user: SessionUser };

export const authAtom = atom<AuthState>({ status: 'loading' });

/** The signed-in user's id, '' while no one is: what a user's own queries are keyed by, and enabled on. */
export function useSignedInUserId(): string {
  const auth = useAtomValue(authAtom);
  return auth.status === 'signedIn' ? auth.user.id : '';
}

/**
 * Set when the API client ended the session on a 401 (spec 001 §4): the guards of the page being left
 * then send the user to /login?auth_required=true rather than to their usual target, whichever of the
 * sign-out and the navigation React renders first.
 */
export const AUTH_REQUIRED_PATH = '/login?auth_required=true';
export const authRequiredAtom = atom(false);

/** "<username, or email prefix, or User>" as the dashboard title uses it (spec 000 §2). */
export function displayName(user: SessionUser | undefined, profile: Profile | undefined): string {
  const username = profile?.username ?? user?.user_metadata?.username;
  if (username) return username;
  const prefix = user?.email?.split('@')[0];
  return prefix || 'User';
}

/** Where the sign-in guard remembers the page it turned an unsigned user away from (spec 000 §6). */
export const AUTH_ORIGIN_KEY = 'oddspulse.authOrigin';
