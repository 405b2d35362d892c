import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import type { HealthReport, ServiceState } from '@oddspulse/shared';
import { Database, KYSELY } from '../database/database.module';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';
import { JobQueueService } from '../queue/job-queue.service';

const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    }),
  ]);
}

@Injectable()
export class HealthService {
  private readonly logger = new Logger(HealthService.name);

  constructor(
    @Inject(KYSELY) private readonly db: Database,
    private readonly redis: RedisService,
    private readonly jobs: JobQueueService,
  ) {}

  async report(): Promise<HealthReport> {
    const [postgres, redis] = await Promise.all([this.checkPostgres(), this.redis.ping(CHECK_TIMEOUT_MS)]);
    const details: HealthReport['details'] = { workers: 0, lastSimulatorTick: null, jobCounts: {} };
    let queues: ServiceState = 'down';
    if (redis) {
      try {
        const [workers, jobCounts, lastTick] = await withTimeout(
          Promise.all([this.jobs.workerCount(), this.jobs.counts(), this.redis.client.get(this.redis.key(...RedisKeys.simulatorLastTick))]),
          CHECK_TIMEOUT_MS,
        );
        details.workers = workers;
        details.jobCounts = jobCounts;
        details.lastSimulatorTick = lastTick ? new Date(Number(lastTick)).toISOString() : null;
        queues = workers > 0 ? 'up' : 'down';
      } catch (error) {
        this.logger.warn(`Queue health check failed: ${(error as Error).message}`);
      }
    }
    const postgresState: ServiceState = postgres ? 'up' : 'down';
    const redisState: ServiceState = redis ? 'up' : 'down';
    const ok = postgres && redis && queues === 'up';
    return { status: ok ? 'ok' : 'error', postgres: postgresState, redis: redisState, queues, details };
  }

  private async checkPostgres(): Promise<boolean> {
    try {
      await withTimeout(sql`SELECT 1`.execute(this.db), CHECK_TIMEOUT_MS);
      return true;
    } catch (error) {
      this.logger.warn(`PostgreSQL health check failed: ${(error as Error).message}`);
      return false;
    }
  }
}
