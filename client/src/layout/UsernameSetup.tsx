import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { authAtom } from '../state/auth';
import { useProfile } from '../state/session-state';

const LATER_KEY = 'oddspulse.usernameSetupLater';

// Only a user without a username downloads the dialog
const UsernameSetupModal = lazy(() => import('./UsernameSetupModal').then((m) => ({ default: m.UsernameSetupModal })));

/** Opens the username setup when the signed-in user has no username yet (spec 000 §2). "Not now" hides it for this tab. */
export function UsernameSetup() {
  const auth = useAtomValue(authAtom);
  const profile = useProfile();
  const [later, setLater] = useState(() => window.sessionStorage.getItem(LATER_KEY) === '1');
  if (auth.status !== 'signedIn' || profile.status !== 'ready' || profile.profile.username || later) return null;
  return (
    <Suspense fallback={null}>
      <UsernameSetupModal
        onLater={() => {
          window.sessionStorage.setItem(LATER_KEY, '1');
          setLater(true);
        }}
      />
    </Suspense>
  );
}
