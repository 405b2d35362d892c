import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG } from '../config/config.module';
import { appleConfigured, googleConfigured, type AppConfig } from '../config/config.schema';
import { ApiKeyService } from './api-key.service';
import { ApiKeyStrategy } from './api-key.strategy';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysRepository } from './api-keys.repository';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { jwtSigningKey } from './crypto';
import { DevOutboxController } from './dev-outbox.controller';
import { AuthenticationGuard, MeteredOddsGuard, OptionalAuthenticationGuard, PaidPlanGuard, PlatinumGuard } from './guards';
import { JwtStrategy } from './jwt.strategy';
import { MailService } from './mail.service';
import { MeController } from './me.controller';
import { OAuthController } from './oauth.controller';
import { OAuthStateService } from './oauth-state.service';
import { AppleStrategy, GOOGLE_OAUTH_ENDPOINTS, GoogleStrategy, type GoogleOAuthEndpoints } from './oauth.strategies';
import { PasswordResetRepository } from './password-reset.repository';
import { PasswordService } from './password.service';
import { PlanRepository } from './plan.repository';
import { PlanService } from './plan.service';
import { PreferencesController } from './preferences.controller';
import { PreferencesRepository } from './preferences.repository';
import { PreferencesService } from './preferences.service';
import { ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';
import { ProfilesRepository } from './profiles.repository';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimiterService } from './rate-limiter.service';
import { SessionService } from './session.service';
import { SessionsRepository } from './sessions.repository';
import { UsageRepository } from './usage.repository';
import { UsersRepository } from './users.repository';

/**
 * Accounts, sessions, plans and entitlements (issue 5). Exports the guards and services later features use:
 * the decorators in ./decorators, PlanService (every plan change), AuthService.authenticateHandshake (the
 * socket gateway) and ApiKeyService.
 */
@Module({
  imports: [
    PassportModule.register({ session: false }),
    JwtModule.registerAsync({ inject: [APP_CONFIG], useFactory: (config: AppConfig) => ({ secret: jwtSigningKey(config.JWT_SECRET) }) }),
  ],
  controllers: [AuthController, OAuthController, MeController, ProfileController, PreferencesController, ApiKeysController, DevOutboxController],
  providers: [
    UsersRepository,
    SessionsRepository,
    ProfilesRepository,
    PlanRepository,
    UsageRepository,
    PreferencesRepository,
    ApiKeysRepository,
    PasswordResetRepository,
    PasswordService,
    SessionService,
    AuthService,
    PlanService,
    ProfileService,
    PreferencesService,
    ApiKeyService,
    MailService,
    OAuthStateService,
    RateLimiterService,
    JwtStrategy,
    ApiKeyStrategy,
    AuthenticationGuard,
    OptionalAuthenticationGuard,
    PaidPlanGuard,
    PlatinumGuard,
    MeteredOddsGuard,
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: GOOGLE_OAUTH_ENDPOINTS, useValue: {} },
    {
      provide: GoogleStrategy,
      inject: [APP_CONFIG, GOOGLE_OAUTH_ENDPOINTS, AuthService],
      useFactory: (config: AppConfig, endpoints: GoogleOAuthEndpoints, auth: AuthService) =>
        googleConfigured(config) ? new GoogleStrategy(config, endpoints, auth) : null,
    },
    {
      provide: AppleStrategy,
      inject: [APP_CONFIG, AuthService],
      useFactory: (config: AppConfig, auth: AuthService) => (appleConfigured(config) ? new AppleStrategy(config, auth) : null),
    },
  ],
  exports: [AuthService, ApiKeyService, PlanService, AuthenticationGuard, OptionalAuthenticationGuard, PaidPlanGuard, PlatinumGuard, MeteredOddsGuard],
})
export class AccountsModule {}
