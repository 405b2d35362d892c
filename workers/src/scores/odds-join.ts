import {
  documentsGameKey,
  matchGamesOneToOne,
  type BoardEvent,
  type ReactionKeyMove,
  type ScoreboardEvent,
} from '@oddspulse/shared';

/**
 * Joins each scoreboard game to the same game on the odds board: its event id (found by team names when the
 * scores provider does not share the odds feed's ids, spec 002 §5) and the books pricing it (002 §3 `bookmakers`,
 * which the line-movement request sends, §7). A join holds: a game the previous scoreboard had joined keeps its event,
 * and a game the board no longer holds (the odds feed drops a game once it is final) keeps what the previous
 * scoreboard had, so its line movement stays reachable. Games are matched by names only while they have no event,
 * and one to one, among the events no other game holds: a doubleheader's final game is never given its second game's
 * event, which would settle that game's picks on the first one's score and close its market on the board
 * (DECISIONS 24). A game's books are every book that priced it while it was joined: one that took the game down (a
 * sharp book pulling its line, or every book at the start) keeps its line movement and its close in the modal, which
 * asks the history for the game's books (spec 002 §7).
 */
export function joinToOdds(
  games: readonly ScoreboardEvent[],
  boardEvents: readonly BoardEvent[] | null,
  previous: readonly ScoreboardEvent[] | null,
): ScoreboardEvent[] {
  const byId = new Map((boardEvents ?? []).map((e) => [e.id, e]));
  const before = new Map((previous ?? []).map((g) => [g.id, g]));
  const held = games.map((game) => game.event_id ?? before.get(game.id)?.event_id);
  const heldIds = new Set(held);
  const unheld = games.flatMap((game, i) => (held[i] ? [] : [{ game, i }]));
  const matched = matchGamesOneToOne(
    unheld.map(({ game }) => game),
    (boardEvents ?? []).filter((event) => !heldIds.has(event.id)),
  );
  const named = new Map(unheld.flatMap(({ i }, u) => (matched.has(u) ? [[i, matched.get(u)!] as const] : [])));
  return games.map((game, i) => {
    const id = held[i];
    const event = id ? byId.get(id) : named.get(i);
    if (event) return { ...game, event_id: event.id, bookmakers: booksOf(event, before.get(game.id)) };
    const kept = before.get(game.id);
    if (!kept || (game.event_id && kept.event_id !== game.event_id)) return game;
    return {
      ...game,
      ...(kept.event_id ? { event_id: kept.event_id } : {}),
      ...(kept.bookmakers ? { bookmakers: kept.bookmakers } : {}),
    };
  });
}

/** The books pricing `event` now, after those the game was joined to before (which stay, in their order). */
function booksOf(event: BoardEvent, before: ScoreboardEvent | undefined): string[] {
  const books = new Set(before?.event_id === event.id ? before.bookmakers : []);
  for (const book of event.bookmakers) books.add(book.key);
  return [...books];
}

/**
 * The reactions each game given an event id takes over (DECISIONS 22: keyed by the event id when there is one, else by
 * the documents' gameKey). A game this scoreboard gives an event id the last one did not show it with was reacted to
 * under its gameKey until now: as the last scoreboard showed it and as this one does (they differ when its start
 * moved), and those reactions are the event id's from now on.
 */
export function reactionKeyMoves(
  previous: readonly ScoreboardEvent[] | null,
  games: readonly ScoreboardEvent[],
): ReactionKeyMove[] {
  const before = new Map((previous ?? []).map((g) => [g.id, g]));
  return games.flatMap((game) => {
    const old = before.get(game.id);
    if (!game.event_id || old?.event_id === game.event_id) return [];
    const from = new Set([documentsGameKey(game)]);
    if (old) from.add(documentsGameKey(old));
    return [{ from: [...from], to: game.event_id }];
  });
}
