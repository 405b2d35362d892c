import type { ReauthAck, RealtimeEnvelope, RealtimeSnapshot, SubscribeAck, SubscribeRequest } from '@oddspulse/shared';
import {
  LiveSocket,
  type ConnectionState,
  type LiveTransport,
  type TransportHandlers,
} from '../src/realtime/live-socket';

/** A socket.io transport a test drives: it connects, drops, answers subscribes and pushes as the gateway would. */
export class FakeTransport implements LiveTransport {
  connected = false;
  /** Every subscribe sent, in order. */
  sent: SubscribeRequest[] = [];
  private answers: Array<(ack: SubscribeAck) => void> = [];
  private handlers!: TransportHandlers;

  listen(handlers: TransportHandlers) {
    this.handlers = handlers;
  }
  open() {}
  close() {
    this.connected = false;
  }
  subscribe(request: SubscribeRequest) {
    this.sent.push(request);
    return new Promise<SubscribeAck>((answer) => this.answers.push(answer));
  }
  unsubscribe() {}
  reauth(): Promise<ReauthAck> {
    return Promise.resolve({ ok: true, expires_at: 0 });
  }
  connect() {
    this.connected = true;
    this.handlers.connect();
  }
  drop() {
    this.connected = false;
    this.handlers.disconnect('transport close');
  }
  push(envelope: RealtimeEnvelope) {
    this.handlers.message(envelope);
  }
  snapshot(snapshot: RealtimeSnapshot) {
    this.handlers.snapshot(snapshot);
  }
  /** Answers the oldest subscribe still waiting: accepted at `seq` of epoch e1. */
  accept(room: string, seq: number) {
    this.answers.shift()!({ ok: true, room, seq, epoch: 'e1', replayed: 0, snapshot: false });
  }
  /** Answers the oldest subscribe still waiting as the gateway does when Redis is away. */
  refuse() {
    this.answers.shift()!({ ok: false, code: 'UNAVAILABLE', message: 'Live updates are unavailable right now.' });
  }
}

/** A LiveSocket on a FakeTransport, started (signed in); `onState` hears its connection state. */
export function fakeLiveSocket(onState: (state: ConnectionState) => void = () => undefined) {
  const transport = new FakeTransport();
  const socket = new LiveSocket({
    transport,
    token: () => null,
    freshToken: async () => null,
    setTimer: () => null,
    clearTimer: () => undefined,
    onState,
    random: () => 0.5,
  });
  socket.start();
  return { transport, socket };
}
