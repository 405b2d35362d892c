import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import { activityLabel, isWarning } from './security-activity';
import { SECURITY_ACTIVITY_PAGE, securityActivityQuery } from './security-api';
import { useSignedInUserId } from '../../state/auth';

/**
 * The account's own audit log, newest first, so a user can spot a sign-in or a key that was not theirs: ten entries a
 * page, with Newer and Older (34 entries in one list ran 1,190 px down the page).
 */
export function SecurityActivitySection() {
  const userId = useSignedInUserId();
  // the last entry of each page before the one shown: Older pushes, Newer pops
  const [pages, setPages] = useState<string[]>([]);
  const before = pages.at(-1) ?? null;
  const activity = useQuery({
    ...securityActivityQuery(userId, before),
    enabled: userId !== '',
    placeholderData: keepPreviousData,
  });
  if (activity.isError)
    return <p className="form-error">Could not load your security activity. Please try again later.</p>;
  if (activity.isPending) return <Spinner label="Loading your security activity..." />;
  const { entries, older } = activity.data;
  if (!entries.length && pages.length === 0) return <p className="muted">No security activity yet.</p>;
  const first = pages.length * SECURITY_ACTIVITY_PAGE + 1;
  return (
    <>
      <ul className="security-activity" data-testid="security-activity">
        {entries.map((entry) => (
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
      {(pages.length > 0 || older) && (
        <nav className="pager" aria-label="Security activity pages">
          <button
            type="button"
            className="button small"
            disabled={pages.length === 0}
            onClick={() => setPages((stack) => stack.slice(0, -1))}
          >
            Newer
          </button>
          <span className="small muted" data-testid="security-activity-range">
            {entries.length ? `${first}–${first + entries.length - 1}` : 'No older entries'}
          </span>
          <button
            type="button"
            className="button small"
            disabled={!older || activity.isPlaceholderData}
            onClick={() => setPages((stack) => [...stack, entries[entries.length - 1].id])}
          >
            Older
          </button>
        </nav>
      )}
    </>
  );
}
