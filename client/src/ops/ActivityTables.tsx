import type { OpsOverview } from '@oddspulse/shared';
import { formatDuration, relativeTime } from './ops-view';

/** The sockets per realtime room, and the last settlement runs. */
export function ActivityTables({ overview, now }: { overview: OpsOverview; now: number }) {
  const rooms = overview.sockets?.rooms ?? null;
  const runs = overview.settlement_runs;
  return (
    <div className="ops-columns">
      <section className="card ops-section" aria-labelledby="ops-rooms">
        <h2 id="ops-rooms">Live sockets per room</h2>
        {!rooms ? (
          <p className="muted">The sockets could not be read (see above).</p>
        ) : rooms.length === 0 ? (
          <p className="muted">No socket is listening to any room.</p>
        ) : (
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">Room</th>
                <th scope="col">Sockets</th>
              </tr>
            </thead>
            <tbody>
              {rooms.map(({ room, sockets }) => (
                <tr key={room}>
                  <td>{room}</td>
                  <td>{sockets}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="card ops-section" aria-labelledby="ops-settlement">
        <h2 id="ops-settlement">Settlement runs</h2>
        {!runs ? (
          <p className="muted">The settlement runs could not be read (see above).</p>
        ) : runs.length === 0 ? (
          <p className="muted">No settlement has run yet.</p>
        ) : (
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Run</th>
                <th scope="col">Checked</th>
                <th scope="col">Settled</th>
                <th scope="col">Took</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr key={`${run.at}:${run.trigger}:${run.sport ?? ''}`} className={run.error ? 'ops-bad-text' : undefined}>
                  <td>{relativeTime(run.at, now)}</td>
                  <td>
                    {run.trigger}
                    {run.sport ? ` · ${run.sport}` : ''}
                  </td>
                  <td>{run.checked ?? '—'}</td>
                  <td>{run.settled}</td>
                  <td>{formatDuration(run.duration_ms)}</td>
                  <td className="ops-error">{run.error ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
