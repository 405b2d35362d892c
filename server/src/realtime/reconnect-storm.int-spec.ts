import { Logger } from '@nestjs/common';
import { RealtimeBus } from '@oddspulse/core';
import { CORE_SPORTS } from '@oddspulse/shared';
import { holdLoop } from '../../../test/support/event-loop-watch';
import { signUp } from '../../../test/support/accounts-app';
import { createGatewayApp, RecordingClient, type GatewayTestApp } from '../../../test/support/gateway-app';
import { TcpProxy } from '../../../test/support/tcp-proxy';

/** The odds page's rooms: every feed of every sport, 24 in all. */
const ROOMS = CORE_SPORTS.flatMap(({ key: sport }) =>
  (['odds', 'props', 'scores'] as const).map((channel) => ({ channel, sport })),
);

// After a server restart every browser reconnects at once and subscribes to each of its rooms from `lastSeq: 0`. On a
// starved CPU (load 4–12 on 2 cores) those subscribes were refused UNAVAILABLE, "relay barrier not heard within
// 2000 ms", and logged as errors: the barrier had come back, but the loop was held past its time-out and the timer ran
// before the socket was read. And each subscribe read its socket's credential from PostgreSQL: 1,200 reads, whose
// waits for a pool connection timed out after the suite's earlier files.
describe('a reconnect storm on a starved CPU (real Redis and PostgreSQL)', () => {
  let app: GatewayTestApp;
  const sockets: RecordingClient[] = [];

  beforeAll(async () => {
    // fifty browsers of fifty accounts behind fifty addresses: here one Gold account from 127.0.0.1
    app = await createGatewayApp({
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}-storm`,
      SOCKET_RATE_LIMIT_ADDRESS_MAX: 100_000,
      SOCKET_MAX_PER_ADDRESS: 100,
      SOCKET_MAX_PER_ACCOUNT: 100,
    });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app.app.close();
  });

  it('acknowledges 50 sockets × 24 rooms subscribing from lastSeq 0 while the loop is held past the barrier time-out', async () => {
    const { session } = await signUp(app, 'gold');
    for (let i = 0; i < 50; i++) sockets.push(new RecordingClient(app.url, { token: session.access_token }));
    await Promise.all(sockets.map((socket) => socket.connect()));
    const publishBarrier = RealtimeBus.prototype.publishBarrier;
    let held = false;
    // the first barrier is sent, then the loop is held before its answers are read
    const barrier = jest.spyOn(RealtimeBus.prototype, 'publishBarrier').mockImplementation(function (
      this: RealtimeBus,
      ...args: Parameters<RealtimeBus['publishBarrier']>
    ) {
      const sent = publishBarrier.apply(this, args);
      if (!held) {
        held = true;
        holdLoop(2200);
      }
      return sent;
    });
    // why a subscribe was refused, should one be: the gateway warns each outage's reason
    const warned = jest.spyOn(Logger.prototype, 'warn');
    try {
      const acks = await Promise.all(
        sockets.flatMap((socket) => ROOMS.map((room) => socket.subscribe({ ...room, lastSeq: 0 }, 30_000))),
      );
      expect(held).toBe(true);
      const reasons = warned.mock.calls.map(([entry]) => (entry as { reason?: string }).reason).filter(Boolean);
      expect({ refused: acks.filter((ack) => !ack.ok).length, reasons }).toEqual({ refused: 0, reasons: [] });
      expect(acks).toHaveLength(1200);
    } finally {
      barrier.mockRestore();
      warned.mockRestore();
    }
  }, 60_000);
});

/** The API server's wait on a Redis command, and the relay's on a barrier. */
const TIMEOUT_MS = 2000;

// A Redis busy with others takes each connection's commands in turn. A storm's own commands (each socket event's rate
// limit, each room's replay read, the relay's barriers) all went on the API server's one command connection, and the
// time-outs of a command and of a relay barrier ran from when each was queued there: the last ones waited out their
// 2 s behind the storm's others while Redis answered all along, and at this pace every one of these 240 subscribes was
// refused UNAVAILABLE ("Command timed out", "Relay barrier not heard within 2000 ms"), healthy as they were.
describe('a reconnect storm through a Redis slow to take commands (real Redis behind a pacing proxy)', () => {
  const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const proxy = new TcpProxy(Number(redisUrl.port || 6379), redisUrl.hostname);
  let app: GatewayTestApp;
  const sockets: RecordingClient[] = [];
  /** Every socket subscribing to every room from `lastSeq: 0`, each answer with when it came. */
  const storm = () =>
    sockets.flatMap((socket) =>
      ROOMS.map((room) =>
        socket.subscribe({ ...room, lastSeq: 0 }, 30_000).then((ack) => ({ ack, at: performance.now() })),
      ),
    );

  beforeAll(async () => {
    const proxied = new URL(redisUrl);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(await proxy.start());
    app = await createGatewayApp({
      REDIS_URL: proxied.toString(),
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}-storm-paced`,
      REDIS_COMMAND_TIMEOUT_MS: TIMEOUT_MS,
      SOCKET_RATE_LIMIT_ADDRESS_MAX: 100_000,
      SOCKET_MAX_PER_ADDRESS: 100,
      SOCKET_MAX_PER_ACCOUNT: 100,
    });
    const { session } = await signUp(app, 'gold');
    for (let i = 0; i < 10; i++) sockets.push(new RecordingClient(app.url, { token: session.access_token }));
    await Promise.all(sockets.map((socket) => socket.connect()));
  });

  afterEach(() => {
    proxy.resume();
    proxy.pace(null);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.app.close();
    await proxy.stop();
  });

  it('acknowledges every subscribe of a storm whose commands wait on Redis past the time-outs', async () => {
    proxy.pace(24_000);
    const started = performance.now();
    const answers = await Promise.all(storm());
    expect(answers.filter(({ ack }) => !ack.ok)).toEqual([]);
    expect(answers).toHaveLength(240);
    // the storm's last commands were answered more than two time-outs after they were queued
    expect(Math.max(...answers.map(({ at }) => at)) - started).toBeGreaterThan(2 * TIMEOUT_MS);
  }, 60_000);

  // The time-outs keep their point: a Redis that stops answering refuses every subscribe waiting on it within two of
  // them (a rate limit's count falls back to memory after one, then a read or a barrier fails after another), however
  // long the storm's line ahead of it, and subscribes are served again once it answers.
  it('refuses the storm UNAVAILABLE within two time-outs once Redis stops answering, and serves again after', async () => {
    proxy.pace(24_000);
    const answers = storm();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    proxy.silence();
    const silenced = performance.now();
    const meanwhile = sockets[0].subscribe({ channel: 'scores', sport: ROOMS[0].sport }, 30_000);
    const answered = await Promise.all(answers);
    expect(await meanwhile).toMatchObject({ ok: false, code: 'UNAVAILABLE' });
    const refused = answered.filter(({ ack }) => !ack.ok);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.filter(({ ack }) => !ack.ok && ack.code !== 'UNAVAILABLE')).toEqual([]);
    // and one more for the machine, which answers 240 subscribes at once (2 time-outs and 0.3 to 0.5 s here)
    expect(Math.max(...answered.map(({ at }) => at)) - silenced).toBeLessThan(3 * TIMEOUT_MS);

    proxy.resume();
    proxy.pace(null);
    expect(await sockets[0].subscribe({ ...ROOMS[0], lastSeq: 0 })).toMatchObject({ ok: true });
  }, 60_000);
});
