import { useAtomValue } from 'jotai';
import { Navigate, Route, Routes, useSearchParams } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { LocalPicksImport, PlanSync, WhenSignedIn } from './layout/signed-in';
import { LandingPage } from './landing/LandingPage';
import { PlanGuard, RequireSignIn, Spinner } from './routing/guards';
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
  SubscribePage,
  TermsPage,
  UsagePlanPage,
} from './routing/lazy-pages';
import { authAtom } from './state/auth';
import { SessionSync } from './state/session-sync';

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

/** /account, or the new-password form when the reset mail's link brought a reset_token (signed out or in). */
function AccountRoute() {
  const [params] = useSearchParams();
  if (params.get('reset_token')) return <PasswordResetPage />;
  return (
    <RequireSignIn>
      <AccountPage />
    </RequireSignIn>
  );
}

/** The route table of spec 000 §2 and 002 §2; the screens load on demand (routing/lazy-pages, issue 18). */
export function App() {
  return (
    <>
      <SessionSync />
      <WhenSignedIn>
        <PlanSync />
        <LocalPicksImport />
      </WhenSignedIn>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<Home />} />
          <Route path="home" element={<Navigate to="/" replace />} />
          <Route
            path="dashboard"
            element={
              <RequireSignIn>
                <DashboardPage />
              </RequireSignIn>
            }
          />
          <Route
            path="dfs"
            element={
              <PlanGuard>
                <DfsPage />
              </PlanGuard>
            }
          />
          <Route
            path="sportsbooks"
            element={
              <PlanGuard requiresPaidPlan>
                <OddsPage />
              </PlanGuard>
            }
          />
          <Route path="login" element={<LoginPage />} />
          <Route path="signup" element={<LoginPage />} />
          <Route path="auth/callback" element={<AuthCallbackPage />} />
          <Route path="app" element={<AppRedirect />} />
          <Route path="pricing" element={<PricingPage />} />
          <Route
            path="subscribe"
            element={
              <RequireSignIn>
                <SubscribePage />
              </RequireSignIn>
            }
          />
          <Route path="account" element={<AccountRoute />} />
          <Route
            path="account/api-keys"
            element={
              <PlanGuard requiresPlatinum>
                <ApiKeysPage />
              </PlanGuard>
            }
          />
          <Route
            path="alerts"
            element={
              <RequireSignIn unsignedTo="/login">
                <AlertsPage />
              </RequireSignIn>
            }
          />
          <Route
            path="usage-plan"
            element={
              <RequireSignIn unsignedTo="/login">
                <UsagePlanPage />
              </RequireSignIn>
            }
          />
          <Route
            path="my-sportsbooks"
            element={
              <RequireSignIn>
                <MySportsbooksPage />
              </RequireSignIn>
            }
          />
          <Route
            path="picks"
            element={
              <RequireSignIn>
                <PicksPage />
              </RequireSignIn>
            }
          />
          <Route path="scores" element={<ScoresPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route
            path="analytics"
            element={
              <PlanGuard requiresPlatinum>
                <AnalyticsPage />
              </PlanGuard>
            }
          />
          <Route path="billing/success" element={<BillingSuccessPage />} />
          <Route path="billing/cancel" element={<BillingCancelPage />} />
          <Route
            path="billing/local-checkout/:id"
            element={
              <RequireSignIn unsignedTo="/login">
                <LocalCheckoutPage />
              </RequireSignIn>
            }
          />
          <Route
            path="billing/local-portal"
            element={
              <RequireSignIn unsignedTo="/login">
                <LocalPortalPage />
              </RequireSignIn>
            }
          />
          {['ops', 'ops/*'].map((path) => (
            <Route
              key={path}
              path={path}
              element={
                <RequireSignIn unsignedTo="/login">
                  <OpsPage />
                </RequireSignIn>
              }
            />
          ))}
          <Route path="terms" element={<TermsPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </>
  );
}
