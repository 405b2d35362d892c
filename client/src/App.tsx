import { useAtomValue } from 'jotai';
import { Redirect, Route, Switch } from 'wouter';
import { Layout } from './layout/Layout';
import { LocalPicksImport, PlanSync, WhenSignedIn } from './layout/signed-in';
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
  SubscribePage,
  TermsPage,
  UsagePlanPage,
} from './routing/lazy-pages';
import { useSearchParams } from './routing/router';
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
  return <Redirect to={auth.status === 'signedIn' ? '/sportsbooks' : '/'} replace />;
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

/**
 * The route table of spec 000 §2 and 002 §2, matched in order (the first route whose path matches renders); the screens
 * load on demand (routing/lazy-pages, issue 18).
 */
export function App() {
  return (
    <>
      <SessionSync />
      <WhenSignedIn>
        <PlanSync />
        <LocalPicksImport />
      </WhenSignedIn>
      <Layout>
        <Switch>
          <Route path="/">
            <Home />
          </Route>
          <Route path="/home">
            <Redirect to="/" replace />
          </Route>
          <Route path="/dashboard">
            <RequireSignIn>
              <DashboardPage />
            </RequireSignIn>
          </Route>
          <Route path="/dfs">
            <PlanGuard>
              <DfsPage />
            </PlanGuard>
          </Route>
          <Route path="/sportsbooks">
            <PlanGuard requiresPaidPlan>
              <OddsPage />
            </PlanGuard>
          </Route>
          <Route path="/login">
            <LoginPage />
          </Route>
          <Route path="/signup">
            <LoginPage />
          </Route>
          <Route path="/auth/callback">
            <AuthCallbackPage />
          </Route>
          <Route path="/app">
            <AppRedirect />
          </Route>
          <Route path="/pricing">
            <PricingPage />
          </Route>
          <Route path="/subscribe">
            <RequireSignIn>
              <SubscribePage />
            </RequireSignIn>
          </Route>
          <Route path="/account">
            <AccountRoute />
          </Route>
          <Route path="/account/api-keys">
            <PlanGuard requiresPlatinum>
              <ApiKeysPage />
            </PlanGuard>
          </Route>
          <Route path="/alerts">
            <RequireSignIn unsignedTo="/login">
              <AlertsPage />
            </RequireSignIn>
          </Route>
          <Route path="/usage-plan">
            <RequireSignIn unsignedTo="/login">
              <UsagePlanPage />
            </RequireSignIn>
          </Route>
          <Route path="/my-sportsbooks">
            <RequireSignIn>
              <MySportsbooksPage />
            </RequireSignIn>
          </Route>
          <Route path="/picks">
            <RequireSignIn>
              <PicksPage />
            </RequireSignIn>
          </Route>
          <Route path="/scores">
            <ScoresPage />
          </Route>
          <Route path="/contact">
            <ContactPage />
          </Route>
          <Route path="/analytics">
            <PlanGuard requiresPlatinum>
              <AnalyticsPage />
            </PlanGuard>
          </Route>
          <Route path="/billing/success">
            <BillingSuccessPage />
          </Route>
          <Route path="/billing/cancel">
            <BillingCancelPage />
          </Route>
          <Route path="/billing/local-checkout/:id">
            <RequireSignIn unsignedTo="/login">
              <LocalCheckoutPage />
            </RequireSignIn>
          </Route>
          <Route path="/billing/local-portal">
            <RequireSignIn unsignedTo="/login">
              <LocalPortalPage />
            </RequireSignIn>
          </Route>
          {/* /ops and the pages under it */}
          <Route path="/ops/*?">
            <RequireSignIn unsignedTo="/login">
              <OpsPage />
            </RequireSignIn>
          </Route>
          <Route path="/terms">
            <TermsPage />
          </Route>
          <Route path="/privacy">
            <PrivacyPage />
          </Route>
          {/* any other path */}
          <Route>
            <Redirect to="/" replace />
          </Route>
        </Switch>
      </Layout>
    </>
  );
}
