import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@oddspulse/shared';
import type { LiveTransport, TransportHandlers } from './live-socket';

/** The browser's socket: socket.io's client typed by the shared event map, so every payload has its type. */
export type BrowserSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** LiveSocket's transport over a socket.io client socket (reconnection off: LiveSocket owns the delays). */
export function socketIoTransport(socket: BrowserSocket): LiveTransport {
  return {
    get connected() {
      return socket.connected;
    },
    listen(handlers) {
      socket.on('connect', () => handlers.connect());
      socket.on('connect_error', (error) => handlers.connectError(error));
      socket.on('disconnect', (reason) => handlers.disconnect(reason));
      socket.on('message', handlers.message);
      socket.on('snapshot', handlers.snapshot);
      socket.on('reauth', handlers.reauth);
      socket.on('live', handlers.live);
    },
    open(auth) {
      socket.auth = auth;
      socket.connect();
    },
    close() {
      socket.disconnect();
    },
    subscribe(request, timeoutMs) {
      return socket.timeout(timeoutMs).emitWithAck('subscribe', request);
    },
    unsubscribe(request) {
      // Nothing to do with the answer: the room is left either way once the socket closes.
      socket.emit('unsubscribe', request, () => undefined);
    },
    reauth(token, timeoutMs) {
      return socket.timeout(timeoutMs).emitWithAck('reauth', { token });
    },
  };
}

/**
 * A transport whose socket.io client is loaded when the socket first opens (the landing page does not
 * download it). Until then it is not connected; a failed load is a connect error, retried by LiveSocket's delays.
 */
export function deferredTransport(load: () => Promise<BrowserSocket>): LiveTransport {
  let inner: LiveTransport | null = null;
  let handlers: TransportHandlers | null = null;
  let loading: Promise<LiveTransport> | null = null;
  // the latest open's auth while the client loads; null once closed, so a close during the load wins
  let wanted: { token: string | null } | null = null;
  const ready = () =>
    (loading ??= load().then(
      (socket) => {
        inner = socketIoTransport(socket);
        if (handlers) inner.listen(handlers);
        return inner;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return {
    get connected() {
      return inner?.connected ?? false;
    },
    listen(given) {
      handlers = given;
      inner?.listen(given);
    },
    open(auth) {
      wanted = auth;
      ready().then(
        (transport) => wanted && transport.open(wanted),
        (error: unknown) => handlers?.connectError(error instanceof Error ? error : new Error(String(error))),
      );
    },
    close() {
      wanted = null;
      inner?.close();
    },
    subscribe(request, timeoutMs) {
      return inner
        ? inner.subscribe(request, timeoutMs)
        : Promise.reject(new Error('The live socket is not connected'));
    },
    unsubscribe(request) {
      inner?.unsubscribe(request);
    },
    reauth(token, timeoutMs) {
      return inner ? inner.reauth(token, timeoutMs) : Promise.reject(new Error('The live socket is not connected'));
    },
  };
}
