import type { FeedKind, FeedStatus } from '../domain/health';

/** A feed's status from a poll at `now`: `fields` over a poll that went well, found nothing and never succeeded before. */
export function feedStatus(
  kind: FeedKind,
  sport: string,
  provider: string,
  now: number,
  fields: Partial<FeedStatus>,
): FeedStatus {
  return {
    kind,
    sport,
    provider,
    state: 'ok',
    last_poll_at: new Date(now).toISOString(),
    last_success_at: null,
    stale_since: null,
    age_seconds: null,
    events: 0,
    live: 0,
    ...fields,
  };
}
