import { Cluster } from 'ioredis';
import { REALTIME_CHANNELS, type RealtimeChannel } from '@oddspulse/shared';
import type { RedisClient } from './redis.service';

/**
 * A hash tag: on a Redis Cluster only the part in braces picks a key's slot, so the keys one command, transaction or
 * script touches together carry the same tag (a cluster refuses anything else with CROSSSLOT). The tags name what
 * stays together: a realtime room (`{odds:basketball_nba}`: its counter, epoch, buffer and channel, and the board and
 * outbox its script writes), a sport's opportunities of a kind, a day's statistics. On a single Redis they are
 * plain characters. docs/scaling.md.
 */
export const hashTag = (...parts: string[]): string => `{${parts.join(':')}}`;

/** The tag of a realtime room: `{channel}:{key}` in braces, shared by every key its publish script touches. */
const roomTag = (channel: string, key: string) => hashTag(channel, key);

/** Key names below the instance prefix, in one place so server and workers agree. */
export const RedisKeys = {
  /** When the feeds scheduler last ran (epoch ms). */
  scheduleLastTick: ['feeds', 'schedule', 'last-tick'],
  /**
   * The current board of a sport stored by market (kind `odds` for straight bets, `props` for player props): a hash of
   * its markets, its events without their prices and their order (`core/src/live-state/board-fields.ts`).
   */
  boardMarkets: (kind: 'odds' | 'props', sport: string) => ['board-markets', roomTag(kind, sport)],
  /** The board as one SportBoard JSON, as versions before the board was stored by market wrote it: read until replaced. */
  board: (kind: 'odds' | 'props', sport: string) => ['board', roomTag(kind, sport)],
  /** When that board was fetched and since when its feed is failing: `{fetched_at, stale_since}` JSON, written with it. */
  boardFreshness: (kind: 'odds' | 'props', sport: string) => ['board-freshness', roomTag(kind, sport)],
  /** The current scoreboard of a sport: a SportScoreboard JSON. */
  scoreboard: (sport: string) => ['scores', roomTag('scores', sport)],
  /** A counter bumped with every scoreboard write, so readers can cache what they built from it. */
  scoreboardRevision: (sport: string) => ['scoreboard-revision', roomTag('scores', sport)],
  /** Current opportunities of a sport: a hash of `{board}:{eventId}` → JSON array of OpportunityUpdate (new/updated). */
  opportunities: (kind: 'ev' | 'arbitrage' | 'middles', sport: string) => ['opportunities', roomTag(kind, sport)],
  /** A counter bumped with every change to that hash, so readers can cache what they built from it. */
  opportunitiesRevision: (kind: 'ev' | 'arbitrage' | 'middles', sport: string) => [
    'opportunities-revision',
    roomTag(kind, sport),
  ],
  /**
   * When detection next scans each event of a board again though no price of it moved (DetectionService): a sorted set
   * of event ids by the time (epoch ms) the clock alone changes what a scan finds (a price past its age, the start).
   */
  opportunityReviews: (kind: 'odds' | 'props', sport: string) => ['opportunity-reviews', roomTag(kind, sport)],
  /**
   * An event's steam price-history window (DECISIONS 34): a hash of series (`market<TAB>side<TAB>book`) → JSON list of
   * `[at, price, point]`, in the sport's steam room's slot.
   */
  steamWindow: (sport: string, eventId: string) => ['steam', 'window', roomTag('steam', sport), eventId],
  /** A sport's active steam alerts: hash alert id → SteamAlert JSON, written in the step that publishes each change. */
  steamAlerts: (sport: string) => ['steam', 'alerts', roomTag('steam', sport)],
  /** Claims the alert of an event, market and side, so however many workers detect a move one alert is raised. */
  steamClaim: (sport: string, eventId: string, market: string, side: string) => [
    'steam',
    'claim',
    roomTag('steam', sport),
    eventId,
    market,
    side,
  ],
  /** Steam alerts raised and expired, published and not yet in PostgreSQL: a stream the steam record drains. */
  steamRecordOutbox: (sport: string) => ['steam', 'record-outbox', roomTag('steam', sport)],
  /**
   * What a room's changes hand to the alert rules (AlertHandOff JSON entries) and detection has not yet queued: a stream
   * written in the step that saves a kind's opportunities, publishes a steam alert or stores an odds board (the events
   * its price targets are checked on), in that room's slot.
   */
  alertsOutbox: (room: 'ev' | 'arbitrage' | 'middles' | 'steam' | 'odds', sport: string) => [
    'alerts',
    'outbox',
    roomTag(room, sport),
  ],
  /** Opportunities found on a UTC day (YYYY-MM-DD): a hash of `{kind}:found`, `{kind}:edge_bp_sum`, `{kind}:edge_n`. */
  opportunitiesFoundDaily: (day: string) => ['stats', 'opportunities', hashTag('found', day)],
  /** The ids already counted on that day, per kind, so each opportunity counts once a day (counted with the hash above). */
  opportunitiesSeenDaily: (day: string, kind: string) => [
    'stats',
    'opportunities',
    hashTag('found', day),
    'seen',
    kind,
  ],
  /** Feed state per `{kind}:{sport}` field: a FeedStatus JSON, read by /api/health. */
  feedStatus: ['feeds', 'status'],
  /** What the scheduler knows of each sport's events from its last odds poll: a hash of sport → ScheduledEvent[] JSON. */
  oddsSchedule: ['feeds', 'odds-schedule'],
  /** The slot each event class of a sport was last planned for: a hash of sport → PlannedSlots JSON. */
  oddsPlanned: ['feeds', hashTag('odds-plans'), 'planned'],
  /** What the credit budget kept off at the scheduler's last run: a hash of sport → `{at, held}` JSON (empty: nothing). */
  oddsHeld: ['feeds', hashTag('odds-plans'), 'held'],
  /**
   * A board's odds history outbox: a stream of its price changes published and not yet stored in PostgreSQL, in its
   * room's slot (the publish script appends to it).
   */
  oddsHistoryOutbox: (kind: 'odds' | 'props', sport: string) => ['odds-history', 'outbox', roomTag(kind, sport)],
  /** The outbox streams (a set of their full keys), so history writers find every board's. */
  oddsHistoryOutboxes: ['odds-history', 'outboxes'],
  /** The one outbox every board shared before outboxes were per board: drained, then left empty. */
  legacyOddsHistoryOutbox: ['odds-history', 'outbox'],
  /** The Odds API credit state: a hash (remaining, used, last, updated_at). */
  oddsApiCredits: ['feeds', hashTag('theoddsapi'), 'credits'],
  /** Credits spent per sport: a hash of sport → credits. */
  oddsApiCreditsBySport: ['feeds', hashTag('theoddsapi'), 'credits-by-sport'],
  /** Readings of The Odds API balance over the last day (sorted set scored by time, member `{time}:{remaining}`), for the burn rate. */
  oddsApiCreditSamples: ['feeds', hashTag('theoddsapi'), 'credit-samples'],
  /** The Odds API's in-season sport keys (GET /v4/sports, free of credits): a JSON list, kept an hour. */
  oddsApiSports: ['feeds', 'theoddsapi', 'sports'],
  /** A feed's back-off: `{feed}` is a provider, or a provider and sport; a FeedBackoff JSON. */
  feedBackoff: (feed: string) => ['feeds', 'backoff', feed],
  /** A poll's lock, so two processes never process the same sport and kind at once. */
  pollLock: (kind: string, sport: string) => ['feeds', 'lock', kind, sport],
  /** The lease of a sport's odds stream: the one worker that holds it keeps the sport's one connection. */
  streamLease: (sport: string) => ['feeds', 'lock', 'stream', sport],
  /** Control topic: a user's plan changed (JSON PlanChangedMessage of shared). */
  planChanged: ['accounts', 'plan-changed'],
  /** Control topic: a user's sessions, API keys or plan changed (the user id), so servers drop the principals they keep. */
  principalChanged: ['accounts', 'principal-changed'],
  /**
   * Control topic: a board's stamp, a sport's opportunities or a scoreboard was written (the text names which:
   * LiveStateNotices), so servers drop the versions of them they keep in memory.
   */
  liveStateChanged: ['live-state', 'changed'],
  /** Control topic: one gateway process's relay barrier (it publishes to itself to know its subscriber caught up). */
  relayBarrier: (processId: string) => ['gateway', 'barrier', processId],
  /** Claims a realtime notice that several processes would publish (a plan change), so the first publishes it once. */
  notice: (digest: string) => ['gateway', 'plan-notice', digest],
  /** A worker process's heartbeat (WorkerHeartbeat JSON), lapsing unless it beats again. */
  workerHeartbeat: (id: string) => ['workers', hashTag('workers'), 'heartbeat', id],
  /** Every worker's last beat (a hash of process id → WorkerHeartbeat JSON), so health names the silent ones. */
  workerHeartbeats: ['workers', hashTag('workers'), 'heartbeats'],
  /** The last settlement runs (newest first, a capped list of SettlementRun JSON) for the operations page. */
  settlementRuns: ['picks', 'settlement-runs'],
  /** Each server process's socket figures (a hash of process id → JSON with the time of the sample). */
  opsGateways: ['ops', 'gateways'],
  /** Claimed by the one server process that builds and pushes the operations overview in a sampling slot. */
  opsSampleClaim: ['ops', 'sample-claim'],
  /** The last operations overview pushed (the `ops` channel's snapshot). */
  opsOverview: ['ops', 'overview'],
  /** Rate-limit counters: `rate-limit:{limit name}:{key}` (rate-limiter-flexible's keys, written by RateLimiters). */
  rateLimit: ['rate-limit'],
  oauthState: ['accounts', 'oauth-state'],
  loginCode: ['accounts', 'login-code'],
  /** The links that confirm closing an account without a password, by the hash of their token: the user id. */
  closeLink: ['accounts', 'close-link'],
  devOutbox: ['accounts', 'dev-outbox'],
  /** An MCP session's owner, and the resources it subscribed to: one hash tag, so a transaction may touch both. */
  mcpSession: (id: string) => ['mcp', `{${id}}`],
  mcpSubscriptions: (id: string) => ['mcp', `{${id}}`, 'subscriptions'],
  /** Alerts counted for a user in an hour slot (epoch hours), for the per-user rate cap. */
  alertRate: (userId: string, hour: number) => ['alerts', 'rate', userId, String(hour)],
} as const;

