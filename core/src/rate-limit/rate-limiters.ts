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
  /** Gives back `cost` points spent (a sign-in charged before its password was checked, which succeeded). */
  refund(key: string, cost: number): Promise<void>;
  /** Refuses the key for `seconds` from now, whatever its points (an account locked after failed sign-ins). */
  block(key: string, seconds: number): Promise<void>;
  /** Forgets the key: its points and any block (a password reset clears its account's sign-in locks). */
  forget(key: string): Promise<void>;
}

/** ioredis states of a connection that was lost (not yet, or no longer, coming back by itself). */
const LOST = ['reconnecting', 'close', 'end'];

/** A key is at most this long before it is hashed down (an email can be 254 characters, a key header anything). */
const MAX_KEY_LENGTH = 300;

/** What rate-limiter-flexible answers for a spend: its refusal is thrown, its acceptance returned; both are this. */
interface Spent {
  allowed: boolean;
  consumedPoints: number;
  msBeforeNext: number;
}

async function spend(limiter: RateLimiterAbstract, key: string, cost: number): Promise<Spent> {
  try {
    const state = await limiter.consume(bounded(key), cost);
    return { allowed: true, consumedPoints: state.consumedPoints, msBeforeNext: state.msBeforeNext };
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes)
      return { allowed: false, consumedPoints: refusal.consumedPoints, msBeforeNext: refusal.msBeforeNext };
    throw refusal;
  }
}

const secondsLeft = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

class FlexibleLimiter implements RateLimiter {
  /** `pick` chooses the limiter for each call (the Redis one, or the in-memory one while Redis is away). */
  constructor(
    readonly options: RateLimitOptions,
    private readonly pick: () => RateLimiterAbstract,
  ) {}

  async consume(key: string, cost = 1): Promise<RateLimitDecision> {
    const spent = await spend(this.pick(), key, cost);
    return { allowed: spent.allowed, consumed: spent.consumedPoints, retryAfter: secondsLeft(spent.msBeforeNext) };
  }

  async penalty(key: string, cost: number): Promise<void> {
    await this.pick().penalty(bounded(key), cost);
  }

  async refund(key: string, cost: number): Promise<void> {
    await this.pick().reward(bounded(key), cost);
  }

  async block(key: string, seconds: number): Promise<void> {
    await this.pick().block(bounded(key), seconds);
  }

  async forget(key: string): Promise<void> {
    await this.pick().delete(bounded(key));
  }
}

/** Points of one key's window this process has taken from the shared count and not yet spent. */
interface Lease {
  left: number;
  /** The shared count once this lease was taken (its points included). */
  consumed: number;
  /** When the window ends (epoch ms): the lease, spent or not, goes with it. */
  until: number;
  /** Points taken at once, and when, to size the next lease. */
  size: number;
  takenAt: number;
  /** Set once the window's points are all taken (by any process): refused here until the window ends. */
  exhausted: boolean;
  /** The next lease being taken, which requests arriving meanwhile wait for. */
  refill?: Promise<void>;
}

/** A lease used up faster than this was too small: the next is twice as big; one that lasted longer, half as big. */
const LEASE_TARGET_MS = 250;
/** Keys (client addresses) with a lease held at once; past it a new key is counted in Redis request by request. */
const MAX_LEASED_KEYS = 10_000;

/**
 * A shared limit whose points each process takes from Redis a lease at a time: a busy key costs a Redis
 * round trip per lease instead of per request. A lease is only ever granted out of the points left in the shared
 * window, so every process together never lets more than `points` through: a key at the limit is refused as before,
 * in every process, and then without asking Redis until its window ends. Points leased and not spent when the window
 * ends are lost, so a busy key may be refused a little early: at most one lease (`maxLease` − 1 points) per process.
 * Leases start at one point and grow only while used up within LEASE_TARGET_MS, so a key that is not busy is counted
 * exactly, request by request, as before.
 */
export class LeasedLimiter implements RateLimiter {
  private readonly leases = new Map<string, Lease>();
  /** The same limit counted request by request in Redis, for what is not a single request. */
  private readonly direct: FlexibleLimiter;
  private sweptAt = 0;

  constructor(
    readonly options: RateLimitOptions,
    private readonly pick: () => RateLimiterAbstract,
    private readonly maxLease: number,
    private readonly clock: () => number = Date.now,
  ) {
    this.direct = new FlexibleLimiter(options, pick);
  }

