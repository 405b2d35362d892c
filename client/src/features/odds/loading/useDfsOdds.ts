import { useCallback, useMemo } from 'react';
import { useBankroll } from '../../bet-slip';
import { useRefreshPlan } from '../../../state/session-state';
import { filterRows } from '../filters/filters';
import { fetchBoards } from '../odds-api';
import { useHiddenByBooks } from '../rows/useHiddenByBooks';
import { dfsMarketsForSport } from './dfs-load';
import { LOADING_TIMINGS } from './loading-screen';
import { useLiveOdds } from './useLiveOdds';

/** The DFS page's loading panel waits at most as long as props mode's (spec 001 §9: 45 s). */
const DFS_TIMINGS = { maxMs: LOADING_TIMINGS.props.maxMs, emptyExtraMs: 0, minMs: 0 };

/**
 * The DFS page's odds: the props boards of the sports chosen, live, the DFS apps' rows among them that pass the
 * search and the date, and how many +EV rows the apps chosen hide of those `every` app shows (DECISIONS 32), counted
 * as the odds page's tables count theirs. A `metered` user's counter is read again after each load, so it counts the
 * load it follows.
 */
export function useDfsOdds({
  sports,
  books,
  every,
  search,
  date,
  metered,
}: {
  sports: string[];
  books: readonly string[];
  /** The DFS apps the plan allows: what "Show all books" shows here. */
  every: readonly string[];
  search: string;
  date: string;
  metered: boolean;
}) {
  const refreshPlan = useRefreshPlan();
  const bankroll = useBankroll();
  const markets = useMemo(() => [...new Set(sports.flatMap(dfsMarketsForSport))], [sports]);
  const load = useCallback(
    async (query: { sports: string[]; markets: string[] }) => {
      const boards = await fetchBoards({ mode: 'props', sports: query.sports, markets: query.markets });
      // the counter keeps its last value if this read fails
      if (metered) void refreshPlan();
      return boards;
    },
    [metered, refreshPlan],
  );
  const data = useLiveOdds({
    mode: 'props',
    sports,
    markets,
    books,
    live: true,
    enabled: sports.length > 0,
    timings: DFS_TIMINGS,
    load,
    commission: bankroll.commissions,
  });
  const rows = useMemo(
    () =>
      filterRows(
        data.rows.filter((r) => r.isDfs),
        { minEv: null, positiveOnly: false, search, date },
        data.now,
      ),
    [data.rows, data.now, search, date],
  );
  // the rows of the apps are the DFS rows: a row's best price is at one of the books it is built with
  const hidden = useHiddenByBooks({
    off: every.every((book) => books.includes(book)),
    boards: data.boards,
    rows: data.rows,
    now: data.now,
    mode: 'props',
    markets,
    every,
    commissions: bankroll.commissions,
    filters: { minEv: null, date, search },
  });
  return { data, rows, hidden, markets };
}
