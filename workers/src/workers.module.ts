import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ConfigModule } from '@oddspulse/server/config/config.module';
import { DatabaseModule } from '@oddspulse/server/database/database.module';
import { RedisModule } from '@oddspulse/server/redis/redis.module';
import { QueueModule } from '@oddspulse/server/queue/queue.module';
import { FeedsModule } from './feeds/feeds.module';
import { SettlementModule } from './picks/settlement.module';
import { JobRegistryService } from './jobs/job-registry.service';
import { queueProcessors } from './jobs/queue-processors';

@Module({
  imports: [DiscoveryModule, ConfigModule, DatabaseModule, RedisModule, QueueModule, FeedsModule, SettlementModule],
  providers: [JobRegistryService, ...queueProcessors],
})
export class WorkersModule {}
