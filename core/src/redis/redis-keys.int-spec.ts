import IORedis from 'ioredis';
import { deleteKeysWithPrefix, deleteRunKeys } from './redis-keys';

// Test runs leave nothing behind in a shared Redis (DESIGN: each integration run owns a key prefix).
describe('run clean-up (real Redis)', () => {
  const redis = new IORedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  // A run prefix of this spec's own, so the check cannot touch the keys of the specs running beside it.
  const run = `${process.env.REDIS_PREFIX}-cleanup`;
  const neighbour = `${run}x`;

  afterAll(() => redis.quit());

  const keysOf = async (pattern: string) => (await redis.keys(pattern)).sort();

  it('removes the keys under the run prefix and under the prefixes specs derive from it, and nothing else', async () => {
    await redis.mset(
      `${run}:board:odds:nfl`,
      '1',
      `${run}-scores:scores:nfl`,
      '1',
      `${run}-odds:bull:x`,
      '1',
      `${neighbour}:board`,
      '1',
    );
    await redis.set(run, 'not under the prefix');

    expect(await deleteRunKeys(redis, run)).toBe(3);

    expect(await keysOf(`${run}*`)).toEqual([run, `${neighbour}:board`].sort());
    await redis.del(run, `${neighbour}:board`);
  });

  it('leaves the derived prefixes alone when one spec cleans its own prefix', async () => {
    await redis.mset(`${run}:a`, '1', `${run}-scores:b`, '1');
    expect(await deleteKeysWithPrefix(redis, run)).toBe(1);
    expect(await keysOf(`${run}*`)).toEqual([`${run}-scores:b`]);
    await deleteRunKeys(redis, run);
  });
});
