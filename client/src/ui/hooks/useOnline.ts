import { useSyncExternalStore } from 'react';

function subscribe(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

/**
 * Whether the browser has a network connection (`navigator.onLine`), kept current by its online and offline events; a
 * page rendered without a browser counts as online. Offline, what is not loaded yet says so and loads when this
 * turns true again, rather than failing as an error.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
