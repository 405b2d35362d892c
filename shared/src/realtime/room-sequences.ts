import { roomName, type RealtimeSnapshot, type SubscribeAck } from './socket-events';
import type { RealtimeEnvelope } from './channels';

/**
 * - apply: the next message of the room (or the first one seen): use it;
 * - duplicate: already applied (a replay overlapping what arrived live): ignore it;
 * - gap: messages were missed: resubscribe with the last seq to be caught up;
 * - epoch: the channel started a new epoch (Redis lost its counter): the old numbers mean nothing any more, so
 *   resubscribe with the old position and take the snapshot the gateway sends.
 */
export type SequenceVerdict = 'apply' | 'duplicate' | 'gap' | 'epoch';

/** Where a room stands for the client: the last seq applied and its epoch (null before the channel had one). */
export interface RoomPosition {
  seq: number;
  epoch: string | null;
}

/**
 * Where each sport's channel stood when its state was read, by sport (the `positions` of GET /api/boards, /api/arbitrage,
 * /api/middles, /api/steam): the state holds every message up to it, so a listener joins the channel from there.
 */
export type BoardPositions = Record<string, RoomPosition>;

/** What a (re)subscribe sends so the gateway can catch the room up: nothing before the room was ever joined. */
export type ResumePoint = { lastSeq: number; epoch?: string } | Record<string, never>;

/**
 * The client's side of "nothing lost, nothing applied twice", per room: a message at or below the last seq applied
 * is a duplicate; the next one is applied; one further ahead means messages were missed; one of another epoch
 * means the numbering started again, and the room resynchronises from a snapshot. Rooms are named as the gateway
 * names them (`roomName`) unless the caller names them itself.
 */
export class RoomSequences {
  private readonly rooms = new Map<string, RoomPosition>();

  position(room: string): RoomPosition | undefined {
    return this.rooms.get(room);
  }

  /** The seq to send as `lastSeq` when (re)subscribing; undefined before the room was ever joined. */
  lastSeq(room: string): number | undefined {
    return this.rooms.get(room)?.seq;
  }

  /** The `lastSeq` and `epoch` of a (re)subscribe request. */
  resume(room: string): ResumePoint {
    const at = this.rooms.get(room);
    if (!at) return {};
    return at.epoch === null ? { lastSeq: at.seq } : { lastSeq: at.seq, epoch: at.epoch };
  }

  /** An accepted subscribe: the gateway has sent everything up to `ack.seq` of `ack.epoch`. */
  subscribed(ack: SubscribeAck, room: string = ack.ok ? ack.room : ''): void {
    if (!ack.ok) return;
    const at = this.rooms.get(room);
    if (at && at.epoch === ack.epoch) at.seq = Math.max(at.seq, ack.seq);
    else this.rooms.set(room, { seq: ack.seq, epoch: ack.epoch });
  }

  /**
   * The room's data now stands at `position` (a first load read with its channel's position): messages up to it are
   * duplicates, the next one applies, and a resubscribe asks the gateway for what came after it.
   */
  startAt(room: string, position: RoomPosition): void {
    this.rooms.set(room, { seq: position.seq, epoch: position.epoch });
  }

  /** A snapshot replaces the room's state as of its seq and epoch. */
  snapshot(snapshot: RealtimeSnapshot, room: string = roomName(snapshot.channel, snapshot.key)): void {
    this.rooms.set(room, { seq: snapshot.seq, epoch: snapshot.epoch });
  }

  /** Classifies a message and, when it is to be applied, records it. */
  receive(envelope: RealtimeEnvelope, room: string = roomName(envelope.channel, envelope.key)): SequenceVerdict {
    const at = this.rooms.get(room);
    if (at) {
      // A room joined before its channel carried anything has no epoch yet: the first message brings it.
      if (at.epoch !== null && at.epoch !== envelope.epoch) return 'epoch';
      if (envelope.seq <= at.seq) return 'duplicate';
      if (envelope.seq > at.seq + 1) return 'gap';
    }
    this.rooms.set(room, { seq: envelope.seq, epoch: envelope.epoch });
    return 'apply';
  }
}
