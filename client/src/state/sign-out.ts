import { signOutEverywhere } from './session-api';
import { api } from '../api/client';

export const SIGN_OUT_MESSAGES = {
  signingOut: 'Signing you out...',
  signedOut: 'You have been signed out successfully.',
  withErrors: 'Sign out completed (with errors). Please sign in again.',
} as const;

/** Emergency sign-out waits this long before leaving for the login page (spec 000 §9). */
export const EMERGENCY_REDIRECT_MS = 1500;

/**
 * Sign Out (spec 000 §4): a global sign-out on the server (every session of the user), the local
 * session and this tab's storage cleared, then a full reload at /?signed_out=true. If the server could
 * not be told, the user lands on the login page with the "with errors" banner.
 */
export async function signOut(): Promise<void> {
  let failed = false;
  try {
    await signOutEverywhere();
  } catch (error) {
    console.warn('Global sign-out failed; clearing the local session anyway', error);
    failed = true;
  }
  api.clearSession();
  window.sessionStorage.clear();
  window.location.assign(failed ? '/login?sign_out_error=true' : '/?signed_out=true');
}

/**
 * Emergency sign-out (spec 000 §4): clears local storage, session storage and cookies, then goes to
 * /login?emergency_signout=true after 1.5 s. The server is asked to end every session first, but the
 * clearing never waits on it for more than a second.
 */
export async function emergencySignOut(): Promise<void> {
  const redirect = new Promise((resolve) => window.setTimeout(resolve, EMERGENCY_REDIRECT_MS));
  const serverSignOut = signOutEverywhere().catch((error: unknown) =>
    console.warn('Server sign-out failed during emergency sign-out', error),
  );
  await Promise.race([serverSignOut, new Promise((resolve) => window.setTimeout(resolve, 1000))]);
  api.clearSession();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  await redirect;
  window.location.assign('/login?emergency_signout=true');
}
