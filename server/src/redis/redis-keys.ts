/** Key names below the instance prefix, in one place so server and workers agree. */
export const RedisKeys = {
  /** When the feeds scheduler last ran (epoch ms). */
  scheduleLastTick: ['feeds', 'schedule', 'last-tick'],
  /** The current board of a sport: a SportBoard JSON (kind `odds` for straight bets, `props` for player props). */
  board: (kind: 'odds' | 'props', sport: string) => ['board', kind, sport],
  /** When that board was fetched and since when its feed is failing: `{fetched_at, stale_since}` JSON, written with it. */
  boardFreshness: (kind: 'odds' | 'props', sport: string) => ['board-freshness', kind, sport],
  /** The current scoreboard of a sport: a SportScoreboard JSON. */
  scoreboard: (sport: string) => ['scores', sport],
  /** Current opportunities of a sport: a hash of `{board}:{eventId}` → JSON array of OpportunityUpdate (new/updated). */
  opportunities: (kind: 'ev' | 'arbitrage' | 'middles', sport: string) => ['opportunities', kind, sport],
  /** Opportunities found on a UTC day (YYYY-MM-DD): a hash of `{kind}:found`, `{kind}:edge_bp_sum`, `{kind}:edge_n`. */
  opportunitiesFoundDaily: (day: string) => ['stats', 'opportunities', day],
  /** The ids already counted on that day, per kind, so each opportunity counts once a day. */
  opportunitiesSeenDaily: (day: string, kind: string) => ['stats', 'opportunities', day, 'seen', kind],
  /** Feed state per `{kind}:{sport}` field: a FeedStatus JSON, read by /api/health. */
  feedStatus: ['feeds', 'status'],
  /** The Odds API credit state: a hash (remaining, used, last, updated_at). */
  oddsApiCredits: ['feeds', 'theoddsapi', 'credits'],
  /** Credits spent per sport: a hash of sport → credits. */
  oddsApiCreditsBySport: ['feeds', 'theoddsapi', 'credits-by-sport'],
  /** The Odds API's in-season sport keys (GET /v4/sports, free of credits): a JSON list, kept an hour. */
  oddsApiSports: ['feeds', 'theoddsapi', 'sports'],
  /** A poll's lock, so two processes never process the same sport and kind at once. */
  pollLock: (kind: string, sport: string) => ['feeds', 'lock', kind, sport],
  /** Pub/sub channel: a user's plan changed (JSON PlanChangedMessage of accounts/plan.service). */
  planChanged: ['accounts', 'plan-changed'],
  rateLimit: ['rate-limit'],
  oauthState: ['accounts', 'oauth-state'],
  loginCode: ['accounts', 'login-code'],
  devOutbox: ['accounts', 'dev-outbox'],
} as const;

/** Deletes every key under a prefix (test runs clean up after themselves with it). */
export function deleteKeysWithPrefix(redis: import('ioredis').Redis, prefix: string): Promise<number> {
  return deleteKeysMatching(redis, `${prefix}:*`);
}

/**
 * Deletes every key an integration run created: those under its prefix and those under the prefixes its
 * specs derive from it (`{prefix}-scores`, `{prefix}-odds`, ...), which `{prefix}:*` alone would miss.
 */
export function deleteRunKeys(redis: import('ioredis').Redis, runPrefix: string): Promise<number> {
  return deleteKeysMatching(redis, `${runPrefix}[-:]*`);
}

async function deleteKeysMatching(redis: import('ioredis').Redis, pattern: string): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    if (keys.length) deleted += await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
  return deleted;
}
