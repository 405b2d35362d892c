import { Global, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { QueueName } from '@oddspulse/shared';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { BullConnection, bullPrefix } from './bull-connection';
import { DEFAULT_JOB_OPTIONS } from './queue.constants';
import { JobQueueService } from './job-queue.service';

const queues = BullModule.registerQueue(...Object.values(QueueName).map((name) => ({ name })));

/** BullMQ's connection, made once for the root configuration and closed by its own module at shutdown. */
@Module({ providers: [BullConnection], exports: [BullConnection] })
class BullConnectionModule {}

@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      imports: [BullConnectionModule],
      inject: [APP_CONFIG, BullConnection],
      useFactory: (config: AppConfig, connection: BullConnection) => ({
        connection: connection.options,
        prefix: bullPrefix(config),
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      }),
    }),
    queues,
  ],
  providers: [JobQueueService],
  exports: [JobQueueService, queues],
})
export class QueueModule {}
