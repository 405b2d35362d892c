import { Injectable, Logger } from '@nestjs/common';
import type { Socket as NetSocket } from 'node:net';
import type { RealtimeEnvelope } from '@oddspulse/shared';
import { MetricsService } from '@oddspulse/core';
import type { GatewayServer, GatewaySocket } from './socket-types';

/**
 * A realtime message as the relay hears it from Redis: the publisher's JSON text (`{"seq":N,"epoch":…}`), relayed
 * as it is. The object is parsed only when something needs it (a socket engine.io must send it to), once.
 */
export class RelayedMessage {
  private parsed: RealtimeEnvelope | null = null;
  private framed: Buffer | null = null;

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

  /** The websocket frame of `socket.emit('message', envelope)`, built from the text once. */
  get frame(): Buffer {
    return (this.framed ??= textFrame(`42["message",${this.raw}]`));
  }
}

function seqOf(raw: string): number {
  return Number.parseInt(raw.slice(7, raw.indexOf(',', 7)), 10);
}

/**
 * One unmasked, final websocket text frame holding `text`: for `42["message",…]`, a socket.io EVENT packet on the
 * main namespace.
 */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN, text
  if (length < 126) frame[1] = length;
  else if (length < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

const WS_OPEN = 1;

/** What engine.io 6 and ws 8 keep of a websocket connection: not their public API, so every field is checked. */
interface EngineConnection {
  readyState?: string;
  writeBuffer?: unknown[];
  transport?: {
    name?: string;
    writable?: boolean;
    perMessageDeflate?: unknown;
    socket?: { readyState?: number; _socket?: NetSocket; _sender?: { _queue?: unknown[] } };
  };
}

/**
 * How a packet reaches a socket now: its TCP connection, when a frame written there lands after everything
 * engine.io and ws were given before and before anything they are given after (an open websocket, no
 * compression, nothing in engine.io's or ws's queues); 'engine' when something is queued or the socket is
 * closing; 'unknown' when engine.io or ws no longer keep what this relies on.
 */
function route(socket: GatewaySocket): NetSocket | 'engine' | 'unknown' {
  const conn = socket.conn as unknown as EngineConnection;
  const transport = conn.transport;
  const ws = transport?.socket;
  if (transport?.name !== 'websocket') return 'engine';
  if (
    !Array.isArray(conn.writeBuffer) ||
    typeof transport.writable !== 'boolean' ||
    !ws?._socket ||
    !Array.isArray(ws._sender?._queue)
  )
    return 'unknown';
  const idle =
    conn.readyState === 'open' &&
    ws.readyState === WS_OPEN &&
    transport.writable &&
    conn.writeBuffer.length === 0 &&
    ws._sender._queue.length === 0;
  return idle && !transport.perMessageDeflate && ws._socket.writable ? ws._socket : 'engine';
}

/**
 * Emits a realtime message to the sockets of a room on this process, as `socket.emit('message', envelope)` would:
 * each delivery is one write of a frame built once for the room from the published text (never parsed or
 * re-serialised on this path), straight to the socket's TCP connection when engine.io has nothing queued for it
 * (the usual case), otherwise through engine.io. socket.io's own per-packet work (packet objects, flush and drain
 * events, a corked two-buffer write) made a delivery cost 1.4× as much CPU (bench:push), and at 5,000 sockets that
 * was the difference between a core with headroom and a backlog.
 */
@Injectable()
export class RoomBroadcaster {
  private readonly logger = new Logger(RoomBroadcaster.name);
  private warned = false;

  constructor(private readonly metrics: MetricsService) {}

  /** Counted per room by its channel (the room's name starts with it), so the message is never parsed for it. */
  emit(server: GatewayServer, room: string, message: RelayedMessage): void {
    const ids = server.sockets.adapter.rooms.get(room);
    if (!ids) return;
    let delivered = 0;
    for (const id of ids) {
      const socket = server.sockets.sockets.get(id);
      if (!socket) continue;
      this.send(socket, message);
      delivered++;
    }
    const colon = room.indexOf(':');
    this.metrics.delivered(colon < 0 ? room : room.slice(0, colon), delivered);
  }

  /** One socket, the same way (a socket being caught up, not in the room yet). */
  send(socket: GatewaySocket, message: RelayedMessage): void {
    const via = route(socket);
    if (typeof via === 'object') via.write(message.frame);
    else {
      if (via === 'unknown') this.warnOnce();
      socket.emit('message', message.envelope);
    }
  }

  private warnOnce(): void {
    if (this.warned) return;
    this.warned = true;
    this.logger.warn({
      msg: 'engine.io or ws internals changed: realtime messages go through engine.io, at a higher CPU cost per delivery',
    });
  }
}
