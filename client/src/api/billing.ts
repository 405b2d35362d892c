import type { Plan } from '@oddspulse/shared';
import { ApiError } from './api-client';
import { api } from './client';

/**
 * Billing calls (spec 000 §7, DECISIONS 3–4). The billing endpoints arrive with the billing work; until
 * the server answers them, a 404 is reported as "not available yet", never as a success.
 */
export const BILLING_UNAVAILABLE = 'Checkout is not available yet. Your plan has not been changed.';
export const CANCEL_UNAVAILABLE = 'Online cancellation is not available yet. Your subscription has not been changed.';

export async function startCheckout(plan: Exclude<Plan, 'free'>): Promise<void> {
  let answer: { url?: string };
  try {
    answer = await api.post<{ url?: string }>('/api/billing/create-checkout-session', { plan });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Error(BILLING_UNAVAILABLE);
    if (error instanceof ApiError) throw new Error(error.message || 'Failed to start checkout. Please try again.');
    throw error;
  }
  if (!answer?.url) throw new Error('No checkout URL received');
  window.location.assign(answer.url);
}

export async function cancelSubscription(): Promise<void> {
  try {
    await api.post<void>('/api/billing/cancel-subscription');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Error(CANCEL_UNAVAILABLE);
    if (error instanceof ApiError && error.code === 'NETWORK') throw new Error('Network error. Please try again.');
    if (error instanceof ApiError) throw new Error(error.message || 'Failed to cancel subscription');
    throw error;
  }
}
