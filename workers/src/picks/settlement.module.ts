import { Module } from '@nestjs/common';
import { FeedsModule } from '../feeds/feeds.module';
import { OddsHistoryRetentionService } from '../odds/odds-history-retention.service';
import { SettlementService } from './settlement.service';

/** Pick settlement and closing lines, fed by the scores pipeline's jobs and a schedule; the retention of the odds history they read. */
@Module({
  imports: [FeedsModule],
  providers: [SettlementService, OddsHistoryRetentionService],
})
export class SettlementModule {}
