import { useAtomValue } from 'jotai';
import { Navigate, Route, Routes, useSearchParams } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { AccountPage } from './pages/AccountPage';
import { AuthCallbackPage } from './pages/AuthCallbackPage';
import { BillingCancelPage, BillingSuccessPage } from './pages/BillingPages';
import { DfsPage } from './odds/DfsPage';
import { OddsPage } from './odds/OddsPage';
import { DashboardPage } from './pages/DashboardPage';
import { LandingPage } from './pages/LandingPage';
import { PrivacyPage, TermsPage } from './pages/LegalPages';
import { LoginPage } from './pages/LoginPage';
import { MySportsbooksPage } from './pages/MySportsbooksPage';
import { PasswordResetPage } from './pages/PasswordResetPage';
import { PricingPage } from './pages/PricingPage';
import { SubscribePage } from './pages/SubscribePage';
import { UsagePlanPage } from './pages/UsagePlanPage';
import { LocalPicksImport } from './picks/LocalPicksImport';
import { PicksPage } from './picks/PicksPage';
import { ScoresPage } from './scores/ScoresPage';
import { PlanGuard, RequireSignIn, Spinner } from './routing/guards';
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

/** The route table of spec 000 §2 and 002 §2. */
export function App() {
  return (
    <>
      <SessionSync />
      <LocalPicksImport />
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<Home />} />
          <Route path="home" element={<Navigate to="/" replace />} />
          <Route path="dashboard" element={<RequireSignIn><DashboardPage /></RequireSignIn>} />
          <Route path="dfs" element={<PlanGuard><DfsPage /></PlanGuard>} />
          <Route path="sportsbooks" element={<PlanGuard requiresPaidPlan><OddsPage /></PlanGuard>} />
          <Route path="login" element={<LoginPage />} />
          <Route path="signup" element={<LoginPage />} />
          <Route path="auth/callback" element={<AuthCallbackPage />} />
          <Route path="app" element={<AppRedirect />} />
          <Route path="pricing" element={<PricingPage />} />
          <Route path="subscribe" element={<RequireSignIn><SubscribePage /></RequireSignIn>} />
          <Route path="account" element={<AccountRoute />} />
          <Route path="usage-plan" element={<RequireSignIn unsignedTo="/login"><UsagePlanPage /></RequireSignIn>} />
          <Route path="my-sportsbooks" element={<RequireSignIn><MySportsbooksPage /></RequireSignIn>} />
          <Route path="picks" element={<RequireSignIn><PicksPage /></RequireSignIn>} />
          <Route path="scores" element={<ScoresPage />} />
          <Route path="billing/success" element={<BillingSuccessPage />} />
          <Route path="billing/cancel" element={<BillingCancelPage />} />
          <Route path="terms" element={<TermsPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </>
  );
}
