import { useAtomValue } from 'jotai';
import { useDeferredValue, useMemo } from 'react';
import { useBankroll } from '../../bet-slip';
import { devigChoiceAtom } from '../../../state/display-settings';
import type { OddsFilters } from '../filters/filter-settings';
import { filterRows } from '../filters/filters';
import { liveEnabledAtom } from '../odds-state';
import type { TableMode } from '../rows/rows';
import { EVERY_BOOK, useHiddenByBooks } from '../rows/useHiddenByBooks';
import { LOADING_TIMINGS } from './loading-screen';
import { useLiveOdds } from './useLiveOdds';

/**
 * What a straight bets or props section shows: its live odds at the applied filters (every book once the user asks
 * for them), the rows that pass the filters and the search, how many +EV rows the user's books hide, and how many
 * games the rows come from.
 */
export function useSectionOdds({
  mode,
  platinum,
  applied,
  search,
  everyBook,
}: {
  mode: TableMode;
  platinum: boolean;
  applied: OddsFilters;
  search: string;
  everyBook: boolean;
}) {
  const live = useAtomValue(liveEnabledAtom);
  const devig = useAtomValue(devigChoiceAtom);
  const bankroll = useBankroll();
  // Gold always streams; Platinum may pause (spec 001 §6: the toggle is not shown for Gold).
  const streaming = platinum ? live : true;
  const markets = mode === 'props' ? applied.propMarkets : applied.markets;
  const data = useLiveOdds({
    mode,
    sports: applied.sports,
    markets,
    books: everyBook ? EVERY_BOOK : applied.books,
    live: streaming,
    enabled: true,
    timings: LOADING_TIMINGS[mode],
    usePrefetch: mode === 'props',
    devig,
    commission: bankroll.commissions,
  });
  // The table filters its rows with the filters and search one render behind when they change: the field or box the
  // user touched answers at once, and React re-filters the table (800 rows and more) as a transition it can interrupt
  // with the next key press.
  const shown = useDeferredValue(applied);
  const shownSearch = useDeferredValue(search);
  const rows = useMemo(
    () =>
      filterRows(
        data.rows,
        { minEv: shown.minEv, positiveOnly: shown.positiveOnly, search: shownSearch, date: shown.date },
        data.now,
      ),
    [data.rows, data.now, shown.minEv, shown.positiveOnly, shown.date, shownSearch],
  );
  const hidden = useHiddenByBooks({
    off: everyBook || applied.books.length === 0,
    boards: data.boards,
    rows: data.rows,
    now: data.now,
    mode,
    markets,
    every: EVERY_BOOK,
    devig,
    commissions: bankroll.commissions,
    filters: { minEv: shown.minEv, date: shown.date, search: shownSearch },
  });
  const games = useMemo(() => new Set(data.rows.map((r) => r.eventId)).size, [data.rows]);
  return { data, rows, hidden, games, markets };
}
