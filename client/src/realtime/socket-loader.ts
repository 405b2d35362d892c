import { appStore } from '../state/store';
import type { LiveSocket } from './live-socket';

let loaded: Promise<LiveSocket> | null = null;

/**
 * The live socket, for the shell to start and stop. Its code loads with the first signed-in session (a
 * visitor's landing page does not download it); starts and stops apply in the order they were asked for.
 */
function liveSocket(): Promise<LiveSocket> {
  loaded ??= import('./socket').then(
    ({ liveSocketAtom }) => appStore.get(liveSocketAtom),
    (error: unknown) => {
      loaded = null; // a failed download is tried again by the next start
      throw error;
    },
  );
  return loaded;
}

export function startLiveSocket(): void {
  liveSocket().then(
    (socket) => socket.start(),
    (error: unknown) => console.warn('The live socket could not be loaded', error),
  );
}

/** Stops the socket if it was ever loaded (a visitor who never signed in has none). */
export function stopLiveSocket(): void {
  loaded?.then(
    (socket) => socket.stop(),
    () => undefined,
  );
}
