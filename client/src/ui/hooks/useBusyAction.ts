import { useState } from 'react';

/**
 * A button's asynchronous action: busy while it runs, so it cannot be sent twice, and the failure's message (or
 * `fallback` when it has none) to show beside it. An action that leaves the page on success (a checkout, the
 * billing portal) stays busy until the page has gone.
 */
export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>, fallback: string, { leaves = false } = {}): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await action();
      if (!leaves) setBusy(false);
      return true;
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : fallback);
      setBusy(false);
      return false;
    }
  };
  return { busy, error, setError, run };
}
