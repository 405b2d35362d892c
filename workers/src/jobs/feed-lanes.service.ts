import { Injectable, Logger } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { FEED_LANES, ownedFeedLanes, type FeedLane } from '@oddspulse/shared';

/**
 * Which feed lanes this process takes (QueueName's feed lanes): the lanes ownedFeedLanes gives it among the live
 * workers, recomputed at each heartbeat. The worker of a lane it does not own is paused, once its jobs in flight are
 * done; the worker of one it owns runs. Until the first heartbeat it takes every lane, so a process alone polls at once.
 * A worker gone silent keeps its lanes until its heartbeat lapses (WORKER_HEARTBEAT_TTL_MS): their polls wait in their
 * queue meanwhile, and the boards are marked late as any stalled feed's; a process stopping on purpose gives its lanes
 * up first.
 */
@Injectable()
export class FeedLanesService {
  private readonly logger = new Logger(FeedLanesService.name);
  private readonly workers = new Map<FeedLane, Worker>();
  private owned: ReadonlySet<FeedLane> = new Set(FEED_LANES);

  /** A lane's worker, once it exists (after the queues' processors are made): run or paused as the split says. */
  register(lane: FeedLane, worker: Worker): void {
    this.workers.set(lane, worker);
    this.apply(lane, worker);
  }

  /** The lanes this process takes now. */
  lanes(): FeedLane[] {
    return FEED_LANES.filter((lane) => this.owned.has(lane));
  }

  /** The split among `liveWorkerIds` (the live heartbeats), this process being `self`. */
  follow(self: string, liveWorkerIds: readonly string[]): void {
    const owned = new Set(ownedFeedLanes(self, liveWorkerIds));
    const changed = owned.size !== this.owned.size || [...owned].some((lane) => !this.owned.has(lane));
    this.owned = owned;
    if (changed)
      this.logger.log(
        { lanes: this.lanes(), workers: liveWorkerIds.length },
        `Taking feed lanes ${this.lanes().join(', ')}`,
      );
    // every time, not only on a change: a pause or resume that Redis failed is made again
    for (const [lane, worker] of this.workers) this.apply(lane, worker);
  }

  private apply(lane: FeedLane, worker: Worker): void {
    if (this.owned.has(lane)) {
      if (worker.isPaused()) void worker.resume().catch((error: unknown) => this.failed(lane, 'resume', error));
    } else if (!worker.isPaused()) void worker.pause().catch((error: unknown) => this.failed(lane, 'pause', error));
  }

  private failed(lane: FeedLane, what: 'pause' | 'resume', error: unknown): void {
    // Redis away: the next heartbeat applies the split again
    this.logger.warn({ lane, reason: (error as Error).message }, `Could not ${what} feed lane ${lane}`);
  }
}
