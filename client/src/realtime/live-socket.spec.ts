import {
  type ReauthAck,
  type RealtimeEnvelope,
  type RealtimeSnapshot,
  type SubscribeAck,
  type SubscribeRequest,
  emptyReactions,
} from '@oddspulse/shared';

import {
  LiveSocket,
  reconnectDelay,
  type ConnectionState,
  type LiveTransport,
  type TransportHandlers,
} from './live-socket';

class FakeTransport implements LiveTransport {
  connected = false;
  connects: unknown[] = [];
  emitted: [string, unknown][] = [];
  /** Subscribes waiting for their answer, oldest first. */
  pending: Array<{ request: SubscribeRequest; answer: (ack: SubscribeAck) => void; fail: (error: Error) => void }> = [];
  private handlers!: TransportHandlers;

  listen(handlers: TransportHandlers) {
    this.handlers = handlers;
  }
  open(auth: { token: string | null }) {
    this.connects.push(auth);
  }
  close() {
    this.connected = false;
  }
  subscribe(request: SubscribeRequest) {
    this.emitted.push(['subscribe', request]);
    return new Promise<SubscribeAck>((answer, fail) => this.pending.push({ request, answer, fail }));
  }
  unsubscribe(request: SubscribeRequest) {
    this.emitted.push(['unsubscribe', request]);
  }
  reauth(token: string): Promise<ReauthAck> {
    this.emitted.push(['reauth', token]);
    return Promise.resolve({ ok: true, expires_at: 0 });
  }
  askReauth() {
    this.handlers.reauth({ expires_at: 0 });
  }
  fire(event: 'connect' | 'connect_error' | 'disconnect', reason = '') {
    if (event === 'connect') {
      this.connected = true;
      this.handlers.connect();
    } else if (event === 'disconnect') {
      this.connected = false;
      this.handlers.disconnect(reason);
    } else this.handlers.connectError(new Error(reason));
  }
  push(envelope: RealtimeEnvelope) {
    this.handlers.message(envelope);
  }
  pushSnapshot(snapshot: RealtimeSnapshot) {
    this.handlers.snapshot(snapshot);
  }
  /** The gateway's word on whether its process hears live updates (it lost Redis, or hears it again). */
  live(live: boolean) {
    this.handlers.live({ live });
  }
  /** Answers the oldest pending subscribe. */
  async answer(ack: SubscribeAck | Error) {
    const next = this.pending.shift()!;
    if (ack instanceof Error) next.fail(ack);
    else next.answer(ack);
    await Promise.resolve();
  }
}

const at = '2026-11-21T00:00:00Z';
const odds = (key: string, seq: number, epoch = 'e1'): RealtimeEnvelope => ({
  seq,
  epoch,
  channel: 'odds',
  key,
  at,
  type: 'board.status',
  data: { fetched_at: at, stale_since: null },
});
const scores = (key: string, seq: number, epoch = 'e1'): RealtimeEnvelope => ({
  seq,
  epoch,
  channel: 'scores',
  key,
  at,
  type: 'score.update',
  data: { games: [], removed: [] },
});
const joined = (room: string, seq: number, epoch: string | null = 'e1'): SubscribeAck => ({
  ok: true,
  room,
  seq,
  epoch,
  replayed: 0,
  snapshot: false,
});

