import { PLAN_GATES } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { Navigate, Route, Routes, useSearchParams } from 'react-router-dom';
import { Layout } from '../layout/Layout';
import { LocalPicksImport, PlanSync, WhenSignedIn } from '../layout/signed-in';
import { PlanGuard, RequireSignIn } from '../routing/guards';
import { Spinner } from '../ui/Spinner';
import { sectionGate } from '../features/odds/sections';
import {
  AccountPage,
  AlertsPage,
  AnalyticsPage,
  ApiKeysPage,
  AuthCallbackPage,
  BillingCancelPage,
  BillingSuccessPage,
  ContactPage,
  DashboardPage,
  DfsPage,
  EmailVerificationPage,
  ForgotPasswordPage,
  LandingPage,
  LocalCheckoutPage,
  LocalPortalPage,
  LoginPage,
  MySportsbooksPage,
  OddsPage,
  OpsPage,
  PasswordResetPage,
  PicksPage,
  PricingPage,
  PrivacyPage,
  ScoresPage,
  SteamRecordPage,
  SubscribePage,
  TermsPage,
  UsagePlanPage,
} from '../routing/lazy-pages';
import { useScrollRestoration } from '../routing/scroll-restoration';
import { authAtom } from '../state/auth';
import { SessionSync } from '../state/session-sync';

/** /: the landing page signed out, the dashboard signed in (spec 000 §2). */
function Home() {
  const auth = useAtomValue(authAtom);
  if (auth.status === 'loading') return <Spinner />;
  return auth.status === 'signedIn' ? <DashboardPage /> : <LandingPage />;
}

/** /app: the odds page when signed in; an unsigned user is sent to / (spec 000 §2 layout rules). */
function AppRedirect() {
  const auth = useAtomValue(authAtom);
  if (auth.status === 'loading') return <Spinner />;
  return <Navigate to={auth.status === 'signedIn' ? '/sportsbooks' : '/'} replace />;
}

/**
 * /account, or the new-password form when the reset mail's link brought a reset_token, or the address's verification
 * when the verification mail's link brought a verify_token (signed out or in).
 */
function AccountRoute() {
  const [params] = useSearchParams();
  if (params.get('reset_token')) return <PasswordResetPage />;
  if (params.get('verify_token')) return <EmailVerificationPage />;
  return (
    <RequireSignIn>
      <AccountPage />
    </RequireSignIn>
  );
}

/**
 * The route table of spec 000 §2 and 002 §2, inside the shell. The screens load on demand (routing/lazy-pages); a
 * screen that fails to render or to load its code shows the error screen inside the shell (layout/ErrorBoundary).
 * Guards are layout routes around the screens they guard.
 */
export function App() {
  useScrollRestoration();
  return (
    <>
      <SessionSync />
      <WhenSignedIn>
        <PlanSync />
        <LocalPicksImport />
      </WhenSignedIn>
      <Layout>
        <Routes>
          <Route index element={<Home />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="signup" element={<LoginPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="auth/callback" element={<AuthCallbackPage />} />
          <Route path="app" element={<AppRedirect />} />
          <Route path="account" element={<AccountRoute />} />
          <Route path="pricing" element={<PricingPage />} />
          <Route path="scores" element={<ScoresPage />} />
          {/* the steam record is public, as a track record should be (DECISIONS 34); the live list is an odds section */}
          <Route path="steam/record" element={<SteamRecordPage />} />
          <Route path="steam" element={<Navigate to="/sportsbooks?mode=steam" replace />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="billing/success" element={<BillingSuccessPage />} />
          <Route path="billing/cancel" element={<BillingCancelPage />} />
          <Route path="terms" element={<TermsPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route element={<RequireSignIn />}>
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="subscribe" element={<SubscribePage />} />
            <Route path="my-sportsbooks" element={<MySportsbooksPage />} />
            <Route path="picks" element={<PicksPage />} />
          </Route>
          <Route element={<RequireSignIn unsignedTo="/login" />}>
            <Route path="alerts" element={<AlertsPage />} />
            <Route path="usage-plan" element={<UsagePlanPage />} />
            {/* keys are made on Platinum; their owner lists and revokes them on any plan (the page says so) */}
            <Route path="account/api-keys" element={<ApiKeysPage />} />
            <Route path="billing/local-checkout/:id" element={<LocalCheckoutPage />} />
            <Route path="billing/local-portal" element={<LocalPortalPage />} />
            {/* /ops and the pages under it */}
            <Route path="ops/*" element={<OpsPage />} />
          </Route>
          <Route element={<PlanGuard />}>
            <Route path="dfs" element={<DfsPage />} />
          </Route>
          {/* the plan-gate table decides (shared entitlements.ts), as the server's guards do */}
          <Route element={<PlanGuard requires={PLAN_GATES.odds} panelFor={sectionGate} />}>
            <Route path="sportsbooks" element={<OddsPage />} />
          </Route>
          <Route element={<PlanGuard requires={PLAN_GATES.analytics} />}>
            <Route path="analytics" element={<AnalyticsPage />} />
          </Route>
          <Route path="home" element={<Navigate to="/" replace />} />
          {/* any other path */}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Layout>
    </>
  );
}
