import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../routing/guards';
import { activityLabel, isWarning } from './security-activity';
import { securityActivityQuery } from './security-api';
import { useSignedInUserId } from '../state/auth';

/** The account's own audit log, newest first, so a user can spot a sign-in or a key that was not theirs. */
export function SecurityActivitySection() {
  const userId = useSignedInUserId();
  const activity = useQuery({ ...securityActivityQuery(userId), enabled: userId !== '' });
  if (activity.isError)
    return <p className="form-error">Could not load your security activity. Please try again later.</p>;
  if (activity.isPending) return <Spinner label="Loading your security activity..." />;
  if (!activity.data.length) return <p className="muted">No security activity yet.</p>;
  return (
    <ul className="security-activity" data-testid="security-activity">
      {activity.data.map((entry) => (
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
