import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CoreModule } from '@oddspulse/core';
import { FeedsModule } from './feeds/feeds.module';
import { SettlementModule } from './picks/settlement.module';
import { BillingWorkersModule } from './billing/billing.module';
import { FeedLanesService } from './jobs/feed-lanes.service';
import { JobRegistryService } from './jobs/job-registry.service';
import { queueProcessors } from './jobs/queue-processors';
import { WorkerHeartbeatService } from './jobs/worker-heartbeat.service';
import { WorkersMetricsServer } from './metrics/metrics-server';

@Module({
  imports: [DiscoveryModule, CoreModule, FeedsModule, SettlementModule, BillingWorkersModule],
  providers: [JobRegistryService, FeedLanesService, WorkerHeartbeatService, WorkersMetricsServer, ...queueProcessors],
})
export class WorkersModule {}
