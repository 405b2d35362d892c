import { canViewOps } from '@oddspulse/shared';

import { GatePanel } from '../../ui/GatePanel';
import { Spinner } from '../../ui/Spinner';
import { usePlan } from '../../state/session-state';

import { ActivityTables } from './ActivityTables';
import { FeedsTable } from './FeedsTable';
import { QUEUE_CONSOLE_URL } from './ops-api';
import { OpsStatus } from './OpsStatus';
import { QueuesTable } from './QueuesTable';
import { useOpsOverview } from './useOpsOverview';
import './ops.css';

/** /ops: for operations staff; anyone else is told it is not for them (the server answers 403 too). */
export function OpsPage() {
  const plan = usePlan();
  if (plan.status === 'loading') return <Spinner label="Checking your access..." />;
  if (!canViewOps(plan.info.role))
    return (
      <GatePanel
        title="Operations staff only"
        text="This page is for the people who keep the feeds and queues running."
        action="Back to OddsPulse"
        to="/"
      />
    );
  return <OpsDashboard />;
}

/** Whether every feed is fresh, what the queues hold, what failed and why, at a glance; live over the socket. */
function OpsDashboard() {
  const { overview, receivedAt, error, updates, now } = useOpsOverview();
  return (
    <section className="page ops-page" aria-labelledby="ops-title">
      <header className="ops-head">
        <h1 id="ops-title">Operations</h1>
        <a className="button" href={QUEUE_CONSOLE_URL}>
          Open the queue console
        </a>
      </header>
      {!overview ? (
        error ? (
          <p className="banner banner-error" role="alert">
            The overview could not be read: {error}. Trying again every 10 s.
          </p>
        ) : (
          <Spinner label="Reading the overview..." />
        )
      ) : (
        <>
          <OpsStatus overview={overview} receivedAt={receivedAt} updates={updates} error={error} now={now} />
          <FeedsTable feeds={overview.feeds} now={now} />
          <QueuesTable queues={overview.queues} />
          <ActivityTables overview={overview} now={now} />
        </>
      )}
    </section>
  );
}
