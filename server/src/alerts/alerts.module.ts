import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AlertsController } from './alerts.controller';
import { AlertsService } from './alerts.service';

@Module({
  imports: [AccountsModule],
  controllers: [AlertsController],
  providers: [AlertsService],
})
export class AlertsModule {}
