import type { ApiKeyScope, OpsRole, PlanAccess } from '@oddspulse/shared';

/** How a request proved who it is; only cookie-authenticated unsafe requests need a CSRF token. */
export type AuthSource = 'bearer' | 'cookie' | 'api_key';

/** The signed-in user of a request or socket, with the plan in force now. */
export interface AuthUser {
  id: string;
  email: string;
  access: PlanAccess;
  /** When `access` lapses by itself (the end of the paid period it holds by); null when only a plan change can change it. */
  accessUntil: Date | null;
  via: AuthSource;
  /** The session family of a JWT; null for an API key. */
  sessionId: string | null;
  /** The key of an API-key request or socket (its own rate limit). */
  apiKeyId?: string;
  /** What that key may do (chosen when it was made); what the MCP write tools check. */
  apiKeyScopes?: readonly ApiKeyScope[];
  /**
   * The operations role from configuration (OPS_EMAILS, OPS_VIEWER_EMAILS), read at every authentication;
   * always null for an API key, so a key never reaches the operations routes, console, metrics or channel.
   */
  role: OpsRole | null;
}

/** Claims of an access token. `csrf` is the SHA-256 of the session's CSRF token (double submit, bound to the session). */
export interface AccessTokenClaims {
  sub: string;
  sid: string;
  csrf: string;
  iat?: number;
  exp?: number;
}

export const API_KEY_HEADER = 'x-api-key';
