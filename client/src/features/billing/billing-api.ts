import { BillingMessages, type PaidPlan } from '@oddspulse/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../api/api-client';
import { typedApi, type Answer } from '../../api/client';
import { answerOf } from '../../api/typed-client';

type BillingOverview = Answer<'get', '/api/billing/subscription'>;

/**
 * Billing calls (spec 000 §7, DECISIONS 3–4). Every failure becomes an Error with the message the page shows:
 * the server's own message for a 4xx, the spec's default for a server or Stripe failure, and "Network error.
 * Please try again." when the request never got an answer.
 */
function failure(error: unknown, fallback: string): Error {
  if (!(error instanceof ApiError)) return error instanceof Error ? error : new Error(fallback);
  if (error.code === 'NETWORK' || error.code === 'TIMEOUT') return new Error(BillingMessages.network, { cause: error });
  if (error.status >= 500 || !error.message) return new Error(fallback, { cause: error });
  return new Error(error.message, { cause: error });
}

async function call<T>(fallback: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw failure(error, fallback);
  }
}

function go(answer: { url?: string } | undefined): void {
  if (!answer?.url) throw new Error(BillingMessages.noCheckoutUrl);
  window.location.assign(answer.url);
}

/**
 * POST /api/billing/create-checkout-session with `{plan}`, then to Stripe Checkout (or, for a subscriber
 * switching plans, straight to the success page). Without a plan this is the auto-start variant: an empty body, and
 * the server takes the upgrade intent (Platinum).
 */
export async function startCheckout(plan?: PaidPlan): Promise<void> {
  go(
    await call(BillingMessages.checkoutFailed, () =>
      answerOf(typedApi.POST('/api/billing/create-checkout-session', { body: plan ? { plan } : {} })),
    ),
  );
}

export function cancelSubscription(): Promise<BillingOverview> {
  return call(BillingMessages.cancelFailed, () => answerOf(typedApi.POST('/api/billing/cancel-subscription')));
}

/** "Keep my subscription": undoes a cancellation before the period ends. */
export function resumeSubscription(): Promise<BillingOverview> {
  return call(BillingMessages.resumeFailed, () => answerOf(typedApi.POST('/api/billing/resume-subscription')));
}

/** "Manage billing": the Stripe customer portal (or the local one without Stripe). */
export async function openBillingPortal(): Promise<void> {
  go(await call(BillingMessages.portalFailed, () => answerOf(typedApi.POST('/api/billing/portal'))));
}

/** One month of Platinum for an address (DECISIONS 4): a one-time checkout. */
export async function startGiftCheckout(email: string): Promise<void> {
  go(await call(BillingMessages.giftFailed, () => answerOf(typedApi.POST('/api/billing/gift', { body: { email } }))));
}

export function fetchBillingOverview(): Promise<BillingOverview> {
  return call('Failed to load your subscription. Please try again.', () =>
    answerOf(typedApi.GET('/api/billing/subscription')),
  );
}

export function fetchLocalCheckout(id: string) {
  return call('Failed to load the checkout. Please try again.', () =>
    answerOf(typedApi.GET('/api/billing/local/checkout/{id}', { params: { path: { id } } })),
  );
}

/** The local checkout's Pay: completes the session and goes where Stripe would send the payer (the success page). */
export async function payLocalCheckout(id: string): Promise<void> {
  go(
    await call('Payment failed. Please try again.', () =>
      answerOf(typedApi.POST('/api/billing/local/checkout/{id}/pay', { params: { path: { id } } })),
    ),
  );
}

export function fetchLocalInvoices() {
  return call('Failed to load your invoices. Please try again.', () =>
    answerOf(typedApi.GET('/api/billing/local/invoices')),
  );
}

/**
 * The query keys of billing reads. A user's own are keyed by the user as well: the cache outlives a session in this
 * tab, and one user's subscription, invoices or checkout are never another's.
 */
export const billingKeys = {
  switchPreview: (plan: PaidPlan) => ['billing', 'switch-preview', plan] as const,
  user: (userId: string) => ['billing', 'user', userId] as const,
  overview: (userId: string) => [...billingKeys.user(userId), 'overview'] as const,
  localCheckout: (userId: string, id: string) => [...billingKeys.user(userId), 'local-checkout', id] as const,
  localInvoices: (userId: string) => [...billingKeys.user(userId), 'local-invoices'] as const,
};

/** GET /api/billing/subscription: the user's subscription, gift and billing mode. */
export function billingOverviewQuery(userId: string) {
  return queryOptions({ queryKey: billingKeys.overview(userId), queryFn: fetchBillingOverview });
}

export function localCheckoutQuery(userId: string, id: string) {
  return queryOptions({ queryKey: billingKeys.localCheckout(userId, id), queryFn: () => fetchLocalCheckout(id) });
}

export function localInvoicesQuery(userId: string) {
  return queryOptions({ queryKey: billingKeys.localInvoices(userId), queryFn: fetchLocalInvoices });
}

/**
 * What switching the live subscription to `plan` charges now, from Stripe's invoice preview: asked each time the
 * confirmation opens (the proration moves with every second of the period), never retried or kept.
 */
export function switchPreviewQuery(plan: PaidPlan) {
  return {
    queryKey: billingKeys.switchPreview(plan),
    queryFn: () => answerOf(typedApi.GET('/api/billing/switch-preview', { params: { query: { plan } } })),
    staleTime: 0,
    gcTime: 0,
  };
}
