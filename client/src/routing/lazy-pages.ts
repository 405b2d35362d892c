import { lazy, type ComponentType } from 'react';
import { api } from '../api/client';

/**
 * Issue 18: the screens' code is loaded when a screen is opened, or earlier when a link to it is hovered or
 * focused, so the landing page downloads only the shell. A module imported once stays loaded: prefetching and
 * opening share one download.
 */
const loaders = {
  odds: () => import('../odds/OddsPage'),
  dfs: () => import('../odds/DfsPage'),
  dashboard: () => import('../dashboard/DashboardPage'),
  picks: () => import('../picks/PicksPage'),
  scores: () => import('../scores/ScoresPage'),
  ops: () => import('../ops/OpsPage'),
  pricing: () => import('../billing/PricingPage'),
  subscribe: () => import('../billing/SubscribePage'),
  usage: () => import('../billing/UsagePlanPage'),
  billingSuccess: () => import('../billing/BillingSuccessPage'),
  billingCancel: () => import('../billing/BillingCancelPage'),
  localBilling: () => import('../billing/LocalBillingPages'),
  account: () => import('../account/AccountPage'),
  apiKeys: () => import('../account/ApiKeysPage'),
  mySportsbooks: () => import('../account/MySportsbooksPage'),
  login: () => import('../auth/LoginPage'),
  passwordReset: () => import('../auth/PasswordResetPage'),
  authCallback: () => import('../auth/AuthCallbackPage'),
  legal: () => import('../landing/LegalPages'),
  alerts: () => import('../alerts/AlertsPage'),
  contact: () => import('../support/ContactPage'),
  analytics: () => import('../analytics/AnalyticsPage'),
};

function page<M>(load: () => Promise<M>, name: keyof M): ComponentType {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
}

export const OddsPage = page(loaders.odds, 'OddsPage');
export const DfsPage = page(loaders.dfs, 'DfsPage');
export const DashboardPage = page(loaders.dashboard, 'DashboardPage');
export const PicksPage = page(loaders.picks, 'PicksPage');
export const ScoresPage = page(loaders.scores, 'ScoresPage');
export const OpsPage = page(loaders.ops, 'OpsPage');
export const PricingPage = page(loaders.pricing, 'PricingPage');
export const SubscribePage = page(loaders.subscribe, 'SubscribePage');
export const UsagePlanPage = page(loaders.usage, 'UsagePlanPage');
export const BillingSuccessPage = page(loaders.billingSuccess, 'BillingSuccessPage');
export const BillingCancelPage = page(loaders.billingCancel, 'BillingCancelPage');
export const LocalCheckoutPage = page(loaders.localBilling, 'LocalCheckoutPage');
export const LocalPortalPage = page(loaders.localBilling, 'LocalPortalPage');
export const AccountPage = page(loaders.account, 'AccountPage');
export const ApiKeysPage = page(loaders.apiKeys, 'ApiKeysPage');
export const MySportsbooksPage = page(loaders.mySportsbooks, 'MySportsbooksPage');
export const LoginPage = page(loaders.login, 'LoginPage');
export const PasswordResetPage = page(loaders.passwordReset, 'PasswordResetPage');
export const AuthCallbackPage = page(loaders.authCallback, 'AuthCallbackPage');
export const TermsPage = page(loaders.legal, 'TermsPage');
export const PrivacyPage = page(loaders.legal, 'PrivacyPage');
export const AlertsPage = page(loaders.alerts, 'AlertsPage');
export const ContactPage = page(loaders.contact, 'ContactPage');
export const AnalyticsPage = page(loaders.analytics, 'AnalyticsPage');

/** The screen behind each navigation link ('/' is the dashboard once signed in). */
const ROUTE_LOADERS: Record<string, () => Promise<unknown>> = {
  '/': loaders.dashboard,
  '/sportsbooks': loaders.odds,
  '/dfs': loaders.dfs,
  '/picks': loaders.picks,
  '/scores': loaders.scores,
  '/ops': loaders.ops,
  '/pricing': loaders.pricing,
  '/subscribe': loaders.subscribe,
  '/account': loaders.account,
  '/my-sportsbooks': loaders.mySportsbooks,
  '/login': loaders.login,
  '/signup': loaders.login,
  '/terms': loaders.legal,
  '/privacy': loaders.legal,
  '/alerts': loaders.alerts,
  '/contact': loaders.contact,
  '/analytics': loaders.analytics,
};

/**
 * Starts loading a link's screen (on hover or focus); a failed prefetch is retried when the screen opens. '/' is the
 * dashboard only for a signed-in user: a visitor's landing page does not download it.
 */
export function prefetchRoute(to: string): void {
  if (to === '/' && !api.currentSession()) return;
  void ROUTE_LOADERS[to]?.().catch(() => undefined);
}
