import { Injectable } from '@nestjs/common';
import type { SettlementRun } from '@oddspulse/shared';
import { RedisService } from '../redis/redis.service';
import { RecentList } from '../redis/recent-list';
import { RedisKeys } from '../redis/redis-keys';

/** Runs kept for the operations page: a day of the scheduled look-back and the games settled around it. */
const RUNS_KEPT = 100;

/** The last settlement runs, newest first, as the settlement worker records them. */
@Injectable()
export class SettlementRunsRepository {
  private readonly runs: RecentList<SettlementRun>;

  constructor(redis: RedisService) {
    this.runs = new RecentList(redis, redis.key(...RedisKeys.settlementRuns), RUNS_KEPT);
  }

  record(run: SettlementRun): Promise<void> {
    return this.runs.push(run);
  }

  recent(count = 20): Promise<SettlementRun[]> {
    return this.runs.newest(count);
  }
}
