import { queryClient } from '../api/query-client';
import { applyWorkerMessage, FIRST_RECHECK_MS, nextRecheckMs, offlineAtom, type WorkerMessage } from '../state/offline';
import { appStore } from '../state/store';

/** The latest a busy page registers its worker after the load event. */
const REGISTER_WITHIN_MS = 3_000;

/**
 * Registers /sw.js (spec 000 §2), which keeps the app shell for offline start and the last answer of the first
 * screens' reads, and follows its messages so the page can say it is showing kept data.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  let backOnlineAt: number | null = null;
  // A kept read that answers while the browser says it is online means the server is away, or the browser's word came
  // before its network (a worker can still be offline a moment after the page's online event, and the reads the
  // reconnection starts then fail): the banner stays until a read answers, so the screen's reads are tried again,
  // backing off, until one does and the worker says so.
  let recheckMs = FIRST_RECHECK_MS;
  let recheck: ReturnType<typeof setTimeout> | null = null;
  const scheduleRecheck = () => {
    if (recheck !== null) return;
    recheck = setTimeout(() => {
      recheck = null;
      if (!navigator.onLine || appStore.get(offlineAtom) === null) return;
      recheckMs = nextRecheckMs(recheckMs);
      void queryClient.refetchQueries({ type: 'active' });
    }, recheckMs);
  };
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
    if (event.data?.type !== 'offline-data' && event.data?.type !== 'online-data') return;
    const state = applyWorkerMessage(appStore.get(offlineAtom), event.data, backOnlineAt);
    appStore.set(offlineAtom, state);
    if (state === null) recheckMs = FIRST_RECHECK_MS;
    else if (navigator.onLine) scheduleRecheck();
  });
  // Gone offline with the page open: what it shows was live until now.
  window.addEventListener('offline', () =>
    appStore.set(offlineAtom, (state) => state ?? { savedAt: new Date().toISOString() }),
  );
  window.addEventListener('online', () => {
    backOnlineAt = Date.now();
    recheckMs = FIRST_RECHECK_MS;
    appStore.set(offlineAtom, null);
  });
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  };
  // After the load event, at the main thread's first idle moment (usually once the first screen is drawn), so
  // that starting the worker and its install's fetch do not compete with the first screen on a busy machine
  window.addEventListener('load', () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(register, { timeout: REGISTER_WITHIN_MS });
    else setTimeout(register, REGISTER_WITHIN_MS);
  });
}
