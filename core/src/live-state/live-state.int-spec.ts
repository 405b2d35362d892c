import { Test } from '@nestjs/testing';
import type { BoardEvent, SportBoard } from '@oddspulse/shared';
import {
  APP_CONFIG,
  CoreModule,
  LiveStateRepository,
  parseConfig,
  RealtimeKeys,
  RedisKeys,
  RedisService,
} from '../index';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const SPORT = 'basketball_nba';

function board(price: number, fetchedAt = '2026-11-27T18:00:00.000Z'): SportBoard {
  const event: BoardEvent = {
    id: 'game-1',
    sport_key: SPORT,
    sport_title: 'NBA',
    commence_time: '2026-11-28T01:00:00.000Z',
    home_team: 'Boston Celtics',
    away_team: 'New York Knicks',
    bookmakers: [
      {
        key: 'draftkings',
        title: 'DraftKings',
        last_update: fetchedAt,
        markets: [
          {
            key: 'h2h',
            last_update: fetchedAt,
            outcomes: [
              { name: 'Boston Celtics', price },
              { name: 'New York Knicks', price: 2.1 },
            ],
          },
        ],
      },
    ],
  };
  return { sport_key: SPORT, fetched_at: fetchedAt, events: [event] };
}

describe('the live state (real Redis)', () => {
  let state: LiveStateRepository;
  let redis: RedisService;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [CoreModule] })
      .overrideProvider(APP_CONFIG)
      .useValue({ ...parseConfig(process.env), REDIS_PREFIX: `${process.env.REDIS_PREFIX}-live-state` })
      .compile();
    const app = await moduleRef.init();
    state = app.get(LiveStateRepository);
    redis = app.get(RedisService);
    close = () => app.close();
  });

  afterAll(async () => {
    await close();
  });

  // The poll lock is short and renewed while the poll runs, so a killed worker blocks its sport at most
  // one lock TTL (it held a 120 s lock before, and the sport went unpolled for ~130 s).
  describe('the feed poll lock', () => {
    it('stays held past its TTL while the poll runs, and is free the moment it ends', async () => {
      // renewed every third of its TTL, so a loop held up for under two thirds of it (a loaded CI machine; 200 ms of
      // a 300-ms TTL was once not enough) keeps it; the workers' is 10 s
      const ttl = 1_500;
      const running = state.withFeedLock('odds', 'basketball_nba', ttl, async () => {
        await sleep(3_500);
        return 'polled';
      });
      await sleep(2_500);
      expect(await state.withFeedLock('odds', 'basketball_nba', ttl, async () => 'second')).toBeNull();
      expect(await running).toBe('polled');
      expect(await state.withFeedLock('odds', 'basketball_nba', ttl, async () => 'next')).toBe('next');
    });

    it('lapses within one TTL when its holder dies (nothing renews it)', async () => {
      // what a killed worker leaves behind: its token, no one to renew or release it
      await redis.client.set(redis.key(...RedisKeys.pollLock('odds', 'icehockey_nhl')), 'dead-worker', 'PX', 300);
      expect(await state.withFeedLock('odds', 'icehockey_nhl', 300, async () => 'blocked')).toBeNull();
      await sleep(400);
      expect(await state.withFeedLock('odds', 'icehockey_nhl', 300, async () => 'polled')).toBe('polled');
    });
  });

  describe('reading boards', () => {
    // Readers keep the content of the board revision they read last and are sent only the stamp while it names that
    // revision: what they are handed must still be what Redis holds, however the board was written since.
    it('hands the same content again while the revision stands, and the new content once it changes', async () => {
      const first = board(1.9);
      await state.saveBoard('odds', first);
      const read = await state.board('odds', SPORT);
      expect(read).toEqual(first);
      const again = await state.board('odds', SPORT);
      expect(again?.events).toBe(read?.events);

      // a poll that changed one price, written against the board as stored
      const second = board(1.95);
      await state.saveBoard('odds', second, first);
      expect(await state.board('odds', SPORT)).toEqual(second);

      // a second process's repository holds nothing yet and reads it whole
      const other = new LiveStateRepository(redis);
      expect(await other.board('odds', SPORT)).toEqual(second);
    });

    it('takes a new freshness from the stamp over content it already holds', async () => {
      const current = board(2.05);
      await state.saveBoard('odds', current);
      const held = await state.board('odds', SPORT);
      const revision = (await state.boardStamp('odds', SPORT))!.revision;
      await state.saveBoardStamp('odds', SPORT, {
        fetched_at: '2026-11-27T18:05:00.000Z',
        stale_since: '2026-11-27T18:04:00.000Z',
        revision,
      });
      const read = await state.board('odds', SPORT);
      expect(read?.events).toBe(held?.events);
      expect(read).toMatchObject({ fetched_at: '2026-11-27T18:05:00.000Z', stale_since: '2026-11-27T18:04:00.000Z' });
    });

    it('reads the channel position with the board, whether or not its content is sent', async () => {
      await state.saveBoard('odds', board(2.2));
      await redis.client.set(redis.key(...RealtimeKeys.sequence('odds', SPORT)), '41');
      const [whole] = await state.positionedBoards('odds', [SPORT]);
      await redis.client.set(redis.key(...RealtimeKeys.sequence('odds', SPORT)), '42');
      const [held] = await state.positionedBoards('odds', [SPORT]);
      expect(held?.board.events).toBe(whole?.board.events);
      expect(whole?.position.seq).toBe(41);
      expect(held?.position.seq).toBe(42);
    });

    it('freezes what it keeps, so a reader that changed it would fail rather than change it for the others', async () => {
      await state.saveBoard('odds', board(2.3));
      const read = await state.board('odds', SPORT);
      const outcome = read!.events[0].bookmakers[0].markets[0].outcomes[0];
      expect(() => {
        outcome.price = 9;
      }).toThrow(TypeError);
    });

    it('says so when a sport has no board', async () => {
      expect(await state.boards('odds', ['soccer_epl'])).toEqual([null]);
    });
  });
});
