import { resolve } from 'node:path';
import { z } from 'zod';
import { CORE_SPORTS, DEMO_ACCOUNTS, type OpsRole } from '@oddspulse/shared';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** Whether `value` parses as a URL with one of `protocols` ('https:'…). */
function hasProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const url = (protocols: string[]) =>
  z
    .string()
    .refine((value) => hasProtocol(value, protocols), `must be a URL starting with ${protocols.join(' or ')}//`);

/** The entries of a comma-separated value, trimmed, empties dropped. */
const entries = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

const list = z.string().transform(entries);

/** `host:port` pairs, comma-separated: the Redis Cluster nodes to start from (any of them: the client learns the rest). */
const clusterNodes = z.string().transform((value, ctx) => {
  const nodes = entries(value).map((entry) => {
    const match = /^(.+):(\d{1,5})$/.exec(entry);
    const port = match ? Number(match[2]) : NaN;
    return match && port >= 1 && port <= 65535 ? { host: match[1], port } : null;
  });
  const wrong = entries(value).filter((_, i) => !nodes[i]);
  if (wrong.length) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `must be host:port pairs, comma-separated (got "${wrong.join(', ')}")`,
    });
    return z.NEVER;
  }
  return nodes as Array<{ host: string; port: number }>;
});

/** Email addresses, comma-separated, compared as the accounts store them (trimmed, lower case). */
const emailList = (value: string) => entries(value).map((email) => email.toLowerCase());

/**
 * `sport=scale` pairs, comma-separated, for sports the simulator plays at a time scale of their own
 * (SIMULATOR_SPORT_TIME_SCALES). Only the simulator's sports are accepted, each scale a positive number.
 */
const sportTimeScales = z.string().transform((value, ctx) => {
  const scales: Record<string, number> = {};
  const known = CORE_SPORTS.map((s) => s.key);
  for (const entry of entries(value)) {
    const match = /^([a-z0-9_]+)\s*=\s*(\S+)$/.exec(entry);
    const scale = match ? Number(match[2]) : NaN;
    if (!match) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `must be sport=scale pairs separated by commas (e.g. icehockey_nhl=120), not "${entry}"`,
      });
    } else if (!known.includes(match[1])) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `names ${match[1]}, which the simulator does not play (${known.join(', ')})`,
      });
    } else if (!Number.isFinite(scale) || scale <= 0) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `gives ${match[1]} the scale "${match[2]}"; a scale is a positive number`,
      });
    } else {
      scales[match[1]] = scale;
      continue;
    }
    return z.NEVER;
  }
  return scales;
});

/**
 * Social links shown in the footer and on the account page: `Label=https://url` pairs separated by commas.
 * The product has no accounts of its own by default, so nothing is shown until they are configured.
 */
const socialLinks = z.string().transform((value, ctx) => {
  const links: Array<{ label: string; url: string }> = [];
  for (const entry of entries(value)) {
    const at = entry.indexOf('=');
    const label = at > 0 ? entry.slice(0, at).trim() : '';
    const link = at > 0 ? entry.slice(at + 1).trim() : '';
    if (!label || !hasProtocol(link, ['http:', 'https:'])) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `must be Label=https://… pairs separated by commas (got "${entry}")`,
      });
      return z.NEVER;
    }
    links.push({ label, url: link });
  }
  return links;
});

/** A Stripe price: its id (price_…) or its lookup key (resolved through the API, and checked against the plan's price). */
const stripePrice = z.string().regex(/^[A-Za-z0-9_.-]{1,200}$/, 'must be a Stripe price id (price_…) or a lookup key');
/** Names Express's `trust proxy` knows for address ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const IP_OR_CIDR = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(\/\d{1,3})?$/i;

/**
 * TRUST_PROXY: which hops in front of the server may set X-Forwarded-For, so the client address (rate limits,
 * audit log) is the real one. Off by default: the socket's own address is used and the header is ignored.
 * A number trusts that many hops; otherwise addresses, CIDR ranges or loopback/linklocal/uniquelocal.
 * "true" (trust every hop) is refused: any client could then choose its own address.
 */
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const trimmed = value.trim().toLowerCase();
  if (['', 'false', 'off', 'no', '0'].includes(trimmed)) return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (['true', 'on', 'yes'].includes(trimmed)) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message:
        'cannot trust every hop (any client could choose its address): give the number of proxies or their addresses',
    });
    return z.NEVER;
  }
  const ranges = entries(trimmed);
  const wrong = ranges.find((range) => !PROXY_RANGE_NAMES.includes(range) && !IP_OR_CIDR.test(range));
  if (wrong) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `must be a number of hops, or addresses, CIDR ranges or ${PROXY_RANGE_NAMES.join('/')} (got "${wrong}")`,
    });
    return z.NEVER;
  }
  return ranges;
});

