import { atom } from 'jotai';
import { SOCKET_PATH } from '@oddspulse/shared';
import { api } from '../api/client';
import { appStore } from '../state/store';
import { connectionStateAtom } from './connection-state';
import { CONNECT_TIMEOUT_MS, LiveSocket } from './live-socket';
import { deferredTransport, type GatewaySocket } from './socket-io-transport';

function createLiveSocket(): LiveSocket {
  // Same origin's /socket.io; reconnection is LiveSocket's job (the spec's delays), not socket.io's. The client
  // library loads with the first connection, not with the page.
  const load = () =>
    import('socket.io-client').then(({ io }): GatewaySocket =>
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
    token: () => api.currentSession()?.access_token ?? null,
    freshToken: () => api.refresh().then((session) => session?.access_token ?? null),
    setTimer: (fn, ms) => window.setTimeout(fn, ms),
    clearTimer: (handle) => window.clearTimeout(handle as number),
    onState: (state) => appStore.set(connectionStateAtom, state),
    random: Math.random,
  });
}

/** The one live socket of the app (one per page load). */
export const liveSocketAtom = atom<LiveSocket>(createLiveSocket());
