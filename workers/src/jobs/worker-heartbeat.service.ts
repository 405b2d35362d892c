import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { RepeatedErrors, WorkerHeartbeatRepository, type WorkerHeartbeat } from '@oddspulse/core';
import { FeedLanesService } from './feed-lanes.service';
import { JobRegistryService } from './job-registry.service';

/** How often a worker process beats; its key lapses after WORKER_HEARTBEAT_TTL_MS without a beat. */
export const WORKER_HEARTBEAT_INTERVAL_MS = 5_000;
/** Three beats missed: the process is gone or its event loop stuck (health names it silent). */
export const WORKER_HEARTBEAT_TTL_MS = 3 * WORKER_HEARTBEAT_INTERVAL_MS;

/**
 * This worker process's heartbeat for health: a timer of the process, not a job, so a process whose queues stopped
 * handing it jobs still beats, and says when it last took one (health names it when jobs wait meanwhile). Each beat
 * also reads the live workers, which split the feed lanes among them (FeedLanesService).
 */
@Injectable()
export class WorkerHeartbeatService
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger = new Logger(WorkerHeartbeatService.name);
  private readonly failures = new RepeatedErrors();
  private readonly startedAt = new Date().toISOString();
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer?: NodeJS.Timeout;
  private left = false;
  /** The beat being written, if any: one at a time, and the heartbeat is removed only after it has landed. */
  private beating: Promise<void> | null = null;

  constructor(
    private readonly heartbeats: WorkerHeartbeatRepository,
    private readonly registry: JobRegistryService,
    private readonly lanes: FeedLanesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.beatOnce();
    this.timer = setInterval(() => void this.beatOnce(), WORKER_HEARTBEAT_INTERVAL_MS);
    this.timer.unref();
  }

  /**
   * Before the queues drain their jobs in flight (up to SHUTDOWN_DRAIN_MS): the process leaves the live workers at
   * once, so the others take its feed lanes at their next beat rather than after the drain.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.leave();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.leave();
  }

  private async leave(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.left) return;
    this.left = true;
    // a beat written after the removal would keep the stopping process live for WORKER_HEARTBEAT_TTL_MS
    await this.beating;
    try {
      await this.heartbeats.remove(this.id);
    } catch (error) {
      // Redis away as the process stops: its heartbeat lapses instead, and health names it silent for a while.
      this.logger.warn(`Could not remove the worker heartbeat: ${(error as Error).message}`);
    }
  }

  beat(now = Date.now()): Promise<void> {
    const lastJob = this.registry.lastJobAt;
    const heartbeat: WorkerHeartbeat = {
      id: this.id,
      host: hostname(),
      pid: process.pid,
      started_at: this.startedAt,
      beat_at: new Date(now).toISOString(),
      last_job_at: lastJob === null ? null : new Date(lastJob).toISOString(),
    };
    return this.heartbeats.beat(heartbeat, WORKER_HEARTBEAT_TTL_MS);
  }

  /** A beat, unless one is still being written (Redis slow): that one stands for it. */
  private beatOnce(): Promise<void> {
    this.beating ??= this.beatLogged().finally(() => {
      this.beating = null;
    });
    return this.beating;
  }

  private async beatLogged(): Promise<void> {
    try {
      await this.beat();
      const { live } = await this.heartbeats.heartbeats(Date.now());
      // a beat that lands as the process leaves would otherwise split the lanes with it still counted
      if (!this.left)
        this.lanes.follow(
          this.id,
          live.map((worker) => worker.id),
        );
    } catch (error) {
      // Redis away: a line a minute, as every connection's own errors.
      const admitted = this.failures.admit((error as Error).message);
      if (admitted)
        this.logger.warn(
          { reason: (error as Error).message, suppressedRepeats: admitted.suppressed },
          `Worker heartbeat not written: ${(error as Error).message}`,
        );
    }
  }
}