/**
 * On a Redis Cluster, the control topics every server hears whole travel on sharded channels (SPUBLISH/SSUBSCRIBE) in
 * the one slot of this tag (`{prefix}:{control}:accounts:principal-changed`): one shard carries each message instead
 * of every node, and a listener's loss of them is the loss of one connection, to that slot's primary (RealtimeBus).
 * On a single Redis their names are unchanged. `live-state:changed` is not among them: it is published in the step
 * that writes what it announces, in that write's slot (docs/scaling.md).
 */
export const ShardedControl = {
  tag: hashTag('control'),
  topics: [RedisKeys.planChanged, RedisKeys.principalChanged] as ReadonlyArray<readonly string[]>,
} as const;

/**
 * The realtime channels' names, below the instance prefix (`${REDIS_PREFIX}:` + parts.join(':')):
 * - `rt:{channel:key}`           the pub/sub channel (PSUBSCRIBE `${prefix}:rt:*` to hear them all);
 * - `rt:{channel:key}:seq`       the channel's sequence counter (INCR);
 * - `rt:{channel:key}:epoch`     the epoch of that counter, made when the counter starts at 1 (a counter lost with
 *   Redis's data starts a new epoch);
 * - `rt:{channel:key}:numbered-by` the Redis server (its run and replication history) that numbers under that epoch:
 *   another one (a restart, a failover) may have lost the last numbers, so it starts a new epoch;
 * - `rt:{channel:key}:buffer`    the last REALTIME_BUFFER_SIZE messages, a sorted set scored by seq,
 *   for replay to a socket that reconnects with its last seq.
 */
