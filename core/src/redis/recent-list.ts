import type { RedisService } from './redis.service';

/**
 * A Redis list of the newest values pushed onto it, as JSON, newest first, cut to its `size` at every push (and,
 * with `ttlSeconds`, dropped that long after the last push). Every process reads the same list.
 */
export class RecentList<T> {
  constructor(
    private readonly redis: RedisService,
    private readonly key: string,
    private readonly size: number,
    private readonly ttlSeconds?: number,
  ) {}

  async push(value: T): Promise<void> {
    const write = this.redis.client
      .multi()
      .lpush(this.key, JSON.stringify(value))
      .ltrim(this.key, 0, this.size - 1);
    if (this.ttlSeconds !== undefined) write.expire(this.key, this.ttlSeconds);
    await write.exec();
  }

  /** The newest `count` values, newest first. */
  async newest(count = this.size): Promise<T[]> {
    const raw = await this.redis.client.lrange(this.key, 0, count - 1);
    return raw.map((value) => JSON.parse(value) as T);
  }
}
