import { Module } from '@nestjs/common';
import { FeedsModule } from '../feeds/feeds.module';
import { SettlementService } from './settlement.service';

/** Pick settlement and closing lines, fed by the scores pipeline's jobs and a schedule. */
@Module({
  imports: [FeedsModule],
  providers: [SettlementService],
})
export class SettlementModule {}
