import { Injectable } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';

/**
 * The links mailed to confirm closing an account that has no password, in Redis (any process closes with a link
 * another mailed), each kept under the hash of its token until it expires. Reading one does not spend it: a closing
 * that fails (Stripe did not cancel) leaves it usable; the closing deletes it.
 */
@Injectable()
export class CloseLinksRepository {
  constructor(private readonly redis: RedisService) {}

  async save(tokenHash: string, userId: string, ttlSeconds: number): Promise<void> {
    await this.redis.client.set(this.key(tokenHash), userId, 'EX', ttlSeconds);
  }

  /** The user a link was made for, while it has not expired nor been spent; null otherwise. */
  userOf(tokenHash: string): Promise<string | null> {
    return this.redis.client.get(this.key(tokenHash));
  }

  async spend(tokenHash: string): Promise<void> {
    await this.redis.client.del(this.key(tokenHash));
  }

  private key(tokenHash: string): string {
    return this.redis.key(...RedisKeys.closeLink, tokenHash);
  }
}
