import { Injectable } from '@nestjs/common';
import type { RealtimeEnvelope } from '@oddspulse/shared';
import { MetricsService } from '@oddspulse/core';
import type { GatewayServer, GatewaySocket } from './sockets/socket-types';

/**
 * A realtime message as the relay hears it from Redis: the publisher's JSON text (`{"seq":N,"epoch":…}`). Its seq is
 * read from the text; the object is parsed once, when a socket is to be sent it.
 */
export class RelayedMessage {
  private parsed: RealtimeEnvelope | null = null;

  constructor(readonly raw: string) {}

  /** The publisher writes every message as `{"seq":N,…`; anything else did not come from it. */
  static read(raw: string): RelayedMessage | null {
    return raw.startsWith('{"seq":') && raw.endsWith('}') && Number.isInteger(seqOf(raw))
      ? new RelayedMessage(raw)
      : null;
  }

  /** The message's seq, read from the start of the text. */
  get seq(): number {
    return seqOf(this.raw);
  }

  get envelope(): RealtimeEnvelope {
    return (this.parsed ??= JSON.parse(this.raw) as RealtimeEnvelope);
  }
}

function seqOf(raw: string): number {
  return Number.parseInt(raw.slice(7, raw.indexOf(',', 7)), 10);
}

/**
 * Emits a realtime message to the sockets of a room on this process, through socket.io's own broadcast to the room
 * (`server.local`: every process relays every message to its own sockets, so none goes through the adapter to the
 * others). socket.io encodes the packet, and builds its websocket frame, once for the room; engine.io writes it to each
 * socket after whatever it holds for it, so a socket's messages keep their order.
 */
@Injectable()
export class RoomBroadcaster {
  constructor(private readonly metrics: MetricsService) {}

  /** Counted per room by its channel (the room's name starts with it). */
  emit(server: GatewayServer, room: string, message: RelayedMessage): void {
    const sockets = server.sockets.adapter.rooms.get(room)?.size ?? 0;
    if (!sockets) return;
    server.local.to(room).emit('message', message.envelope);
    const colon = room.indexOf(':');
    this.metrics.delivered(colon < 0 ? room : room.slice(0, colon), sockets);
  }

  /** One socket (a socket being caught up, not in the room yet). */
  send(socket: GatewaySocket, message: RelayedMessage): void {
    socket.emit('message', message.envelope);
  }
}
