import { z } from 'zod';
import { CORE_SPORTS } from '@oddspulse/shared';

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

const url = (protocols: string[]) => z.string().refine((value) => hasProtocol(value, protocols), `must be a URL starting with ${protocols.join(' or ')}//`);

/** The entries of a comma-separated value, trimmed, empties dropped. */
const entries = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

const list = z.string().transform(entries);

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
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be sport=scale pairs separated by commas (e.g. icehockey_nhl=120), not "${entry}"` });
    } else if (!known.includes(match[1])) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `names ${match[1]}, which the simulator does not play (${known.join(', ')})` });
    } else if (!Number.isFinite(scale) || scale <= 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `gives ${match[1]} the scale "${match[2]}"; a scale is a positive number` });
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
const socialLinks = z
  .string()
  .transform((value, ctx) => {
    const links: Array<{ label: string; url: string }> = [];
    for (const entry of entries(value)) {
      const at = entry.indexOf('=');
      const label = at > 0 ? entry.slice(0, at).trim() : '';
      const link = at > 0 ? entry.slice(at + 1).trim() : '';
      if (!label || !hasProtocol(link, ['http:', 'https:'])) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be Label=https://… pairs separated by commas (got "${entry}")` });
        return z.NEVER;
      }
      links.push({ label, url: link });
    }
    return links;
  });

/** Values that mean "nobody set this secret"; refused in production. */
const PLACEHOLDER_SECRETS = ['change-me', 'changeme', 'secret', 'dev-secret', 'development-only-secret', 'placeholder', 'xxx'];

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).default('postgres://postgres@127.0.0.1:5432/oddspulse'),
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/i, 'must be letters, digits, _ or -')
    .default('oddspulse'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').default('development-only-secret-0123456789abcdef'),
  DEMO_MODE: bool.optional(),
  CLIENT_DIST: z.string().optional(),
  SIMULATOR_SEED: z.coerce.number().int().default(42),
  SIMULATOR_TIME_SCALE: z.coerce.number().positive().default(1),
  SIMULATOR_SPORT_TIME_SCALES: sportTimeScales.default(''),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  ODDS_PROVIDER: z.enum(['simulator', 'theoddsapi']).default('simulator'),
  SCORES_PROVIDER: z.enum(['simulator', 'espn', 'theoddsapi']).default('simulator'),
  ODDS_API_KEY: z.string().optional(),
  ODDS_API_BASE_URL: url(['http:', 'https:']).default('https://api.the-odds-api.com'),
  ODDS_API_REGIONS: list.default('us,us2,us_exchanges'),
  ODDS_API_MARKETS: list.default('h2h,spreads,totals'),
  ODDS_API_PROPS_REGIONS: list.default('us,us_dfs'),
  ODDS_API_PROPS_MARKETS: list.default('player_pass_yds,player_rush_yds,player_receptions,player_anytime_td,player_points,player_rebounds,player_assists'),
  ODDS_API_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  ODDS_API_CREDIT_RESERVE: z.coerce.number().int().min(0).default(500),
  ODDS_API_PRIORITY_SPORTS: list.default('americanfootball_nfl,basketball_nba'),
  ESPN_BASE_URL: url(['http:', 'https:']).default('https://site.api.espn.com/apis/site/v2/sports'),
  FEED_SPORTS: list.default('americanfootball_nfl,americanfootball_ncaaf,basketball_nba,basketball_ncaab,icehockey_nhl,baseball_mlb,soccer_usa_mls,soccer_epl'),
  FEED_RETRY_ATTEMPTS: z.coerce.number().int().min(0).max(10).default(3),
  FEED_RETRY_BASE_MS: z.coerce.number().int().min(1).default(5000),
  SCHEDULER_TICK_MS: z.coerce.number().int().min(100).default(5000),
  ODDS_INTERVAL_MS: z.coerce.number().int().min(100).default(30000),
  ODDS_LIVE_INTERVAL_MS: z.coerce.number().int().min(100).default(10000),
  PROPS_INTERVAL_MS: z.coerce.number().int().min(100).default(120000),
  SCORES_LIVE_INTERVAL_MS: z.coerce.number().int().min(100).default(15000),
  SCORES_IDLE_INTERVAL_MS: z.coerce.number().int().min(100).default(60000),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(300).default(2_592_000),
  FREE_MONTHLY_QUOTA: z.coerce.number().int().min(0).default(250),
  PASSWORD_RESET_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().default('OddsPulse <no-reply@oddspulse.local>'),
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
  RATE_LIMIT_RESET_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  RATE_LIMIT_RESET_MAX: z.coerce.number().int().min(1).default(5),
  DETECT_MIN_PROFIT_PCT: z.coerce.number().min(0).default(0.1),
  DETECT_MIN_GAP: z.coerce.number().min(0).default(0.5),
  DETECT_MIN_PROBABILITY: z.coerce.number().min(0).default(5),
  DETECT_MIN_EV_PCT: z.coerce.number().min(0).default(0),
  SETTLEMENT_INTERVAL_MS: z.coerce.number().int().min(1000).default(600_000),
  VALIDATE_NOW_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  SOCIAL_LINKS: socialLinks.default(''),
});

export type RawConfig = z.infer<typeof configSchema>;
export type AppConfig = Omit<RawConfig, 'DEMO_MODE'> & { DEMO_MODE: boolean };

export class ConfigError extends Error {}

/** Google sign-in is on when both of its keys are set. */
export function googleConfigured(config: Pick<RawConfig, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET'>): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}

/** Apple sign-in is on when all four of its keys are set. */
export function appleConfigured(config: Pick<RawConfig, 'APPLE_CLIENT_ID' | 'APPLE_TEAM_ID' | 'APPLE_KEY_ID' | 'APPLE_PRIVATE_KEY'>): boolean {
  return Boolean(config.APPLE_CLIENT_ID && config.APPLE_TEAM_ID && config.APPLE_KEY_ID && config.APPLE_PRIVATE_KEY);
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
  if (config.SCORES_PROVIDER === 'theoddsapi' && !config.ODDS_API_KEY) {
    throw new ConfigError('Invalid configuration: ODDS_API_KEY is required when SCORES_PROVIDER=theoddsapi');
  }

  if (production) {
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
    for (const name of ['GOOGLE_CLIENT_SECRET', 'APPLE_PRIVATE_KEY'] as const) {
      const value = config[name]?.toLowerCase();
      if (value && PLACEHOLDER_SECRETS.some((p) => value.includes(p))) {
        throw new ConfigError(`Invalid configuration: ${name} is a placeholder; set the real secret in production`);
      }
    }
    if ((googleConfigured(config) || appleConfigured(config)) && !config.PUBLIC_URL) {
      throw new ConfigError('Invalid configuration: PUBLIC_URL is required in production when Google or Apple sign-in is on');
    }
  }
  return config;
}
