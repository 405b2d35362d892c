import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { OddsHistoryService } from './odds-history.service';
import { OddsController } from './odds.controller';
import { OddsService } from './odds.service';

/** The odds REST calls (spec 001 §7, 002 §7 odds history), read from the boards in Redis and the history in PostgreSQL. */
@Module({
  imports: [AccountsModule],
  controllers: [OddsController],
  providers: [OddsService, OddsHistoryService],
  exports: [OddsService, OddsHistoryService],
})
export class OddsApiModule {}
