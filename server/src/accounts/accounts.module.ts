import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG, appleConfigured, googleConfigured, type AppConfig } from '@oddspulse/core';
import { ApiKeyService } from './api-keys/api-key.service';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { AccountCreatedHooks, EmailVerifiedHooks } from './auth/account-created.hooks';
import { AuditController } from './audit/audit.controller';
import { AuditService } from './audit/audit.service';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { jwtSigningKey } from './auth/crypto';
import { DevOutboxController } from './mail/dev-outbox.controller';
import {
  AuthenticationGuard,
  MeteredOddsGuard,
  OpsViewerGuard,
  OptionalAuthenticationGuard,
  PaidPlanGuard,
  PlatinumGuard,
} from './access/guards';
import { MeController } from './plans/me.controller';
import { OAuthController } from './oauth/oauth.controller';
import { OAuthStateService } from './oauth/oauth-state.service';
import {
  AppleStrategy,
  GOOGLE_OAUTH_ENDPOINTS,
  GoogleStrategy,
  type GoogleOAuthEndpoints,
} from './oauth/oauth.strategies';
import { PasswordStrength } from './auth/password-strength';
import { PasswordService } from './auth/password.service';
import { PlanService } from './plans/plan.service';
import { PreferencesController } from './profile/preferences.controller';
import { PreferencesService } from './profile/preferences.service';
import { ProfileController } from './profile/profile.controller';
import { ProfileService } from './profile/profile.service';
import { RateLimitGuard } from './access/rate-limit.guard';
import { RequestAuthenticator } from './access/request-authenticator';
import { HttpRateLimits } from './access/rate-limits.service';
import { LoginThrottle } from './access/login-throttle';
import { SessionService } from './auth/session.service';
import { PrincipalCache } from './auth/principal-cache';
import { EmailVerificationController } from './verification/email-verification.controller';
import { EmailVerificationService } from './verification/email-verification.service';

/** The guards of the access rules, which the other modules' controllers use. */
const ACCESS_GUARDS = [
  AuthenticationGuard,
  OptionalAuthenticationGuard,
  PaidPlanGuard,
  PlatinumGuard,
  MeteredOddsGuard,
  OpsViewerGuard,
];

/**
 * Accounts, sessions, plans and entitlements, API keys and the audit log. Exports the guards and
 * services later features use: the decorators in ./access, RequestAuthenticator (the guards' own, for the operations
 * endpoints outside Nest's router), PlanService (every plan change), AuthService.authenticateToken and ApiKeyService
 * (used by the socket gateway's one handshake authenticator, realtime/sockets/socket-auth.service.ts), and AuditService (any
 * domain records security events through it: billing, ops).
 */
@Module({
  imports: [
    PassportModule.register({ session: false }),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ secret: jwtSigningKey(config.JWT_SECRET) }),
    }),
  ],
  controllers: [
    AuthController,
    OAuthController,
    MeController,
    ProfileController,
    PreferencesController,
    ApiKeysController,
    AuditController,
    DevOutboxController,
    EmailVerificationController,
  ],
  providers: [
    AccountCreatedHooks,
    EmailVerifiedHooks,
    PasswordService,
    PasswordStrength,
    AuditService,
    PrincipalCache,
    SessionService,
    AuthService,
    PlanService,
    ProfileService,
    PreferencesService,
    ApiKeyService,
    OAuthStateService,
    HttpRateLimits,
    LoginThrottle,
    EmailVerificationService,
    RequestAuthenticator,
    ...ACCESS_GUARDS,
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
      useFactory: (config: AppConfig, auth: AuthService) =>
        appleConfigured(config) ? new AppleStrategy(config, auth) : null,
    },
  ],
  exports: [
    EmailVerifiedHooks,
    PasswordService,
    LoginThrottle,
    AuthService,
    ApiKeyService,
    PlanService,
    AuditService,
    ...ACCESS_GUARDS,
    RequestAuthenticator,
    HttpRateLimits,
    PreferencesService,
  ],
})
export class AccountsModule {}
