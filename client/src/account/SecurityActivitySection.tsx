import { useEffect, useState } from 'react';
import type { SecurityActivityEntry } from '@oddspulse/shared';
import { Spinner } from '../routing/guards';
import { activityLabel, isWarning } from './security-activity';
import { fetchSecurityActivity } from './security-api';

type ActivityState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; entries: SecurityActivityEntry[] };

/** The account's own audit log, newest first, so a user can spot a sign-in or a key that was not theirs. */
export function SecurityActivitySection() {
  const [state, setState] = useState<ActivityState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    fetchSecurityActivity()
      .then((entries) => live && setState({ status: 'ready', entries }))
      .catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
  }, []);
  if (state.status === 'loading') return <Spinner label="Loading your security activity..." />;
  if (state.status === 'error')
    return <p className="form-error">Could not load your security activity. Please try again later.</p>;
  if (!state.entries.length) return <p className="muted">No security activity yet.</p>;
  return (
    <ul className="security-activity" data-testid="security-activity">
      {state.entries.map((entry) => (
        <li key={entry.id} className={isWarning(entry.action) ? 'warning' : undefined}>
          <strong>{activityLabel(entry)}</strong>
          <span className="muted small">
            {' '}
            {new Date(entry.at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
            {entry.ip && ` · ${entry.ip}`}
          </span>
        </li>
      ))}
    </ul>
  );
}
