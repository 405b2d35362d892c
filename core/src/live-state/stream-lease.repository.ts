import { Injectable } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';

const RENEW_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/**
 * The lease of a sport's odds stream (`feeds:lock:stream:<sport>`): one worker holds it and keeps the sport's one
 * connection, renewing it while it does; a worker that dies lets it lapse, and another takes the stream over. Each
 * holder names itself with a token, so a lapsed holder can neither renew nor release the next one's lease.
 */
@Injectable()
export class StreamLeaseRepository {
  constructor(private readonly redis: RedisService) {}

  private key(sport: string): string {
    return this.redis.key(...RedisKeys.streamLease(sport));
  }

  /** True when `token` now holds the sport's lease for `ttlMs`. */
  async acquire(sport: string, token: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.client.set(this.key(sport), token, 'PX', ttlMs, 'NX')) === 'OK';
  }

  /** True when `token` still held the lease and holds it `ttlMs` more. */
  async renew(sport: string, token: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.client.eval(RENEW_SCRIPT, 1, this.key(sport), token, String(ttlMs))) === 1;
  }

  async release(sport: string, token: string): Promise<void> {
    await this.redis.client.eval(RELEASE_SCRIPT, 1, this.key(sport), token);
  }

  /** The token holding the lease, if any. */
  async holder(sport: string): Promise<string | null> {
    return this.redis.client.get(this.key(sport));
  }
}
