import { CORE_SPORTS } from '../domain/sports';
import { FEED_LANES, JobName, QueueName, feedLane, jobQueue, ownedFeedLanes } from './job-map';

/** A deployment's sports: the eight the product covers end to end. */
const SPORTS = CORE_SPORTS.map((sport) => sport.key);

describe('feedLane', () => {
  it('spreads the deployment’s sports over the lanes in their order, and puts an unknown sport on a lane by its key', () => {
    expect(SPORTS.map((sport) => feedLane(sport, SPORTS))).toEqual([...FEED_LANES, FEED_LANES[0], FEED_LANES[1]]);
    const other = feedLane('cricket_ipl', SPORTS);
    expect(FEED_LANES).toContain(other);
    expect(feedLane('cricket_ipl', [])).toBe(other);
  });
});

describe('ownedFeedLanes', () => {
  const lanesOf = (ids: string[]) => ids.map((id) => ownedFeedLanes(id, ids));

  it('gives every lane to exactly one live worker, the same split whatever order the ids come in', () => {
    for (const ids of [['a'], ['b', 'a'], ['c', 'a', 'b'], ['a', 'b', 'c', 'd']]) {
      const owned = lanesOf(ids).flat();
      expect([...owned].sort()).toEqual([...FEED_LANES].sort());
      expect(ownedFeedLanes(ids[0], [...ids].reverse())).toEqual(ownedFeedLanes(ids[0], ids));
    }
    expect(lanesOf(['a', 'b'])).toEqual([
      [QueueName.FeedLane1, QueueName.FeedLane3, QueueName.FeedLane5],
      [QueueName.FeedLane2, QueueName.FeedLane4, QueueName.FeedLane6],
    ]);
  });

  it('splits eight sports four and four over two workers, and three ways over three', () => {
    const sportsOf = (id: string, ids: string[]) =>
      SPORTS.filter((sport) => ownedFeedLanes(id, ids).includes(feedLane(sport, SPORTS))).length;
    expect(['a', 'b'].map((id) => sportsOf(id, ['a', 'b']))).toEqual([4, 4]);
    expect(['a', 'b', 'c'].map((id) => sportsOf(id, ['a', 'b', 'c']))).toEqual([3, 3, 2]);
  });

  it('takes every lane when the worker does not see itself among the live ones', () => {
    expect(ownedFeedLanes('gone', ['a', 'b'])).toEqual([...FEED_LANES]);
  });
});

describe('jobQueue', () => {
  it('puts odds and props polls on their sport’s lane and every other job on its one queue', () => {
    const poll = { sport: 'basketball_nba', tick: 0 };
    expect(jobQueue(JobName.OddsPoll, poll, SPORTS)).toBe(QueueName.FeedLane3);
    expect(jobQueue(JobName.PropsPoll, poll, SPORTS)).toBe(QueueName.FeedLane3);
    expect(jobQueue(JobName.ScoresPoll, poll, SPORTS)).toBe(QueueName.Feeds);
    expect(jobQueue(JobName.OddsStream, poll, SPORTS)).toBe(QueueName.Feeds);
    expect(jobQueue(JobName.AlertsDeliver, { deliveryId: 1 }, SPORTS)).toBe(QueueName.Alerts);
  });
});
