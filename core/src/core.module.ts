import { Global, Module } from '@nestjs/common';
import { AlertsRepository } from './alerts/alerts.repository';
import { AlertsOutboxRepository } from './alerts/alerts-outbox.repository';
import { MailService } from './mail/mail.service';
import { AccountMail } from './mail/account-mail';
import { MailFilesRepository } from './mail/mail-files.repository';
import { ApiKeysRepository } from './accounts/api-keys.repository';
import { AuditLogRepository } from './accounts/audit-log.repository';
import { DevOutboxRepository } from './accounts/dev-outbox.repository';
import { McpSessionsRepository } from './mcp/mcp-sessions.repository';
import { OAuthStateRepository } from './accounts/oauth-state.repository';
import { PasswordResetRepository } from './accounts/password-reset.repository';
import { EmailVerificationRepository } from './accounts/email-verification.repository';
import { PlanRepository } from './accounts/plan.repository';
import { PreferencesRepository } from './accounts/preferences.repository';
import { ProfilesRepository } from './accounts/profiles.repository';
import { SessionsRepository } from './accounts/sessions.repository';
import { UsageRepository } from './accounts/usage.repository';
import { UsersRepository } from './accounts/users.repository';
import { AccountClosingRepository } from './accounts/account-closing.repository';
import { CloseLinksRepository } from './accounts/close-links.repository';
import { PlanChanges } from './accounts/plan-changes';
import { PrincipalChanges } from './accounts/principal-changes';
import { BillingPrices } from './billing/billing-prices';
import { BillingRepository } from './billing/billing.repository';
import { BillingSyncService } from './billing/billing-sync.service';
import { LocalStripeRepository } from './billing/local-stripe.repository';
import { stripeGatewayProvider } from './billing/stripe-gateway.provider';
import { StripeStatus } from './billing/stripe-status.service';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { DatabaseProbe } from './database/database-probe';
import { LiveStateRepository } from './live-state/live-state.repository';
import { FeedBackoffRepository } from './live-state/feed-backoff.repository';
import { StreamLeaseRepository } from './live-state/stream-lease.repository';
import { OddsApiAccountRepository } from './live-state/odds-api-account.repository';
import { MetricsService } from './metrics/metrics.service';
import { StateMetrics } from './metrics/state-metrics';
import { OddsHistoryRepository } from './odds/odds-history.repository';
import { OddsHistoryOutboxRepository } from './odds/odds-history-outbox.repository';
import { OddsHistoryPartitionsRepository } from './odds/odds-history-partitions.repository';
import { OpsStateRepository } from './ops/ops-state.repository';
import { WorkerHeartbeatRepository } from './queue/worker-heartbeat.repository';
import { GameResultsRepository } from './picks/game-results.repository';
import { PicksRepository } from './picks/picks.repository';
import { SettlementRunsRepository } from './picks/settlement-runs.repository';
import { QueueModule } from './queue/queue.module';
import { ReactionsRepository } from './reactions/reactions.repository';
import { RealtimeBus } from './realtime/realtime-bus';
import { RealtimePublisher } from './realtime/realtime-publisher.service';
import { RateLimiters } from './rate-limit/rate-limiters';
import { RedisModule } from './redis/redis.module';
import { OpportunityCountersRepository } from './stats/opportunity-counters.repository';
import { SteamRecordRepository } from './steam/steam-record.repository';
import { SteamStateRepository } from './steam/steam-state.repository';

const repositories = [
  AccountClosingRepository,
  CloseLinksRepository,
  ApiKeysRepository,
  AuditLogRepository,
  DevOutboxRepository,
  McpSessionsRepository,
  OAuthStateRepository,
  PasswordResetRepository,
  EmailVerificationRepository,
  PlanRepository,
  PreferencesRepository,
  ProfilesRepository,
  SessionsRepository,
  UsageRepository,
  UsersRepository,
  LiveStateRepository,
  FeedBackoffRepository,
  StreamLeaseRepository,
  OddsApiAccountRepository,
  OddsHistoryRepository,
  OddsHistoryOutboxRepository,
  OddsHistoryPartitionsRepository,
  GameResultsRepository,
  PicksRepository,
  SettlementRunsRepository,
  OpsStateRepository,
  WorkerHeartbeatRepository,
  ReactionsRepository,
  OpportunityCountersRepository,
  SteamStateRepository,
  SteamRecordRepository,
  BillingRepository,
  LocalStripeRepository,
  stripeGatewayProvider,
  StripeStatus,
  BillingPrices,
  BillingSyncService,
  PlanChanges,
  PrincipalChanges,
  RealtimePublisher,
  RealtimeBus,
  RateLimiters,
  DatabaseProbe,
  MetricsService,
  AlertsRepository,
  AlertsOutboxRepository,
  MailFilesRepository,
  MailService,
  AccountMail,
  StateMetrics,
];

/**
 * What both processes run on, imported once by each (the API's AppModule, the WorkersModule): configuration,
 * PostgreSQL, Redis, the queues, the realtime publisher, the metrics and every repository, all global.
 */
@Global()
@Module({
  imports: [ConfigModule, DatabaseModule, RedisModule, QueueModule],
  providers: repositories,
  exports: [
    ConfigModule,
    DatabaseModule,
    RedisModule,
    QueueModule,
    ...repositories.map((p) => ('provide' in p ? p.provide : p)),
  ],
})
export class CoreModule {}
