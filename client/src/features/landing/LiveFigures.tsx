import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { type LandingStats, wholeNumber } from '@oddspulse/shared';
import { useHydrated } from '../../ui/hooks/useHydrated';
import { healthAtom } from '../health';
import { landingStatsQuery } from './landing-api';

/** How often the figures are read again while the page is open (the server caches them for 30 s). */
const FIGURES_REFRESH_MS = 60_000;

type FiguresState = { status: 'loading' } | { status: 'ready'; stats: LandingStats } | { status: 'unavailable' };

function useLandingStats(): FiguresState {
  const figures = useQuery({ ...landingStatsQuery(), refetchInterval: FIGURES_REFRESH_MS });
  // A failed read shows "unavailable", not the figures of the read before: old figures are not passed off as live.
  // The API client has already retried and said so.
  if (figures.isError) return { status: 'unavailable' };
  return figures.data ? { status: 'ready', stats: figures.data } : { status: 'loading' };
}

const count = wholeNumber;
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

function Figure({ id, value, label, detail }: { id: string; value: string; label: string; detail?: string }) {
  return (
    <div className="stat" data-testid={id}>
      <strong>{value}</strong>
      <span>{label}</span>
      {detail && <small className="muted">{detail}</small>}
    </div>
  );
}

/** DECISIONS 17: live figures only, read from the server; nothing invented while loading or when unavailable. */
export function LiveFigures() {
  const figures = useLandingStats();
  if (figures.status === 'loading') {
    return (
      <p className="status" role="status" aria-busy="true" data-testid="figures-loading">
        Loading live figures…
      </p>
    );
  }
  if (figures.status === 'unavailable') {
    return (
      <p className="status" role="status" data-testid="figures-unavailable">
        Live figures are unavailable right now. We will try again in a minute.
      </p>
    );
  }
  const { stats } = figures;
  const found = stats.opportunities_today;
  return (
    <div className="stats">
      <Figure
        id="books-covered"
        value={count(stats.books_covered)}
        label="sportsbooks, DFS apps and exchanges quoting now"
      />
      <Figure id="markets-tracked" value={count(stats.markets_tracked)} label="markets tracked live" />
      <Figure
        id="opportunities-today"
        value={count(found.total)}
        label="opportunities found today"
        detail={`${plural(found.ev, '+EV bet', '+EV bets')}, ${plural(found.arbitrage, 'arbitrage', 'arbitrages')}, ${plural(found.middles, 'middle', 'middles')}`}
      />
      <Figure
        id="average-edge-today"
        value={stats.average_edge_pct_today === null ? '—' : `${stats.average_edge_pct_today.toFixed(2)}%`}
        label="average edge today"
        detail={
          stats.average_edge_pct_today === null
            ? 'No +EV bet or arbitrage found yet today.'
            : "Edge: a +EV bet's expected value, or an arbitrage's locked-in profit, as a share of the stake."
        }
      />
    </div>
  );
}

/**
 * Whether the live feeds are running, from the health check, which only the browser reads: a prerendered page says it
 * is checking, and so does the browser until the check answers.
 */
export function SystemStatus() {
  const hydrated = useHydrated();
  const checking = (
    <strong className="down" data-testid="system-status">
      Checking the live feeds…
    </strong>
  );
  if (!hydrated) return checking;
  return (
    <Suspense fallback={checking}>
      <FeedHealth />
    </Suspense>
  );
}

function FeedHealth() {
  const health = useAtomValue(healthAtom);
  return (
    <strong className={health?.status === 'ok' ? 'up' : 'down'} data-testid="system-status">
      {health
        ? health.status === 'ok'
          ? 'Live feeds running'
          : 'Some live services are degraded'
        : 'Live data is unavailable right now. Retrying shortly.'}
    </strong>
  );
}
