import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { LiveBoardsModule } from '../odds/live-boards.module';
import { ScannersController } from './scanners.controller';
import { ScannersService } from './scanners.service';

@Module({
  imports: [AccountsModule, LiveBoardsModule],
  controllers: [ScannersController],
  providers: [ScannersService],
})
export class ScannersModule {}
