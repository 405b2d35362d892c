import { Inject, Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import type { ReactionEmoji, ReactionKeyMove } from '@oddspulse/shared';
import { lockUntilCommit } from '../database/advisory-locks';
import { Database, KYSELY } from '../database/database.module';
import type { DB } from '../database/schema';

export interface ReactionRow {
  userId: string;
  emoji: ReactionEmoji;
  username: string | null;
  email: string;
}

@Injectable()
export class ReactionsRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /**
   * Holds the game's reactions lock until `trx` ends: each change to a game's reactions takes it before writing, and
   * reads and pushes the counts before letting go, so the pushes of one game go out in the order of its writes.
   */
  async lockGame(gameKey: string, trx: Transaction<DB>): Promise<void> {
    await lockUntilCommit(trx, 'reactions', gameKey);
  }

  /**
   * A game's reactions as the last change left them, for a reader outside a change (a GET, a room's snapshot): a change
   * pushes its counts before it commits, holding the game's lock, so a read taken meanwhile would give a room's new
   * position with the counts before it, and its push would then be skipped as already seen. The shared lock waits for
   * that change to commit; readers do not wait for one another.
   */
  findSettled(gameKey: string): Promise<ReactionRow[]> {
    return this.transaction(async (trx) => {
      await lockUntilCommit(trx, 'reactions', gameKey, { shared: true });
      return this.find(gameKey, trx);
    });
  }

  /** A game's reactions, oldest first, with what is needed to name each reactor. */
  find(gameKey: string, db: Database = this.db): Promise<ReactionRow[]> {
    return db
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
  async set(gameKey: string, userId: string, emoji: ReactionEmoji, db: Database = this.db): Promise<void> {
    await db
      .insertInto('reactions')
      .values({ game_key: gameKey, user_id: userId, emoji })
      .onConflict((oc) => oc.columns(['game_key', 'user_id']).doUpdateSet({ emoji, created_at: new Date() }))
      .execute();
  }

  /** Removes the user's reaction if it is this emoji (clicking one's own bubble); true when one was removed. */
  async remove(gameKey: string, userId: string, emoji: ReactionEmoji, db: Database = this.db): Promise<boolean> {
    const result = await db
      .deleteFrom('reactions')
      .where('game_key', '=', gameKey)
      .where('user_id', '=', userId)
      .where('emoji', '=', emoji)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Moves the reactions kept under each move's `from` keys to its `to` key, in one statement; a user with one under
   * both keeps the newer (or, under two of the `from` keys, the newest). Answers the `to` keys that were given any.
   * Run again it finds nothing left under the `from` keys and moves nothing.
   */
  async moveGames(moves: readonly ReactionKeyMove[], trx: Transaction<DB>): Promise<string[]> {
    const pairs = moves.flatMap(({ from, to }) => from.filter((key) => key !== to).map((key) => [key, to] as const));
    if (!pairs.length) return [];
    const { rows } = await sql<{ game_key: string }>`
      WITH moves AS (
        SELECT * FROM unnest(${pairs.map(([from]) => from)}::text[], ${pairs.map(([, to]) => to)}::text[])
          AS m (from_key, to_key)
      ), moved AS (
        DELETE FROM reactions r USING moves m WHERE r.game_key = m.from_key
        RETURNING m.to_key, r.user_id, r.emoji, r.created_at
      ), kept AS (
        INSERT INTO reactions (game_key, user_id, emoji, created_at)
        SELECT DISTINCT ON (to_key, user_id) to_key, user_id, emoji, created_at FROM moved
        ORDER BY to_key, user_id, created_at DESC
        ON CONFLICT (game_key, user_id) DO UPDATE SET emoji = excluded.emoji, created_at = excluded.created_at
          WHERE excluded.created_at > reactions.created_at
      )
      SELECT DISTINCT to_key AS game_key FROM moved
    `.execute(trx);
    return rows.map((row) => row.game_key);
  }
}
