import type { OpsFeed } from '@oddspulse/shared';
import { feedNow, formatAge, healthTone, relativeTime } from './ops-view';

/** Per feed and sport: its health (red when late, failing or never polled), last poll, age, cadence, next poll, error. */
export function FeedsTable({ feeds, now }: { feeds: OpsFeed[] | null; now: number }) {
  return (
    <section className="card ops-section" aria-labelledby="ops-feeds">
      <h2 id="ops-feeds">Feeds</h2>
      {!feeds ? (
        <p className="muted">The feeds could not be read (see above).</p>
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">Feed</th>
                <th scope="col">Sport</th>
                <th scope="col">Health</th>
                <th scope="col">Last poll</th>
                <th scope="col">Age</th>
                <th scope="col">Cadence</th>
                <th scope="col">Next poll</th>
                <th scope="col">Events (live)</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {feeds.map((feed) => {
                const { health, ageSeconds } = feedNow(feed, now);
                return (
                  <tr key={`${feed.kind}:${feed.sport}`} data-testid="ops-feed" data-feed={`${feed.kind}:${feed.sport}`} data-health={health}>
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
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
