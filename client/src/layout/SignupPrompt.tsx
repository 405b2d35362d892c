import { useAtomValue } from 'jotai';
import { useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { noSubscription, useHydrated } from '../ui/hooks/useHydrated';
import { authAtom } from '../state/auth';
import { useFreeMonthlyQuota } from '../state/site';
import { wholeNumber } from '@oddspulse/shared';

const PROMPT_PATHS = ['/', '/pricing', '/signup'];
const DISMISSED_KEY = 'oddspulse.signupPromptDismissed';

/**
 * Shown on /, /pricing and /signup to signed-out visitors (spec 000 §2). A prerendered page shows it (no tab has
 * dismissed it at build); a tab that has hides it right after hydrating.
 */
export function SignupPrompt() {
  const auth = useAtomValue(authAtom);
  const { pathname } = useLocation();
  const freeQuota = useFreeMonthlyQuota();
  const dismissedBefore = useSyncExternalStore(
    // the dismissal is kept for the tab's visit and changes only by the prompt's own button
    noSubscription,
    () => window.sessionStorage.getItem(DISMISSED_KEY) === '1',
    () => false,
  );
  const [dismissed, setDismissed] = useState(false);
  // a prerendered button has no handler until the page hydrates: disabled until then, so an early click is not lost
  const hydrated = useHydrated();
  if (auth.status !== 'signedOut' || dismissedBefore || dismissed || !PROMPT_PATHS.includes(pathname)) return null;
  return (
    <aside className="signup-prompt card" aria-label="Sign up" data-testid="signup-prompt">
      <span>Free account: the popular books, {wholeNumber(freeQuota)} odds calls a month, no card needed.</span>
      {pathname !== '/signup' && (
        <Link className="button primary small" to="/signup">
          Sign up free
        </Link>
      )}
      <button
        type="button"
        className="link-button"
        aria-label="Dismiss"
        disabled={!hydrated}
        onClick={() => {
          window.sessionStorage.setItem(DISMISSED_KEY, '1');
          setDismissed(true);
        }}
      >
        ×
      </button>
    </aside>
  );
}
