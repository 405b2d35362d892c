import type { WorkerHealth } from '../domain/health';
import { isFeedLane, ownedFeedLanes, type QueueName } from '../jobs/job-map';

/**
 * A live worker that has taken no job for this many scheduler ticks (and at least WORKER_IDLE_FLOOR_MS: longer than a
 * poll's request deadline, so a worker busy with slow polls is not named) while jobs wait is stuck: its process
 * beats, its queues hand it nothing.
 */
const WORKER_IDLE_TICKS = 2;
const WORKER_IDLE_FLOOR_MS = 30_000;

type Heartbeat = Pick<WorkerHealth, 'id' | 'started_at' | 'beat_at' | 'last_job_at'>;

/**
 * What is wrong with the worker processes, one sentence each, from their own heartbeats: none live; one gone silent
 * (stopped without a word, killed, its event loop stuck), named; one that beats but has taken no job for two ticks
 * while jobs wait (its queues' blocking loop stalled, as after a Redis Cluster primary restart), named. The jobs a
 * worker waits for are those of the queues every worker takes and of the feed lanes it owns (ownedFeedLanes, as the
 * workers split them). Health and the operations page say the same (docs/operating.md, Health).
 */
export function workerProblems(
  workers: { live: readonly Heartbeat[]; silent: readonly Heartbeat[] },
  waiting: Partial<Record<QueueName, number>>,
  schedulerTickMs: number,
  now: number,
): string[] {
  const problems: string[] = [];
  if (!workers.live.length) problems.push('No worker is running: no worker process has a live heartbeat');
  for (const worker of workers.silent) problems.push(`Worker ${worker.id} is silent since ${worker.beat_at}`);
  const idleAfterMs = Math.max(WORKER_IDLE_TICKS * schedulerTickMs, WORKER_IDLE_FLOOR_MS);
  const liveIds = workers.live.map((worker) => worker.id);
  for (const worker of workers.live) {
    const owned = new Set<QueueName>(ownedFeedLanes(worker.id, liveIds));
    const jobs = (Object.entries(waiting) as Array<[QueueName, number]>)
      .filter(([queue]) => !isFeedLane(queue) || owned.has(queue))
      .reduce((sum, [, count]) => sum + count, 0);
    const since = worker.last_job_at ?? worker.started_at;
    if (jobs > 0 && now - Date.parse(since) > idleAfterMs)
      problems.push(`Worker ${worker.id} has taken no job since ${since} while ${jobs} jobs wait`);
  }
  return problems;
}
