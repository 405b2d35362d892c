import { Injectable } from '@nestjs/common';
import type { SettlementRun } from '@oddspulse/shared';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';

/** Runs kept for the operations page: a day of the scheduled look-back and the games settled around it. */
const RUNS_KEPT = 100;

/** The last settlement runs, newest first, as the settlement worker records them. */
@Injectable()
export class SettlementRunsRepository {
  constructor(private readonly redis: RedisService) {}

  async record(run: SettlementRun): Promise<void> {
    const key = this.redis.key(...RedisKeys.settlementRuns);
    await this.redis.client
      .multi()
      .lpush(key, JSON.stringify(run))
      .ltrim(key, 0, RUNS_KEPT - 1)
      .exec();
  }

  async recent(count = 20): Promise<SettlementRun[]> {
    const raw = await this.redis.client.lrange(this.redis.key(...RedisKeys.settlementRuns), 0, count - 1);
    return raw.map((value) => JSON.parse(value) as SettlementRun);
  }
}
