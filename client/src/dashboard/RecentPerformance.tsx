import { DEFAULT_PICK_PERIOD, headlineStats, type PickStats } from '@oddspulse/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchPickStats } from '../picks/picks-api';

/**
 * The dashboard's "Recent Performance": the user's statistics for My Picks' default period, the same
 * figures /picks shows, "—" where there is nothing to measure yet.
 */
export function RecentPerformance() {
  const [stats, setStats] = useState<PickStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchPickStats(DEFAULT_PICK_PERIOD)
      .then((next) => live && setStats(next))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, []);
  const headline = stats ? headlineStats(stats) : null;
  const figures: Array<[string, string]> = [
    ['Win Rate', headline?.winRate ?? '—'],
    ['Average Edge', headline?.avgEdge ?? '—'],
    ['ROI', headline?.roi ?? '—'],
    ['Total Bets', headline?.totalBets ?? '—'],
  ];
  return (
    <>
      <div className="stats" data-testid="recent-performance" aria-busy={stats === null && error === null}>
        {figures.map(([label, value]) => (
          <div key={label} className="stat">
            <strong>{value}</strong>
            <span>{label}</span>
          </div>
        ))}
      </div>
      {error && (
        <p className="field-error small" role="alert">
          Your statistics could not be loaded: {error}
        </p>
      )}
      <p className="muted">
        {stats && stats.totalBets > 0
          ? `Your picks of the last ${DEFAULT_PICK_PERIOD.replace('d', ' days')}. `
          : 'Your results appear here once you track picks. '}
        <Link to="/picks">Open My Picks</Link>
      </p>
    </>
  );
}
