import type { OpsQueue } from '@oddspulse/shared';
import { queueConsoleUrl } from './ops-api';

/** Each queue's depth and failures, with links into the console where the jobs, their data and errors are. */
export function QueuesTable({ queues }: { queues: OpsQueue[] | null }) {
  return (
    <section className="card ops-section" aria-labelledby="ops-queues">
      <h2 id="ops-queues">Queues</h2>
      {!queues ? (
        <p className="muted">The queues could not be read (see above).</p>
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">Queue</th>
                <th scope="col">Waiting</th>
                <th scope="col">Active</th>
                <th scope="col">Delayed</th>
                <th scope="col">Failed, last hour</th>
                <th scope="col">Failed, kept</th>
                <th scope="col">Completed, kept</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {queues.map((queue) => (
                <tr key={queue.name} data-testid="ops-queue" data-queue={queue.name}>
                  <td>
                    <a href={queueConsoleUrl(queue.name)}>{queue.name}</a>
                  </td>
                  <td>{queue.waiting}</td>
                  <td>{queue.active}</td>
                  <td>{queue.delayed}</td>
                  <td className={queue.failed_last_hour ? 'ops-bad-text' : undefined}>{queue.failed_last_hour}</td>
                  <td>{queue.failed ? <a href={queueConsoleUrl(queue.name, 'failed')}>{queue.failed}</a> : 0}</td>
                  <td>{queue.completed}</td>
                  <td>{queue.paused ? <span className="ops-badge ops-warn">paused</span> : 'running'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
