import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy as AppleOAuthStrategy, type AppleProfile } from '@nicokaiser/passport-apple';
import { Strategy as GoogleOAuthStrategy, type Profile as GoogleProfile } from 'passport-google-oauth20';
import { publicOrigin, type AppConfig, type UserRow } from '@oddspulse/core';
import { AuthService } from '../auth/auth.service';

/** Provider endpoints; the defaults are the providers' own (tests point them at a local stand-in). */
export const GOOGLE_OAUTH_ENDPOINTS = Symbol('GOOGLE_OAUTH_ENDPOINTS');
export interface GoogleOAuthEndpoints {
  authorizationURL?: string;
  tokenURL?: string;
  userProfileURL?: string;
}

/** Google sign-in (passport-google-oauth20); registered only when GOOGLE_CLIENT_ID and _SECRET are set. */
@Injectable()
export class GoogleStrategy extends PassportStrategy(GoogleOAuthStrategy, 'google') {
  constructor(
    config: AppConfig,
    endpoints: GoogleOAuthEndpoints,
    private readonly auth: AuthService,
  ) {
    super({
      clientID: config.GOOGLE_CLIENT_ID!,
      clientSecret: config.GOOGLE_CLIENT_SECRET!,
      callbackURL: `${publicOrigin(config)}/api/auth/google/callback`,
      scope: ['openid', 'email', 'profile'],
      ...endpoints,
    });
  }

  validate(_accessToken: string, _refreshToken: string, profile: GoogleProfile): Promise<UserRow> {
    const email = profile.emails?.[0];
    const verified =
      profile._json?.email_verified === true ||
      (email as { verified?: boolean | string } | undefined)?.verified === true;
    return this.auth.oauthUser({
      provider: 'google',
      subject: profile.id,
      email: email?.value ?? null,
      emailVerified: verified,
    });
  }
}

/** Sign in with Apple (@nicokaiser/passport-apple, id_token checked against Apple's keys); on when all APPLE_* are set. */
@Injectable()
export class AppleStrategy extends PassportStrategy(AppleOAuthStrategy, 'apple') {
  constructor(
    config: AppConfig,
    private readonly auth: AuthService,
  ) {
    super({
      clientID: config.APPLE_CLIENT_ID!,
      teamID: config.APPLE_TEAM_ID!,
      keyID: config.APPLE_KEY_ID!,
      key: config.APPLE_PRIVATE_KEY!.replace(/\\n/g, '\n'),
      callbackURL: `${publicOrigin(config)}/api/auth/apple/callback`,
      scope: ['email'],
    });
  }

  validate(_accessToken: string, _refreshToken: string, profile: AppleProfile): Promise<UserRow> {
    // Apple only ever returns addresses it has verified (relay addresses included).
    return this.auth.oauthUser({
      provider: 'apple',
      subject: profile.id,
      email: profile.email ?? null,
      emailVerified: Boolean(profile.email),
    });
  }
}
