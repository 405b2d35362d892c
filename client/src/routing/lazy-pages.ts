import { createElement, lazy, useState, type ComponentType } from 'react';
import { api } from '../api/client';
import { chunkLoaded } from './chunk-reload';

/** A screen's module, loaded on demand; `module` is set once it has arrived. */
interface Loader<M> {
  (): Promise<M>;
  module?: M;
}

function loader<M>(load: () => Promise<M>): Loader<M> {
  const get: Loader<M> = () =>
    load().then((module) => {
      if (typeof window !== 'undefined') chunkLoaded(window.sessionStorage);
      return (get.module = module);
    });
  return get;
}

/**
 * The screens' code is loaded when a screen is opened, or earlier when a link to it is hovered or
 * focused, so the landing page downloads only the shell. A module imported once stays loaded: prefetching and
 * opening share one download.
 */
const loaders = {
  landing: loader(() => import('../features/landing/LandingPage')),
  odds: loader(() => import('../features/odds/OddsPage')),
  dfs: loader(() => import('../features/odds/DfsPage')),
  dashboard: loader(() => import('../features/dashboard/DashboardPage')),
  picks: loader(() => import('../features/picks/PicksPage')),
  scores: loader(() => import('../features/scores/ScoresPage')),
  ops: loader(() => import('../features/ops/OpsPage')),
  pricing: loader(() => import('../features/billing/PricingPage')),
  subscribe: loader(() => import('../features/billing/SubscribePage')),
  usage: loader(() => import('../features/billing/UsagePlanPage')),
  billingSuccess: loader(() => import('../features/billing/BillingSuccessPage')),
  billingCancel: loader(() => import('../features/billing/BillingCancelPage')),
  localBilling: loader(() => import('../features/billing/LocalBillingPages')),
  account: loader(() => import('../features/account/AccountPage')),
  apiKeys: loader(() => import('../features/account/ApiKeysPage')),
  mySportsbooks: loader(() => import('../features/account/MySportsbooksPage')),
  login: loader(() => import('../features/auth/LoginPage')),
  passwordReset: loader(() => import('../features/auth/PasswordResetPage')),
  emailVerification: loader(() => import('../features/account/EmailVerificationPage')),
  forgotPassword: loader(() => import('../features/auth/ForgotPasswordPage')),
  authCallback: loader(() => import('../features/auth/AuthCallbackPage')),
  legal: loader(() => import('../features/landing/LegalPages')),
  alerts: loader(() => import('../features/alerts/AlertsPage')),
  contact: loader(() => import('../features/support/ContactPage')),
  analytics: loader(() => import('../features/analytics/AnalyticsPage')),
  steamRecord: loader(() => import('../features/steam/SteamRecordPage')),
};

/** The screens whose code failed to load, each with the way to try it afresh. */
const failedScreens = new Set<() => void>();

/**
 * Lets every screen whose code failed to load try again at its next mount: a lazy() keeps its failure for good, so the
 * error screen's retry when the connection returns (layout/ErrorBoundary) calls this first. Only then: a fresh lazy()
 * at once after the failure would have suspended again, out of the error screen's reach, load after load.
 */
export function retryFailedScreens(): void {
  for (const retry of failedScreens) retry();
  failedScreens.clear();
}

/**
 * A screen loaded on demand. Once its module is here (prefetched as the app started, or opened before) it renders at
 * once: through lazy() it suspended once more and showed its fallback for a frame or more. The choice is
 * made once per mount: switching from the lazy wrapper to the screen itself later would remount it and lose its state.
 */
function page<M>(load: Loader<M>, name: keyof M): ComponentType {
  const lazyScreen = (): ComponentType =>
    lazy(() =>
      load().then(
        (module) => ({ default: module[name] as ComponentType }),
        (error: unknown) => {
          failedScreens.add(() => (Lazy = lazyScreen()));
          throw error;
        },
      ),
    );
  let Lazy = lazyScreen();
  return function Page(props: object) {
    const [Screen] = useState(() => (load.module ? (load.module[name] as ComponentType) : Lazy));
    return createElement(Screen, props);
  };
}

export const LandingPage = page(loaders.landing, 'LandingPage');
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
export const EmailVerificationPage = page(loaders.emailVerification, 'EmailVerificationPage');
export const ForgotPasswordPage = page(loaders.forgotPassword, 'ForgotPasswordPage');
export const AuthCallbackPage = page(loaders.authCallback, 'AuthCallbackPage');
export const TermsPage = page(loaders.legal, 'TermsPage');
export const PrivacyPage = page(loaders.legal, 'PrivacyPage');
export const AlertsPage = page(loaders.alerts, 'AlertsPage');
export const ContactPage = page(loaders.contact, 'ContactPage');
export const AnalyticsPage = page(loaders.analytics, 'AnalyticsPage');
export const SteamRecordPage = page(loaders.steamRecord, 'SteamRecordPage');

/** The screen behind each navigation link ('/' apart: the landing page signed out, the dashboard signed in). */
const ROUTE_LOADERS = new Map<string, () => Promise<unknown>>(
  Object.entries({
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
    '/forgot-password': loaders.forgotPassword,
    '/terms': loaders.legal,
    '/privacy': loaders.legal,
    '/alerts': loaders.alerts,
    '/contact': loaders.contact,
    '/analytics': loaders.analytics,
    '/steam/record': loaders.steamRecord,
  }),
);

/**
 * Starts loading a link's screen (on hover or focus); a failed prefetch is retried when the screen opens. '/' is the
 * dashboard for a signed-in user and the landing page for a visitor, who does not download the dashboard.
 */
export function prefetchRoute(to: string): void {
  const load = to === '/' ? (api.currentSession() ? loaders.dashboard : loaders.landing) : ROUTE_LOADERS.get(to);
  // not an error the visitor sees (the screen loads its code again when it opens), but one worth seeing in the console
  void load?.().catch((error: unknown) => console.warn(`Loading the screen of ${to} ahead failed`, error));
}
