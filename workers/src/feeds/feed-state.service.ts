import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { FeedKind, FeedStatus, SportBoard, SportScoreboard } from '@oddspulse/shared';
import { RedisService } from '@oddspulse/server/redis/redis.service';
import { RedisKeys } from '@oddspulse/server/redis/redis-keys';

const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/**
 * Everything the pipeline keeps between polls, in Redis: the current boards and scoreboards, each
 * feed's status for /api/health, and the per-feed lock that keeps two processes off the same sport.
 */
@Injectable()
export class FeedStateService {
  constructor(private readonly redis: RedisService) {}

  async board(kind: 'odds' | 'props', sport: string): Promise<SportBoard | null> {
    const raw = await this.redis.client.get(this.redis.key(...RedisKeys.board(kind, sport)));
    return raw ? (JSON.parse(raw) as SportBoard) : null;
  }

  /** The board and, beside it, its freshness (the scanner calls read that alone, not the whole board). */
  async saveBoard(kind: 'odds' | 'props', board: SportBoard): Promise<void> {
    const freshness = { fetched_at: board.fetched_at, stale_since: board.stale_since ?? null };
    const results = await this.redis.client
      .multi()
      .set(this.redis.key(...RedisKeys.board(kind, board.sport_key)), JSON.stringify(board))
      .set(this.redis.key(...RedisKeys.boardFreshness(kind, board.sport_key)), JSON.stringify(freshness))
      .exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error(`Saving the ${kind} board of ${board.sport_key} was aborted`);
  }

  async scoreboard(sport: string): Promise<SportScoreboard | null> {
    const raw = await this.redis.client.get(this.redis.key(...RedisKeys.scoreboard(sport)));
    return raw ? (JSON.parse(raw) as SportScoreboard) : null;
  }

  async saveScoreboard(board: SportScoreboard): Promise<void> {
    await this.redis.client.set(this.redis.key(...RedisKeys.scoreboard(board.sport_key)), JSON.stringify(board));
  }

  async statuses(): Promise<FeedStatus[]> {
    const raw = await this.redis.client.hgetall(this.redis.key(...RedisKeys.feedStatus));
    return Object.values(raw).map((v) => JSON.parse(v) as FeedStatus);
  }

  async status(kind: FeedKind, sport: string): Promise<FeedStatus | null> {
    const raw = await this.redis.client.hget(this.redis.key(...RedisKeys.feedStatus), `${kind}:${sport}`);
    return raw ? (JSON.parse(raw) as FeedStatus) : null;
  }

  async saveStatus(status: FeedStatus): Promise<void> {
    await this.redis.client.hset(this.redis.key(...RedisKeys.feedStatus), `${status.kind}:${status.sport}`, JSON.stringify(status));
  }

  /** Runs `work` holding the feed's lock; returns null (without running) when another process holds it. */
  async withLock<T>(kind: FeedKind, sport: string, ttlMs: number, work: () => Promise<T>): Promise<T | null> {
    const key = this.redis.key(...RedisKeys.pollLock(kind, sport));
    const token = randomUUID();
    if ((await this.redis.client.set(key, token, 'PX', ttlMs, 'NX')) !== 'OK') return null;
    try {
      return await work();
    } finally {
      await this.redis.client.eval(RELEASE_SCRIPT, 1, key, token);
    }
  }
}
