import { BusCache } from './bus-cache';

const tagged = (value: { user: string }) => value.user;

function setUp(ttlMs = 10_000) {
  const clock = { now: 1_000_000 };
  const cache = new BusCache<{ user: string; n: number }>(ttlMs, 3, () => clock.now);
  let reads = 0;
  const read = (user: string) => async () => ({ user, n: ++reads });
  return { clock, cache, read, reads: () => reads };
}

// Principals and data versions kept in memory only while the bus that announces their changes is heard.
describe('BusCache', () => {
  it('reads the source every time until the bus is heard', async () => {
    const { cache, read, reads } = setUp();
    await cache.get('a', read('u1'), tagged);
    await cache.get('a', read('u1'), tagged);
    expect(reads()).toBe(2);
    cache.setLive(true);
    await cache.get('a', read('u1'), tagged);
    expect(await cache.get('a', read('u1'), tagged)).toEqual({ user: 'u1', n: 3 });
    expect(reads()).toBe(3);
  });

  it('drops the entries of a tag on an announcement, and no other', async () => {
    const { cache, read, reads } = setUp();
    cache.setLive(true);
    await cache.get('s1', read('u1'), tagged);
    await cache.get('s2', read('u1'), tagged);
    await cache.get('s3', read('u2'), tagged);
    cache.invalidate('u1');
    await cache.get('s1', read('u1'), tagged);
    await cache.get('s2', read('u1'), tagged);
    await cache.get('s3', read('u2'), tagged);
    expect(reads()).toBe(5);
  });

  it('forgets everything when the bus is lost, and serves nothing from memory until it is heard again', async () => {
    const { cache, read, reads } = setUp();
    cache.setLive(true);
    await cache.get('a', read('u1'), tagged);
    cache.setLive(false);
    await cache.get('a', read('u1'), tagged);
    await cache.get('a', read('u1'), tagged);
    expect(reads()).toBe(3);
    expect(cache.size).toBe(0);
    cache.setLive(true);
    await cache.get('a', read('u1'), tagged);
    expect(reads()).toBe(4);
  });

  it('keeps a value no longer than the TTL, counted from its read', async () => {
    const { clock, cache, read, reads } = setUp(10_000);
    cache.setLive(true);
    await cache.get('a', read('u1'), tagged);
    clock.now += 9_999;
    await cache.get('a', read('u1'), tagged);
    expect(reads()).toBe(1);
    clock.now += 1;
    await cache.get('a', read('u1'), tagged);
    expect(reads()).toBe(2);
  });

  it('does not keep a value read while an announcement came in: it may predate the change', async () => {
    const { cache, reads } = setUp();
    cache.setLive(true);
    let finish!: (value: { user: string; n: number }) => void;
    const slow = cache.get('a', () => new Promise((resolve) => (finish = resolve)), tagged);
    cache.invalidate('u1');
    finish({ user: 'u1', n: 0 });
    expect(await slow).toEqual({ user: 'u1', n: 0 });
    expect(cache.size).toBe(0);
    expect(reads()).toBe(0);
  });

  it('keeps a value read while another tag was announced', async () => {
    const { cache } = setUp();
    cache.setLive(true);
    let finish!: (value: { user: string; n: number }) => void;
    const slow = cache.get('a', () => new Promise((resolve) => (finish = resolve)), tagged);
    cache.invalidate('u2');
    finish({ user: 'u1', n: 0 });
    await slow;
    expect(cache.size).toBe(1);
  });

  it('shares one read among concurrent requests, unless an announcement came in since it started', async () => {
    const { cache } = setUp();
    cache.setLive(true);
    let reads = 0;
    const read = () =>
      new Promise<{ user: string; n: number }>((resolve) => setTimeout(() => resolve({ user: 'u1', n: ++reads }), 5));
    const [a, b] = await Promise.all([cache.get('a', read, tagged), cache.get('a', read, tagged)]);
    expect([a?.n, b?.n]).toEqual([1, 1]);
    const before = cache.get('b', read, tagged);
    cache.invalidate('u1');
    const after = cache.get('b', read, tagged);
    expect([(await before)!.n, (await after)!.n]).toEqual([2, 3]);
  });

  it('keeps nothing for undefined (nothing found) and passes a failed read on', async () => {
    const { cache } = setUp();
    cache.setLive(true);
    expect(await cache.get('a', async () => undefined, tagged)).toBeUndefined();
    expect(cache.size).toBe(0);
    await expect(cache.get('a', () => Promise.reject(new Error('down')), tagged)).rejects.toThrow('down');
    expect(await cache.get('a', async () => ({ user: 'u1', n: 1 }), tagged)).toEqual({ user: 'u1', n: 1 });
  });

  it('keeps at most its size, dropping the oldest', async () => {
    const { cache, read, reads } = setUp();
    cache.setLive(true);
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, read(key), tagged);
    expect(cache.size).toBe(3);
    await cache.get('a', read('a'), tagged);
    expect(reads()).toBe(5);
  });

  it('reads only the keys it does not hold, in one read, keeping each under its own key', async () => {
    const { cache } = setUp();
    cache.setLive(true);
    const asked: string[][] = [];
    const read = async (keys: string[]) => {
      asked.push(keys);
      return keys.map((key) => (key === 'none' ? undefined : { user: key, n: 0 }));
    };
    expect(await cache.getMany(['x', 'y', 'none'], read)).toEqual([
      { user: 'x', n: 0 },
      { user: 'y', n: 0 },
      undefined,
    ]);
    expect(await cache.getMany(['y', 'z', 'x'], read)).toEqual([
      { user: 'y', n: 0 },
      { user: 'z', n: 0 },
      { user: 'x', n: 0 },
    ]);
    cache.invalidate('y');
    await cache.getMany(['x', 'y'], read);
    expect(asked).toEqual([['x', 'y', 'none'], ['z'], ['y']]);
  });
});
