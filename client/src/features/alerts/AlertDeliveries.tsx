import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Spinner } from '../../ui/Spinner';
import { useSignedInUserId } from '../../state/auth';
import { alertDeliveriesQuery } from './alerts-api';
import { when } from './alert-form';
import { apiErrorText } from '../../api/api-client';
import { TableHead } from '../../ui/TableHead';

/** A rule's deliveries: when, what, by which channel, and how it went. */
export function AlertDeliveries({ ruleId }: { ruleId: string }) {
  const userId = useSignedInUserId();
  const deliveries = useQuery({ ...alertDeliveriesQuery(userId, ruleId), enabled: userId !== '' });
  if (deliveries.isError)
    return (
      <p className="form-error" role="alert">
        {apiErrorText(deliveries.error, 'Could not load the deliveries.')}{' '}
        <button type="button" className="button small" onClick={() => void deliveries.refetch()}>
          Try again
        </button>
      </p>
    );
  if (deliveries.isPending) return <Spinner label="Loading deliveries..." />;
  const rows = deliveries.data;
  return (
    <div className="column">
      <button type="button" className="button small" onClick={() => void deliveries.refetch()}>
        Refresh
      </button>
      {rows.length === 0 ? (
        <p className="muted">No deliveries yet.</p>
      ) : (
        <table className="api-keys" data-testid="alert-deliveries">
          <TableHead columns={['When', 'Opportunity', 'Channel', 'Status']} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="alert-delivery">
                <td>{when(row.updatedAt)}</td>
                <td>
                  <Link to={row.summary.path}>{row.summary.title}</Link>
                </td>
                <td>{row.channel}</td>
                <td data-testid="alert-delivery-status">
                  {row.status}
                  {row.reason ? ` — ${row.reason}` : ''}
                  {row.attempts > 1 ? ` (${row.attempts} tries)` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
