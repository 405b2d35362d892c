import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link, Navigate, Outlet } from 'react-router-dom';
import { isPaid, isPlatinum } from '../account/account-api';
import { AUTH_REQUIRED_PATH, authAtom, authRequiredAtom, planAtom } from '../state/auth';
import { useCurrentPath } from './current-path';

/** Where the sign-in guard remembers the page it turned an unsigned user away from (spec 000 §6). */
export const AUTH_ORIGIN_KEY = 'oddspulse.authOrigin';

export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="route-spinner" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/**
 * Sign-in guard: a spinner while auth loads; unsigned users go to `unsignedTo` (default /) with the origin saved. As a
 * layout route it guards its child routes (its outlet); given children, it guards them.
 */
export function RequireSignIn({ children, unsignedTo = '/' }: { children?: ReactNode; unsignedTo?: string }) {
  const auth = useAtomValue(authAtom);
  const authRequired = useAtomValue(authRequiredAtom);
  const here = useCurrentPath();
  if (auth.status === 'loading') return <Spinner />;
  if (auth.status === 'signedOut') {
    if (authRequired) return <Navigate to={AUTH_REQUIRED_PATH} replace />;
    window.sessionStorage.setItem(AUTH_ORIGIN_KEY, here);
    return <Navigate to={unsignedTo} replace />;
  }
  return children ?? <Outlet />;
}

export function GatePanel({ title, text, action, to }: { title: string; text: string; action: string; to: string }) {
  return (
    <section className="gate-panel card" aria-labelledby="gate-title">
      <h1 id="gate-title">{title}</h1>
      <p>{text}</p>
      <Link className="button primary" to={to}>
        {action}
      </Link>
    </section>
  );
}

/**
 * Plan guard (spec 000 §6): unsigned users go to /login; a spinner while the plan loads; Platinum (or
 * unlimited) passes everything; otherwise the spec's panel for the missing plan. A layout route: it guards its outlet.
 */
export function PlanGuard({
  requiresPaidPlan = false,
  requiresPlatinum = false,
}: {
  requiresPaidPlan?: boolean;
  requiresPlatinum?: boolean;
}) {
  const auth = useAtomValue(authAtom);
  const plan = useAtomValue(planAtom);
  const authRequired = useAtomValue(authRequiredAtom);
  const here = useCurrentPath();
  if (auth.status === 'loading') return <Spinner />;
  if (auth.status === 'signedOut' && authRequired) return <Navigate to={AUTH_REQUIRED_PATH} replace />;
  if (auth.status === 'signedOut') return <Navigate to={`/login?returnTo=${encodeURIComponent(here)}`} replace />;
  if (plan.status === 'loading') return <Spinner label="Checking your plan..." />;
  if (isPlatinum(plan.info)) return <Outlet />;
  if (requiresPlatinum)
    return (
      <GatePanel
        title="Platinum Plan Required"
        text="This feature requires a Platinum subscription."
        action="Upgrade to Platinum"
        to="/pricing"
      />
    );
  if (requiresPaidPlan && !isPaid(plan.info))
    return (
      <GatePanel
        title="Subscription Required"
        text="This feature requires a Gold or Platinum subscription."
        action="Choose Your Plan"
        to="/subscribe"
      />
    );
  return <Outlet />;
}
