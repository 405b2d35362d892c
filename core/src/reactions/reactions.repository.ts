import { Inject, Injectable } from '@nestjs/common';
import type { ReactionEmoji } from '@oddspulse/shared';
import { Database, KYSELY } from '../database/database.module';

export interface ReactionRow {
  userId: string;
  emoji: ReactionEmoji;
  username: string | null;
  email: string;
}

@Injectable()
export class ReactionsRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  /** A game's reactions, oldest first, with what is needed to name each reactor. */
  find(gameKey: string): Promise<ReactionRow[]> {
    return this.db
      .selectFrom('reactions')
      .innerJoin('users', 'users.id', 'reactions.user_id')
      .leftJoin('profiles', 'profiles.id', 'reactions.user_id')
      .select([
        'reactions.user_id as userId',
        'reactions.emoji as emoji',
        'profiles.username as username',
        'users.email as email',
      ])
      .where('reactions.game_key', '=', gameKey)
      .orderBy('reactions.created_at')
      .orderBy('reactions.user_id')
      .execute();
  }

  /** Sets the user's one reaction to the game, replacing any other (the primary key allows one). */
  async set(gameKey: string, userId: string, emoji: ReactionEmoji): Promise<void> {
    await this.db
      .insertInto('reactions')
      .values({ game_key: gameKey, user_id: userId, emoji })
      .onConflict((oc) => oc.columns(['game_key', 'user_id']).doUpdateSet({ emoji, created_at: new Date() }))
      .execute();
  }

  /** Removes the user's reaction if it is this emoji (clicking one's own bubble); true when one was removed. */
  async remove(gameKey: string, userId: string, emoji: ReactionEmoji): Promise<boolean> {
    const result = await this.db
      .deleteFrom('reactions')
      .where('game_key', '=', gameKey)
      .where('user_id', '=', userId)
      .where('emoji', '=', emoji)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
