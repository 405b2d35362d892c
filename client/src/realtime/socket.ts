import { atom } from 'jotai';
import { SOCKET_PATH } from '@oddspulse/shared';
import { api } from '../api/client';
import { appStore } from '../state/store';
import { connectionStateAtom } from './connection-state';
import { CONNECT_TIMEOUT_MS, LiveSocket } from './live-socket';
import { deferredTransport, type BrowserSocket } from './socket-io-transport';

function createLiveSocket(): LiveSocket {
  // Same origin's /socket.io; reconnection is LiveSocket's job (the spec's delays), not socket.io's. The client
  // library loads with the first connection, not with the page.
  const load = () =>
    import('socket.io-client').then(({ io }): BrowserSocket =>
      io({
        path: SOCKET_PATH,
        autoConnect: false,
        reconnection: false,
        timeout: CONNECT_TIMEOUT_MS,
        transports: ['websocket'],
      }),
    );
  return new LiveSocket({
    transport: deferredTransport(load),
    // The handshake carries the session's HttpOnly access cookie (DECISIONS 35); the page has no token to present. Asked
    // for a fresh one, the session's cookies are refreshed instead: the gateway closes the socket when the cookie it
    // was opened with expires, and the reconnect handshakes with the new cookie.
    token: () => null,
    freshToken: () => api.refresh().then(() => null),
    setTimer: (fn, ms) => window.setTimeout(fn, ms),
    clearTimer: (handle) => window.clearTimeout(handle as number),
    onState: (state) => appStore.set(connectionStateAtom, state),
    random: Math.random,
  });
}

/** The one live socket of the app (one per page load). */
export const liveSocketAtom = atom<LiveSocket>(createLiveSocket());