export const RealtimeKeys = {
  channel: (channel: RealtimeChannel, key: string) => ['rt', roomTag(channel, key)],
  sequence: (channel: RealtimeChannel, key: string) => ['rt', roomTag(channel, key), 'seq'],
  epoch: (channel: RealtimeChannel, key: string) => ['rt', roomTag(channel, key), 'epoch'],
  numberedBy: (channel: RealtimeChannel, key: string) => ['rt', roomTag(channel, key), 'numbered-by'],
  buffer: (channel: RealtimeChannel, key: string) => ['rt', roomTag(channel, key), 'buffer'],
  /** The pattern that matches every realtime channel. */
  pattern: () => ['rt', '*'],
} as const;

/** Parses `rt:{channel:key}` (without the prefix) back into its parts; null for any other name. */
export function parseRealtimeChannel(name: string): { channel: RealtimeChannel; key: string } | null {
  const match = /^rt:\{([^:{}]+):([^:{}]+)\}$/.exec(name);
  if (!match || !REALTIME_CHANNELS.includes(match[1] as RealtimeChannel)) return null;
  return { channel: match[1] as RealtimeChannel, key: match[2] };
}

/** Deletes every key under a prefix (test runs clean up after themselves with it). */
export function deleteKeysWithPrefix(redis: RedisClient, prefix: string): Promise<number> {
  return deleteKeysMatching(redis, `${prefix}:*`);
}

/**
 * Deletes every key an integration run created: those under its prefix and those under the prefixes its
 * specs derive from it (`{prefix}-scores`, `{prefix}-odds`, ...), which `{prefix}:*` alone would miss.
 */
export function deleteRunKeys(redis: RedisClient, runPrefix: string): Promise<number> {
  return deleteKeysMatching(redis, `${runPrefix}[-:]*`);
}

/** On a cluster, every primary's keys: SCAN walks one node, and one UNLINK takes the keys of one slot. */
async function deleteKeysMatching(redis: RedisClient, pattern: string): Promise<number> {
  const nodes = redis instanceof Cluster ? redis.nodes('master') : [redis];
  let deleted = 0;
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      if (keys.length && redis instanceof Cluster) for (const key of keys) deleted += await redis.unlink(key);
      else if (keys.length) deleted += await node.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
  return deleted;
}
