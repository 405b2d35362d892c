import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useSearchParams } from 'react-router-dom';
import { PLAN_GATE_PANELS, passesGate, type PlanGate } from '@oddspulse/shared';
import { planAccess } from '../state/session-api';
import { AUTH_ORIGIN_KEY, AUTH_REQUIRED_PATH, authAtom, authRequiredAtom } from '../state/auth';
import { GatePanel } from '../ui/GatePanel';
import { Spinner } from '../ui/Spinner';
import { useCurrentPath } from '../ui/hooks/current-path';
import { usePlan } from '../state/session-state';

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

/**
 * Plan guard (spec 000 §6): unsigned users go to /login; a spinner while the plan loads; a plan that passes `requires`
 * (Platinum or unlimited passes any) sees the outlet; otherwise the spec's panel for what the page asked for.
 * `panelFor` names that from the address when a route's sections need more than the route ("/sportsbooks?mode=
 * arbitrage" needs Platinum, not "Gold or Platinum"). A layout route: it guards its outlet.
 */
export function PlanGuard({
  requires,
  panelFor,
}: {
  requires?: PlanGate;
  panelFor?: (params: URLSearchParams) => PlanGate;
}) {
  const auth = useAtomValue(authAtom);
  const plan = usePlan();
  const authRequired = useAtomValue(authRequiredAtom);
  const here = useCurrentPath();
  const [params] = useSearchParams();
  if (auth.status === 'loading') return <Spinner />;
  if (auth.status === 'signedOut' && authRequired) return <Navigate to={AUTH_REQUIRED_PATH} replace />;
  if (auth.status === 'signedOut') return <Navigate to={`/login?returnTo=${encodeURIComponent(here)}`} replace />;
  if (plan.status === 'loading') return <Spinner label="Checking your plan..." />;
  if (!requires || passesGate(planAccess(plan.info), requires)) return <Outlet />;
  const gate = panelFor?.(params) === 'platinum' ? 'platinum' : requires;
  return <GatePanel {...PLAN_GATE_PANELS[gate]} />;
}
