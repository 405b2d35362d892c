import { Injectable } from '@nestjs/common';
import {
  groupReactions,
  parseGameKey,
  parseReactionAction,
  parseReactionEmoji,
  reactionsTopic,
  reactorName,
  ReactionMessages,
  RealtimeChannel,
  type GameReactions,
} from '@oddspulse/shared';
import { AccountErrors } from '../accounts/http-errors';
import { RealtimePublisher } from '../realtime/realtime-publisher.service';
import { ReactionsRepository } from './reactions.repository';

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
  ) {}

  async list(rawGameKey: unknown, userId: string | null = null): Promise<ReactionsResponse> {
    const gameKey = this.gameKey(rawGameKey);
    return this.response(gameKey, userId);
  }

  /**
   * Adds (sets) or removes the user's reaction (spec 002 §4), then pushes the game's reactions to its room.
   * The reactor is the signed-in user; a userId or username in the body is never trusted.
   */
  async react(rawGameKey: unknown, userId: string, body: { emoji?: unknown; action?: unknown }): Promise<ReactionsResponse> {
    const gameKey = this.gameKey(rawGameKey);
    const emoji = parseReactionEmoji(body?.emoji);
    if (!emoji) throw AccountErrors.validation(ReactionMessages.invalidEmoji, 'INVALID_REACTION');
    const action = parseReactionAction(body?.action ?? 'add');
    if (!action) throw AccountErrors.validation(ReactionMessages.invalidAction, 'INVALID_REACTION');

    if (action === 'add') await this.reactions.set(gameKey, userId, emoji);
    else await this.reactions.remove(gameKey, userId, emoji);

    const result = await this.response(gameKey, userId);
    await this.publisher.publish({
      channel: RealtimeChannel.Reactions,
      sport: reactionsTopic(gameKey),
      at: new Date().toISOString(),
      type: 'reactions.update',
      data: { gameKey, reactions: result.reactions },
    });
    return result;
  }

  /** What the gateway sends as the reactions room's snapshot. */
  async snapshot(gameKey: string): Promise<{ gameKey: string; reactions: GameReactions }> {
    const { reactions } = await this.response(gameKey, null);
    return { gameKey, reactions };
  }

  private gameKey(raw: unknown): string {
    const gameKey = parseGameKey(raw);
    if (!gameKey) throw AccountErrors.validation(ReactionMessages.invalidGameKey, 'INVALID_GAME_KEY');
    return gameKey;
  }

  private async response(gameKey: string, userId: string | null): Promise<ReactionsResponse> {
    const rows = await this.reactions.find(gameKey);
    const reactions = groupReactions(rows.map((r) => ({ emoji: r.emoji, userId: r.userId, username: reactorName(r.username, r.email) })));
    return { gameKey, reactions, userReaction: rows.find((r) => r.userId === userId)?.emoji ?? null };
  }
}
