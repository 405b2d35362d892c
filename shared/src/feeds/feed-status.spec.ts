import { feedStatus } from './feed-status';

describe('feedStatus', () => {
  const now = Date.parse('2026-11-26T16:00:00Z');

  it('is a poll at now that went well and found nothing, unless told otherwise', () => {
    expect(feedStatus('scores', 'americanfootball_nfl', 'espn', now, {})).toEqual({
      kind: 'scores',
      sport: 'americanfootball_nfl',
      provider: 'espn',
      state: 'ok',
      last_poll_at: '2026-11-26T16:00:00.000Z',
      last_success_at: null,
      stale_since: null,
      age_seconds: null,
      events: 0,
      live: 0,
    });
  });

  it('takes the fields it is given over its own', () => {
    const stale = feedStatus('odds', 'basketball_nba', 'theoddsapi', now, {
      state: 'stale',
      stale_since: '2026-11-26T15:50:00.000Z',
      error: 'HTTP 500',
    });
    expect(stale).toMatchObject({
      state: 'stale',
      stale_since: '2026-11-26T15:50:00.000Z',
      error: 'HTTP 500',
      events: 0,
    });
  });
});
