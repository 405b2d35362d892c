import { LiveSocket, reconnectDelay, type ConnectionState, type TransportSocket } from './live-socket';

class FakeTransport implements TransportSocket {
  connected = false;
  auth: unknown = null;
  connects: unknown[] = [];
  emitted: [string, unknown][] = [];
  private handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  private any: ((event: string, ...args: unknown[]) => void)[] = [];

  connect() {
    this.connects.push(this.auth);
  }
  disconnect() {
    this.connected = false;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
  }
  on(event: string, listener: (...args: never[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener as (...args: unknown[]) => void]);
  }
  onAny(listener: (event: string, ...args: unknown[]) => void) {
    this.any.push(listener);
  }
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  push(event: string, payload: unknown) {
    for (const listener of this.any) listener(event, payload);
  }
}

function setup() {
  const transport = new FakeTransport();
  const timers: { fn: () => void; ms: number }[] = [];
  const states: ConnectionState[] = [];
  const socket = new LiveSocket({
    transport,
    token: () => 'tok',
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => undefined,
    onState: (s) => states.push(s),
  });
  const runTimer = () => timers.shift()!.fn();
  return { transport, timers, states, socket, runTimer };
}

describe('LiveSocket', () => {
  // spec 000 §9: reconnect delays 1, 2, 5 and 10 seconds
  it('waits 1, 2, 5, then 10 s between attempts, and starts over after a connection', () => {
    expect([1, 2, 3, 4, 5, 9].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10000, 10000, 10000]);
    const { transport, timers, socket, runTimer } = setup();
    socket.subscribe('scores', () => undefined);
    socket.start();
    for (let i = 0; i < 5; i++) {
      transport.fire('connect_error', new Error('no gateway'));
      runTimer();
    }
    expect(transport.connects).toHaveLength(6);
    transport.fire('connect');
    transport.fire('disconnect', 'transport close');
    expect(timers.map((t) => t.ms)).toEqual([1000]);
  });

  it('schedules one reconnect at a time and none after stop()', () => {
    const { transport, timers, socket } = setup();
    socket.subscribe('scores', () => undefined);
    socket.start();
    transport.fire('connect_error', new Error('x'));
    transport.fire('connect_error', new Error('x'));
    expect(timers).toHaveLength(1);
    socket.stop();
    transport.fire('disconnect', 'io client disconnect');
    expect(timers).toHaveLength(1);
    expect(socket.connectionState()).toBe('idle');
  });

  // The gateway keys the user room by the signed-in user and a reactions room by the encoded game key (issue 6).
  it('delivers user and reactions messages to subscribers named the gateway way', () => {
    const { transport, socket } = setup();
    const mine: number[] = [];
    const game: number[] = [];
    socket.subscribe({ channel: 'user' }, (e) => mine.push(e.seq));
    socket.subscribe({ channel: 'reactions', eventId: 'Bills:Rams 2026' }, (e) => game.push(e.seq));
    socket.start();
    transport.fire('connect');
    transport.push('message', { channel: 'user', sport: 'user-123', seq: 1 });
    transport.push('message', { channel: 'reactions', sport: encodeURIComponent('Bills:Rams 2026'), seq: 4 });
    transport.push('snapshot', { channel: 'user', key: 'user-123', seq: 2, at: '2026-11-21T00:00:00Z', data: null });
    expect(mine).toEqual([1, 2]);
    expect(game).toEqual([4]);
  });

  it('delivers envelopes to channel listeners in order and drops replays', () => {
    const { transport, socket } = setup();
    const seen: number[] = [];
    const hockey: number[] = [];
    socket.subscribe({ channel: 'odds', sport: 'basketball_nba' }, (e) => seen.push(e.seq));
    socket.subscribe({ channel: 'odds', sport: 'icehockey_nhl' }, (e) => hockey.push(e.seq));
    socket.start();
    transport.fire('connect');
    transport.push('message', { channel: 'odds', sport: 'basketball_nba', seq: 1 });
    transport.push('message', { channel: 'odds', sport: 'basketball_nba', seq: 2 });
    transport.push('message', { channel: 'odds', sport: 'basketball_nba', seq: 2 });
    // seq is per room: another sport's seq 1 is not a replay
    transport.push('message', { channel: 'odds', sport: 'icehockey_nhl', seq: 1 });
    transport.push('message', { channel: 'scores', sport: 'basketball_nba', seq: 9 });
    transport.push('noise', { hello: true });
    expect(seen).toEqual([1, 2]);
    expect(hockey).toEqual([1]);
    expect(socket.lastSequence({ channel: 'scores', sport: 'basketball_nba' })).toBe(9);
  });

  it('resumes every channel from its last sequence number after a reconnect', () => {
    const { transport, socket, runTimer } = setup();
    socket.subscribe({ channel: 'scores', sport: 'basketball_nba' }, () => undefined);
    socket.start();
    transport.fire('connect');
    expect(transport.emitted).toEqual([['subscribe', { channel: 'scores', sport: 'basketball_nba' }]]);
    transport.push('message', { channel: 'scores', sport: 'basketball_nba', seq: 41 });
    transport.fire('disconnect', 'transport close');
    runTimer();
    expect(transport.connects.at(-1)).toEqual({ token: 'tok', resume: { 'scores:basketball_nba': 41 } });
    transport.fire('connect');
    expect(transport.emitted.at(-1)).toEqual(['subscribe', { channel: 'scores', sport: 'basketball_nba', lastSeq: 41 }]);
  });

  it('hands a snapshot to the listeners of its room and resumes from its seq', () => {
    const { transport, socket } = setup();
    const seen: unknown[] = [];
    socket.subscribe({ channel: 'arbitrage', sport: 'basketball_nba' }, (e) => seen.push([e.type, e.seq]));
    socket.start();
    transport.fire('connect');
    transport.push('message', { channel: 'arbitrage', sport: 'basketball_nba', seq: 7 });
    transport.push('snapshot', { channel: 'arbitrage', key: 'basketball_nba', seq: 3, at: 'now', data: [] });
    transport.push('message', { channel: 'arbitrage', sport: 'basketball_nba', seq: 4 });
    expect(seen).toEqual([
      [undefined, 7],
      ['snapshot', 3],
      [undefined, 4],
    ]);
  });

  it('connects only when signed in and listening, and disconnects when the last listener leaves', () => {
    const { transport, socket } = setup();
    socket.start();
    expect(transport.connects).toHaveLength(0);
    const offScores = socket.subscribe('scores', () => undefined);
    expect(transport.connects).toHaveLength(1);
    transport.fire('connect');
    const offArb = socket.subscribe('arbitrage', () => undefined);
    offArb();
    expect(transport.emitted).toEqual([
      ['subscribe', { channel: 'scores' }],
      ['subscribe', { channel: 'arbitrage' }],
      ['unsubscribe', { channel: 'arbitrage' }],
    ]);
    expect(transport.connected).toBe(true);
    offScores();
    expect(transport.connected).toBe(false);
    expect(socket.connectionState()).toBe('idle');
  });

  it('does not connect for a listener while signed out', () => {
    const { transport, socket } = setup();
    socket.subscribe('scores', () => undefined);
    expect(transport.connects).toHaveLength(0);
  });
});
