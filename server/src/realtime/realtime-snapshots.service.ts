import { Injectable } from '@nestjs/common';
import { RealtimeChannel, RealtimeKeys } from '@oddspulse/shared';
import { LiveBoardsRepository } from '../odds/live-boards.repository';
import { ReactionsService } from '../reactions/reactions.service';
import { RedisService } from '../redis/redis.service';

/**
 * A channel's current state, for a socket whose gap is older than the replay buffer: what the pipeline keeps
 * in Redis (board, scoreboard, opportunities) or the game's reactions. Read after the sequence number, so the
 * snapshot holds at least every message up to it.
 */
@Injectable()
export class RealtimeSnapshots {
  constructor(
    private readonly redis: RedisService,
    private readonly boards: LiveBoardsRepository,
    private readonly reactions: ReactionsService,
  ) {}

  async currentSeq(channel: RealtimeChannel, key: string): Promise<number> {
    return Number((await this.redis.client.get(this.redis.key(...RealtimeKeys.sequence(channel, key)))) ?? 0);
  }

  async load(channel: RealtimeChannel, key: string): Promise<unknown> {
    switch (channel) {
      case RealtimeChannel.Odds:
      case RealtimeChannel.Props:
        return this.boards.board(channel, key);
      case RealtimeChannel.Scores:
        return this.boards.scoreboard(key);
      case RealtimeChannel.Ev:
      case RealtimeChannel.Arbitrage:
      case RealtimeChannel.Middles:
        return this.boards.opportunities(channel, key);
      case RealtimeChannel.Reactions:
        return this.reactions.snapshot(decodeURIComponent(key));
      case RealtimeChannel.User:
        // A user's events are notifications with no state to rebuild: the client refetches over REST.
        return null;
    }
  }
}
