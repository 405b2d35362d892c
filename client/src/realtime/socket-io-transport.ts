import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@oddspulse/shared';
import type { LiveTransport } from './live-socket';

/** The browser's socket: socket.io's client typed by the shared event map, so every payload has its type. */
export type GatewaySocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** LiveSocket's transport over a socket.io client socket (reconnection off: LiveSocket owns the delays). */
export function socketIoTransport(socket: GatewaySocket): LiveTransport {
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
  };
}
