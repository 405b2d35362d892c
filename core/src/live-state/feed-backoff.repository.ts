import { Injectable } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';

/**
 * A feed's back-off across polls and processes: no request before `until` (epoch ms), none at all
 * while `halted_for` names the configuration now in use (a refused key answers the same until it changes).
 */
export interface FeedBackoff {
  until: number | null;
  halted_for: string | null;
  /** Consecutive failed polls, for the doubling wait. */
  failures: number;
  reason: string;
}

/** Kept at most a day: a halt lasts until the configuration changes, and a restart with the same one halts again. */
const BACKOFF_TTL_SECONDS = 86_400;

@Injectable()
export class FeedBackoffRepository {
  constructor(private readonly redis: RedisService) {}

  async get(feed: string): Promise<FeedBackoff | null> {
    const raw = await this.redis.client.get(this.redis.key(...RedisKeys.feedBackoff(feed)));
    return raw ? (JSON.parse(raw) as FeedBackoff) : null;
  }

  async save(feed: string, backoff: FeedBackoff): Promise<void> {
    await this.redis.client.set(
      this.redis.key(...RedisKeys.feedBackoff(feed)),
      JSON.stringify(backoff),
      'EX',
      BACKOFF_TTL_SECONDS,
    );
  }

  async clear(feed: string): Promise<void> {
    await this.redis.client.del(this.redis.key(...RedisKeys.feedBackoff(feed)));
  }
}
