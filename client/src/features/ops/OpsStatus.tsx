import type { OpsOverview } from '@oddspulse/shared';
import type { ReactNode } from 'react';
import { alarms, formatAge, healthTone, runOutDay, schedulerNow, type UpdateState } from './ops-view';

interface Props {
  overview: OpsOverview;
  receivedAt: number | null;
  updates: UpdateState;
  error: string | null;
  now: number;
}

/** The top of the page: whether updates are live, what needs someone (red), and the figures at a glance. */
export function OpsStatus({ overview, receivedAt, updates, error, now }: Props) {
  const problems = alarms(overview, now);
  const age = receivedAt === null ? null : formatAge((now - receivedAt) / 1000);
  return (
    <>
      <p className={`ops-updates ops-${updates}`} data-testid="ops-updates" role="status">
        {updates === 'live'
          ? `Live · updated ${age} ago`
          : `Live updates paused · reading every 10 s · showing the overview of ${age} ago${error ? ` (last read failed: ${error})` : ''}`}
      </p>
      {problems.length > 0 ? (
        <div className="banner banner-error ops-alarms" role="alert" data-testid="ops-alarms">
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="banner banner-success" data-testid="ops-all-well">
          Every feed is fresh, the scheduler is running and no job failed in the last hour.
        </p>
      )}
      {overview.problems.length > 0 && (
        <ul className="ops-problems muted small" data-testid="ops-problems">
          {overview.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <OpsFigures overview={overview} now={now} />
    </>
  );
}

function OpsFigures({ overview, now }: { overview: OpsOverview; now: number }) {
  const scheduler = schedulerNow(overview, now);
  const lastTick = overview.scheduler?.last_tick_at;
  const credits = overview.credits;
  const failed = overview.queues?.reduce((sum, q) => sum + q.failed_last_hour, 0);
  const today = overview.opportunities_today;
  return (
    <div className="stats ops-figures">
      <Figure label="Scheduler" tone={scheduler ? healthTone(scheduler) : null} testId="ops-scheduler">
        {scheduler ?? 'unknown'}
        {lastTick && (
          <span className="muted small">last tick {formatAge((now - Date.parse(lastTick)) / 1000)} ago</span>
        )}
      </Figure>
      <Figure label="Workers" tone={overview.worker_problems?.length ? 'bad' : null}>
        {overview.workers ?? 'unknown'}
      </Figure>
      <Figure label="The Odds API credits" tone={credits?.low_priority_paused ? 'warn' : null}>
        {!credits ? (
          <span className="small">not in use (simulated feeds)</span>
        ) : (
          <>
            {credits.remaining ?? 'not reported yet'}
            <span className="muted small">
              {credits.burn_per_hour === null
                ? 'burn rate: not enough readings yet'
                : `${credits.burn_per_hour} per hour`}
              {credits.runs_out_at && ` · runs out ${runOutDay(credits.runs_out_at)}`}
              {credits.low_priority_paused &&
                ` · below the reserve of ${credits.reserve}: live and starting games only, besides the priority sports`}
            </span>
            {credits.held.length > 0 && (
              <span className="muted small" data-testid="ops-credits-held">
                held: {credits.held.map((h) => `${h.sport} ${h.class.replace('_', ' ')} (${h.events})`).join(', ')}
              </span>
            )}
          </>
        )}
      </Figure>
      <Figure label="Live sockets" tone={null}>
        {overview.sockets ? overview.sockets.connections : 'unknown'}
        {overview.sockets && (
          <span className="muted small">
            {overview.sockets.deliveries_per_second} deliveries/s · {overview.sockets.processes} server process
            {overview.sockets.processes === 1 ? '' : 'es'}
          </span>
        )}
      </Figure>
      <Figure label="Failed jobs, last hour" tone={failed ? 'bad' : null}>
        {failed ?? 'unknown'}
      </Figure>
      <Figure label="Opportunities found today" tone={null}>
        {today ? today.total : 'unknown'}
        {today && (
          <span className="muted small">
            {today.ev} +EV · {today.arbitrage} arbitrage · {today.middles} middles
          </span>
        )}
      </Figure>
    </div>
  );
}

function Figure({
  label,
  tone,
  testId,
  children,
}: {
  label: string;
  tone: 'bad' | 'warn' | 'good' | null;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={`stat ops-figure${tone ? ` ops-${tone}` : ''}`} data-testid={testId}>
      <span className="muted small">{label}</span>
      <strong>{children}</strong>
    </div>
  );
}
