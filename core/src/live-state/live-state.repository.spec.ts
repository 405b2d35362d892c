import { Logger } from '@nestjs/common';
import type { RedisService } from '../redis/redis.service';
import { LiveStateRepository } from './live-state.repository';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the feed poll lock', () => {
  afterEach(() => jest.restoreAllMocks());

  it('says when a renewal fails, as the lock may then lapse under a running poll', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    // a renewal passes the TTL (five arguments), the release does not
    const evaluate = jest.fn((...args: unknown[]) =>
      args.length === 5 ? Promise.reject(new Error('Connection is closed.')) : Promise.resolve(1),
    );
    const redis = { key: (...parts: string[]) => parts.join(':'), client: { set: async () => 'OK', eval: evaluate } };
    const state = new LiveStateRepository(redis as unknown as RedisService);

    expect(await state.withFeedLock('odds', 'basketball_nba', 30, () => sleep(100).then(() => 'polled'))).toBe(
      'polled',
    );
    expect(warn).toHaveBeenCalledWith(
      'The odds poll lock of basketball_nba was not renewed and may lapse: Connection is closed.',
    );
  });
});
