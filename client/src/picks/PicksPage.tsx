import type { PickStats, SettledStatus, UserPick } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api/api-client';
import { connectionStateAtom, liveSocketAtom } from '../realtime/socket';
import { authAtom } from '../state/auth';
import { fetchPicks, fetchPickStats, removePick, settlePick, validatePicks } from './picks-api';
import {
  applySettledPicks,
  autoValidatedMessage,
  cumulativeProfitSeries,
  DEFAULT_PERIOD,
  formatMoney,
  PICK_PERIODS,
  PICK_SORTS,
  PICKS_CHANGED_EVENT,
  pickProfitCents,
  STATUS_FILTERS,
  statusLabel,
  VALIDATION_BANNER_MS,
  type PickPeriod,
  type PickSort,
  type StatusFilter,
} from './picks-logic';
import { ProfitChart } from './ProfitChart';
import './picks.css';

/** Spec 002 §4, §9: statistics refresh every 5 minutes, and 1 second after a validation. */
const STATS_REFRESH_MS = 300_000;
const STATS_AFTER_VALIDATION_MS = 1000;
const VALIDATION_FAILED = '❌ Validation failed - please try again';

/** My Picks (spec 002 §2, DECISIONS 18–21): the user's picks from the server, settled live over the socket. */
export function PicksPage() {
  const auth = useAtomValue(authAtom);
  const socket = useAtomValue(liveSocketAtom);
  const connection = useAtomValue(connectionStateAtom);
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const [period, setPeriod] = useState<PickPeriod>(DEFAULT_PERIOD);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<PickSort>('date');
  const [picks, setPicks] = useState<UserPick[] | null>(null);
  const [periodPicks, setPeriodPicks] = useState<UserPick[]>([]);
  const [stats, setStats] = useState<PickStats | null>(null);
  const [error, setError] = useState('');
  const [banner, setBanner] = useState('');
  const [validation, setValidation] = useState<{ busy: boolean; message: string; errors?: string[] }>({ busy: false, message: '' });
  const filters = useRef({ period, status, sort });
  filters.current = { period, status, sort };

  const loadStats = useCallback(async () => {
    const { period: p } = filters.current;
    try {
      const [next, all] = await Promise.all([fetchPickStats(p), fetchPicks({ period: p, status: 'all', sort: 'date' })]);
      if (filters.current.period !== p) return;
      setStats(next);
      setPeriodPicks(all);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, []);

  const load = useCallback(async () => {
    const query = { ...filters.current };
    try {
      const list = await fetchPicks(query);
      const now = filters.current;
      if (now.period !== query.period || now.status !== query.status || now.sort !== query.sort) return;
      setPicks(list);
      setError('');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load, period, status, sort]);

  useEffect(() => {
    void loadStats();
    const timer = window.setInterval(() => void loadStats(), STATS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [loadStats, period]);

  useEffect(() => {
    const reload = () => {
      void load();
      void loadStats();
    };
    window.addEventListener(PICKS_CHANGED_EVENT, reload);
    return () => window.removeEventListener(PICKS_CHANGED_EVENT, reload);
  }, [load, loadStats]);

  // The banner of spec 002 §2 stays 5 seconds.
  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => setBanner(''), VALIDATION_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  // Settlement pushes on the user's own channel (DECISIONS 19): the list updates in place, stats a second later.
  useEffect(() => {
    if (!userId) return;
    let statsTimer: number | undefined;
    const unsubscribe = socket.subscribe({ channel: 'user' }, (envelope) => {
      if (envelope.type === 'picks.settled') {
        const data = envelope.data as { count: number; picks: UserPick[] };
        setPicks((list) => (list ? applySettledPicks(list, data.picks, filters.current.status) : list));
        if (data.count > 0) setBanner(autoValidatedMessage(data.count));
      } else if (envelope.type === 'snapshot') {
        // A gap too old to replay: the server's state is the truth.
        void load();
      } else {
        return;
      }
      window.clearTimeout(statsTimer);
      statsTimer = window.setTimeout(() => void loadStats(), STATS_AFTER_VALIDATION_MS);
    });
    return () => {
      window.clearTimeout(statsTimer);
      unsubscribe();
    };
  }, [socket, userId, load, loadStats]);

  const validateNow = async () => {
    setValidation({ busy: true, message: '' });
    try {
      const result = await validatePicks();
      // Spec 002 §8: a league that could not be checked is listed, and the others are still settled.
      setValidation({ busy: false, message: result.message, errors: result.errors });
      if (result.updated > 0) {
        await load();
        window.setTimeout(() => void loadStats(), STATS_AFTER_VALIDATION_MS);
      }
    } catch (e) {
      console.warn('Validate now failed', e);
      setValidation({ busy: false, message: VALIDATION_FAILED });
    }
  };

  const onSettled = (updated: UserPick) => {
    setPicks((list) => (list ? applySettledPicks(list, [updated], filters.current.status) : list));
    void loadStats();
  };
  const onRemoved = (id: string) => {
    setPicks((list) => list?.filter((p) => p.id !== id) ?? list);
    void loadStats();
  };

  const series = useMemo(() => cumulativeProfitSeries(periodPicks), [periodPicks]);

  return (
    <section className="page picks-page" data-live={connection === 'connected'}>
      <div className="picks-head">
        <h1>My Picks</h1>
        <button type="button" className="button" onClick={() => void validateNow()} disabled={validation.busy}>
          {validation.busy ? 'Validating...' : 'Validate now'}
        </button>
      </div>
      {banner && (
        <div className="banner banner-success" role="status" data-testid="validation-banner">
          {banner}
        </div>
      )}
      {validation.message && (
        <div className={`banner ${validation.message === VALIDATION_FAILED ? 'banner-error' : 'banner-info'}`} role="status" data-testid="validation-message">
          <span>{validation.message}</span>
          <button type="button" className="link-button" aria-label="Dismiss" onClick={() => setValidation({ busy: false, message: '' })}>
            ×
          </button>
          {validation.errors && validation.errors.length > 0 && (
            <ul className="validation-errors small" data-testid="validation-errors">
              {validation.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          )}
        </div>
      )}

      <div className="picks-filters card" role="group" aria-label="Filters">
        <label>
          Period
          <select value={period} onChange={(e) => setPeriod(e.target.value as PickPeriod)}>
            {PICK_PERIODS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
            {STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Sort by
          <select value={sort} onChange={(e) => setSort(e.target.value as PickSort)}>
            {PICK_SORTS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>

      {stats && <StatsSummary stats={stats} />}
      <div className="card">
        <ProfitChart series={series} />
      </div>

      {error && (
        <div className="banner banner-error" role="alert">
          {error}
        </div>
      )}
      {picks === null && !error && <div className="spinner" role="status" aria-label="Loading picks" />}
      {picks !== null && picks.length === 0 && <p className="muted card">No picks in this period. Add picks from the odds screens or the bet slip.</p>}
      <ul className="pick-list" aria-label="Picks">
        {picks?.map((pick) => <PickCard key={pick.id} pick={pick} onSettled={onSettled} onRemoved={onRemoved} />)}
      </ul>
    </section>
  );
}

function StatsSummary({ stats }: { stats: PickStats }) {
  const streak = stats.streakType ? `${stats.currentStreak} ${stats.streakType === 'win' ? 'W' : 'L'}` : '—';
  const sports = Object.entries(stats.sportStats);
  return (
    <div className="card picks-stats" data-testid="pick-stats">
      <dl className="stat-grid">
        <Stat label="Total Bets" value={String(stats.totalBets)} />
        <Stat label="Won" value={String(stats.wonBets)} />
        <Stat label="Lost" value={String(stats.lostBets)} />
        <Stat label="Push" value={String(stats.pushBets)} />
        <Stat label="Pending" value={String(stats.pendingBets)} />
        <Stat label="Win Rate" value={`${stats.winRate.toFixed(1)}%`} />
        <Stat label="ROI" value={`${stats.roi.toFixed(1)}%`} />
        <Stat label="Net Profit" value={formatMoney(stats.netProfitCents, true)} tone={stats.netProfitCents} />
        <Stat label="Staked" value={formatMoney(stats.totalStakedCents)} />
        <Stat label="Returns" value={formatMoney(stats.totalReturnsCents)} />
        <Stat label="Avg Edge" value={stats.avgEdge === null ? '—' : `${stats.avgEdge.toFixed(1)}%`} />
        <Stat label="Avg CLV" value={stats.avgClv === null ? '—' : `${stats.avgClv.toFixed(1)}%`} />
        <Stat label="Best Streak" value={`${stats.bestStreak} W`} />
        <Stat label="Current Streak" value={streak} />
      </dl>
      {sports.length > 0 && (
        <table className="sport-stats">
          <caption className="muted small">By sport</caption>
          <thead>
            <tr>
              <th>League</th>
              <th>Bets</th>
              <th>W-L-P</th>
              <th>Win Rate</th>
              <th>Profit</th>
            </tr>
          </thead>
          <tbody>
            {sports.map(([league, s]) => (
              <tr key={league}>
                <td>{league}</td>
                <td>{s.bets}</td>
                <td>{`${s.won}-${s.lost}-${s.push}`}</td>
                <td>{`${s.winRate.toFixed(1)}%`}</td>
                <td>{formatMoney(s.profitCents, true)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function Stat({ label, value, tone }: { label: string; value: string; tone?: number }) {
  const className = tone === undefined || tone === 0 ? '' : tone > 0 ? 'up' : 'down';
  return (
    <div className="stat-item">
      <dt>{label}</dt>
      <dd className={className}>{value}</dd>
    </div>
  );
}

function PickCard({ pick, onSettled, onRemoved }: { pick: UserPick; onSettled: (pick: UserPick) => void; onRemoved: (id: string) => void }) {
  const [payout, setPayout] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const profit = pickProfitCents(pick);

  const settle = async (status: SettledStatus) => {
    const amount = status === 'won' && payout.trim() !== '' ? Number(payout) : undefined;
    if (amount !== undefined && (!Number.isFinite(amount) || amount < 0)) {
      setError('Enter a payout of 0 or more');
      return;
    }
    setBusy(true);
    setError('');
    try {
      onSettled(await settlePick(pick.id, status, amount));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await removePick(pick.id);
      onRemoved(pick.id);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      setBusy(false);
    }
  };

  return (
    <li className={`card pick-card pick-${pick.status}`} data-testid="pick" data-pick-id={pick.id}>
      <div className="pick-top">
        <div>
          <strong className="pick-game">{pick.game}</strong>
          <span className="muted small">
            {' '}
            · {pick.league} · {new Date(pick.dateAdded).toLocaleString()}
          </span>
        </div>
        <span className={`status-badge status-${pick.status}`} data-testid="pick-status">
          {statusLabel(pick.status)}
        </span>
      </div>
      <div className="pick-line">
        <span>{pick.market}</span>
        <strong>{pick.selection}</strong>
        <span>{pick.odds}</span>
        {pick.bookmaker && <span className="muted">{pick.bookmaker}</span>}
      </div>
      <div className="pick-money small">
        <span>Stake {formatMoney(pick.stakeCents)}</span>
        {pick.potentialCents !== null && <span>To win {formatMoney(pick.potentialCents)}</span>}
        {pick.actualPayoutCents !== null && pick.status !== 'pending' && <span>Paid {formatMoney(pick.actualPayoutCents)}</span>}
        {profit !== null && <span className={profit > 0 ? 'up' : profit < 0 ? 'down' : ''}>Profit {formatMoney(profit, true)}</span>}
        {pick.edge !== null && <span>Edge {pick.edge.toFixed(1)}%</span>}
        {pick.clv !== null && (
          <span data-testid="pick-clv" className={pick.clv >= 0 ? 'up' : 'down'}>
            CLV {pick.clv > 0 ? '+' : ''}
            {pick.clv.toFixed(1)}%{pick.closingOdds !== null ? ` (close ${pick.closingOdds > 0 ? '+' : ''}${pick.closingOdds})` : ''}
          </span>
        )}
      </div>
      {pick.note && <p className="small muted">{pick.note}</p>}
      {pick.status !== 'pending' && (
        <p className="small muted">
          {pick.validatedBy ? `Settled automatically (${pick.validatedBy}, confidence ${pick.validationConfidence ?? '—'})` : 'Settled by hand'}
          {` on ${new Date(pick.settledDate ?? pick.validatedAt ?? pick.dateAdded).toLocaleString()}`}
        </p>
      )}
      <div className="pick-actions">
        {pick.status === 'pending' && (
          <>
            <label className="small">
              Actual payout ($)
              <input type="number" step="0.01" min="0" inputMode="decimal" value={payout} onChange={(e) => setPayout(e.target.value)} placeholder={pick.potentialCents !== null ? (pick.potentialCents / 100).toFixed(2) : ''} />
            </label>
            <button type="button" className="button small won" disabled={busy} onClick={() => void settle('won')}>
              Won
            </button>
            <button type="button" className="button small lost" disabled={busy} onClick={() => void settle('lost')}>
              Lost
            </button>
            <button type="button" className="button small" disabled={busy} onClick={() => void settle('push')}>
              Push
            </button>
          </>
        )}
        <button type="button" className="link-button small" disabled={busy} onClick={() => void remove()}>
          Remove
        </button>
      </div>
      {error && (
        <p className="form-error small" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
