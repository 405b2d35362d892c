import type { OpsFeed, OpsOverview } from '@oddspulse/shared';
import {
  alarms,
  FALLBACK_POLL_MS,
  fallbackPollInterval,
  feedNow,
  formatAge,
  formatDuration,
  healthTone,
  relativeTime,
  runOutDay,
  updateState,
} from './ops-view';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

const feed = (fields: Partial<OpsFeed> = {}): OpsFeed => ({
  kind: 'odds',
  sport: 'basketball_nba',
  provider: 'simulator',
  state: 'ok',
  paused_by_failure: false,
  health: 'fresh',
  last_poll_at: ago(5_000),
  last_success_at: ago(5_000),
  age_seconds: 5,
  stale_since: null,
  error: null,
  cadence_ms: 30_000,
  next_poll_at: ago(-25_000),
  events: 10,
  live: 0,
  ...fields,
});

const overview = (fields: Partial<OpsOverview> = {}): OpsOverview => ({
  generated_at: ago(1_000),
  sample_interval_ms: 5_000,
  dependencies: { postgres: 'up', redis: 'up' },
  workers: 1,
  worker_problems: [],
  scheduler: { health: 'running', last_tick_at: ago(2_000), age_seconds: 2, tick_ms: 5_000 },
  feeds: [feed()],
  credits: null,
  queues: [
    { name: 'feeds', waiting: 0, active: 1, delayed: 0, failed: 3, completed: 50, paused: false, failed_last_hour: 0 },
  ],
  sockets: { processes: 1, connections: 2, rooms: [], deliveries_per_second: 4 },
  opportunities_today: { day: '2026-11-21', total: 3, ev: 2, arbitrage: 1, middles: 0 },
  settlement_runs: [],
  problems: [],
  ...fields,
});

// Stale feeds and a stopped scheduler are red at a glance; the page says so when updates stop.
describe('the operations page rules', () => {
  it('calls updates live within three samples, delayed after', () => {
    expect(updateState(NOW - 15_000, 5_000, NOW)).toBe('live');
    expect(updateState(NOW - 15_001, 5_000, NOW)).toBe('delayed');
    expect(updateState(null, 5_000, NOW)).toBe('delayed');
  });

  it('reads the overview itself every 10 s only while none arrived lately, or none at all', () => {
    expect(fallbackPollInterval(overview(), NOW - 15_000, NOW)).toBe(false);
    expect(fallbackPollInterval(overview(), NOW - 15_001, NOW)).toBe(FALLBACK_POLL_MS);
    expect(fallbackPollInterval(undefined, 0, NOW)).toBe(FALLBACK_POLL_MS);
  });

  it('ages a feed with the clock, so one nobody updates turns late between overviews', () => {
    expect(feedNow(feed(), NOW)).toEqual({ health: 'fresh', ageSeconds: 5 });
    expect(feedNow(feed(), NOW + 66_000).health).toBe('late');
  });

  it('lists what needs someone: a dependency down, a stopped scheduler, a worker gone or stuck, stale feeds, failed jobs', () => {
    expect(alarms(overview(), NOW)).toEqual([]);
    const bad = overview({
      dependencies: { postgres: 'up', redis: 'down' },
      workers: 1,
      worker_problems: [
        `Worker w-2 is silent since ${ago(40_000)}`,
        `Worker w-1 has taken no job since ${ago(90_000)} while 4 jobs wait`,
      ],
      scheduler: { health: 'running', last_tick_at: ago(60_000), age_seconds: 60, tick_ms: 5_000 },
      feeds: [feed(), feed({ kind: 'props', state: 'stale', error: 'HTTP 503' })],
      queues: [
        {
          name: 'feeds',
          waiting: 0,
          active: 0,
          delayed: 0,
          failed: 9,
          completed: 0,
          paused: false,
          failed_last_hour: 1,
        },
      ],
    });
    expect(alarms(bad, NOW)).toEqual([
      'Redis is down',
      'The feeds scheduler has stopped',
      `Worker w-2 is silent since ${ago(40_000)}`,
      `Worker w-1 has taken no job since ${ago(90_000)} while 4 jobs wait`,
      '1 of 2 feeds are not fresh',
      '1 job failed in the last hour',
    ]);
  });

  // The green line claims every feed fresh, the scheduler running and no failed job: it cannot while one of them was
  // not read (Redis slow for one section), and "Redis is down" already says why nothing was.
  it('never says all is well of a section it could not read', () => {
    const unread = overview({
      feeds: null,
      queues: null,
      problems: ['the feeds could not be read: Reading the feeds timed out'],
    });
    expect(alarms(unread, NOW)).toEqual(['Could not read the feeds and the queues: nothing is known of them']);
    const down = overview({
      dependencies: { postgres: 'up', redis: 'down' },
      workers: null,
      worker_problems: null,
      scheduler: null,
      feeds: null,
      queues: null,
    });
    expect(alarms(down, NOW)).toEqual(['Redis is down']);
  });

  it('colours red what needs someone, amber a budget pause', () => {
    expect(
      ['fresh', 'paused', 'late', 'failing', 'never', 'running', 'stopped'].map((h) => healthTone(h as never)),
    ).toEqual(['good', 'warn', 'bad', 'bad', 'bad', 'good', 'bad']);
  });

  it('writes ages and times as an operator reads them', () => {
    expect([0, 59, 60, 125, 3600, 3720, 90_000].map(formatAge)).toEqual([
      '0 s',
      '59 s',
      '1 min',
      '2 min 5 s',
      '1 h',
      '1 h 2 min',
      '1 d 1 h',
    ]);
    expect([0, 87.4, 999, 1500, 61_000].map(formatDuration)).toEqual(['0 ms', '87 ms', '999 ms', '2 s', '1 min 1 s']);
    expect(relativeTime(ago(3_000), NOW)).toBe('3 s ago');
    expect(relativeTime(ago(-8_000), NOW)).toBe('in 8 s');
    expect(runOutDay('2026-11-25T03:00:00.000Z')).toBe('Wed, Nov 25, 2026');
  });
});
