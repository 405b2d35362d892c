import type { GatewaySocket } from './socket-types';

/** A subscribe being served: `unsubscribed` once an unsubscribe of its room came meanwhile. */
export interface PendingSubscribe {
  readonly unsubscribed: boolean;
  /** The subscribe is answered. */
  done(): void;
}

/**
 * The subscribes each socket has in flight. One is served over several awaits (the credential, the catch-up, the
 * barrier) and socket.io hands the gateway the socket's next events meanwhile: an unsubscribe of the room marks the
 * subscribes of it under way, so none joins a room the client has left.
 */
export class PendingSubscribes {
  private readonly inFlight = new WeakMap<GatewaySocket, Set<{ room: string; unsubscribed: boolean }>>();

  /** Called as the subscribe arrives, before anything is awaited: an unsubscribe sent after it is seen. */
  begin(socket: GatewaySocket, room: string): PendingSubscribe {
    const entry = { room, unsubscribed: false };
    const entries = this.inFlight.get(socket) ?? new Set();
    this.inFlight.set(socket, entries);
    entries.add(entry);
    return {
      get unsubscribed() {
        return entry.unsubscribed;
      },
      done: () => entries.delete(entry),
    };
  }

  unsubscribe(socket: GatewaySocket, room: string): void {
    for (const entry of this.inFlight.get(socket) ?? []) if (entry.room === room) entry.unsubscribed = true;
  }
}
