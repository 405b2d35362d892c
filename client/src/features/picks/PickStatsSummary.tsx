import { headlineStats, winRateText, type PickStats } from '@oddspulse/shared';
import { formatMoney } from '@oddspulse/shared';
import { TableHead } from '../../ui/TableHead';

/** The statistics of spec 002 §3 for the chosen period (DECISIONS 20, 21), and the same by sport. */
export function PickStatsSummary({ stats }: { stats: PickStats }) {
  const streak = stats.streakType ? `${stats.currentStreak} ${stats.streakType === 'win' ? 'W' : 'L'}` : '—';
  const sports = Object.entries(stats.sportStats);
  const headline = headlineStats(stats);
  return (
    <div className="card picks-stats" data-testid="pick-stats">
      <dl className="stat-grid">
        <Stat label="Total Bets" value={headline.totalBets} />
        <Stat label="Won" value={String(stats.wonBets)} />
        <Stat label="Lost" value={String(stats.lostBets)} />
        <Stat label="Push" value={String(stats.pushBets)} />
        <Stat label="Pending" value={String(stats.pendingBets)} />
        <Stat label="Win Rate" value={headline.winRate} />
        <Stat label="ROI" value={headline.roi} />
        <Stat
          label="Net Profit"
          value={formatMoney(stats.netProfitCents, { signed: true })}
          tone={stats.netProfitCents}
        />
        <Stat label="Staked (settled)" value={formatMoney(stats.totalStakedCents)} />
        <Stat label="Pending stake" value={formatMoney(stats.pendingStakedCents)} />
        <Stat label="Returns" value={formatMoney(stats.totalReturnsCents)} />
        <Stat label="Avg Edge" value={headline.avgEdge} />
        <Stat label="Avg CLV" value={headline.avgClv} />
        <Stat label="Best Streak" value={`${stats.bestStreak} W`} />
        <Stat label="Current Streak" value={streak} />
      </dl>
      {sports.length > 0 && (
        <table className="sport-stats">
          <caption className="muted small">By sport</caption>
          <TableHead columns={['League', 'Bets', 'W-L-P', 'Win Rate', 'Profit']} />
          <tbody>
            {sports.map(([league, s]) => (
              <tr key={league}>
                <td>{league}</td>
                <td>{s.bets}</td>
                <td>{`${s.won}-${s.lost}-${s.push}`}</td>
                <td>{winRateText(s)}</td>
                <td>{formatMoney(s.profitCents, { signed: true })}</td>
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
