import { DEFAULT_PICK_PERIOD, type UserPick } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useOnline } from '../../ui/hooks/useOnline';
import { connectionStateAtom } from '../../realtime/connection-state';
import { PickCard } from './PickCard';
import { PicksCsvExport } from './PicksCsvExport';
import { PicksCsvImport } from './PicksCsvImport';
import { cumulativeProfitSeries } from './picks-logic';
import { PicksFilters, type PickFilters } from './PicksFilters';
import { PickStatsSummary } from './PickStatsSummary';
import { ProfitChart } from './ProfitChart';
import { usePickTracker } from './usePickTracker';
import { STATS_AFTER_VALIDATION_MS } from './useSettlementPushes';
import { useValidateNow, ValidationMessage } from './ValidateNow';
import './picks.css';

/** My Picks (spec 002 §2, DECISIONS 18–21): the user's picks from the server, settled live over the socket. */
export function PicksPage() {
  const connection = useAtomValue(connectionStateAtom);
  const [filters, setFilters] = useState<PickFilters>({ period: DEFAULT_PICK_PERIOD, status: 'all', sort: 'date' });
  const online = useOnline();
  const {
    picks,
    more,
    loadingMore,
    loadMore,
    periodPicks,
    periodLoading,
    periodLoaded,
    stats,
    error,
    banner,
    load,
    loadStats,
    onSettled,
    onRemoved,
  } = usePickTracker(filters);
  const { validation, validateNow, dismiss } = useValidateNow(async (updated) => {
    await load();
    if (updated > 0) window.setTimeout(() => void loadStats(), STATS_AFTER_VALIDATION_MS);
  });

  return (
    <section className="page picks-page" data-live={connection === 'connected'}>
      <div className="picks-head">
        <h1>My Picks</h1>
        <div className="picks-actions">
          <PicksCsvExport filters={filters} />
          <PicksCsvImport />
          <button type="button" className="button" onClick={() => void validateNow()} disabled={validation.busy}>
            {validation.busy ? 'Validating...' : 'Validate now'}
          </button>
        </div>
      </div>
      {banner && (
        <div className="banner banner-success" role="status" data-testid="validation-banner">
          {banner}
        </div>
      )}
      <ValidationMessage validation={validation} onDismiss={dismiss} />

      <PicksFilters filters={filters} onChange={setFilters} />

      {stats && <PickStatsSummary stats={stats} />}
      <ProfitOverTime periodPicks={periodPicks} loaded={periodLoaded} loading={periodLoading} />

      {/* offline, what is not here yet says so, and loads when the connection returns (the queries read again) */}
      {!online && picks === null && (
        <p className="card muted" role="status" data-testid="offline-not-loaded">
          Offline: your picks are not loaded yet. They load when the connection returns.
        </p>
      )}
      {error && online && (
        <div className="banner banner-error" role="alert">
          {error}
        </div>
      )}
      {picks === null && !error && online && <div className="spinner" role="status" aria-label="Loading picks" />}
      {picks !== null && picks.length === 0 && (
        <p className="muted card">No picks in this period. Add picks from the odds screens or the bet slip.</p>
      )}
      <ul className="pick-list" aria-label="Picks">
        {picks?.map((pick) => (
          <PickCard key={pick.id} pick={pick} onUpdated={onSettled} onRemoved={onRemoved} />
        ))}
      </ul>
      {more && (
        <button type="button" className="button picks-more" onClick={loadMore} disabled={loadingMore}>
          {loadingMore ? 'Loading more picks...' : 'Show more picks'}
        </button>
      )}
    </section>
  );
}

/** The period's cumulative profit, charted from all its picks once they are read (or while they are). */
function ProfitOverTime({
  periodPicks,
  loaded,
  loading,
}: {
  periodPicks: UserPick[];
  loaded: boolean;
  loading: boolean;
}) {
  const series = useMemo(() => cumulativeProfitSeries(periodPicks), [periodPicks]);
  return (
    <div className="card">
      <h2 className="small muted">Cumulative profit over time</h2>
      {loaded || loading ? (
        <ProfitChart series={series} loading={loading} />
      ) : (
        <p className="muted small">Not loaded yet.</p>
      )}
    </div>
  );
}
