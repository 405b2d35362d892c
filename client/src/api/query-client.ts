import { onlineManager, QueryClient } from '@tanstack/react-query';

/**
 * The app's one TanStack Query client: every REST read of a screen goes through it, keyed per feature in the feature's
 * `*-api.ts`. The API client already retries what spec 000 §8 says to retry (a 5xx GET three times, announcing each
 * try), so the queries do not retry on top of it; and a screen refetches on its own interval or on the live socket's
 * word, not whenever the window regains focus. The cadences of the specs (spec 002 §9, say) hold in a hidden tab as
 * well, as the timers the queries replaced did: coming back to a tab never shows figures older than its cadence.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchIntervalInBackground: true,
      staleTime: 5_000,
      // Offline, a read is still tried once (the service worker may answer it from the reads it kept) and, if it fails,
      // read again when the connection returns (refetchOnReconnect) instead of staying failed.
      networkMode: 'offlineFirst',
    },
  },
});

// TanStack takes the browser to be online until an offline event says otherwise: a page opened offline (the installed
// app started without a network) must know it is, or its reconnection goes unnoticed and nothing is read again.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
