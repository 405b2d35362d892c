import { Module } from '@nestjs/common';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { RedisModule } from './redis/redis.module';
import { QueueModule } from './queue/queue.module';
import { HealthModule } from './health/health.module';
import { OddsModule } from './odds/odds.module';
import { RealtimeModule } from './realtime/realtime.module';
import { AccountsModule } from './accounts/accounts.module';
import { ReactionsModule } from './reactions/reactions.module';
import { RealtimeGatewayModule } from './realtime/realtime-gateway.module';
import { OddsApiModule } from './odds/odds-api.module';
import { ScannersModule } from './scanners/scanners.module';
import { ScoresModule } from './scores/scores.module';
import { PicksModule } from './picks/picks.module';
import { StatsModule } from './stats/stats.module';
import { SiteModule } from './site/site.module';

@Module({
  imports: [ConfigModule, DatabaseModule, RedisModule, QueueModule, HealthModule, OddsModule, RealtimeModule, AccountsModule, ReactionsModule, RealtimeGatewayModule, OddsApiModule, ScannersModule, ScoresModule, PicksModule, StatsModule, SiteModule],
})
export class AppModule {}
