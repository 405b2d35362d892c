import { useEffect, useState } from 'react';
import { apiEvents } from '../api/client';

/**
 * A deploy happened under the open page (an API answer named another build): its screens' code and the server's
 * answers may no longer match, so the page offers the reload that brings the new version, without forcing it on a
 * user in the middle of a bet slip.
 */
export function NewVersionBanner() {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    const onNewVersion = () => setAvailable(true);
    apiEvents.addEventListener('new-version', onNewVersion);
    return () => apiEvents.removeEventListener('new-version', onNewVersion);
  }, []);
  if (!available) return null;
  return (
    <div className="offline-banner" role="status" data-testid="new-version-banner">
      A new version of OddsPulse is available.{' '}
      <button type="button" className="link-button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
