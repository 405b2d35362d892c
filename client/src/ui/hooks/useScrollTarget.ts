import { useEffect, useRef } from 'react';

/** What the user does to move the page themselves: after one, the page no longer brings the target back. */
const USER_MOVES = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls an element into the middle of the view and focuses it once it becomes the target (an alert's
 * `opportunity=<id>` link), so the user lands on what the alert was about. The list around it keeps moving (a scanner's
 * opportunities arrive and re-sort as prices move), which can carry the target out of the view a moment later: until
 * the user scrolls, touches, clicks or types, the target is brought back into the view whenever it leaves it.
 */
export function useScrollTarget<T extends HTMLElement>(targeted: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!targeted || !element) return;
    element.scrollIntoView({ block: 'center' });
    element.focus({ preventScroll: true });
    if (typeof IntersectionObserver === 'undefined') return;
    const follow = new IntersectionObserver(([entry]) => {
      if (entry && !entry.isIntersecting) element.scrollIntoView({ block: 'center' });
    });
    follow.observe(element);
    const release = () => {
      follow.disconnect();
      for (const type of USER_MOVES) window.removeEventListener(type, release);
    };
    for (const type of USER_MOVES) window.addEventListener(type, release, { passive: true });
    return release;
  }, [targeted]);
  return ref;
}
