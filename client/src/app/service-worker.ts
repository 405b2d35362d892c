import { applyWorkerMessage, offlineAtom, type WorkerMessage } from '../state/offline';
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
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
    if (event.data?.type === 'offline-data' || event.data?.type === 'online-data')
      appStore.set(offlineAtom, applyWorkerMessage(appStore.get(offlineAtom), event.data, backOnlineAt));
  });
  // Gone offline with the page open: what it shows was live until now.
  window.addEventListener('offline', () =>
    appStore.set(offlineAtom, (state) => state ?? { savedAt: new Date().toISOString() }),
  );
  window.addEventListener('online', () => {
    backOnlineAt = Date.now();
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
