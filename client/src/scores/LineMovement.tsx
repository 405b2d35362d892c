import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useMemo, useState } from 'react';
import { LINE_MOVEMENT_MARKETS, type LineMovementMarket } from '@oddspulse/shared';
import { Link } from 'react-router-dom';
import { ValueSelect } from '../components/ValueSelect';
import { useSignedInUserId } from '../state/auth';
import { oddsFormatAtom } from '../odds/odds-state';
import {
  LINE_MARKET_LABELS,
  lineChart,
  marketSides,
  marketsWithHistory,
  noHistoryText,
  openingMarket,
  priceChart,
  priceChartIn,
} from './line-chart-data';
import { lineHistoryQuery } from './scores-api';

// uPlot comes with the chart only: the modal's other tabs never load it.
const LineChart = lazy(() => import('./LineChart'));

const DEFAULT_ERROR = 'Failed to fetch odds history';
const formatPoint = (v: number) => String(v);

/**
 * The line movement tab (spec 002 §2, §7): each book's price and line over time from /api/odds-history (its compact
 * `series` view), which is requested only while this tab is mounted (open). Starts on all books, and on a market the
 * books priced; the chart's legend hides and shows books. `finished`: the game is over, so its history is complete.
 */
export function LineMovement({
  sport,
  eventId,
  bookmakers,
  finished,
}: {
  sport: string;
  eventId: string;
  bookmakers?: readonly string[];
  finished: boolean;
}) {
  const userId = useSignedInUserId();
  const oddsFormat = useAtomValue(oddsFormatAtom);
  const signedIn = userId !== '';
  const [chosenMarket, setMarket] = useState<LineMovementMarket | null>(null);
  const [book, setBook] = useState('all');
  const [side, setSide] = useState('');
  // The game's books as text: live score updates bring a new array with the same books, which must not refetch.
  const gameBooks = bookmakers?.join(',') ?? '';

  // The history of the books before a change stays on screen until the new books' answer comes.
  const query = useQuery({
    ...lineHistoryQuery(userId, { sport, eventId, bookmakers: gameBooks.split(',').filter(Boolean) }),
    enabled: signedIn,
    placeholderData: keepPreviousData,
  });
  const history = query.data ?? null;
  const error = query.isError ? query.error.message || DEFAULT_ERROR : '';

  const shownBooks = useMemo(() => (history ?? []).filter((b) => book === 'all' || b.key === book), [history, book]);
  const withHistory = useMemo(() => marketsWithHistory(shownBooks), [shownBooks]);
  const market = openingMarket(chosenMarket, withHistory);
  // One side at a time keeps each book's line readable (the other side mirrors it).
  const sides = useMemo(() => marketSides(shownBooks, market), [shownBooks, market]);
  const shownSide = sides.includes(side) ? side : (sides[0] ?? '');
  // prices in the user's odds format (spec 001 §9), in the tooltip and on the axis
  const prices = useMemo(
    () => priceChartIn(priceChart(shownBooks, market, shownSide), oddsFormat),
    [shownBooks, market, shownSide, oddsFormat],
  );
  const lines = useMemo(() => lineChart(shownBooks, market, shownSide), [shownBooks, market, shownSide]);

  if (!signedIn) {
    return (
      <p className="small muted">
        <Link to="/login">Sign in</Link> to see line movement.
      </p>
    );
  }
  return (
    <div className="line-movement" data-testid="line-movement">
      <div className="line-controls">
        <label>
          Market
          <select value={market} onChange={(e) => setMarket(e.target.value as LineMovementMarket)}>
            {LINE_MOVEMENT_MARKETS.map((m) => (
              <option key={m} value={m}>
                {LINE_MARKET_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Book
          <select value={book} onChange={(e) => setBook(e.target.value)} aria-label="Book">
            <option value="all">All books</option>
            {(history ?? []).map((b) => (
              <option key={b.key} value={b.key}>
                {b.title}
              </option>
            ))}
          </select>
        </label>
        {sides.length > 1 && <ValueSelect label="Side" value={shownSide} values={sides} onChange={setSide} />}
      </div>
      {error && (
        <p className="form-error small" role="alert">
          {error}
        </p>
      )}
      {!error && history === null && <div className="spinner" role="status" aria-label="Loading line history" />}
      {!error && history !== null && prices.data.series.length === 0 && (
        <p className="muted small" data-testid="no-line-history">
          {noHistoryText(market, withHistory, finished)}
        </p>
      )}
      {prices.data.series.length > 0 && (
        <Suspense fallback={<div className="spinner" role="status" aria-label="Loading the chart" />}>
          <LineChart title="Price" data={prices.data} format={prices.format} />
          {market !== 'h2h' && lines.series.length > 0 && (
            <LineChart title={market === 'totals' ? 'Total' : 'Spread'} data={lines} format={formatPoint} />
          )}
        </Suspense>
      )}
    </div>
  );
}
