import { Test } from '@nestjs/testing';
import { APP_CONFIG, CoreModule, LiveStateRepository, parseConfig, RedisKeys, RedisService } from '../index';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The poll lock is short and renewed while the poll runs, so a killed worker blocks its sport at most
// one lock TTL (it held a 120 s lock before, and the sport went unpolled for ~130 s).
describe('the feed poll lock (real Redis)', () => {
  let state: LiveStateRepository;
  let redis: RedisService;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [CoreModule] })
      .overrideProvider(APP_CONFIG)
      .useValue({ ...parseConfig(process.env), REDIS_PREFIX: `${process.env.REDIS_PREFIX}-lock` })
      .compile();
    const app = await moduleRef.init();
    state = app.get(LiveStateRepository);
    redis = app.get(RedisService);
    close = () => app.close();
  });

  afterAll(async () => {
    await close();
  });

  it('stays held past its TTL while the poll runs, and is free the moment it ends', async () => {
    const ttl = 300;
    const running = state.withFeedLock('odds', 'basketball_nba', ttl, async () => {
      await sleep(1000);
      return 'polled';
    });
    await sleep(700);
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
