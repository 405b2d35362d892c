import type { FeedStatus } from '../domain/health';
import { feedHealth, isAlarming, opsFeeds, schedulerHealth } from './ops-overview';

const cadence = { propsMs: 120_000, scoresLiveMs: 15_000, scoresIdleMs: 60_000 };
const NOW = Date.parse('2026-11-21T12:00:05.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

function status(kind: FeedStatus['kind'], fields: Partial<FeedStatus> = {}): FeedStatus {
  return {
    kind,
    sport: 'basketball_nba',
    provider: 'simulator',
    state: 'ok',
    last_poll_at: ago(5_000),
    last_success_at: ago(5_000),
    stale_since: null,
    age_seconds: null,
    events: 12,
    live: 0,
    ...fields,
  };
}

// Stale feeds and a stopped scheduler are red at a glance.
describe('feedHealth', () => {
  it('is fresh within two cadences and a grace, late after', () => {
    expect(
      feedHealth({ state: 'ok', paused_by_failure: false, last_success_at: ago(70_000), cadence_ms: 30_000 }, NOW),
    ).toBe('fresh');
    expect(
      feedHealth({ state: 'ok', paused_by_failure: false, last_success_at: ago(70_001), cadence_ms: 30_000 }, NOW),
    ).toBe('late');
  });

  it('says failing while the workers report the feed stale, paused while the budget skips it, never before a poll', () => {
    expect(
      feedHealth({ state: 'stale', paused_by_failure: false, last_success_at: ago(1_000), cadence_ms: 30_000 }, NOW),
    ).toBe('failing');
    expect(
      feedHealth({ state: 'paused', paused_by_failure: false, last_success_at: ago(600_000), cadence_ms: 30_000 }, NOW),
    ).toBe('paused');
    expect(feedHealth({ state: null, paused_by_failure: false, last_success_at: null, cadence_ms: 30_000 }, NOW)).toBe(
      'never',
    );
  });

  // A feed halted after a 401 or backing off is paused by the workers, but someone must act: red, as /api/health's problem.
  it('says failing for a feed paused because its polls fail', () => {
    expect(
      feedHealth({ state: 'paused', paused_by_failure: true, last_success_at: ago(600_000), cadence_ms: 30_000 }, NOW),
    ).toBe('failing');
  });

  it('counts late, failing and never as alarming, a budget pause not', () => {
    expect(['fresh', 'late', 'failing', 'paused', 'never'].filter((h) => isAlarming(h as never))).toEqual([
      'late',
      'failing',
      'never',
    ]);
  });
});

describe('schedulerHealth', () => {
  it('is stopped after three missed ticks and a grace', () => {
    expect(schedulerHealth(NOW - 20_000, 5_000, NOW)).toBe('running');
    expect(schedulerHealth(NOW - 20_001, 5_000, NOW)).toBe('stopped');
    expect(schedulerHealth(null, 5_000, NOW)).toBe('never');
    expect(isAlarming('stopped')).toBe(true);
  });
});

describe('opsFeeds', () => {
  it('lists every configured feed with its cadence and next poll, those never polled included', () => {
    const feeds = opsFeeds(
      ['basketball_nba', 'icehockey_nhl'],
      [status('odds', { last_poll_at: '2026-11-21T12:00:01.000Z' })],
      cadence,
      new Map(),
      NOW,
    );
    expect(feeds.map((f) => `${f.kind}:${f.sport}:${f.health}`)).toEqual([
      'odds:basketball_nba:fresh',
      'props:basketball_nba:never',
      'scores:basketball_nba:never',
      'odds:icehockey_nhl:never',
      'props:icehockey_nhl:never',
      'scores:icehockey_nhl:never',
    ]);
    // polled in the current 30 s slot (12:00:00): next at the following slot
    expect(feeds[0]).toMatchObject({
      cadence_ms: 30_000,
      next_poll_at: '2026-11-21T12:00:30.000Z',
      age_seconds: 5,
      events: 12,
      error: null,
    });
    // never polled: due in the current slot, on the scheduler's next tick
    expect(feeds[1]).toMatchObject({
      cadence_ms: 120_000,
      next_poll_at: '2026-11-21T12:00:00.000Z',
      state: null,
      provider: null,
    });
  });

  it('polls faster while the sport is live, and carries the error of a failing feed or the reason of a pause', () => {
    // spec 001 §9: a live game's odds every 5 s
    const events = new Map([['basketball_nba', [{ id: 'e1', start: NOW - 600_000, completed: false }]]]);
    const feeds = opsFeeds(
      ['basketball_nba'],
      [
        status('scores', { live: 2, state: 'stale', error: 'HTTP 503' }),
        status('props', { state: 'paused', paused_reason: 'below the credit reserve' }),
      ],
      cadence,
      events,
      NOW,
    );
    expect(feeds.map((f) => [f.kind, f.cadence_ms, f.health, f.error])).toEqual([
      ['odds', 5_000, 'never', null],
      ['props', 120_000, 'paused', 'below the credit reserve'],
      ['scores', 15_000, 'failing', 'HTTP 503'],
    ]);
  });

  it('shows a feed the workers hold back because it fails as failing, with the halt reason', () => {
    const halt = 'Polling stopped until the configuration changes: Unauthorized (401 INVALID_KEY)';
    const [odds] = opsFeeds(
      ['basketball_nba'],
      [status('odds', { state: 'paused', paused_by_failure: true, paused_reason: halt })],
      cadence,
      new Map(),
      NOW,
    );
    expect(odds).toMatchObject({ state: 'paused', paused_by_failure: true, health: 'failing', error: halt });
  });
});
