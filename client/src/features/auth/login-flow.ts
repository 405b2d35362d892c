import { AccountMessages } from '@oddspulse/shared';
import { ApiError } from '../../api/api-client';
import { AUTH_ORIGIN_KEY } from '../../state/auth';
import { callbackDestination, readPricingIntent, safeReturnPath } from '../../state/pricing-intent';
import { SIGN_OUT_MESSAGES } from '../../state/sign-out';

/** The login page's two tabs (spec 000 §2). */
export type AuthTab = 'login' | 'signup';

/** The status banners the login page shows for its query flags (spec 000 §2, §8). */
export const LOGIN_BANNERS: { param: string; kind: 'info' | 'success' | 'error'; text: string }[] = [
  { param: 'signing_out', kind: 'info', text: SIGN_OUT_MESSAGES.signingOut },
  { param: 'signed_out', kind: 'success', text: SIGN_OUT_MESSAGES.signedOut },
  { param: 'sign_out_error', kind: 'error', text: SIGN_OUT_MESSAGES.withErrors },
  { param: 'auth_required', kind: 'error', text: 'Your session has expired. Please sign in again to continue.' },
  {
    param: 'emergency_signout',
    kind: 'success',
    text: 'Emergency sign out complete: this browser was cleared. Please sign in again.',
  },
  { param: 'account_closed', kind: 'success', text: AccountMessages.accountClosed },
];

/**
 * Where to go after signing in: with an upgrade intent the pricing page, which starts checkout for the plan chosen
 * before signing in (the chosen plan was forgotten through a password sign-in; only OAuth kept it); else
 * next or returnTo, else the page the sign-in guard turned away, else /.
 */
export function redirectTarget(params: URLSearchParams, now = Date.now()): string {
  if (params.get('intent') === 'upgrade')
    return callbackDestination(params, readPricingIntent(window.localStorage, now));
  const asked = params.get('next') ?? params.get('returnTo');
  if (asked) return safeReturnPath(asked, '/');
  return safeReturnPath(window.sessionStorage.getItem(AUTH_ORIGIN_KEY), '/');
}

export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return 'Authentication not available. Please try again.';
    return error.message || 'Authentication failed. Please try again.';
  }
  return 'Authentication failed. Please try again.';
}
