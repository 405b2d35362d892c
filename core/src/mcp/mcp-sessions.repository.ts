import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';

/**
 * How long an MCP session lives without a request or an open stream: an assistant that went away leaves nothing
 * behind for longer. Each request and each beat of an open stream renews it.
 */
export const MCP_SESSION_TTL_SECONDS = 3600;

/**
 * The API key a session belongs to: the key's id and the hash of the secret that opened it, so neither another key of
 * the same user nor the same key once rotated (a new secret) holds it.
 */
export interface McpSessionKey {
  keyId: string;
  secretHash: string;
}

const holderOf = (key: McpSessionKey) => `${key.keyId}:${key.secretHash}`;

/**
 * The hosted MCP server's sessions, in Redis so any server process answers any request of a session (the transport
 * itself is stateless): the key it is held by, and the resources it subscribed to. A session is made at `initialize`
 * and ends on DELETE or when it lapses.
 */
@Injectable()
export class McpSessionsRepository {
  constructor(private readonly redis: RedisService) {}

  /** A new session of `key`: its id, unguessable, as the Mcp-Session-Id header carries it. */
  async open(key: McpSessionKey): Promise<string> {
    const id = randomBytes(24).toString('base64url');
    await this.redis.client.set(
      this.redis.key(...RedisKeys.mcpSession(id)),
      holderOf(key),
      'EX',
      MCP_SESSION_TTL_SECONDS,
    );
    return id;
  }

  /** Whether session `id` is `key`'s, renewing it; false when it is another key's or there is none (ended, lapsed). */
  async heldBy(id: string, key: McpSessionKey): Promise<boolean> {
    const [[, holder]] = (await this.redis.client
      .multi()
      .get(this.redis.key(...RedisKeys.mcpSession(id)))
      .expire(this.redis.key(...RedisKeys.mcpSession(id)), MCP_SESSION_TTL_SECONDS)
      .expire(this.redis.key(...RedisKeys.mcpSubscriptions(id)), MCP_SESSION_TTL_SECONDS)
      .exec())!;
    return holder === holderOf(key);
  }

  async subscribe(id: string, uri: string): Promise<void> {
    const key = this.redis.key(...RedisKeys.mcpSubscriptions(id));
    await this.redis.client.multi().sadd(key, uri).expire(key, MCP_SESSION_TTL_SECONDS).exec();
  }

  async unsubscribe(id: string, uri: string): Promise<void> {
    await this.redis.client.srem(this.redis.key(...RedisKeys.mcpSubscriptions(id)), uri);
  }

  async isSubscribed(id: string, uri: string): Promise<boolean> {
    return (await this.redis.client.sismember(this.redis.key(...RedisKeys.mcpSubscriptions(id)), uri)) === 1;
  }

  /** Ends the session: a later request with its id is told it is gone. */
  async end(id: string): Promise<void> {
    await this.redis.client
      .multi()
      .del(this.redis.key(...RedisKeys.mcpSession(id)))
      .del(this.redis.key(...RedisKeys.mcpSubscriptions(id)))
      .exec();
  }
}
