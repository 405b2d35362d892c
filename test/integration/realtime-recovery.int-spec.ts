import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { io } from 'socket.io-client';
import { SOCKET_PATH, type SportBoard } from '@oddspulse/shared';
import { APP_CONFIG, deleteKeysWithPrefix, LiveStateRepository, type AppConfig } from '@oddspulse/core';
import {
  applyBoardEnvelope,
  CONNECT_TIMEOUT_MS,
  LiveSocket,
  socketIoTransport,
  type Boards,
  type LiveMessage,
} from '@oddspulse/client/testing';
import { CLOCK, OddsPipelineService, WorkersModule } from '@oddspulse/workers';
import { signUp } from '../support/accounts-app';
import { createGatewayApp, eventually, type GatewayTestApp } from '../support/gateway-app';

const prefix = `${process.env.REDIS_PREFIX}-recovery`;
const SPORT = 'basketball_nba';
const T0 = Date.parse('2026-03-01T20:00:00Z');

/**
 * A board's prices (what diffs carry: quote times travel only with whole boards), in a form that does not depend on
 * the order events, books, markets and prices were added in.
 */
function prices(board: SportBoard | null | undefined): string {
  const lines: string[] = [];
  for (const event of board?.events ?? [])
    for (const book of event.bookmakers)
      for (const market of book.markets)
        for (const o of market.outcomes)
          lines.push(
            `${event.id}|${book.key}|${market.key}|${o.name}|${o.description ?? ''}|${o.point ?? ''}=${o.price}`,
          );
  return lines.sort().join('\n');
}

// Redis comes back empty (a flush, a failover) while browsers are connected and the
// pipeline keeps polling. The channel's numbers start again at 1 under a new epoch; the browser's socket (the client's
// own LiveSocket over socket.io-client) resynchronises from a snapshot and misses nothing after it: after every poll
// its board is the pipeline's.
describe('a browser socket through a Redis flush during live push (real Redis, PostgreSQL, gateway and workers)', () => {
  let gateway: GatewayTestApp;
  const workers: INestApplicationContext[] = [];
  let clock = T0;
  let live: LiveSocket;
  let boards: Boards = {};
  const heard: Array<{ type: string; epoch: string | null; seq: number }> = [];

  async function worker(config: AppConfig): Promise<INestApplicationContext> {
    const moduleRef = await Test.createTestingModule({ imports: [WorkersModule] })
      .overrideProvider(APP_CONFIG)
      .useValue(config)
      .overrideProvider(CLOCK)
      .useValue(() => clock)
      .compile();
    moduleRef.useLogger(false);
    return moduleRef.init();
  }

  beforeAll(async () => {
    gateway = await createGatewayApp({ REDIS_PREFIX: prefix });
    // two worker processes taking turns, as a scaled-out deployment polls
    const config: AppConfig = {
      ...gateway.config,
      REDIS_PREFIX: prefix,
      ODDS_PROVIDER: 'simulator',
      SIMULATOR_SEED: 7,
      FEED_SPORTS: [],
      SCHEDULER_TICK_MS: 60_000,
    };
    workers.push(await worker(config), await worker(config));
  });

  afterAll(async () => {
    live?.stop();
    for (const app of workers) await app.close();
    await gateway.app.close();
    await deleteKeysWithPrefix(gateway.redis.client, prefix).catch(() => 0);
  });

  const serverBoard = () => gateway.get(LiveStateRepository).board('odds', SPORT);
  let polls = 0;
  async function poll(): Promise<void> {
    clock += 30_000;
    const result = await workers[polls++ % workers.length]
      .get(OddsPipelineService)
      .pollOdds({ sport: SPORT, tick: polls });
    expect(result.outcome).toMatch(/updated|unchanged/);
  }
  async function inStep(what: string): Promise<void> {
    const expected = prices(await serverBoard());
    expect(expected).not.toBe('');
    await eventually(() => prices(boards[SPORT]) === expected, 5000, `the browser's board ${what}`);
  }

  it("keeps the browser's board the pipeline's through the flush, missing no message after it", async () => {
    await poll();
    const { session } = await signUp(gateway, 'gold');
    const socket = io(gateway.url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      autoConnect: false,
      reconnection: false,
      forceNew: true,
    });
    live = new LiveSocket({
      transport: socketIoTransport(socket),
      token: () => session.access_token,
      // the test's tokens outlive it: no reauth is asked for
      freshToken: async () => session.access_token,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      onState: () => undefined,
      random: Math.random,
    });
    expect(CONNECT_TIMEOUT_MS).toBeGreaterThan(0);
    // The first load, then the room from the acknowledged position on (what the odds page does).
    boards = { [SPORT]: (await serverBoard())! };
    live.subscribe({ channel: 'odds', sport: SPORT }, (message: LiveMessage<'odds'>) => {
      heard.push({ type: message.type, epoch: message.epoch, seq: message.seq });
      boards = applyBoardEnvelope(boards, SPORT, message);
    });
    live.start();
    await eventually(
      () => live.lastSequence({ channel: 'odds', sport: SPORT }) !== undefined,
      5000,
      'the subscribe acknowledged',
    );

    for (let n = 0; n < 4; n++) {
      await poll();
      await inStep(`after poll ${n + 1}`);
    }
    const before = heard.filter((m) => m.type === 'board.diff');
    expect(before.length).toBeGreaterThanOrEqual(3);
    const oldEpoch = before[0].epoch;

    // Redis loses everything under the instance prefix: boards, stamps, counters, epochs, buffers.
    await deleteKeysWithPrefix(gateway.redis.client, prefix);
    const from = heard.length;
    for (let n = 0; n < 6; n++) {
      await poll();
      await inStep(`after poll ${n + 1} past the flush`);
    }

    const after = heard.slice(from);
    const snapshot = after.findIndex((m) => m.type === 'snapshot');
    expect(snapshot).toBeGreaterThanOrEqual(0);
    const newEpoch = after[snapshot].epoch;
    expect(newEpoch).not.toBeNull();
    expect(newEpoch).not.toBe(oldEpoch);
    // nothing of the new epoch was taken for a duplicate: from the snapshot on, every seq once and in order
    const resumed = after.slice(snapshot);
    expect(resumed.every((m) => m.epoch === newEpoch)).toBe(true);
    expect(resumed.map((m) => m.seq)).toEqual(Array.from({ length: resumed.length }, (_, i) => resumed[0].seq + i));
    expect(resumed.length).toBeGreaterThanOrEqual(5);
  }, 60_000);
});
