import { atom } from 'jotai';

/**
 * What the page shows while the service worker answers from its kept reads: null while the server
 * answers; otherwise when the oldest data shown was received (null time when the worker did not say).
 */
export type OfflineState = null | { savedAt: string | null };
export const offlineAtom = atom<OfflineState>(null);

/** failedAt: when the worker's read failed (epoch ms); a worker installed before it was sent leaves it out. */
export type WorkerMessage =
  { type: 'offline-data'; savedAt: string | null; failedAt?: number } | { type: 'online-data' };

/** The oldest of two receipt times: the banner must not claim the data is fresher than its oldest part. */
function older(a: string | null, b: string | null): string | null {
  if (!a || !b) return a ?? b;
  return Date.parse(a) <= Date.parse(b) ? a : b;
}

/**
 * backOnlineAt: when the browser last said the connection came back (epoch ms), or null. A read that failed before
 * then says nothing of now: the banner it would bring back would stay until the next kept read answered.
 */
export function applyWorkerMessage(
  state: OfflineState,
  message: WorkerMessage,
  backOnlineAt: number | null = null,
): OfflineState {
  if (message.type === 'online-data') return null;
  if (backOnlineAt !== null && message.failedAt !== undefined && message.failedAt < backOnlineAt) return state;
  return { savedAt: state ? older(state.savedAt, message.savedAt) : message.savedAt };
}

/** The first wait before the screen's reads are tried again while a kept read answered with the browser online. */
export const FIRST_RECHECK_MS = 2_000;
/** The longest wait between those tries: a server away for long is asked twice a minute, not hammered. */
export const MAX_RECHECK_MS = 30_000;

/** The wait after one of those tries that failed again: doubled, up to MAX_RECHECK_MS. */
export function nextRecheckMs(previousMs: number): number {
  return Math.min(previousMs * 2, MAX_RECHECK_MS);
}

/** What a page says of what it has not loaded while the browser is offline: it loads when the connection returns. */
export const OFFLINE_NOT_LOADED = "You're offline: what is not loaded yet loads when the connection returns.";

/**
 * The one toast of the API client's retries (keyed, so reads retrying together share it): the client's "Retrying in N
 * seconds" online; offline, that the connection, not the server, is away.
 */
export function retryToast(message: string, online: boolean): string {
  return online ? message : OFFLINE_NOT_LOADED;
}

/** Signed out: the worker drops the kept reads, so the next person on this device never sees them. */
export function clearOfflineData(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'clear-data' }));
}
