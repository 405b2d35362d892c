import { Injectable } from '@nestjs/common';
import type { OpportunityUpdate, SportBoard, SportScoreboard } from '@oddspulse/shared';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';

export type BoardKind = 'odds' | 'props';
export type OpportunityKind = 'ev' | 'arbitrage' | 'middles';
export type BoardStamp = Pick<SportBoard, 'fetched_at'> & { stale_since: string | null };

/**
 * Reads what the pipeline keeps in Redis: the current board per sport and kind, the scoreboard, and the
 * current opportunities. The REST API and the gateway's snapshots read here; nothing here calls a provider.
 */
@Injectable()
export class LiveBoardsRepository {
  constructor(private readonly redis: RedisService) {}

  async board(kind: BoardKind, sport: string): Promise<SportBoard | null> {
    const raw = await this.redis.client.get(this.redis.key(...RedisKeys.board(kind, sport)));
    return raw ? (JSON.parse(raw) as SportBoard) : null;
  }

  /** Several boards in one round trip, in the order asked (null where a sport has none). */
  async boards(kind: BoardKind, sports: readonly string[]): Promise<Array<SportBoard | null>> {
    if (!sports.length) return [];
    const raws = await this.redis.client.mget(...sports.map((sport) => this.redis.key(...RedisKeys.board(kind, sport))));
    return raws.map((raw) => (raw ? (JSON.parse(raw) as SportBoard) : null));
  }

  /**
   * When each board was fetched and whether its feed is failing, in the order asked (null where a sport has no
   * board), without reading the boards: the pipeline writes it beside each board. Boards written before it did
   * (until their next poll) are read whole, in one MGET.
   */
  async freshness(kind: BoardKind, sports: readonly string[]): Promise<Array<BoardStamp | null>> {
    if (!sports.length) return [];
    const raws = await this.redis.client.mget(...sports.map((sport) => this.redis.key(...RedisKeys.boardFreshness(kind, sport))));
    const stamps = raws.map((raw) => (raw ? (JSON.parse(raw) as BoardStamp) : null));
    const unstamped = sports.filter((_, i) => !stamps[i]);
    if (!unstamped.length) return stamps;
    const boards = await this.boards(kind, unstamped);
    let next = 0;
    return stamps.map((stamp) => {
      if (stamp) return stamp;
      const board = boards[next++];
      return board && { fetched_at: board.fetched_at, stale_since: board.stale_since ?? null };
    });
  }

  /** The sports The Odds API lists as in season (the pipeline caches them for an hour), or null when not known. */
  async inSeasonSports(): Promise<string[] | null> {
    const raw = await this.redis.client.get(this.redis.key(...RedisKeys.oddsApiSports));
    return raw ? (JSON.parse(raw) as string[]) : null;
  }

  async scoreboard(sport: string): Promise<SportScoreboard | null> {
    const raw = await this.redis.client.get(this.redis.key(...RedisKeys.scoreboard(sport)));
    return raw ? (JSON.parse(raw) as SportScoreboard) : null;
  }

  /** The current opportunities of several sports, in one round trip and one list. */
  async opportunitiesOf<T>(kind: OpportunityKind, sports: readonly string[]): Promise<Array<OpportunityUpdate<T>>> {
    const pipeline = this.redis.client.pipeline();
    for (const sport of sports) pipeline.hvals(this.redis.key(...RedisKeys.opportunities(kind, sport)));
    const results = (await pipeline.exec()) ?? [];
    return results.flatMap(([error, values]) => {
      if (error) throw error;
      return (values as string[]).flatMap((value) => JSON.parse(value) as Array<OpportunityUpdate<T>>);
    });
  }

  /** The current opportunities of a sport, as the pipeline keeps them (a list per `{board}:{event}` field), in one list. */
  async opportunities(kind: OpportunityKind, sport: string): Promise<OpportunityUpdate[]> {
    const raw = await this.redis.client.hgetall(this.redis.key(...RedisKeys.opportunities(kind, sport)));
    return Object.values(raw).flatMap((value) => JSON.parse(value) as OpportunityUpdate[]);
  }
}
