import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { PicksController } from './picks.controller';
import { PicksService } from './picks.service';

@Module({
  imports: [AccountsModule],
  controllers: [PicksController],
  providers: [PicksService],
  exports: [PicksService],
})
export class PicksModule {}
