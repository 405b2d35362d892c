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
 * The hosted MCP server's sessions, in Redis so any server process answers any request of a session (the transport
 * itself is stateless): whose session it is, and the resources it subscribed to. A session is made at `initialize`
 * and ends on DELETE or when it lapses.
 */
@Injectable()
export class McpSessionsRepository {
  constructor(private readonly redis: RedisService) {}

  /** A new session of `userId`: its id, unguessable, as the Mcp-Session-Id header carries it. */
  async open(userId: string): Promise<string> {
    const id = randomBytes(24).toString('base64url');
    await this.redis.client.set(this.redis.key(...RedisKeys.mcpSession(id)), userId, 'EX', MCP_SESSION_TTL_SECONDS);
    return id;
  }

  /** Whose session `id` is, renewing it; null when there is none (never made, ended or lapsed). */
  async owner(id: string): Promise<string | null> {
    const [[, userId]] = (await this.redis.client
      .multi()
      .get(this.redis.key(...RedisKeys.mcpSession(id)))
      .expire(this.redis.key(...RedisKeys.mcpSession(id)), MCP_SESSION_TTL_SECONDS)
      .expire(this.redis.key(...RedisKeys.mcpSubscriptions(id)), MCP_SESSION_TTL_SECONDS)
      .exec())!;
    return (userId as string | null) ?? null;
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
