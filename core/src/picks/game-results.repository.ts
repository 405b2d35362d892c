import { isAfterExtraTime, isCalledEarly, parseDocumentsGameKey, type ScoreboardEvent } from '@oddspulse/shared';
import { Inject, Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import { Database, KYSELY } from '../database/database.module';
import type { GameResults } from '../database/schema';

export type GameResultRow = Selectable<GameResults>;

/** A final result as saved in game_results: the row but its recording time, with the game's start as ISO text. */
export interface GameResult extends Omit<GameResultRow, 'commence_time' | 'recorded_at'> {
  commence_time: string;
}

/** Final scores kept for the settlement look-back after the live scoreboard has moved on. */
/** The result kept for a final game (null for any other); the scores call answers past days from these. */
export function gameResultOf(sport: string, game: ScoreboardEvent, source: string): GameResult | null {
  if (game.status !== 'final' || game.home_score === null || game.away_score === null) return null;
  return {
    sport_key: sport,
    game_id: game.id,
    event_id: game.event_id ?? null,
    home_team: game.home_team,
    away_team: game.away_team,
    home_score: game.home_score,
    away_score: game.away_score,
    commence_time: game.commence_time,
    source,
    after_extra_time: isAfterExtraTime(sport, game),
    called_early: isCalledEarly(sport, game),
  };
}

@Injectable()
export class GameResultsRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  /** Inserts or corrects a result (a feed may revise a final score). */
  async save(results: readonly GameResult[]): Promise<void> {
    if (!results.length) return;
    await this.db
      .insertInto('game_results')
      .values(results.map((r) => ({ ...r, recorded_at: new Date() })))
      .onConflict((oc) =>
        oc.columns(['sport_key', 'game_id']).doUpdateSet((eb) => ({
          event_id: eb.fn.coalesce(eb.ref('excluded.event_id'), eb.ref('game_results.event_id')),
          home_score: eb.ref('excluded.home_score'),
          away_score: eb.ref('excluded.away_score'),
          after_extra_time: eb.ref('excluded.after_extra_time'),
          called_early: eb.ref('excluded.called_early'),
          recorded_at: eb.ref('excluded.recorded_at'),
        })),
      )
      .execute();
  }

  /** Results of a sport for games that started in [from, to). */
  findBetween(sport: string, from: Date, to: Date): Promise<GameResultRow[]> {
    return this.db
      .selectFrom('game_results')
      .selectAll()
      .where('sport_key', '=', sport)
      .where('commence_time', '>=', from)
      .where('commence_time', '<', to)
      .orderBy('commence_time')
      .execute();
  }

  /** Results of some sports for games that started at or after `since`. */
  findSince(sports: readonly string[], since: Date): Promise<GameResultRow[]> {
    if (!sports.length) return Promise.resolve([]);
    return this.db
      .selectFrom('game_results')
      .selectAll()
      .where('sport_key', 'in', sports)
      .where('commence_time', '>=', since)
      .orderBy('commence_time')
      .execute();
  }

  /**
   * The kept final a reaction key names (DECISIONS 22): by its event id, or by the documents' gameKey (away team, home
   * team and start joined); undefined when none. `db` is the transaction of a caller holding one.
   */
  findByReactionKey(key: string, db: Database = this.db): Promise<GameResultRow | undefined> {
    const gameKey = parseDocumentsGameKey(key);
    return db
      .selectFrom('game_results')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('event_id', '=', key),
          ...(gameKey
            ? [
                eb.and([
                  eb('commence_time', '=', gameKey.start),
                  eb(sql<string>`away_team || '_' || home_team`, '=', gameKey.teams),
                ]),
              ]
            : []),
        ]),
      )
      .orderBy('recorded_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
