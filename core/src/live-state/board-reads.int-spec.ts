import { Test } from '@nestjs/testing';
import type { BoardEvent, SportBoard } from '@oddspulse/shared';
import { APP_CONFIG, CoreModule, LiveStateRepository, parseConfig, RealtimeKeys, RedisService } from '../index';

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

// Readers keep the content of the board revision they read last and are sent only the stamp while it names that
// revision: what they are handed must still be what Redis holds, however the board was written since.
describe('reading boards (real Redis)', () => {
  let state: LiveStateRepository;
  let redis: RedisService;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [CoreModule] })
      .overrideProvider(APP_CONFIG)
      .useValue({ ...parseConfig(process.env), REDIS_PREFIX: `${process.env.REDIS_PREFIX}-board-reads` })
      .compile();
    const app = await moduleRef.init();
    state = app.get(LiveStateRepository);
    redis = app.get(RedisService);
    close = () => app.close();
  });

  afterAll(async () => {
    await close();
  });

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