/** Values that mean "nobody set this secret"; refused in production. */
const PLACEHOLDER_SECRETS = [
  'change-me',
  'changeme',
  'secret',
  'dev-secret',
  'development-only-secret',
  'placeholder',
  'xxx',
];

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).default('postgres://postgres@127.0.0.1:5432/oddspulse'),
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  /**
   * A Redis Cluster to use instead of the single Redis of REDIS_URL (whose user, password and TLS still apply to every
   * node): empty for a single Redis. docs/scaling.md says what changes on a cluster.
   */
  REDIS_CLUSTER_NODES: clusterNodes.prefault(''),
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/i, 'must be letters, digits, _ or -')
    .default('oddspulse'),
  /**
   * How long the API server waits on PostgreSQL for one statement's answer (and for a connection): past it the
   * request answers 503 and the client retries, where a database that stopped answering held it for minutes
   * (docs/operating.md, "Outages"). The workers wait as long as their work takes.
   */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /**
   * How long the API server waits on Redis for one command's answer while Redis answers nothing on its connection (time
   * queued behind the process's own commands that Redis is answering does not count); as above, the workers wait.
   */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(100).default(2000),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').default('development-only-secret-0123456789abcdef'),
  DEMO_MODE: bool.optional(),
  CLIENT_DIST: z.string().optional(),
  SIMULATOR_SEED: z.coerce.number().int().default(42),
  SIMULATOR_TIME_SCALE: z.coerce.number().positive().default(1),
  SIMULATOR_SPORT_TIME_SCALES: sportTimeScales.prefault(''),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  ODDS_PROVIDER: z.enum(['simulator', 'theoddsapi', 'stream']).default('simulator'),
  /**
   * The odds stream in OpticOdds' shape (ODDS_PROVIDER=stream): `{base}/stream/odds/{sport}` (server-sent events) and
   * `{base}/fixtures/odds` (its REST snapshot). The default is the simulator's stream, which `npm start` runs.
   */
  ODDS_STREAM_URL: url(['http:', 'https:']).default('http://127.0.0.1:3100/api/v3'),
  /** The stream's key (sent as X-Api-Key, never logged); the simulator's stream needs none. */
  ODDS_STREAM_KEY: z.string().optional(),
  /** How often the stream sends `ping`: no message for twice this is a stalled stream. */
  ODDS_STREAM_PING_MS: z.coerce.number().int().min(50).default(5000),
  /** How far back the stream replays from a `last_entry_id` (OpticOdds: about 30 s); older, the worker resyncs. */
  ODDS_STREAM_REPLAY_MS: z.coerce.number().int().min(100).default(30000),
  /** The port of the simulator's stream (`npm start` runs it when ODDS_PROVIDER=stream and ODDS_STREAM_URL is its). */
  SIMULATOR_STREAM_PORT: z.coerce.number().int().min(1).max(65535).default(3100),
  SCORES_PROVIDER: z.enum(['simulator', 'espn', 'theoddsapi']).default('simulator'),
  ODDS_API_KEY: z.string().optional(),
  ODDS_API_BASE_URL: url(['http:', 'https:']).default('https://api.the-odds-api.com'),
  ODDS_API_REGIONS: list.prefault('us,us2,us_exchanges'),
  ODDS_API_MARKETS: list.prefault('h2h,spreads,totals'),
  ODDS_API_PROPS_REGIONS: list.prefault('us,us_dfs'),
  ODDS_API_PROPS_MARKETS: list.prefault(
    'player_pass_yds,player_rush_yds,player_receptions,player_anytime_td,player_points,player_rebounds,player_assists',
  ),
  ODDS_API_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  ODDS_API_CREDIT_RESERVE: z.coerce.number().int().min(0).default(500),
  ODDS_API_PRIORITY_SPORTS: list.prefault('americanfootball_nfl,basketball_nba'),
  ESPN_BASE_URL: url(['http:', 'https:']).default('https://site.api.espn.com/apis/site/v2/sports'),
  FEED_SPORTS: list.prefault(
    'americanfootball_nfl,americanfootball_ncaaf,basketball_nba,basketball_ncaab,icehockey_nhl,baseball_mlb,soccer_usa_mls,soccer_epl',
  ),
  FEED_RETRY_ATTEMPTS: z.coerce.number().int().min(0).max(10).default(3),
  FEED_RETRY_BASE_MS: z.coerce.number().int().min(1).default(5000),
  /** A feed request with its retries ends within this: under the odds cadence, so polls never pile up. */
  FEED_REQUEST_DEADLINE_MS: z.coerce.number().int().min(100).default(25000),
  SCHEDULER_TICK_MS: z.coerce.number().int().min(100).default(1000),
  PROPS_INTERVAL_MS: z.coerce.number().int().min(100).default(120000),
  SCORES_LIVE_INTERVAL_MS: z.coerce.number().int().min(100).default(15000),
  SCORES_IDLE_INTERVAL_MS: z.coerce.number().int().min(100).default(60000),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(300).default(2_592_000),
  REFRESH_TOKEN_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  FREE_MONTHLY_QUOTA: z.coerce.number().int().min(0).default(250),
  PASSWORD_RESET_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  /**
   * How long a connection to SMTP_URL may take to open, to be greeted, and stay silent mid-conversation: past any, the
   * send or check fails and a password reset or support request answers 503 (DECISIONS 33). nodemailer's own are 2
   * minutes, 30 s and 10 minutes: a server that accepted the connection and never answered held the request that long.
   */
  SMTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  SMTP_GREETING_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  SMTP_SOCKET_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),
  DEV_OUTBOX: bool.prefault('false'),
  /**
   * The product's own files on this machine. Outside production, mail that has no SMTP_URL to go to is written under
   * DATA_DIR/mail (DECISIONS 33). Defaults to .data at the top of the checkout, whichever package's code reads it.
   */
  DATA_DIR: z
    .string()
    .default(resolve(__dirname, '..', '..', '..', '.data'))
    .transform((dir) => resolve(dir)),
  MAIL_FROM: z.string().default('OddsPulse <no-reply@oddspulse.local>'),
  /** Where support requests go (the /contact form, Platinum's premium support). */
  SUPPORT_EMAIL: z.string().email().default('support@oddspulse.local'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_TEAM_ID: z.string().optional(),
  APPLE_KEY_ID: z.string().optional(),
  APPLE_PRIVATE_KEY: z.string().optional(),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  RATE_LIMIT_LOGIN_MAX: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins of one account, from any addresses, before each further one locks it for a growing time. */
  RATE_LIMIT_LOGIN_ACCOUNT_MAX: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_LOGIN_ACCOUNT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(86_400),
  RATE_LIMIT_RESET_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  RATE_LIMIT_RESET_MAX: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_RESET_EMAIL_MAX: z.coerce.number().int().min(1).default(3),
  /**
   * Reset confirmations per address, and per reset link, in the reset window: each that gets past the link's check
   * runs argon2. A user confirms once, after a few refusals of a weak password at most.
   */
  RATE_LIMIT_RESET_CONFIRM_MAX: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_RESET_CONFIRM_TOKEN_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_SIGNUP_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  RATE_LIMIT_SIGNUP_MAX: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_SIGNUP_EMAIL_MAX: z.coerce.number().int().min(1).default(5),
  /** Support requests per account per hour, and per address they are acknowledged to per day. */
  RATE_LIMIT_SUPPORT_MAX: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_SUPPORT_RECIPIENT_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_API_KEY_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_API_KEY_MAX: z.coerce.number().int().min(1).default(300),
  SOCKET_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(10),
  SOCKET_RATE_LIMIT_CONNECTION_MAX: z.coerce.number().int().min(1).default(100),
  SOCKET_RATE_LIMIT_ADDRESS_MAX: z.coerce.number().int().min(1).default(300),
  SOCKET_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  SOCKET_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: trustProxy.prefault('false'),
  DETECT_MIN_PROFIT_PCT: z.coerce.number().min(0).default(0.1),
  DETECT_MIN_GAP: z.coerce.number().min(0).default(0.5),
  DETECT_MIN_PROBABILITY: z.coerce.number().min(0).default(5),
  DETECT_MIN_EV_PCT: z.coerce.number().min(0).default(0),
  SETTLEMENT_INTERVAL_MS: z.coerce.number().int().min(1000).default(600_000),
  VALIDATE_NOW_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  // Whole UTC days of odds_history kept besides today; older day partitions are dropped.
  ODDS_HISTORY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  /** An odds history outbox entry read by a writer and not stored within this is taken over by another writer. */
  ODDS_HISTORY_CLAIM_IDLE_MS: z.coerce.number().int().min(100).default(30000),
  SOCIAL_LINKS: socialLinks.prefault(''),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  STRIPE_PRICE_GOLD: stripePrice.default('oddspulse_gold_monthly'),
  STRIPE_PRICE_PLATINUM: stripePrice.default('oddspulse_platinum_monthly'),
  STRIPE_PRICE_PLATINUM_GIFT: stripePrice.default('oddspulse_platinum_gift'),
  STRIPE_API_BASE_URL: url(['http:', 'https:']).optional(),
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(500).max(80_000).default(10_000),
  BILLING_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(60_000).default(86_400_000),
  OPS_EMAILS: z.string().transform(emailList).prefault(''),
  OPS_VIEWER_EMAILS: z.string().transform(emailList).prefault(''),
  OPS_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(1000).max(60_000).default(5000),
  METRICS_TOKEN: z
    .string()
    .min(24, 'must be at least 24 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  WORKERS_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{87}$/,
      'must be an uncompressed P-256 public key, base64url (npx web-push generate-vapid-keys)',
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, base64url (npx web-push generate-vapid-keys)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// contact')
    .default('mailto:alerts@oddspulse.local'),
  ALERT_RATE_CAP_PER_HOUR: z.coerce.number().int().min(1).default(30),
  ALERT_DELIVERY_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(4),
  ALERT_RETRY_BASE_MS: z.coerce.number().int().min(10).default(10_000),
  ALERT_WEBHOOK_FAILURE_LIMIT: z.coerce.number().int().min(1).default(5),
  ALERT_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  ALERT_DIGEST_INTERVAL_MS: z.coerce.number().int().min(1000).default(900_000),
});

