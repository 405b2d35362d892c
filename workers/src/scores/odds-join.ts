import { findMatchingGame, type BoardEvent, type ScoreboardEvent } from '@oddspulse/shared';

/**
 * Joins each scoreboard game to the same game on the odds board: its event id (found by team names when the
 * scores provider does not share the odds feed's ids, spec 002 §5) and the books pricing it (002 §3 `bookmakers`,
 * which the line-movement request sends, §7). A game the board no longer holds (the odds feed drops a game once
 * it is final) keeps what the previous scoreboard had, so its line movement stays reachable.
 */
export function joinToOdds(
  games: readonly ScoreboardEvent[],
  boardEvents: readonly BoardEvent[] | null,
  previous: readonly ScoreboardEvent[] | null,
): ScoreboardEvent[] {
  const byId = new Map((boardEvents ?? []).map((e) => [e.id, e]));
  const before = new Map((previous ?? []).map((g) => [g.id, g]));
  return games.map((game) => {
    const event = game.event_id
      ? byId.get(game.event_id)
      : boardEvents
        ? findMatchingGame(game, boardEvents)
        : undefined;
    if (event) return { ...game, event_id: event.id, bookmakers: event.bookmakers.map((b) => b.key) };
    const kept = before.get(game.id);
    if (!kept || (game.event_id && kept.event_id !== game.event_id)) return game;
    return {
      ...game,
      ...(kept.event_id ? { event_id: kept.event_id } : {}),
      ...(kept.bookmakers ? { bookmakers: kept.bookmakers } : {}),
    };
  });
}
