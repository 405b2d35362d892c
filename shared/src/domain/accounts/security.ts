/**
 * The account's security history (audit log) and personal API keys, as the API returns them.
 */

/** Actions the accounts domain records; other domains add their own (`billing.*`, `ops.*`), shown generically. */
export const AuditActions = {
  signedUp: 'auth.signed_up',
  signedIn: 'auth.signed_in',
  signInFailed: 'auth.sign_in_failed',
  signedOutEverywhere: 'auth.signed_out_everywhere',
  /** The account was closed: the one entry kept of it, with no address or browser. */
  accountClosed: 'auth.account_closed',
  passwordResetRequested: 'auth.password_reset_requested',
  passwordReset: 'auth.password_reset',
  /** A spent refresh token came back after its grace window: the session it belonged to was ended. */
  sessionEndedOnTokenReuse: 'auth.session_ended_token_reuse',
  apiKeyCreated: 'api_key.created',
  apiKeyRenamed: 'api_key.renamed',
  apiKeyRotated: 'api_key.rotated',
  apiKeyRevoked: 'api_key.revoked',
  planChanged: 'plan.changed',
  /** A subscription set to end with its paid period: details carry `access_until`, the period's end (issue wording, §5). */
  subscriptionCancelled: 'plan.subscription_cancelled',
  /** A subscription set to end was resumed before its period ended. */
  subscriptionResumed: 'plan.subscription_resumed',
  /** An operator acted in the queue console (retry, clean, promote, pause), with how it ended: no account's event. */
  opsQueueAction: 'ops.queue_action',
} as const;

/** GET /api/account/security-activity: one entry, newest first. */
export interface SecurityActivityEntry {
  id: string;
  action: string;
  at: string;
  ip: string | null;
  user_agent: string | null;
  /** What the entry is about (a key's name, the plans of a change, the sign-in method); never a secret. */
  details: Record<string, unknown>;
  /** True when an operator acted on the account. */
  by_operator: boolean;
}

/** GET /api/api-keys: a key as listed (the secret itself is shown once, at creation or rotation). */
export interface ApiKeySummary {
  id: string;
  name: string;
  /** The key's first characters, to tell keys apart. */
  prefix: string;
  created_at: string;
  /** When the key was last used, to the minute (recorded at most once a minute). */
  last_used_at: string | null;
  /** What the key may do, chosen when it is made: every key reads; `picks:write` adds the MCP write tools. */
  scopes: ApiKeyScope[];
}

/** POST /api/api-keys and POST /api/api-keys/:id/rotate: the key with its secret, shown this once. */
export interface ApiKeyWithSecret extends ApiKeySummary {
  key: string;
}

export const API_KEY_NAME_MAX_LENGTH = 60;

/**
 * A key's scopes: `read` (the odds, scanner, scores and history reads, the socket, the MCP read tools: every key has
 * it) and `picks:write` (the MCP tools that track a pick or create an alert). REST's non-read routes refuse every key
 * whatever its scopes (the route's own rule, not the scope's).
 */
export const API_KEY_SCOPES = ['read', 'picks:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const MAX_ACTIVE_API_KEYS = 10;

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * A client address as a person reads it: an IPv4 address that a dual-stack socket reports in its IPv6 form
 * (`::ffff:127.0.0.1`) is written as the IPv4 address it is (`127.0.0.1`); any other address is left as it is.
 */
export function unmappedAddress(address: string): string;
export function unmappedAddress(address: string | null): string | null;
export function unmappedAddress(address: string | null): string | null {
  return address === null ? null : (IPV4_MAPPED.exec(address)?.[1] ?? address);
}
