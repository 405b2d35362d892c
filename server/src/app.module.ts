import { Module } from '@nestjs/common';
import { CoreModule, RequestTimeoutsModule } from '@oddspulse/core';
import { AccountClosingModule } from './account-closing/account-closing.module';
import { AccountsModule } from './accounts/accounts.module';
import { AlertsModule } from './alerts/alerts.module';
import { BillingModule } from './billing/billing.module';
import { HealthModule } from './health/health.module';
import { McpModule } from './mcp/mcp.module';
import { OddsApiModule } from './odds/odds-api.module';
import { OpsModule } from './ops/ops.module';
import { PicksModule } from './picks/picks.module';
import { ReactionsModule } from './reactions/reactions.module';
import { RealtimeGatewayModule } from './realtime/realtime-gateway.module';
import { ScannersModule } from './scanners/scanners.module';
import { ScoresModule } from './scores/scores.module';
import { SteamModule } from './steam/steam.module';
import { ViewCacheModule } from './view-cache/view-cache';
import { SiteModule } from './site/site.module';
import { SupportModule } from './support/support.module';
import { StatsModule } from './stats/stats.module';

/**
 * Express tries each route in turn, in the order modules are found here (each one's imports right after it): the
 * first-load reads of scores and odds (odds, boards, player props), the busiest routes, come right after health, ahead
 * of the accounts' thirty-odd routes (about a microsecond a route passed). The scanners follow the accounts,
 * which they import. No two modules answer the same path, so the order changes nothing else.
 */
@Module({
  imports: [
    CoreModule,
    // a PostgreSQL or Redis that stops answering gets a quick 503 here; the workers wait (RequestTimeouts)
    RequestTimeoutsModule,
    ViewCacheModule,
    HealthModule,
    ScoresModule,
    OddsApiModule,
    ScannersModule,
    SteamModule,
    AccountsModule,
    ReactionsModule,
    RealtimeGatewayModule,
    PicksModule,
    StatsModule,
    SiteModule,
    SupportModule,
    BillingModule,
    AccountClosingModule,
    OpsModule,
    AlertsModule,
    McpModule,
  ],
})
export class AppModule {}
