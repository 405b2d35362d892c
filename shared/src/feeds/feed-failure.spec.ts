import type { FeedStatus } from '../domain/health';
import { failureIsNews, isFailing } from './feed-failure';
import { feedStatus } from './feed-status';

const status = (fields: Partial<FeedStatus>): FeedStatus =>
  feedStatus('odds', 'basketball_nba', 'theoddsapi', Date.parse('2026-11-26T16:00:00Z'), fields);

// Outside failures are logged once per change of a feed's state, not once per poll of an outage.
describe('feed failure state', () => {
  it('counts a stale feed and one held back after failures as failing, not one paused on purpose', () => {
    expect(isFailing(status({ state: 'stale', error: 'HTTP 500' }))).toBe(true);
    expect(isFailing(status({ state: 'paused', paused_by_failure: true, error: 'HTTP 500' }))).toBe(true);
    expect(isFailing(status({ state: 'paused', paused_reason: '40 credits left, below the reserve of 50' }))).toBe(
      false,
    );
    expect(isFailing(status({ state: 'ok' }))).toBe(false);
    expect(isFailing(null)).toBe(false);
  });

  it('is news when the feed starts failing or fails for another reason, not when it fails again the same way', () => {
    expect(failureIsNews(null, 'HTTP 500')).toBe(true);
    expect(failureIsNews(status({ state: 'ok' }), 'HTTP 500')).toBe(true);
    expect(failureIsNews(status({ state: 'stale', error: 'HTTP 500' }), 'HTTP 500')).toBe(false);
    expect(failureIsNews(status({ state: 'paused', paused_by_failure: true, error: 'HTTP 500' }), 'HTTP 500')).toBe(
      false,
    );
    expect(failureIsNews(status({ state: 'stale', error: 'HTTP 500' }), 'Too Many Requests (429)')).toBe(true);
    expect(failureIsNews(status({ state: 'paused', paused_reason: 'not in season' }), 'HTTP 500')).toBe(true);
  });
});