  async consume(key: string, cost = 1): Promise<RateLimitDecision> {
    if (cost !== 1) return this.direct.consume(key, cost);
    for (;;) {
      const now = this.clock();
      const lease = this.current(key, now);
      if (lease && lease.left > 0) {
        lease.left--;
        return { allowed: true, consumed: lease.consumed - lease.left, retryAfter: secondsLeft(lease.until - now) };
      }
      if (lease?.exhausted)
        return { allowed: false, consumed: lease.consumed, retryAfter: secondsLeft(lease.until - now) };
      if (!lease && this.leases.size >= MAX_LEASED_KEYS && !this.sweep(now)) return this.direct.consume(key);
      await (lease?.refill ?? this.refill(key, lease, now));
    }
  }

  penalty(key: string, cost: number): Promise<void> {
    return this.direct.penalty(key, cost);
  }

  refund(key: string, cost: number): Promise<void> {
    return this.direct.refund(key, cost);
  }

  block(key: string, seconds: number): Promise<void> {
    this.leases.delete(key);
    return this.direct.block(key, seconds);
  }

  forget(key: string): Promise<void> {
    this.leases.delete(key);
    return this.direct.forget(key);
  }

  private current(key: string, now: number): Lease | undefined {
    const lease = this.leases.get(key);
    if (lease && lease.until <= now && !lease.refill) {
      this.leases.delete(key);
      return undefined;
    }
    return lease;
  }

  /** Takes the next lease of `key` from the shared count; `spent` is the lease it replaces, if any. */
  private refill(key: string, spent: Lease | undefined, now: number): Promise<void> {
    const size = !spent
      ? 1
      : now - spent.takenAt < LEASE_TARGET_MS
        ? Math.min(spent.size * 2, this.maxLease)
        : Math.max(1, spent.size >> 1);
    const pending = spend(this.pick(), key, size).then(
      (answer) => {
        // Refused or not, the shared count now holds `size` more points; ours are those that were still left.
        const left = Math.max(0, Math.min(size, this.options.points - (answer.consumedPoints - size)));
        const until = this.clock() + answer.msBeforeNext;
        this.leases.set(key, {
          left,
          consumed: answer.consumedPoints,
          until,
          size,
          takenAt: now,
          exhausted: answer.consumedPoints >= this.options.points,
        });
      },
      (error: unknown) => {
        this.leases.delete(key);
        throw error;
      },
    );
    this.leases.set(
      key,
      spent
        ? { ...spent, refill: pending }
        : { left: 0, consumed: 0, until: now, size, takenAt: now, exhausted: false, refill: pending },
    );
    return pending;
  }

  /** Drops the leases of windows that have ended (at most once a second: a flood of new keys does not scan each time); true when that made room. */
  private sweep(now: number): boolean {
    if (now - this.sweptAt >= 1000) {
      this.sweptAt = now;
      for (const [key, lease] of this.leases) if (lease.until <= now && !lease.refill) this.leases.delete(key);
    }
    return this.leases.size < MAX_LEASED_KEYS;
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
    return new FlexibleLimiter(options, this.pickFor(name, options));
  }

  /** The limiter for each call: the Redis one, or the in-memory one while Redis is away. */
  private pickFor(name: string, options: RateLimitOptions): () => RateLimiterAbstract {
    const insuranceLimiter = new RateLimiterMemory({
      keyPrefix: `insurance:${name}`,
      points: options.points,
      duration: options.windowSeconds,
    });
    // A command that fails (a connection lost mid-request) is counted by the insurance limiter too.
    const limiter = new RateLimiterRedis({
      storeClient: this.redis.client,
      keyPrefix: this.redis.key(...RedisKeys.rateLimit, name),
      points: options.points,
      duration: options.windowSeconds,
      insuranceLimiter,
    });
    return () => (this.redisAway() ? insuranceLimiter : limiter);
  }

  /**
   * A shared limit for keys that may be busy (every request of an address, of an API key): counted in Redis a lease of
   * points at a time (LeasedLimiter), with leases of at most a fiftieth of the window's points (64 at most), so a small
   * limit is still counted request by request.
   */
  leased(name: string, options: RateLimitOptions): RateLimiter {
    const maxLease = Math.min(64, Math.max(1, Math.floor(options.points / 50)));
    return new LeasedLimiter(options, this.pickFor(name, options), maxLease);
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
