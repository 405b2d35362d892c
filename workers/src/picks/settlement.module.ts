import { Module } from '@nestjs/common';
import { OddsModule } from '@oddspulse/server/odds/odds.module';
import { PicksDataModule } from '@oddspulse/server/picks/picks-data.module';
import { RealtimeModule } from '@oddspulse/server/realtime/realtime.module';
import { FeedsModule } from '../feeds/feeds.module';
import { SettlementService } from './settlement.service';

/** Pick settlement and closing lines, fed by the scores pipeline's jobs and a schedule. */
@Module({
  imports: [FeedsModule, OddsModule, PicksDataModule, RealtimeModule],
  providers: [SettlementService],
})
export class SettlementModule {}