export type RawConfig = z.infer<typeof configSchema>;
export type AppConfig = Omit<RawConfig, 'DEMO_MODE'> & { DEMO_MODE: boolean };

export class ConfigError extends Error {}

/** Google sign-in is on when both of its keys are set. */
export function googleConfigured(config: Pick<RawConfig, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET'>): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}

/** Apple sign-in is on when all four of its keys are set. */
export function appleConfigured(
  config: Pick<RawConfig, 'APPLE_CLIENT_ID' | 'APPLE_TEAM_ID' | 'APPLE_KEY_ID' | 'APPLE_PRIVATE_KEY'>,
): boolean {
  return Boolean(config.APPLE_CLIENT_ID && config.APPLE_TEAM_ID && config.APPLE_KEY_ID && config.APPLE_PRIVATE_KEY);
}

/**
 * The operations role of an address: OPS_EMAILS are `ops`, OPS_VIEWER_EMAILS `ops_viewer` (ops wins when
 * both name it); in demo mode the demo operations account holds its role as if configured. Null for everyone else.
 */
export function opsRoleOf(
  email: string,
  config: Pick<AppConfig, 'OPS_EMAILS' | 'OPS_VIEWER_EMAILS' | 'DEMO_MODE'>,
): OpsRole | null {
  const address = email.trim().toLowerCase();
  if (config.OPS_EMAILS.includes(address)) return 'ops';
  if (config.OPS_VIEWER_EMAILS.includes(address)) return 'ops_viewer';
  if (config.DEMO_MODE) return DEMO_ACCOUNTS.find((account) => account.email === address)?.role ?? null;
  return null;
}

/**
 * How the product takes payments: `stripe` with a key; without one the local checkout (spec DESIGN "payments"),
 * except in production, where payments are `off` (checkout answers 503) rather than given away.
 */
export type BillingMode = 'stripe' | 'local' | 'off';

export function billingMode(config: Pick<AppConfig, 'STRIPE_SECRET_KEY' | 'NODE_ENV'>): BillingMode {
  if (config.STRIPE_SECRET_KEY) return 'stripe';
  return config.NODE_ENV === 'production' ? 'off' : 'local';
}

/** The product's own origin: OAuth redirects and email links land here. */
export function publicOrigin(config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT'>): string {
  return new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).origin;
}

