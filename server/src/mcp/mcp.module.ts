import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AlertsModule } from '../alerts/alerts.module';
import { OddsApiModule } from '../odds/odds-api.module';
import { PicksModule } from '../picks/picks.module';
import { ScannersModule } from '../scanners/scanners.module';
import { ScoresModule } from '../scores/scores.module';
import { SteamModule } from '../steam/steam.module';
import { McpController } from './mcp.controller';
import { McpNotifierService } from './mcp-notifier.service';
import { McpStreamService } from './mcp-stream.service';

/** The hosted MCP server at /mcp: tools over the same services and entitlement checks as the REST routes. */
@Module({
  imports: [AccountsModule, AlertsModule, OddsApiModule, PicksModule, ScannersModule, ScoresModule, SteamModule],
  controllers: [McpController],
  providers: [McpNotifierService, McpStreamService],
})
export class McpModule {}
