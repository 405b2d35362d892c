import { Injectable } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';

/**
 * Single-use, short-lived values of the OAuth round trip, in Redis so any process can finish a flow another
 * began: the state and the one-time login codes, each keyed by a hash (of it and the browser's nonce: the service's).
 * Each is read once: reading deletes it.
 */
@Injectable()
export class OAuthStateRepository {
  constructor(private readonly redis: RedisService) {}

  async saveState(stateHash: string, value: string, ttlSeconds: number): Promise<void> {
    await this.redis.client.set(this.redis.key(...RedisKeys.oauthState, stateHash), value, 'EX', ttlSeconds);
  }

  takeState(stateHash: string): Promise<string | null> {
    return this.redis.client.getdel(this.redis.key(...RedisKeys.oauthState, stateHash));
  }

  async saveLoginCode(codeHash: string, userId: string, ttlSeconds: number): Promise<void> {
    await this.redis.client.set(this.redis.key(...RedisKeys.loginCode, codeHash), userId, 'EX', ttlSeconds);
  }

  takeLoginCode(codeHash: string): Promise<string | null> {
    return this.redis.client.getdel(this.redis.key(...RedisKeys.loginCode, codeHash));
  }
}
