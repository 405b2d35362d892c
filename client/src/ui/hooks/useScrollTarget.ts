import { useEffect, useRef } from 'react';

/**
 * Scrolls an element into the middle of the view and focuses it once it becomes the target (an alert's
 * `opportunity=<id>` link), so the user lands on what the alert was about.
 */
export function useScrollTarget<T extends HTMLElement>(targeted: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!targeted || !ref.current) return;
    ref.current.scrollIntoView({ block: 'center' });
    ref.current.focus({ preventScroll: true });
  }, [targeted]);
  return ref;
}
