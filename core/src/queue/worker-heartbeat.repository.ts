import { Injectable } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';

/** What one worker process says of itself at each beat. */
export interface WorkerHeartbeat {
  /** The process's own id (host, pid and a random part), unique per start. */
  id: string;
  host: string;
  pid: number;
  started_at: string;
  beat_at: string;
  /** When it last took a job from a queue; null before its first. */
  last_job_at: string | null;
}

/** The workers known to health: those beating now, and those gone silent (named until forgotten). */
export interface WorkerHeartbeats {
  live: WorkerHeartbeat[];
  silent: WorkerHeartbeat[];
}

/** A worker silent this long is gone for good (stopped without a word, or its host replaced): it is forgotten. */
const WORKER_FORGOTTEN_AFTER_MS = 10 * 60_000;

/**
 * Each worker process's heartbeat: its own key, which lapses after its time to live unless the process beats again,
 * and its last beat in a hash of the known workers, so health counts the live ones and names the ones gone silent.
 * BullMQ's worker count reads CLIENT LIST, which counts connections, not processes (3 for 2 processes on a Redis
 * Cluster), and a process whose blocking loop stalled stays connected. Both keys share one slot (`{workers}`).
 */
@Injectable()
export class WorkerHeartbeatRepository {
  constructor(private readonly redis: RedisService) {}

  async beat(heartbeat: WorkerHeartbeat, ttlMs: number): Promise<void> {
    const json = JSON.stringify(heartbeat);
    await this.redis.client
      .multi()
      .set(this.redis.key(...RedisKeys.workerHeartbeat(heartbeat.id)), json, 'PX', ttlMs)
      .hset(this.redis.key(...RedisKeys.workerHeartbeats), heartbeat.id, json)
      .exec();
  }

  /** A worker stopping on purpose leaves no silent worker behind. */
  async remove(id: string): Promise<void> {
    await this.redis.client
      .multi()
      .del(this.redis.key(...RedisKeys.workerHeartbeat(id)))
      .hdel(this.redis.key(...RedisKeys.workerHeartbeats), id)
      .exec();
  }

  /** The live workers (their key has not lapsed) and the silent ones; those silent for long are forgotten on the way. */
  async heartbeats(now: number): Promise<WorkerHeartbeats> {
    const known = this.redis.key(...RedisKeys.workerHeartbeats);
    const entries = Object.values(await this.redis.client.hgetall(known)).map(
      (raw) => JSON.parse(raw) as WorkerHeartbeat,
    );
    if (!entries.length) return { live: [], silent: [] };
    const alive = await this.redis.client.mget(
      entries.map((worker) => this.redis.key(...RedisKeys.workerHeartbeat(worker.id))),
    );
    const live: WorkerHeartbeat[] = [];
    const silent: WorkerHeartbeat[] = [];
    const forgotten: string[] = [];
    entries.forEach((worker, i) => {
      const beat = alive[i];
      if (beat) live.push(JSON.parse(beat) as WorkerHeartbeat);
      else if (now - Date.parse(worker.beat_at) > WORKER_FORGOTTEN_AFTER_MS) forgotten.push(worker.id);
      else silent.push(worker);
    });
    if (forgotten.length) await this.redis.client.hdel(known, ...forgotten);
    const byId = (a: WorkerHeartbeat, b: WorkerHeartbeat) => a.id.localeCompare(b.id);
    return { live: live.sort(byId), silent: silent.sort(byId) };
  }
}
