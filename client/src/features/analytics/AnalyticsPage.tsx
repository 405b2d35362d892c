import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo } from 'react';
import { chartMinute } from '../../ui/charts/chart-time';
import { LazyTimeChart } from '../../ui/charts/LazyTimeChart';
import { FormError } from '../../ui/FormError';
import { allPicksQuery, type PickListQuery, cumulativeProfitSeries, ProfitChart } from '../picks';
import { authAtom } from '../../state/auth';
import {
  clvChartData,
  clvSummary,
  performanceBy,
  roiChartData,
  roiSeries,
  type ClvPoint,
  type Dimension,
  type GroupPerformance,
  type RoiPoint,
} from './analytics';
import { TableHead } from '../../ui/TableHead';

/** The picks the page reads: the last 90 days, the tracker's own cached list (an import or a settlement refreshes it). */
const ANALYTICS_PICKS: PickListQuery = { period: '90d', status: 'all', sort: 'date' };

const DIMENSIONS: ReadonlyArray<{ dimension: Dimension; title: string }> = [
  { dimension: 'sport', title: 'By sport' },
  { dimension: 'book', title: 'By book' },
  { dimension: 'market', title: 'By market' },
  { dimension: 'oddsBand', title: 'By odds band' },
  { dimension: 'edgeRange', title: 'Edge at placement against results' },
];

const pct = (value: number | null, signed = false) =>
  value === null ? '—' : `${signed && value > 0 ? '+' : ''}${value.toFixed(1)}%`;

/** ROI per group as horizontal bars either side of zero, with the figures beside them. */
function RoiBars({ title, groups }: { title: string; groups: GroupPerformance[] }) {
  const widest = Math.max(1, ...groups.map((g) => Math.abs(g.roiPct ?? 0)));
  return (
    <section className="card analytics-section" data-testid="analytics-group">
      <h2>{title}</h2>
      {groups.length === 0 ? (
        <p className="muted">No settled picks with a stake yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="analytics-table">
            <TableHead columns={['Group', 'Bets', 'Staked', 'Profit', 'Win rate', 'ROI']} />
            <tbody>
              {groups.map((g) => (
                <tr key={g.key}>
                  <td>{g.key}</td>
                  <td>{g.bets}</td>
                  <td>{formatMoney(g.stakedCents)}</td>
                  <td className={g.profitCents > 0 ? 'up' : g.profitCents < 0 ? 'down' : ''}>
                    {formatMoney(g.profitCents, { signed: true })}
                  </td>
                  <td>{pct(g.winRatePct)}</td>
                  <td>
                    <svg
                      className="roi-bar"
                      width="120"
                      height="12"
                      role="img"
                      aria-label={`ROI ${pct(g.roiPct, true)}`}
                      data-testid="roi-bar"
                    >
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
        </div>
      )}
    </section>
  );
}

const clvAxis = (value: number) => `${value.toFixed(1)}%`;
const utcDay = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Mean CLV per day over time (uPlot, a time axis) around the zero line; under the crosshair the day's picks. */
function ClvChart({ series }: { series: ClvPoint[] }) {
  const { times, means } = useMemo(() => clvChartData(series), [series]);
  const lines = useMemo(() => [{ label: 'Mean CLV', colour: 'var(--purple-300)', values: means }], [means]);
  const describe = useCallback(
    (i: number) =>
      series[i]
        ? `${series[i].day}: ${pct(series[i].meanClvPct, true)} over ${series[i].picks} pick${series[i].picks === 1 ? '' : 's'}`
        : '',
    [series],
  );
  return (
    <LazyTimeChart
      loading={false}
      empty="No pick has a recorded closing line yet."
      testId="clv-chart"
      summary="Mean closing-line value per day"
      times={times}
      series={lines}
      formatValue={clvAxis}
      formatTime={utcDay}
      describe={describe}
    />
  );
}

/** ROI over time (uPlot, a time axis) around the zero line; under the crosshair the profit and stake so far. */
function RoiChart({ series }: { series: RoiPoint[] }) {
  const { times, rois, points } = useMemo(() => roiChartData(series), [series]);
  const last = series.at(-1);
  const lines = useMemo(
    () => [{ label: 'ROI', colour: (last?.roiPct ?? 0) >= 0 ? 'var(--up)' : 'var(--down)', values: rois }],
    [rois, last],
  );
  const describe = useCallback(
    (i: number) =>
      points[i]
        ? `After ${points[i].bets} settled pick${points[i].bets === 1 ? '' : 's'}: ${pct(points[i].roiPct, true)} ROI, ${formatMoney(points[i].profitCents, { signed: true })} on ${formatMoney(points[i].stakedCents)} staked`
        : '',
    [points],
  );
  return (
    <LazyTimeChart
      loading={false}
      empty="No settled picks with a stake yet."
      testId="roi-chart"
      summary={last ? `ROI ${pct(last.roiPct, true)} over ${last.bets} settled pick(s)` : ''}
      times={times}
      series={lines}
      formatValue={clvAxis}
      formatTime={chartMinute}
      describe={describe}
    />
  );
}

/** /analytics: Platinum's advanced analytics over the last 90 days of the user's picks. */
export function AnalyticsPage() {
  const auth = useAtomValue(authAtom);
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const query = useQuery({ ...allPicksQuery(userId ?? '', ANALYTICS_PICKS), enabled: userId !== null });
  const picks = query.data ?? null;
  const error = query.error ? query.error.message : '';
  const clv = useMemo(() => clvSummary(picks ?? []), [picks]);
  const profit = useMemo(() => cumulativeProfitSeries(picks ?? []), [picks]);
  const roi = useMemo(() => roiSeries(picks ?? []), [picks]);
  const groups = useMemo(
    () => DIMENSIONS.map(({ dimension, title }) => ({ title, groups: performanceBy(picks ?? [], dimension) })),
    [picks],
  );

  return (
    <article className="page analytics">
      <h1>Advanced analytics</h1>
      <p className="muted">
        Your picks of the last 90 days: how your prices compare with the closing line, and where you win or lose.
      </p>
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
          <section className="card analytics-section">
            <h2>Profit over time</h2>
            <ProfitChart series={profit} loading={false} />
          </section>
          <section className="card analytics-section">
            <h2>ROI over time</h2>
            <RoiChart series={roi} />
          </section>
          {groups.map(({ title, groups: rows }) => (
            <RoiBars key={title} title={title} groups={rows} />
          ))}
        </>
      )}
    </article>
  );
}
