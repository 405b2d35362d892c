import { useCallback, useSyncExternalStore } from 'react';

/** Mobile is below 768 px (spec 000 §9, 001 §2). */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/**
 * Whether the media query matches, following the window as it changes. A page rendered without a window (the public
 * pages prerendered at build) reads as not matching, and so does a hydrating browser's first render, which React then
 * redoes with the window's answer.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const useIsMobile = () => useMediaQuery(MOBILE_QUERY);
