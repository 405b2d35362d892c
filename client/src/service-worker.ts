import { applyWorkerMessage, offlineAtom, type WorkerMessage } from './state/offline';
import { appStore } from './state/store';

/**
 * Registers /sw.js (spec 000 §2), which keeps the app shell for offline start and the last answer of the first
 * screens' reads, and follows its messages so the page can say it is showing kept data.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
    if (event.data?.type === 'offline-data' || event.data?.type === 'online-data')
      appStore.set(offlineAtom, applyWorkerMessage(appStore.get(offlineAtom), event.data));
  });
  // Gone offline with the page open: what it shows was live until now.
  window.addEventListener('offline', () => appStore.set(offlineAtom, (state) => state ?? { savedAt: new Date().toISOString() }));
  window.addEventListener('online', () => appStore.set(offlineAtom, null));
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('Service worker registration failed', error));
  });
}

/** Signed out: the worker drops the kept reads, so the next person on this device never sees them. */
export function clearOfflineData(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'clear-data' }));
}
