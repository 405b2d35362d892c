import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { PicksController } from './picks.controller';
import { PicksDataModule } from './picks-data.module';
import { PicksService } from './picks.service';

@Module({
  imports: [AccountsModule, PicksDataModule],
  controllers: [PicksController],
  providers: [PicksService],
})
export class PicksModule {}
