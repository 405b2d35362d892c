import { Global, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { QueueName } from '@oddspulse/shared';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { bullConnectionOptions } from '../redis/redis.service';
import { DEFAULT_JOB_OPTIONS } from './queue.constants';
import { JobQueueService } from './job-queue.service';

const queues = BullModule.registerQueue(...Object.values(QueueName).map((name) => ({ name })));

@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        connection: bullConnectionOptions(config.REDIS_URL),
        prefix: `${config.REDIS_PREFIX}:bull`,
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      }),
    }),
    queues,
  ],
  providers: [JobQueueService],
  exports: [JobQueueService, queues],
})
export class QueueModule {}
