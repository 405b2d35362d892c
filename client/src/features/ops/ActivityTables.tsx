import type { OpsOverview } from '@oddspulse/shared';
import { formatDuration, relativeTime } from './ops-view';
import { OpsTableSection } from './OpsTableSection';

/** The sockets per realtime room, and the last settlement runs. */
export function ActivityTables({ overview, now }: { overview: OpsOverview; now: number }) {
  return (
    <div className="ops-columns">
      <OpsTableSection
        id="ops-rooms"
        title="Live sockets per room"
        items={overview.sockets?.rooms ?? null}
        unreadable="The sockets could not be read (see above)."
        empty="No socket is listening to any room."
        columns={['Room', 'Sockets']}
        scroll
        row={({ room, sockets }) => (
          <tr key={room}>
            <td>{room}</td>
            <td>{sockets}</td>
          </tr>
        )}
      />
      <OpsTableSection
        id="ops-settlement"
        title="Settlement runs"
        items={overview.settlement_runs}
        unreadable="The settlement runs could not be read (see above)."
        empty="No settlement has run yet."
        columns={['When', 'Run', 'Checked', 'Settled', 'Took', 'Error']}
        scroll
        row={(run) => (
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
        )}
      />
    </div>
  );
}
