import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { LINE_MOVEMENT_MARKETS, type LineMovementMarket } from '@oddspulse/shared';
import { authAtom } from '../state/auth';
import { fetchOddsHistory } from './scores-api';
import { formatAmerican, historyBookKey, lineSeries, type HistoryBookmaker, type LineSeries } from './scores-logic';

const NO_HISTORY = 'No history available yet for the selected parameters.';
const DEFAULT_ERROR = 'Failed to fetch odds history';
const MARKET_LABELS: Record<LineMovementMarket, string> = { h2h: 'Moneyline', spreads: 'Spread', totals: 'Total' };
const COLOURS = ['#a78bfa', '#22c55e', '#f59e0b', '#60a5fa', '#f472b6', '#2dd4bf', '#ef4444', '#facc15', '#e2e8f0', '#fb923c'];

/**
 * The line movement tab (spec 002 §2, §7): each book's price and line over time from /api/odds-history, which is
 * requested only while this tab is mounted (open). Starts on all books.
 */
export function LineMovement({ sport, eventId, bookmakers }: { sport: string; eventId: string; bookmakers?: readonly string[] }) {
  const auth = useAtomValue(authAtom);
  const signedIn = auth.status === 'signedIn';
  const [history, setHistory] = useState<HistoryBookmaker[] | null>(null);
  const [error, setError] = useState('');
  const [market, setMarket] = useState<LineMovementMarket>('spreads');
  const [book, setBook] = useState('all');
  const [side, setSide] = useState('');
  // The game's books as text: live score updates bring a new array with the same books, which must not refetch.
  const gameBooks = bookmakers?.join(',') ?? '';

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    fetchOddsHistory({ sport, eventId, bookmakers: gameBooks.split(',').filter(Boolean) }, controller.signal)
      .then((answer) => {
        setHistory(Array.isArray(answer) ? answer : []);
        setError('');
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        setError(e instanceof Error && e.message ? e.message : DEFAULT_ERROR);
      });
    return () => controller.abort();
  }, [sport, eventId, gameBooks, signedIn]);

  const books = useMemo(() => (history ?? []).map((b) => ({ key: historyBookKey(b), title: b.title ?? historyBookKey(b) })).filter((b) => b.key), [history]);
  const marketSeries = useMemo(() => lineSeries(history ?? [], market, book), [history, market, book]);
  // One side at a time keeps each book's line readable (the other side mirrors it).
  const sides = useMemo(() => [...new Set(marketSeries.map((s) => s.outcome))], [marketSeries]);
  const shownSide = sides.includes(side) ? side : (sides[0] ?? '');
  const series = marketSeries.filter((s) => s.outcome === shownSide);

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
                {MARKET_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Book
          <select value={book} onChange={(e) => setBook(e.target.value)} aria-label="Book">
            <option value="all">All books</option>
            {books.map((b) => (
              <option key={b.key} value={b.key}>
                {b.title}
              </option>
            ))}
          </select>
        </label>
        {sides.length > 1 && (
          <label>
            Side
            <select value={shownSide} onChange={(e) => setSide(e.target.value)}>
              {sides.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {error && (
        <p className="form-error small" role="alert">
          {error}
        </p>
      )}
      {!error && history === null && <div className="spinner" role="status" aria-label="Loading line history" />}
      {!error && history !== null && series.length === 0 && <p className="muted small">{NO_HISTORY}</p>}
      {series.length > 0 && (
        <>
          <SeriesChart title="Price" series={series} value={(p) => p.price} format={formatAmerican} />
          {market !== 'h2h' && series.some((s) => s.points.some((p) => p.point !== null)) && (
            <SeriesChart title={market === 'totals' ? 'Total' : 'Spread'} series={series} value={(p) => p.point} format={(v) => String(v)} />
          )}
          <ul className="line-legend small">
            {series.map((s, i) => (
              <li key={`${s.book}-${s.outcome}`}>
                <span className="legend-swatch" style={{ background: COLOURS[i % COLOURS.length] }} />
                {s.bookTitle} ({formatAmerican(s.points[s.points.length - 1].price)}
                {s.points[s.points.length - 1].point !== null ? ` @ ${s.points[s.points.length - 1].point}` : ''})
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

const W = 560;
const H = 160;
const PAD = { left: 48, right: 10, top: 10, bottom: 22 };

function SeriesChart({
  title,
  series,
  value,
  format,
}: {
  title: string;
  series: LineSeries[];
  value: (p: LineSeries['points'][number]) => number | null;
  format: (v: number) => string;
}) {
  const all = series.flatMap((s) =>
    s.points.flatMap((p) => {
      const v = value(p);
      return v === null ? [] : [{ at: p.at, v }];
    }),
  );
  if (all.length === 0) return null;
  const t0 = Math.min(...all.map((p) => p.at));
  const t1 = Math.max(...all.map((p) => p.at));
  const v0 = Math.min(...all.map((p) => p.v));
  const v1 = Math.max(...all.map((p) => p.v));
  const x = (t: number) => PAD.left + (t1 === t0 ? (W - PAD.left - PAD.right) / 2 : ((t - t0) / (t1 - t0)) * (W - PAD.left - PAD.right));
  const y = (v: number) => PAD.top + (v1 === v0 ? (H - PAD.top - PAD.bottom) / 2 : ((v1 - v) / (v1 - v0)) * (H - PAD.top - PAD.bottom));
  const time = (t: number) => new Date(t).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  return (
    <figure className="line-chart">
      <figcaption className="small muted">{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${title} over time`}>
        <text x={PAD.left - 6} y={y(v1) + 4} textAnchor="end" className="axis-label">
          {format(v1)}
        </text>
        {v1 !== v0 && (
          <text x={PAD.left - 6} y={y(v0) + 4} textAnchor="end" className="axis-label">
            {format(v0)}
          </text>
        )}
        <text x={PAD.left} y={H - 6} className="axis-label">
          {time(t0)}
        </text>
        <text x={W - PAD.right} y={H - 6} textAnchor="end" className="axis-label">
          {time(t1)}
        </text>
        {series.map((s, i) => {
          // A step line: a price holds until the next change.
          const pts: string[] = [];
          let prev: number | null = null;
          for (const p of s.points) {
            const v = value(p);
            if (v === null) continue;
            if (prev !== null) pts.push(`${x(p.at)},${y(prev)}`);
            pts.push(`${x(p.at)},${y(v)}`);
            prev = v;
          }
          if (prev !== null) pts.push(`${x(t1)},${y(prev)}`);
          return <polyline key={`${s.book}-${s.outcome}`} points={pts.join(' ')} fill="none" stroke={COLOURS[i % COLOURS.length]} strokeWidth={2} />;
        })}
      </svg>
    </figure>
  );
}
