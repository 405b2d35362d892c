import { useAtomValue } from 'jotai';
import { lazy, Suspense, type ReactNode } from 'react';
import { authAtom } from '../state/auth';

const parts = () => import('./SignedInParts');

export const PlanBadge = lazy(() => parts().then((m) => ({ default: m.PlanBadge })));
export const UserMenu = lazy(() => parts().then((m) => ({ default: m.UserMenu })));
export const UserMenuItems = lazy(() => parts().then((m) => ({ default: m.UserMenuItems })));
export const PlanLimitDialog = lazy(() => parts().then((m) => ({ default: m.PlanLimitDialog })));
export const UsernameSetup = lazy(() => parts().then((m) => ({ default: m.UsernameSetup })));
export const PlanSync = lazy(() => parts().then((m) => ({ default: m.PlanSync })));
export const LocalPicksImport = lazy(() => parts().then((m) => ({ default: m.LocalPicksImport })));

/** Shows its children, parts of the shell loaded on demand, only while someone is signed in. */
export function WhenSignedIn({ children }: { children: ReactNode }) {
  const auth = useAtomValue(authAtom);
  return auth.status === 'signedIn' ? <Suspense fallback={null}>{children}</Suspense> : null;
}
