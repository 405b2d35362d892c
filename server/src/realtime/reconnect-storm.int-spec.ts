import { RealtimeBus } from '@oddspulse/core';
import { CORE_SPORTS } from '@oddspulse/shared';
import { holdLoop } from '../../../test/support/event-loop-watch';
import { signUp } from '../../../test/support/accounts-app';
import { createGatewayApp, RecordingClient, type GatewayTestApp } from '../../../test/support/gateway-app';

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
    const publishControl = RealtimeBus.prototype.publishControl;
    let held = false;
    // the first barrier is sent, then the loop is held before its answers are read
    const barrier = jest.spyOn(RealtimeBus.prototype, 'publishControl').mockImplementation(function (
      this: RealtimeBus,
      ...args: Parameters<RealtimeBus['publishControl']>
    ) {
      const sent = publishControl.apply(this, args);
      if (!held) {
        held = true;
        holdLoop(2200);
      }
      return sent;
    });
    try {
      const acks = await Promise.all(
        sockets.flatMap((socket) => ROOMS.map((room) => socket.subscribe({ ...room, lastSeq: 0 }, 30_000))),
      );
      expect(held).toBe(true);
      expect(acks.filter((ack) => !ack.ok)).toEqual([]);
      expect(acks).toHaveLength(1200);
    } finally {
      barrier.mockRestore();
    }
  }, 60_000);
});
