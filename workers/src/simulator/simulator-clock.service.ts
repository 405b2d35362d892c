import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { JobName, JobPayload } from '@oddspulse/shared';
import { APP_CONFIG } from '@oddspulse/server/config/config.module';
import type { AppConfig } from '@oddspulse/server/config/config.schema';
import { JobQueueService } from '@oddspulse/server/queue/job-queue.service';
import { RedisService } from '@oddspulse/server/redis/redis.service';
import { RedisKeys } from '@oddspulse/server/redis/redis-keys';
import { OnJob } from '../jobs/on-job.decorator';

/** Drives the market simulator's clock: one repeatable job, scheduled once however many workers start. */
@Injectable()
export class SimulatorClockService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SimulatorClockService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobQueueService,
    private readonly redis: RedisService,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.schedule('simulator-tick', JobName.SimulatorTick, this.config.SIMULATOR_TICK_MS, { scheduledAt: 0 });
    this.logger.log(`Simulator tick scheduled every ${this.config.SIMULATOR_TICK_MS} ms`);
  }

  @OnJob(JobName.SimulatorTick)
  async tick(_data: JobPayload<typeof JobName.SimulatorTick>) {
    const now = Date.now();
    await this.redis.client.set(this.redis.key(...RedisKeys.simulatorLastTick), String(now));
    this.logger.debug(`Simulator tick at ${new Date(now).toISOString()}`);
    return { tickedAt: now };
  }
}