/**
 * Parses the environment. Throws a ConfigError whose message is one line naming the variable,
 * so a bad deployment stops with a readable reason instead of a stack trace.
 */
export function parseConfig(env: NodeJS.ProcessEnv): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue.path.join('.') || 'environment';
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  const raw = result.data;
  const production = raw.NODE_ENV === 'production';
  const config: AppConfig = { ...raw, DEMO_MODE: raw.DEMO_MODE ?? !production };

  if (config.ODDS_PROVIDER === 'theoddsapi' && !config.ODDS_API_KEY) {
    throw new ConfigError('Invalid configuration: ODDS_API_KEY is required when ODDS_PROVIDER=theoddsapi');
  }
  if (config.WORKERS_METRICS_PORT && !config.METRICS_TOKEN) {
    // The workers have no sessions: without a token nobody could scrape them, or everybody could.
    throw new ConfigError('Invalid configuration: METRICS_TOKEN is required when WORKERS_METRICS_PORT is set');
  }
  if (config.SCORES_PROVIDER === 'theoddsapi' && !config.ODDS_API_KEY) {
    throw new ConfigError('Invalid configuration: ODDS_API_KEY is required when SCORES_PROVIDER=theoddsapi');
  }

  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither',
    );
  }

  // Half a Stripe set-up takes money it cannot record (no webhook secret) or verifies events for nobody.
  if (Boolean(config.STRIPE_SECRET_KEY) !== Boolean(config.STRIPE_WEBHOOK_SECRET)) {
    const missing = config.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
    throw new ConfigError(
      `Invalid configuration: ${missing} is required: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together, or neither`,
    );
  }

  if (production) {
    if (config.STRIPE_SECRET_KEY && !config.PUBLIC_URL) {
      throw new ConfigError(
        'Invalid configuration: PUBLIC_URL is required in production when Stripe is on (checkout returns to it)',
      );
    }
    if (config.STRIPE_API_BASE_URL) {
      throw new ConfigError(
        'Invalid configuration: STRIPE_API_BASE_URL is for tests and stripe-mock; unset it in production',
      );
    }
    if (!cleaned.JWT_SECRET) {
      throw new ConfigError('Invalid configuration: JWT_SECRET is required in production');
    }
    const lowered = config.JWT_SECRET.toLowerCase();
    if (PLACEHOLDER_SECRETS.some((p) => lowered.includes(p))) {
      throw new ConfigError('Invalid configuration: JWT_SECRET is a placeholder; set a random secret in production');
    }
    if (config.DEMO_MODE) {
      throw new ConfigError('Invalid configuration: DEMO_MODE cannot be on in production');
    }
    if (config.DEV_OUTBOX) {
      throw new ConfigError(
        'Invalid configuration: DEV_OUTBOX cannot be on in production (it shows mail, reset links included, on a web page); set SMTP_URL',
      );
    }
    for (const name of ['GOOGLE_CLIENT_SECRET', 'APPLE_PRIVATE_KEY', 'METRICS_TOKEN'] as const) {
      const value = config[name]?.toLowerCase();
      if (value && PLACEHOLDER_SECRETS.some((p) => value.includes(p))) {
        throw new ConfigError(`Invalid configuration: ${name} is a placeholder; set the real secret in production`);
      }
    }
    if ((googleConfigured(config) || appleConfigured(config)) && !config.PUBLIC_URL) {
      throw new ConfigError(
        'Invalid configuration: PUBLIC_URL is required in production when Google or Apple sign-in is on',
      );
    }
  }
  return config;
}
