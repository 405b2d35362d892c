import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { SteamController } from './steam.controller';
import { SteamService } from './steam.service';

@Module({
  imports: [AccountsModule],
  controllers: [SteamController],
  providers: [SteamService],
  exports: [SteamService],
})
export class SteamModule {}
