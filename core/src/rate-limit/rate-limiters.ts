import { Injectable, Logger } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RedisKeys } from '../redis/redis-keys';
import { RedisService } from '../redis/redis.service';

export interface RateLimitOptions {
  /** Points a key may spend per window (one per request unless a cost is given). */
  points: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Points spent in the current window, this one included. */
  consumed: number;
  /** Seconds until the window ends (at least 1): the Retry-After of a refusal. */
  retryAfter: number;
}

/** One named limit: counts per key (a client address, an address and email, an API key, a socket). */
export interface RateLimiter {
  readonly options: RateLimitOptions;
  /** Spends `cost` points; refused once the window's points are spent (the points still count). */
  consume(key: string, cost?: number): Promise<RateLimitDecision>;
  /** Adds `cost` points without asking (work whose price was known only after it was done). */
  penalty(key: string, cost: number): Promise<void>;
  /** Reads a key's state without spending (a sign-in is checked first and counted only when it fails). */
  peek(key: string): Promise<RateLimitDecision>;
}

/** ioredis states of a connection that was lost (not yet, or no longer, coming back by itself). */
const LOST = ['reconnecting', 'close', 'end'];

/** A key is at most this long before it is hashed down (an email can be 254 characters, a key header anything). */
const MAX_KEY_LENGTH = 300;

class FlexibleLimiter implements RateLimiter {
  /** `pick` chooses the limiter for each call (the Redis one, or the in-memory one while Redis is away). */
  constructor(
    readonly options: RateLimitOptions,
    private readonly pick: () => RateLimiterAbstract,
  ) {}

  async consume(key: string, cost = 1): Promise<RateLimitDecision> {
    try {
      return this.decision(await this.pick().consume(bounded(key), cost), true);
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return this.decision(refusal, false);
      throw refusal;
    }
  }

  async penalty(key: string, cost: number): Promise<void> {
    await this.pick().penalty(bounded(key), cost);
  }

  async peek(key: string): Promise<RateLimitDecision> {
    const state = await this.pick().get(bounded(key));
    if (!state) return { allowed: true, consumed: 0, retryAfter: this.options.windowSeconds };
    return this.decision(state, state.consumedPoints < this.options.points);
  }

  private decision(state: RateLimiterRes, allowed: boolean): RateLimitDecision {
    return { allowed, consumed: state.consumedPoints, retryAfter: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
  }
}

function bounded(key: string): string {
  return key.length <= MAX_KEY_LENGTH ? key : key.slice(0, MAX_KEY_LENGTH);
}

/**
 * The rate limiters of a process (DECISIONS 8), built on rate-limiter-flexible. `shared` limits count in Redis,
 * so they hold across every server process; while Redis is away each process counts in memory instead (the
 * insurance limiter) rather than letting everything through, and goes back to Redis once it is reachable.
 * `local` limits count in this process only, for what lives in one process (a socket connection).
 */
@Injectable()
export class RateLimiters {
  private readonly logger = new Logger(RateLimiters.name);
  private degraded = false;

  constructor(private readonly redis: RedisService) {}

  shared(name: string, options: RateLimitOptions): RateLimiter {
    const insuranceLimiter = new RateLimiterMemory({ keyPrefix: `insurance:${name}`, points: options.points, duration: options.windowSeconds });
    // A command that fails (a connection lost mid-request) is counted by the insurance limiter too.
    const limiter = new RateLimiterRedis({
      storeClient: this.redis.client,
      keyPrefix: this.redis.key(...RedisKeys.rateLimit, name),
      points: options.points,
      duration: options.windowSeconds,
      insuranceLimiter,
    });
    return new FlexibleLimiter(options, () => (this.redisAway() ? insuranceLimiter : limiter));
  }

  local(name: string, options: RateLimitOptions): RateLimiter {
    const limiter = new RateLimiterMemory({ keyPrefix: name, points: options.points, duration: options.windowSeconds });
    return new FlexibleLimiter(options, () => limiter);
  }

  /**
   * True once a connection was lost: straight to memory instead of queueing behind the reconnect. While the
   * first connection is being made, commands wait for it (a process just started counts in Redis from the
   * first request). The switch and the way back are logged once each.
   */
  private redisAway(): boolean {
    const away = LOST.includes(this.redis.client.status);
    if (away !== this.degraded) {
      this.degraded = away;
      if (away) this.logger.warn('Redis is unavailable: rate limits are counted in this process until it returns');
      else this.logger.log('Rate limits are counted in Redis again');
    }
    return away;
  }
}
