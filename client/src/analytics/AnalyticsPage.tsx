import { useEffect, useMemo, useState } from 'react';
import type { UserPick } from '@oddspulse/shared';
import { fetchPicks } from '../picks/picks-api';
import { formatMoney } from '../picks/picks-logic';
import { clvSummary, performanceBy, type Dimension, type GroupPerformance } from './analytics';
import { FormError } from '../components/FormError';

const DIMENSIONS: ReadonlyArray<{ dimension: Dimension; title: string }> = [
  { dimension: 'sport', title: 'By sport' },
  { dimension: 'book', title: 'By book' },
  { dimension: 'market', title: 'By market' },
  { dimension: 'oddsBand', title: 'By odds band' },
  { dimension: 'edgeBand', title: 'Edge at placement against results' },
];

const pct = (value: number | null, signed = false) => (value === null ? '—' : `${signed && value > 0 ? '+' : ''}${value.toFixed(1)}%`);

/** ROI per group as horizontal bars either side of zero, with the figures beside them. */
function RoiBars({ title, groups }: { title: string; groups: GroupPerformance[] }) {
  const widest = Math.max(1, ...groups.map((g) => Math.abs(g.roiPct ?? 0)));
  return (
    <section className="card analytics-section" data-testid="analytics-group">
      <h2>{title}</h2>
      {groups.length === 0 ? (
        <p className="muted">No settled picks with a stake yet.</p>
      ) : (
        <table className="analytics-table">
          <thead>
            <tr>
              <th>Group</th>
              <th>Bets</th>
              <th>Staked</th>
              <th>Profit</th>
              <th>Win rate</th>
              <th>ROI</th>
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.key}>
                <td>{g.key}</td>
                <td>{g.bets}</td>
                <td>{formatMoney(g.stakedCents)}</td>
                <td className={g.profitCents > 0 ? 'up' : g.profitCents < 0 ? 'down' : ''}>{formatMoney(g.profitCents, true)}</td>
                <td>{pct(g.winRatePct)}</td>
                <td>
                  <svg className="roi-bar" width="120" height="12" role="img" aria-label={`ROI ${pct(g.roiPct, true)}`} data-testid="roi-bar">
                    <line x1="60" x2="60" y1="0" y2="12" stroke="currentColor" strokeOpacity="0.4" />
                    <rect
                      x={(g.roiPct ?? 0) >= 0 ? 60 : 60 - (Math.abs(g.roiPct ?? 0) / widest) * 58}
                      y="2"
                      height="8"
                      width={(Math.abs(g.roiPct ?? 0) / widest) * 58}
                      fill={(g.roiPct ?? 0) >= 0 ? 'var(--up)' : 'var(--down)'}
                    />
                  </svg>{' '}
                  {pct(g.roiPct, true)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Mean CLV per day as a line around zero, with gridlines at zero and the extremes. */
function ClvChart({ series }: { series: ReturnType<typeof clvSummary>['series'] }) {
  if (series.length === 0) return <p className="muted">No pick has a recorded closing line yet.</p>;
  const width = 560;
  const height = 160;
  const top = Math.max(1, ...series.map((p) => p.meanClvPct));
  const bottom = Math.min(-1, ...series.map((p) => p.meanClvPct));
  const x = (i: number) => (series.length === 1 ? width / 2 : 30 + (i / (series.length - 1)) * (width - 40));
  const y = (v: number) => 10 + ((top - v) / (top - bottom)) * (height - 20);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="clv-chart" role="img" aria-label="Mean closing-line value per day" data-testid="clv-chart">
      {[top, 0, bottom].map((v) => (
        <g key={v}>
          <line x1="30" x2={width - 10} y1={y(v)} y2={y(v)} stroke="currentColor" strokeOpacity={v === 0 ? 0.6 : 0.2} />
          <text x="0" y={y(v) + 4} fontSize="10" fill="currentColor">
            {v.toFixed(1)}%
          </text>
        </g>
      ))}
      <polyline fill="none" stroke="var(--purple-300)" strokeWidth="2" points={series.map((p, i) => `${x(i)},${y(p.meanClvPct)}`).join(' ')} />
      {series.map((p, i) => (
        <circle key={p.day} cx={x(i)} cy={y(p.meanClvPct)} r="3" fill={p.meanClvPct >= 0 ? 'var(--up)' : 'var(--down)'}>
          <title>{`${p.day}: ${pct(p.meanClvPct, true)} over ${p.picks} pick${p.picks === 1 ? '' : 's'}`}</title>
        </circle>
      ))}
    </svg>
  );
}

/** /analytics: Platinum's advanced analytics over the last 90 days of the user's picks. */
export function AnalyticsPage() {
  const [picks, setPicks] = useState<UserPick[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    fetchPicks({ period: '90d', status: 'all', sort: 'date' })
      .then(setPicks)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  const clv = useMemo(() => clvSummary(picks ?? []), [picks]);
  const groups = useMemo(() => DIMENSIONS.map(({ dimension, title }) => ({ title, groups: performanceBy(picks ?? [], dimension) })), [picks]);

  return (
    <article className="page analytics">
      <h1>Advanced analytics</h1>
      <p className="muted">Your picks of the last 90 days: how your prices compare with the closing line, and where you win or lose.</p>
      <FormError message={error} />
      {!picks && !error && <p className="muted">Loading your picks...</p>}
      {picks && (
        <>
          <section className="card analytics-section">
            <h2>Closing-line value</h2>
            <dl className="analytics-figures" data-testid="clv-summary">
              <dt>Picks with a closing line</dt>
              <dd>{clv.picks}</dd>
              <dt>Mean CLV</dt>
              <dd>{pct(clv.meanClvPct, true)}</dd>
              <dt>Beat the close</dt>
              <dd data-testid="clv-beat-rate">{pct(clv.beatRatePct)}</dd>
            </dl>
            <ClvChart series={clv.series} />
          </section>
          {groups.map(({ title, groups: rows }) => (
            <RoiBars key={title} title={title} groups={rows} />
          ))}
        </>
      )}
    </article>
  );
}
