import { Injectable } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window ends. */
  retryAfter: number;
}

// Fixed window: the first hit of a window sets its expiry; one round trip, atomic across processes.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

/** Request counters in Redis under the instance prefix, so every server process shares the same limits (DECISIONS 8). */
@Injectable()
export class RateLimiterService {
  constructor(private readonly redis: RedisService) {}

  private key(bucket: string, identity: string): string {
    return this.redis.key(...RedisKeys.rateLimit, bucket, identity);
  }

  /** Counts a hit; refused once the count passes `max` within the window. */
  async hit(bucket: string, identity: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
    const [count, ttl] = (await this.redis.client.eval(HIT, 1, this.key(bucket, identity), String(windowSeconds * 1000))) as [number, number];
    return { allowed: count <= max, count, retryAfter: Math.ceil(ttl / 1000) };
  }

  /** Reads a counter without counting (a login is checked before, and counted only when it fails). */
  async peek(bucket: string, identity: string, max: number): Promise<RateLimitResult> {
    const key = this.key(bucket, identity);
    const [count, ttl] = await Promise.all([this.redis.client.get(key), this.redis.client.pttl(key)]);
    const n = Number(count ?? 0);
    return { allowed: n < max, count: n, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
  }
}
