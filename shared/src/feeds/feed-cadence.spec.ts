import type { FeedStatus } from '../domain/health';
import { duePolls } from './feed-cadence';

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
