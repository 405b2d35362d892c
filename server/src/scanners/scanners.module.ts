import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ScannersController } from './scanners.controller';
import { ScannersService } from './scanners.service';

@Module({
  imports: [AccountsModule],
  controllers: [ScannersController],
  providers: [ScannersService],
  exports: [ScannersService],
})
export class ScannersModule {}
