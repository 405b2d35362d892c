import type { OpsFeed } from '@oddspulse/shared';
import { feedNow, formatAge, healthTone, relativeTime } from './ops-view';
import { OpsTableSection } from './OpsTableSection';

const COLUMNS = ['Feed', 'Sport', 'Health', 'Last poll', 'Age', 'Cadence', 'Next poll', 'Events (live)', 'Error'];

/** Per feed and sport: its health (red when late, failing or never polled), last poll, age, cadence, next poll, error. */
export function FeedsTable({ feeds, now }: { feeds: OpsFeed[] | null; now: number }) {
  return (
    <OpsTableSection
      id="ops-feeds"
      title="Feeds"
      items={feeds}
      unreadable="The feeds could not be read (see above)."
      columns={COLUMNS}
      scroll
      row={(feed) => {
        const { health, ageSeconds } = feedNow(feed, now);
        return (
          <tr
            key={`${feed.kind}:${feed.sport}`}
            data-testid="ops-feed"
            data-feed={`${feed.kind}:${feed.sport}`}
            data-health={health}
          >
            <td>{feed.kind}</td>
            <td>{feed.sport}</td>
            <td>
              <span className={`ops-badge ops-${healthTone(health)}`}>{health}</span>
            </td>
            <td>{feed.last_poll_at ? relativeTime(feed.last_poll_at, now) : 'never'}</td>
            <td>{ageSeconds === null ? '—' : formatAge(ageSeconds)}</td>
            <td>every {formatAge(feed.cadence_ms / 1000)}</td>
            <td>{relativeTime(feed.next_poll_at, now)}</td>
            <td>
              {feed.events} ({feed.live})
            </td>
            <td className="ops-error">{feed.error ?? ''}</td>
          </tr>
        );
      }}
    />
  );
}
