import { Injectable, Logger } from '@nestjs/common';
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

const UNLIMITED: RateLimitResult = { allowed: true, count: 0, retryAfter: 0 };

/**
 * Request counters in Redis under the instance prefix, so every server process shares the same limits
 * (DECISIONS 8). While Redis is unreachable the limits are not enforced, so the API and its health report
 * stay up and recover with it; the outage is logged once when it starts and once when it ends.
 */
@Injectable()
export class RateLimiterService {
  private readonly logger = new Logger(RateLimiterService.name);
  private degraded = false;

  constructor(private readonly redis: RedisService) {}

  private async guarded(work: () => Promise<RateLimitResult>): Promise<RateLimitResult> {
    // While first connecting, commands queue and run; only a lost connection skips the limits.
    if (['reconnecting', 'close', 'end'].includes(this.redis.client.status)) return this.skip('Redis is unavailable');
    try {
      const result = await work();
      if (this.degraded) this.logger.log('Rate limits enforced again');
      this.degraded = false;
      return result;
    } catch (error) {
      return this.skip((error as Error).message);
    }
  }

  private skip(reason: string): RateLimitResult {
    if (!this.degraded) this.logger.warn(`Rate limits not enforced: ${reason}`);
    this.degraded = true;
    return UNLIMITED;
  }

  private key(bucket: string, identity: string): string {
    return this.redis.key(...RedisKeys.rateLimit, bucket, identity);
  }

  /** Counts a hit; refused once the count passes `max` within the window. */
  hit(bucket: string, identity: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
    return this.guarded(async () => {
      const [count, ttl] = (await this.redis.client.eval(HIT, 1, this.key(bucket, identity), String(windowSeconds * 1000))) as [number, number];
      return { allowed: count <= max, count, retryAfter: Math.ceil(ttl / 1000) };
    });
  }

  /** Reads a counter without counting (a login is checked before, and counted only when it fails). */
  peek(bucket: string, identity: string, max: number): Promise<RateLimitResult> {
    return this.guarded(async () => {
      const key = this.key(bucket, identity);
      const [count, ttl] = await Promise.all([this.redis.client.get(key), this.redis.client.pttl(key)]);
      const n = Number(count ?? 0);
      return { allowed: n < max, count: n, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
    });
  }
}
