import type { FeedStatus } from '../domain/health';
import { duePolls, pollOutlived } from './feed-cadence';

const cadence = { propsMs: 120_000, scoresLiveMs: 15_000, scoresIdleMs: 60_000 };
const status = (kind: FeedStatus['kind'], sport: string, live: number) => ({ kind, sport, live }) as FeedStatus;

// spec 002 §4 (scores 15 s live, else 60 s); odds are planned per event (event-schedule.spec.ts).
describe('duePolls', () => {
  it('polls scores every 60 s while nothing is live', () => {
    const polls = duePolls(['basketball_nba'], [], cadence, 95_000);
    expect(polls).toEqual([
      { kind: 'props', sport: 'basketball_nba', intervalMs: 120_000, tick: 0, jobId: 'props-basketball_nba-120000-0' },
      {
        kind: 'scores',
        sport: 'basketball_nba',
        intervalMs: 60_000,
        tick: 60_000,
        jobId: 'scores-basketball_nba-60000-60000',
      },
    ]);
  });

  it('polls faster when the last odds or scores poll saw a live game', () => {
    const polls = duePolls(
      ['basketball_nba', 'icehockey_nhl'],
      [status('scores', 'basketball_nba', 2)],
      cadence,
      95_000,
    );
    expect(polls.filter((p) => p.sport === 'basketball_nba').map((p) => p.intervalMs)).toEqual([120_000, 15_000]);
    expect(polls.filter((p) => p.sport === 'icehockey_nhl').map((p) => p.intervalMs)).toEqual([120_000, 60_000]);
  });

  it('gives the same job ids to every run within a time slot, and new ones in the next', () => {
    const ids = (now: number) => duePolls(['basketball_nba'], [], cadence, now).map((p) => p.jobId);
    expect(ids(90_001)).toEqual(ids(119_999));
    expect(ids(120_000)[1]).not.toBe(ids(119_999)[1]);
  });
});

// A poll job retried long after its tick (the queue console, a backlog) would pay for prices newer polls have fetched.
describe('pollOutlived', () => {
  const tick = Date.parse('2022-08-17T12:00:00Z');

  it('runs a poll within its cadence of its tick, as BullMQ retries it seconds after a failure', () => {
    expect(pollOutlived(tick, 300_000, tick)).toBeNull();
    expect(pollOutlived(tick, 300_000, tick + 15_000)).toBeNull();
    expect(pollOutlived(tick, 300_000, tick + 300_000)).toBeNull();
  });

  it('says why a poll past its cadence is not run', () => {
    expect(pollOutlived(tick, 300_000, tick + 300_001)).toBe(
      'Not polled: its tick 2022-08-17T12:00:00.000Z is 300 s old, past its cadence of 300 s, and newer polls have been planned',
    );
    expect(pollOutlived(tick, 120_000, tick + 7 * 86_400_000)).toMatch(/is 604800 s old, past its cadence of 120 s/);
  });
});
