import { Injectable } from '@nestjs/common';
import { gameReactionsOf, reactionsTopic, RealtimeChannel, type GameReactions } from '@oddspulse/shared';
import { RealtimePublisher, ReactionsRepository, type ReactionRow } from '@oddspulse/core';
import { ApiErrors } from '../errors/api-errors';
import { ScoresService } from '../scores/scores.service';
import type { ReactInput } from './reactions.dto';

export interface ReactionsResponse {
  gameKey: string;
  reactions: GameReactions;
  /** The caller's own reaction, null when none or signed out. */
  userReaction: string | null;
}

@Injectable()
export class ReactionsService {
  constructor(
    private readonly reactions: ReactionsRepository,
    private readonly publisher: RealtimePublisher,
    private readonly scores: ScoresService,
  ) {}

  async list(gameKey: string, userId: string | null = null): Promise<ReactionsResponse> {
    return responseOf(gameKey, await this.reactions.findSettled(gameKey), userId);
  }

  /**
   * Adds (sets) or removes the user's reaction (spec 002 §4), then pushes the game's reactions to its room.
   * The reactor is the signed-in user; a userId or username in the body is never trusted.
   *
   * A reaction is added only to a game a current or kept scoreboard has (404 GAME_NOT_FOUND otherwise: any key was
   * stored, reactions to games that do not exist), and is kept under the game's key (DECISIONS 22: its event id when it
   * has one) whichever of its keys was sent; one's own reaction is removed from the key sent when no scoreboard has the
   * game any more. The scoreboard is read holding the lock of the key sent, as the scores pipeline holds it while it
   * moves a game's reactions to its first event id and saves the scoreboard that shows it: a reaction sent under the
   * gameKey meanwhile is either stored before the move, and moved, or finds the event id. Under the lock only the
   * scoreboards' revisions are read: their games by key are kept per revision (ScoresService.gameByReactionKey), so a
   * board is read and parsed again only once it changed.
   *
   * The write, the read of the counts after it and their push run under the game's lock, one change of the game at a
   * time: two at once each pushed what its own read saw, in whichever order the reads answered, and the last push a
   * viewer got could carry the older count. A push that fails undoes the write, so an error answer (the client keeps
   * the reaction locally, spec 002 §7) never stands beside a reaction stored and shown to nobody.
   */
  react(sentKey: string, userId: string, { emoji, action }: ReactInput): Promise<ReactionsResponse> {
    return this.reactions.transaction(async (trx) => {
      await this.reactions.lockGame(sentKey, trx);
      const game = await this.scores.gameByReactionKey(sentKey, trx);
      if (!game && action === 'add') throw ApiErrors.gameNotFound();
      // a game's gameKey as sent: a kept final's start reads back from PostgreSQL in another spelling of the same time
      const gameKey = game?.event_id || sentKey;
      if (gameKey !== sentKey) await this.reactions.lockGame(gameKey, trx);
      if (action === 'add') await this.reactions.set(gameKey, userId, emoji, trx);
      else await this.reactions.remove(gameKey, userId, emoji, trx);

      const result = responseOf(gameKey, await this.reactions.find(gameKey, trx), userId);
      await this.publisher.publish({
        channel: RealtimeChannel.Reactions,
        key: reactionsTopic(gameKey),
        at: new Date().toISOString(),
        type: 'reactions.update',
        data: { gameKey, reactions: result.reactions },
      });
      return result;
    });
  }

  /** What the gateway sends as the reactions room's snapshot. */
  async snapshot(gameKey: string): Promise<{ gameKey: string; reactions: GameReactions }> {
    const { reactions } = await this.list(gameKey);
    return { gameKey, reactions };
  }
}

function responseOf(gameKey: string, rows: readonly ReactionRow[], userId: string | null): ReactionsResponse {
  return {
    gameKey,
    reactions: gameReactionsOf(rows),
    userReaction: rows.find((r) => r.userId === userId)?.emoji ?? null,
  };
}
