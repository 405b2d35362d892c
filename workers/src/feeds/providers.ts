import type { BoardEvent, ScoreboardEvent } from '@oddspulse/shared';

/**
 * What the pipeline makes of each event of an answer (held-boards.ts answerIntake): a provider hands it each event as
 * it reads it, so that what the feed sent of one event can be collected before the next is read.
 */
export interface EventIntake {
  (event: BoardEvent): BoardEvent;
  /**
   * Whether the intake would make `event` again of the same reading: it is the very object the board holds under its
   * id and nothing the intake adds has changed since (the game has not turned final). A provider that remembers what it
   * made of an event's text hands that on, without reading it, when the feed sends the same text again; and so each book
   * of that object, when the feed sends the same text of that book in an event read again.
   */
  holds?(event: BoardEvent): boolean;
}

/** Where a sport's odds come from; every provider returns the normalised board (decimal prices). */
export interface OddsProvider {
  readonly name: 'simulator' | 'theoddsapi' | 'stream';
  /**
   * Straight bets (game markets) of a sport's upcoming and live events, or of those of `eventIds` only, each event as
   * `intake` returns it.
   */
  fetchOdds(sport: string, eventIds: readonly string[] | null, intake: EventIntake): Promise<BoardEvent[]>;
  /** Player props of a sport's upcoming events. */
  fetchProps(sport: string): Promise<BoardEvent[]>;
}

/** Where a sport's scores come from; every provider returns the scoreboard events of spec 002 §3. */
export interface ScoresProvider {
  readonly name: 'simulator' | 'espn' | 'theoddsapi';
  fetchScores(sport: string): Promise<ScoreboardEvent[]>;
  /**
   * The scoreboard of one US Eastern game day (YYYY-MM-DD, shared `gameDay`), a past one included: what "Validate now"
   * reads for today and each of the previous 7 days (spec 002 §7). Absent for a provider that cannot name a day (The
   * Odds API's scores reach back 3 days at most, in one answer): validation then reads its current scoreboard.
   */
  fetchScoresOn?(sport: string, day: string): Promise<ScoreboardEvent[]>;
}

export const ODDS_PROVIDER = Symbol('ODDS_PROVIDER');
export const SCORES_PROVIDER = Symbol('SCORES_PROVIDER');