function setup(freshToken: () => Promise<string | null> = async () => 'fresh') {
  const transport = new FakeTransport();
  const timers: { fn: () => void; ms: number; cleared?: boolean }[] = [];
  const states: ConnectionState[] = [];
  const socket = new LiveSocket({
    transport,
    token: () => 'tok',
    freshToken,
    setTimer: (fn, ms) => {
      const timer = { fn, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      const index = timers.indexOf(handle as (typeof timers)[number]);
      if (index !== -1) timers.splice(index, 1);
    },
    onState: (s) => states.push(s),
    // The middle of the spread: each delay is the spec's own (the spread has a test of its own).
    random: () => 0.5,
  });
  const runTimer = () => timers.shift()!.fn();
  return { transport, timers, states, socket, runTimer };
}

/** A socket connected and listening to a sport's room of `channel`, the seqs its listener hears, and (with `joinedAt`) the room joined there. */
async function listening(channel: 'odds' | 'scores', joinedAt?: number) {
  const env = setup();
  const seen: number[] = [];
  env.socket.subscribe({ channel, sport: 'basketball_nba' }, (e) => seen.push(e.seq));
  env.socket.start();
  env.transport.fire('connect');
  if (joinedAt !== undefined) await env.transport.answer(joined(`${channel}:basketball_nba`, joinedAt));
  return { ...env, seen };
}

describe('LiveSocket', () => {
  // spec 000 §9: reconnect delays 1, 2, 5 and 10 seconds
  it('waits 1, 2, 5, then 10 s between attempts, and starts over after a connection', () => {
    expect([1, 2, 3, 4, 5, 9].map((failures) => reconnectDelay(failures, () => 0.5))).toEqual([
      1000, 2000, 5000, 10000, 10000, 10000,
    ]);
    const { transport, timers, socket, runTimer } = setup();
    socket.subscribe({ channel: 'scores', sport: 'basketball_nba' }, () => undefined);
    socket.start();
    for (let i = 0; i < 5; i++) {
      transport.fire('connect_error', 'no gateway');
      runTimer();
    }
    expect(transport.connects).toHaveLength(6);
    transport.fire('connect');
    transport.fire('disconnect', 'transport close');
    expect(timers.map((t) => t.ms)).toEqual([1000]);
  });

  it('spreads each delay from half to one and a half times the spec’s, so browsers dropped together do not return together', () => {
    expect(reconnectDelay(1, () => 0)).toBe(500);
    expect(reconnectDelay(1, () => 0.999)).toBe(1499);
    expect(reconnectDelay(4, () => 0)).toBe(5000);
    expect(reconnectDelay(9, () => 0.999)).toBe(14990);
    expect(reconnectDelay(2, () => 0.25)).toBe(1500);
  });

  it('schedules one reconnect at a time and none after stop()', () => {
    const { transport, timers, socket } = setup();
    socket.subscribe({ channel: 'scores', sport: 'basketball_nba' }, () => undefined);
    socket.start();
    transport.fire('connect_error', 'x');
    transport.fire('connect_error', 'x');
    expect(timers).toHaveLength(1);
    socket.stop();
    transport.fire('disconnect', 'io client disconnect');
    expect(timers).toHaveLength(0);
    expect(socket.connectionState()).toBe('idle');
  });

  // The gateway keys the user room by the signed-in user and a reactions room by the encoded game key.
  it('delivers user and reactions messages to subscribers named the gateway way', () => {
    const { transport, socket } = setup();
    const mine: number[] = [];
    const game: number[] = [];
    socket.subscribe({ channel: 'user' }, (e) => mine.push(e.seq));
    socket.subscribe({ channel: 'reactions', eventId: 'Bills:Rams 2026' }, (e) => game.push(e.seq));
    socket.start();
    transport.fire('connect');
    transport.push({
      seq: 1,
      epoch: 'e1',
      channel: 'user',
      key: 'user-123',
      at,
      type: 'picks.settled',
      data: { count: 0, picks: [] },
    });
    const reactions = emptyReactions();
    const gameKey = encodeURIComponent('Bills:Rams 2026');
    transport.push({
      seq: 4,
      epoch: 'e1',
      channel: 'reactions',
      key: gameKey,
      at,
      type: 'reactions.update',
      data: { gameKey, reactions },
    });
    transport.pushSnapshot({ channel: 'user', key: 'user-123', seq: 2, epoch: 'e1', at, data: null });
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
    transport.push(odds('basketball_nba', 1));
    transport.push(odds('basketball_nba', 2));
    transport.push(odds('basketball_nba', 2));
    // seq is per room: another sport's seq 1 is not a replay
    transport.push(odds('icehockey_nhl', 1));
    transport.push(scores('basketball_nba', 9));
    expect(seen).toEqual([1, 2]);
    expect(hockey).toEqual([1]);
    expect(socket.lastSequence({ channel: 'scores', sport: 'basketball_nba' })).toBe(9);
  });

  it('resumes every channel from its last position after a reconnect', () => {
    const { transport, socket, runTimer } = setup();
    socket.subscribe({ channel: 'scores', sport: 'basketball_nba' }, () => undefined);
    socket.start();
    transport.fire('connect');
    expect(transport.emitted).toEqual([['subscribe', { channel: 'scores', sport: 'basketball_nba' }]]);
    transport.push(scores('basketball_nba', 41));
    transport.fire('disconnect', 'transport close');
    runTimer();
    expect(transport.connects.at(-1)).toEqual({ token: 'tok' });
    transport.fire('connect');
    expect(transport.emitted.at(-1)).toEqual([
      'subscribe',
      { channel: 'scores', sport: 'basketball_nba', lastSeq: 41, epoch: 'e1' },
    ]);
  });

  it('interrupts every room while its server process has lost Redis, and catches each up when it hears it again', async () => {
    const { transport, socket } = setup();
    const interruptions: Array<[string, boolean]> = [];
    for (const channel of ['odds', 'scores'] as const)
      socket.subscribe(
        { channel, sport: 'basketball_nba' },
        () => undefined,
        (i) => interruptions.push([channel, i]),
      );
    socket.start();
    transport.fire('connect');
    await transport.answer(joined('odds:basketball_nba', 7));
    await transport.answer(joined('scores:basketball_nba', 3));
    transport.live(false);
    // the link stands, but nothing published reaches it: the rooms say so, and nothing is asked of the gateway yet
    expect(interruptions).toEqual([
      ['odds', true],
      ['scores', true],
    ]);
    expect(transport.pending).toEqual([]);
    transport.live(true);
    expect(transport.emitted.slice(-2)).toEqual([
      ['subscribe', { channel: 'odds', sport: 'basketball_nba', lastSeq: 7, epoch: 'e1' }],
      ['subscribe', { channel: 'scores', sport: 'basketball_nba', lastSeq: 3, epoch: 'e1' }],
    ]);
    await transport.answer(joined('odds:basketball_nba', 9));
    await transport.answer(joined('scores:basketball_nba', 3));
    expect(interruptions.slice(2)).toEqual([
      ['odds', false],
      ['scores', false],
    ]);
  });

  // The first load is read long before the socket joins; the room joins from the load's position.
  it("joins a new room from its listener's data, so what was published after the first load is replayed", async () => {
    const { transport, socket } = setup();
    const seen: number[] = [];
    socket.catchUp({ channel: 'odds', sport: 'basketball_nba' }, { seq: 40, epoch: 'e1' });
    socket.subscribe({ channel: 'odds', sport: 'basketball_nba' }, (e) => seen.push(e.seq));
    socket.start();
    transport.fire('connect');
    expect(transport.emitted).toEqual([
      ['subscribe', { channel: 'odds', sport: 'basketball_nba', lastSeq: 40, epoch: 'e1' }],
    ]);
    // the gateway's replay, then a duplicate of what the load held
    transport.push(odds('basketball_nba', 41));
    transport.push(odds('basketball_nba', 40));
    await transport.answer(joined('odds:basketball_nba', 41));
    transport.push(odds('basketball_nba', 42));
    expect(seen).toEqual([41, 42]);
  });

  it('catches a joined room up from a reload that is behind it: the messages after the load come again, once', async () => {
    const { transport, socket, seen } = await listening('odds', 10);
    transport.push(odds('basketball_nba', 11));
    transport.push(odds('basketball_nba', 12));
    // a reload read at 10 replaced the data that had 11 and 12 applied
    socket.catchUp({ channel: 'odds', sport: 'basketball_nba' }, { seq: 10, epoch: 'e1' });
    expect(transport.emitted.at(-1)).toEqual([
      'subscribe',
      { channel: 'odds', sport: 'basketball_nba', lastSeq: 10, epoch: 'e1' },
    ]);
    transport.push(odds('basketball_nba', 11));
    transport.push(odds('basketball_nba', 12));
    await transport.answer(joined('odds:basketball_nba', 12));
    transport.push(odds('basketball_nba', 12));
    transport.push(odds('basketball_nba', 13));
    expect(seen).toEqual([11, 12, 11, 12, 13]);
  });

  it('catches a joined room up from a reload ahead of it by skipping what the load holds, without asking the gateway', async () => {
    const { transport, socket, seen } = await listening('odds', 10);
    socket.catchUp({ channel: 'odds', sport: 'basketball_nba' }, { seq: 12, epoch: 'e1' });
    expect(transport.emitted).toHaveLength(1);
    transport.push(odds('basketball_nba', 11));
    transport.push(odds('basketball_nba', 12));
    transport.push(odds('basketball_nba', 13));
    expect(seen).toEqual([13]);
  });

  it('asks again from the load when the room was joined without a position and the answer has not come', async () => {
    const { transport, socket, seen } = await listening('odds');
    // the first load answers before the join: it was read at 7, and the join may come after messages 8 and 9
    socket.catchUp({ channel: 'odds', sport: 'basketball_nba' }, { seq: 7, epoch: 'e1' });
    expect(transport.emitted.at(-1)).toEqual([
      'subscribe',
      { channel: 'odds', sport: 'basketball_nba', lastSeq: 7, epoch: 'e1' },
    ]);
    // the first subscribe's answer (joined at 9, nothing replayed) is superseded
    await transport.answer(joined('odds:basketball_nba', 9));
    transport.push(odds('basketball_nba', 8));
    transport.push(odds('basketball_nba', 9));
    await transport.answer(joined('odds:basketball_nba', 9));
    transport.push(odds('basketball_nba', 10));
    expect(seen).toEqual([8, 9, 10]);
  });

  it('catches up from a load of another epoch with the snapshot the gateway sends', async () => {
    const { transport, socket } = setup();
    const seen: unknown[] = [];
    socket.subscribe({ channel: 'odds', sport: 'basketball_nba' }, (e) => seen.push([e.type, e.seq]));
    socket.start();
    transport.fire('connect');
    await transport.answer(joined('odds:basketball_nba', 3, 'e2'));
    socket.catchUp({ channel: 'odds', sport: 'basketball_nba' }, { seq: 50, epoch: 'e1' });
    expect(transport.emitted.at(-1)).toEqual([
      'subscribe',
      { channel: 'odds', sport: 'basketball_nba', lastSeq: 50, epoch: 'e1' },
    ]);
    transport.pushSnapshot({ channel: 'odds', key: 'basketball_nba', seq: 3, epoch: 'e2', at, data: null });
    await transport.answer(joined('odds:basketball_nba', 3, 'e2'));
    transport.push(odds('basketball_nba', 4, 'e2'));
    expect(seen).toEqual([
      ['snapshot', 3],
      ['board.status', 4],
    ]);
  });

  it('hands a snapshot to the listeners of its room and resumes from its seq', () => {
    const { transport, socket } = setup();
    const seen: unknown[] = [];
    socket.subscribe({ channel: 'arbitrage', sport: 'basketball_nba' }, (e) => seen.push([e.type, e.seq]));
    socket.start();
    transport.fire('connect');
    const updates = { type: 'opportunities' as const, data: { updates: [] } };
    transport.push({ seq: 7, epoch: 'e1', channel: 'arbitrage', key: 'basketball_nba', at, ...updates });
    transport.pushSnapshot({ channel: 'arbitrage', key: 'basketball_nba', seq: 3, epoch: 'e1', at: 'now', data: [] });
    transport.push({ seq: 4, epoch: 'e1', channel: 'arbitrage', key: 'basketball_nba', at, ...updates });
    expect(seen).toEqual([
      ['opportunities', 7],
      ['snapshot', 3],
      ['opportunities', 4],
    ]);
  });

  it('connects only when signed in and listening, and disconnects when the last listener leaves', () => {
    const { transport, socket } = setup();
    socket.start();
    expect(transport.connects).toHaveLength(0);
    const offScores = socket.subscribe({ channel: 'scores', sport: 'basketball_nba' }, () => undefined);
    expect(transport.connects).toHaveLength(1);
    transport.fire('connect');
    const offArb = socket.subscribe({ channel: 'arbitrage', sport: 'basketball_nba' }, () => undefined);
    offArb();
    expect(transport.emitted).toEqual([
      ['subscribe', { channel: 'scores', sport: 'basketball_nba' }],
      ['subscribe', { channel: 'arbitrage', sport: 'basketball_nba' }],
      ['unsubscribe', { channel: 'arbitrage', sport: 'basketball_nba' }],
    ]);
    expect(transport.connected).toBe(true);
    offScores();
    expect(transport.connected).toBe(false);
    expect(socket.connectionState()).toBe('idle');
  });

  it('does not connect for a listener while signed out', () => {
    const { transport, socket } = setup();
    socket.subscribe({ channel: 'scores', sport: 'basketball_nba' }, () => undefined);
    expect(transport.connects).toHaveLength(0);
  });

  // Redis lost the counters (a flush, a failover); the numbers start again at 1 under a new epoch
  it('resynchronises a room from a snapshot when its epoch changes, instead of dropping the new numbers', async () => {
    const { transport, socket } = setup();
    const seen: Array<[string, number]> = [];
    socket.subscribe({ channel: 'odds', sport: 'basketball_nba' }, (e) =>
      seen.push([e.type === 'snapshot' ? `snapshot ${e.epoch}` : e.epoch, e.seq]),
    );
    socket.start();
    transport.fire('connect');
    await transport.answer(joined('odds:basketball_nba', 40, 'old'));
    transport.push(odds('basketball_nba', 41, 'old'));
    transport.push(odds('basketball_nba', 1, 'new'));
    transport.push(odds('basketball_nba', 2, 'new'));
    // one resubscribe, naming where the room stands, so the gateway sends a snapshot
    expect(transport.emitted.slice(1)).toEqual([
      ['subscribe', { channel: 'odds', sport: 'basketball_nba', lastSeq: 41, epoch: 'old' }],
    ]);
    transport.pushSnapshot({ channel: 'odds', key: 'basketball_nba', seq: 2, epoch: 'new', at, data: null });
    transport.push(odds('basketball_nba', 3, 'new'));
    await transport.answer(joined('odds:basketball_nba', 3, 'new'));
    transport.push(odds('basketball_nba', 4, 'new'));
    expect(seen).toEqual([
      ['old', 41],
      ['snapshot new', 2],
      ['new', 3],
      ['new', 4],
    ]);
    expect(transport.emitted).toHaveLength(2);
  });

  it('catches a room up from its last seq when messages were missed', async () => {
    const { transport, seen } = await listening('scores', 3);
    transport.push(scores('basketball_nba', 5));
    expect(transport.emitted.at(-1)).toEqual([
      'subscribe',
      { channel: 'scores', sport: 'basketball_nba', lastSeq: 3, epoch: 'e1' },
    ]);
    // the replay, then live
    for (const seq of [4, 5, 6]) transport.push(scores('basketball_nba', seq));
    await transport.answer(joined('scores:basketball_nba', 6));
    expect(seen).toEqual([4, 5, 6]);
  });

  // A subscribe the gateway could not serve (Redis unreachable) is asked again, with backoff
  it('retries a subscribe refused as UNAVAILABLE, or unanswered, after 1, 2, 5 and 10 s, until it is accepted', async () => {
    const { transport, timers, socket, runTimer } = setup();
    socket.subscribe({ channel: 'scores', sport: 'basketball_nba' }, () => undefined);
    socket.start();
    transport.fire('connect');
    const unavailable: SubscribeAck = {
      ok: false,
      code: 'UNAVAILABLE',
      message: 'Live updates are unavailable right now. Please try again.',
    };
    await transport.answer(unavailable);
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    runTimer();
    await transport.answer(new Error('operation has timed out'));
    expect(timers.map((t) => t.ms)).toEqual([2000]);
    runTimer();
    await transport.answer(unavailable);
    expect(timers.map((t) => t.ms)).toEqual([5000]);
    runTimer();
    await transport.answer(joined('scores:basketball_nba', 12));
    expect(timers).toEqual([]);
    expect(transport.emitted.filter(([event]) => event === 'subscribe')).toHaveLength(4);
    expect(socket.lastSequence({ channel: 'scores', sport: 'basketball_nba' })).toBe(12);
  });

  // A subscribe refused for too many events is asked again, not before the gateway's retry-after
  it('retries a subscribe refused as RATE_LIMITED after the longer of its backoff and the retry-after', async () => {
    const { transport, timers, socket, runTimer } = setup();
    socket.subscribe({ channel: 'scores', sport: 'basketball_nba' }, () => undefined);
    socket.start();
    transport.fire('connect');
    await transport.answer({
      ok: false,
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait before trying again.',
      retryAfter: 7,
    });
    expect(timers.map((t) => t.ms)).toEqual([7000]);
    runTimer();
    await transport.answer({
      ok: false,
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait before trying again.',
      retryAfter: 1,
    });
    expect(timers.map((t) => t.ms)).toEqual([2000]);
    runTimer();
    await transport.answer(joined('scores:basketball_nba', 3));
    expect(timers).toEqual([]);
  });

  it('does not retry a subscribe the plan refuses, nor one nobody listens to any more', async () => {
    const { transport, timers, socket } = setup();
    socket.subscribe({ channel: 'arbitrage', sport: 'basketball_nba' }, () => undefined);
    const off = socket.subscribe({ channel: 'scores', sport: 'basketball_nba' }, () => undefined);
    socket.start();
    transport.fire('connect');
    await transport.answer({
      ok: false,
      code: 'PLATINUM_REQUIRED',
      message: 'This feature requires a Platinum subscription.',
    });
    expect(timers).toEqual([]);
    await transport.answer({
      ok: false,
      code: 'UNAVAILABLE',
      message: 'Live updates are unavailable right now. Please try again.',
    });
    expect(timers).toHaveLength(1);
    off();
    expect(timers).toEqual([]);
  });

  it('ignores the answer to a subscribe made before a reconnect', async () => {
    const { transport, timers, socket, runTimer } = setup();
    socket.subscribe({ channel: 'scores', sport: 'basketball_nba' }, () => undefined);
    socket.start();
    transport.fire('connect');
    transport.fire('disconnect', 'transport close');
    runTimer();
    transport.fire('connect');
    // the first subscribe times out after the link dropped: the second one is the one that counts
    await transport.answer(new Error('operation has timed out'));
    expect(timers).toEqual([]);
    await transport.answer(joined('scores:basketball_nba', 5));
    expect(socket.lastSequence({ channel: 'scores', sport: 'basketball_nba' })).toBe(5);
  });

  // The gateway binds a socket to its access token: before the token expires it asks for a fresh one.
  it("answers the gateway's reauth with the token of a refreshed session, and with nothing when signed out", async () => {
    const { transport } = await listening('scores', 1);
    transport.askReauth();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(transport.emitted.filter(([event]) => event === 'reauth')).toEqual([['reauth', 'fresh']]);

    const signedOut = setup(async () => null);
    signedOut.socket.subscribe({ channel: 'scores', sport: 'basketball_nba' }, () => undefined);
    signedOut.socket.start();
    signedOut.transport.fire('connect');
    signedOut.transport.askReauth();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(signedOut.transport.emitted.filter(([event]) => event === 'reauth')).toEqual([]);
  });
});
