import { queryOptions } from '@tanstack/react-query';
import { CORE_SPORTS, type EvBet } from '@oddspulse/shared';
import { preferencesQuery } from '../../state/session-api';
import type { DevigChoice } from '../../state/devig-choice';
import { fetchBoards, fetchEv, buildEventRows, isPropMarket, type OddsRow } from '../odds';
import { isToday, recommendations } from './recommendations';

/** The dashboard's reads: keyed by the user, whose books, commissions and plan decide what the server answers. */
export const dashboardKeys = {
  recommended: (userId: string, devig: DevigChoice, books: readonly string[]) =>
    ['dashboard', userId, 'recommended', devig, books] as const,
  compare: (userId: string, bet: EvBet) =>
    [
      'dashboard',
      userId,
      'compare',
      bet.sport,
      bet.eventId,
      bet.listedMarket,
      bet.outcome,
      bet.point ?? null,
      bet.description ?? '',
    ] as const,
};

/**
 * Today's recommendations: the real EV at the user's starting books (their saved books, DECISIONS 36; a save reads them
 * again) with their commissions, and today's game count.
 */
export function recommendedBetsQuery(userId: string, devig: DevigChoice, books: readonly string[]) {
  return queryOptions({
    queryKey: dashboardKeys.recommended(userId, devig, books),
    queryFn: async ({ client }) => {
      const sports = CORE_SPORTS.map((s) => s.key);
      const prefs = await client.fetchQuery(preferencesQuery(userId));
      const [bets, boards] = await Promise.all([
        fetchEv({ sports, books: [...books], devig, commission: prefs.commissions }),
        fetchBoards({ mode: 'game', sports, markets: ['h2h'] }),
      ]);
      const now = Date.now();
      const gamesToday = Object.values(boards).reduce(
        (n, b) => n + b.events.filter((e) => isToday(e.commence_time, now)).length,
        0,
      );
      return { bets: recommendations(bets, now), gamesToday, books };
    },
  });
}

/**
 * The recommended outcome's row on its event's current board, null when the market is no longer offered: the row of
 * the market its book lists the price in (an alternate line's is `alternate_spreads`, where the bet names `spreads`).
 */
export function compareOddsQuery(userId: string, bet: EvBet) {
  return queryOptions({
    queryKey: dashboardKeys.compare(userId, bet),
    queryFn: async (): Promise<OddsRow | null> => {
      const mode = isPropMarket(bet.listedMarket) ? 'props' : 'game';
      const boards = await fetchBoards({ mode, sports: [bet.sport], markets: [bet.listedMarket] });
      const event = boards[bet.sport]?.events.find((e) => e.id === bet.eventId);
      const rows = event ? buildEventRows(event, { mode, selectedBooks: [], markets: [], now: Date.now() }) : [];
      const same = (r: OddsRow) =>
        r.market === bet.listedMarket &&
        (r.point ?? null) === (bet.point ?? null) &&
        (r.playerName ?? '') === (bet.description ?? '');
      return rows.find((r) => same(r) && (r.outcome === bet.outcome || r.isCombinedProp)) ?? null;
    },
  });
}
