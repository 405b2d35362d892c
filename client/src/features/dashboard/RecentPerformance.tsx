import { useQuery } from '@tanstack/react-query';
import { DEFAULT_PICK_PERIOD, headlineStats } from '@oddspulse/shared';
import { Link } from 'react-router-dom';
import { pickStatsQuery } from '../picks';
import { useSignedInUserId } from '../../state/auth';

/**
 * The dashboard's "Recent Performance": the user's statistics for My Picks' default period, the same
 * figures /picks shows, "—" where there is nothing to measure yet.
 */
export function RecentPerformance() {
  const userId = useSignedInUserId();
  const query = useQuery({ ...pickStatsQuery(userId, DEFAULT_PICK_PERIOD), enabled: userId !== '' });
  const stats = query.data ?? null;
  const error = query.isError ? query.error.message : null;
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
          Your statistics could not be loaded: {error}{' '}
          <button type="button" className="button small" onClick={() => void query.refetch()}>
            Try again
          </button>
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
