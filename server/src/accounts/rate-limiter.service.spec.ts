import type { RedisService } from '../redis/redis.service';
import { RateLimiterService } from './rate-limiter.service';

function limiter(status: string, evalResult: () => Promise<unknown>) {
  const redis = { key: (...p: string[]) => p.join(':'), client: { status, eval: jest.fn(evalResult) } };
  return { service: new RateLimiterService(redis as unknown as RedisService), redis };
}

// DECISIONS 8 rate limits; the foundation's rule that the API stays up while Redis is down.
describe('RateLimiterService', () => {
  it('refuses past the maximum with the seconds left in the window', async () => {
    const { service } = limiter('ready', async () => [11, 42_500]);
    expect(await service.hit('global', '10.0.0.1', 10, 60)).toEqual({ allowed: false, count: 11, retryAfter: 43 });
  });

  it('does not enforce limits while Redis is down, without waiting on it', async () => {
    const { service, redis } = limiter('reconnecting', async () => [1, 1]);
    expect((await service.hit('global', '10.0.0.1', 10, 60)).allowed).toBe(true);
    expect(redis.client.eval).not.toHaveBeenCalled();
  });

  it('does not enforce limits when a command fails', async () => {
    const { service } = limiter('ready', () => Promise.reject(new Error('Connection is closed.')));
    expect((await service.hit('global', '10.0.0.1', 10, 60)).allowed).toBe(true);
  });
});
