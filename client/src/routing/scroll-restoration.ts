import { useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

/** Scroll positions by history entry, for Back and Forward within the tab's visit (never written to storage). */
const positions = new Map<string, number>();

/**
 * Scroll restoration for the route table (react-router's own `<ScrollRestoration>` needs its data router, which
 * weighs twice the declarative one on every first load): another path opens at the top, Back and Forward return to
 * where the user was on that entry, and a change of the query alone (a filter written into the URL) keeps the page
 * where it is.
 */
export function useScrollRestoration(): void {
  const { key, pathname } = useLocation();
  const navigation = useNavigationType();
  const previous = useRef<{ key: string; pathname: string } | null>(null);

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    const left = previous.current;
    previous.current = { key, pathname };
    if (!left || left.key === key) return;
    positions.set(left.key, window.scrollY);
    if (navigation === NavigationType.Pop) window.scrollTo(0, positions.get(key) ?? 0);
    else if (left.pathname !== pathname) window.scrollTo(0, 0);
  }, [key, pathname, navigation]);
}
