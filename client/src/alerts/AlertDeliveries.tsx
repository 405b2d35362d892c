import { useCallback, useEffect, useState } from 'react';
import type { AlertDelivery } from '@oddspulse/shared';
import { Link } from 'react-router-dom';
import { Spinner } from '../routing/guards';
import { fetchAlertDeliveries } from './alerts-api';
import { when } from './alert-form';
import { apiErrorText } from '../api/api-client';

/** A rule's deliveries: when, what, by which channel, and how it went. */
export function AlertDeliveries({ ruleId }: { ruleId: string }) {
  const [rows, setRows] = useState<AlertDelivery[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    fetchAlertDeliveries(ruleId)
      .then(setRows)
      .catch((failure: unknown) => setError(apiErrorText(failure, 'Could not load the deliveries.')));
  }, [ruleId]);
  useEffect(load, [load]);
  if (error) return <p className="form-error">{error}</p>;
  if (!rows) return <Spinner label="Loading deliveries..." />;
  return (
    <div className="column">
      <button type="button" className="button small" onClick={load}>
        Refresh
      </button>
      {rows.length === 0 ? (
        <p className="muted">No deliveries yet.</p>
      ) : (
        <table className="api-keys" data-testid="alert-deliveries">
          <thead>
            <tr>
              <th>When</th>
              <th>Opportunity</th>
              <th>Channel</th>
              <th>Status</th>
            </tr>
          </thead>
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
