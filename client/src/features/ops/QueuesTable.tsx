import type { OpsQueue } from '@oddspulse/shared';
import { queueConsoleUrl } from './ops-api';
import { OpsTableSection } from './OpsTableSection';

const COLUMNS = [
  'Queue',
  'Waiting',
  'Active',
  'Delayed',
  'Failed, last hour',
  'Failed, kept',
  'Completed, kept',
  'State',
];

/** Each queue's depth and failures, with links into the console where the jobs, their data and errors are. */
export function QueuesTable({ queues }: { queues: OpsQueue[] | null }) {
  return (
    <OpsTableSection
      id="ops-queues"
      title="Queues"
      items={queues}
      unreadable="The queues could not be read (see above)."
      columns={COLUMNS}
      scroll
      row={(queue) => (
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
      )}
    />
  );
}
