import { roomName, type RealtimeSnapshot, type SubscribeAck } from './socket-events';
import type { RealtimeEnvelope } from './channels';

export type SequenceVerdict = 'apply' | 'duplicate' | 'gap';

/**
 * The client's side of "nothing lost, nothing applied twice": the last seq applied per room. A message at
 * or below it is a duplicate (ignore it); the next one is applied; one further ahead means messages were
 * missed, and the client subscribes again with `lastSeq` to be caught up.
 */
export class RoomSequences {
  private readonly last = new Map<string, number>();

  /** The seq to send as `lastSeq` when (re)subscribing; undefined before the room was ever joined. */
  lastSeq(room: string): number | undefined {
    return this.last.get(room);
  }

  /** An accepted subscribe: the gateway has sent everything up to `ack.seq`. */
  subscribed(ack: SubscribeAck): void {
    if (ack.ok) this.last.set(ack.room, Math.max(this.last.get(ack.room) ?? 0, ack.seq));
  }

  /** A snapshot replaces the room's state as of its seq. */
  snapshot(snapshot: RealtimeSnapshot): void {
    this.last.set(roomName(snapshot.channel, snapshot.key), snapshot.seq);
  }

  /** Classifies a message and, when it is to be applied, records it. */
  receive(envelope: RealtimeEnvelope, key: string = envelope.sport): SequenceVerdict {
    const room = roomName(envelope.channel, key);
    const last = this.last.get(room);
    if (last !== undefined && envelope.seq <= last) return 'duplicate';
    if (last !== undefined && envelope.seq > last + 1) return 'gap';
    this.last.set(room, envelope.seq);
    return 'apply';
  }

  forget(room: string): void {
    this.last.delete(room);
  }
}
