import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AlertsController } from './alerts.controller';
import { AlertsService } from './alerts.service';

@Module({
  imports: [AccountsModule],
  controllers: [AlertsController],
  providers: [AlertsService],
  // the MCP server's create_alert tool adds a rule through the same service, with the same plan checks
  exports: [AlertsService],
})
export class AlertsModule {}
