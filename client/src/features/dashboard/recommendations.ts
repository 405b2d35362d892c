import { canonicalBookKey, type EvBet } from '@oddspulse/shared';
import { type BookPrice, type OddsRow, isLive, localDay } from '../odds';

/**
 * The dashboard's recommended bets (spec 001 §5 dashboard recommendations, DECISIONS 13): the real EV of the
 * user's books, today's games only; at most 5 candidates, 3 shown, 6 books in the comparison. Confidence
 * follows the edge: High above 8, Medium above 4, else Low.
 */
export const MAX_CANDIDATES = 5;
export const MAX_SHOWN = 3;
export const COMPARE_BOOKS = 6;

export type Confidence = 'High' | 'Medium' | 'Low';

export function confidenceOf(edgePct: number): Confidence {
  return edgePct > 8 ? 'High' : edgePct > 4 ? 'Medium' : 'Low';
}

export function isToday(commenceTime: string, now: number): boolean {
  const start = Date.parse(commenceTime);
  return !Number.isNaN(start) && (localDay(start) === localDay(now) || isLive(commenceTime, now));
}

/**
 * The best +EV bets of today's games: one per outcome (its best book), highest EV first, spread over games: the
 * best bet of each game comes before a second one of any game, so the three shown are three games while three
 * games have an edge (a game's outcomes share its result, and one game's three bets are one risk, not three). DFS
 * apps are left out, and so are prices flagged stale or suspect: a recommendation must be one a user can really bet.
 */
export function recommendations(bets: readonly EvBet[], now: number): EvBet[] {
  const best = new Map<string, EvBet>();
  for (const bet of bets) {
    if (
      bet.isDfs ||
      !(bet.evPct > 0) ||
      !isToday(bet.commenceTime, now) ||
      bet.flags.includes('stale') ||
      bet.flags.includes('suspect')
    )
      continue;
    const key = `${bet.eventId}|${bet.market}|${bet.description ?? ''}|${bet.outcome}|${bet.point ?? ''}`;
    const held = best.get(key);
    if (!held || bet.evPct > held.evPct) best.set(key, bet);
  }
  return spreadOverGames([...best.values()].sort((a, b) => b.evPct - a.evPct)).slice(0, MAX_CANDIDATES);
}

/** Bets best first (`ranked`), each game's best before any game's second, and so on. */
function spreadOverGames(ranked: readonly EvBet[]): EvBet[] {
  const seen = new Map<string, number>();
  const turns = ranked.map((bet) => {
    const turn = seen.get(bet.eventId) ?? 0;
    seen.set(bet.eventId, turn + 1);
    return turn;
  });
  return ranked
    .map((bet, i) => ({ bet, turn: turns[i], i }))
    .sort((a, b) => a.turn - b.turn || a.i - b.i)
    .map((x) => x.bet);
}

/**
 * Compare Odds: the recommended outcome's prices at the user's starting books (DECISIONS 36: their saved books, the
 * defaults for a user who never saved), best first, at most COMPARE_BOOKS; a combined prop shows the bet's side.
 */
export function comparedPrices(
  row: Pick<OddsRow, 'isCombinedProp' | 'allBooks' | 'overBooks' | 'underBooks'>,
  outcome: string,
  books: readonly string[],
): BookPrice[] {
  const shown = new Set(books.map(canonicalBookKey));
  const side = row.isCombinedProp ? (outcome === 'Under' ? row.underBooks : row.overBooks) : row.allBooks;
  return (side ?? [])
    .filter((b) => shown.has(canonicalBookKey(b.book)))
    .sort((a, b) => b.decimal - a.decimal)
    .slice(0, COMPARE_BOOKS);
}
