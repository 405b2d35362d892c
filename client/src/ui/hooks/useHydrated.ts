import { useSyncExternalStore } from 'react';

/** For useSyncExternalStore over a value that never changes while the page is open: nothing to subscribe to. */
export const noSubscription = () => () => undefined;

/**
 * False while a page renders without a browser (the public pages prerendered at build) and in the browser's hydrating
 * render, true from then on: what only the browser can know renders once this is true, so both first renders agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
