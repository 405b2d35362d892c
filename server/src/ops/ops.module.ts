import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { RealtimeGatewayModule } from '../realtime/realtime-gateway.module';
import { OpsController } from './ops.controller';
import { OpsGate } from './ops-gate.service';
import { OpsMetrics } from './ops-metrics';
import { OpsOverviewService } from './ops-overview.service';
import { OpsSampler } from './ops-sampler.service';

/**
 * Operations: the overview (REST and the `ops` channel), its sampling, and the gate of the endpoints
 * served outside /api (ops-endpoints.ts mounts the queue console, /metrics and the /ops page with it).
 */
@Module({
  imports: [AccountsModule, RealtimeGatewayModule],
  controllers: [OpsController],
  providers: [OpsOverviewService, OpsSampler, OpsGate, OpsMetrics],
})
export class OpsModule {}
