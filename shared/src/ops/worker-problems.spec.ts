import { QueueName } from '../jobs/job-map';
import { workerProblems } from './worker-problems';

const NOW = Date.parse('2026-12-02T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const worker = (id: string, lastJobMsAgo: number | null) => ({
  id,
  started_at: ago(3_600_000),
  beat_at: ago(1_000),
  last_job_at: lastJobMsAgo === null ? null : ago(lastJobMsAgo),
});

// docs/operating.md, Health: health and the operations page name the same worker problems.
describe('workerProblems', () => {
  it('names none live, each silent worker, and a live one taking no job for two ticks (at least 30 s) while jobs wait', () => {
    expect(workerProblems({ live: [], silent: [] }, {}, 5_000, NOW)).toEqual([
      'No worker is running: no worker process has a live heartbeat',
    ]);
    const silent = { ...worker('w-gone', 0), beat_at: ago(60_000) };
    expect(
      workerProblems({ live: [worker('w-idle', 31_000)], silent: [silent] }, { [QueueName.Feeds]: 2 }, 5_000, NOW),
    ).toEqual([
      `Worker w-gone is silent since ${ago(60_000)}`,
      `Worker w-idle has taken no job since ${ago(31_000)} while 2 jobs wait`,
    ]);
    // busy within the floor, or nothing waiting: well
    expect(workerProblems({ live: [worker('w', 29_000)], silent: [] }, { [QueueName.Feeds]: 2 }, 5_000, NOW)).toEqual(
      [],
    );
    expect(workerProblems({ live: [worker('w', 600_000)], silent: [] }, { [QueueName.Feeds]: 0 }, 5_000, NOW)).toEqual(
      [],
    );
  });

  it("counts only the feed lanes a worker owns: another worker's waiting lane does not make it stuck", () => {
    const live = [worker('a', 600_000), worker('b', 0)];
    // lane 1 goes to "a" (first of the sorted ids), lane 2 to "b"
    expect(workerProblems({ live, silent: [] }, { [QueueName.FeedLane2]: 3 }, 5_000, NOW)).toEqual([]);
    expect(workerProblems({ live, silent: [] }, { [QueueName.FeedLane1]: 3 }, 5_000, NOW)).toEqual([
      `Worker a has taken no job since ${ago(600_000)} while 3 jobs wait`,
    ]);
  });
});
