import { Injectable } from '@nestjs/common';
import {
  parseSeriesKey,
  STEAM_DEDUPE_MS,
  STEAM_MOVE_WINDOW_MS,
  type SteamAlert,
  type SteamSeries,
  type WindowQuote,
} from '@oddspulse/shared';
import { RedisKeys } from '../redis/redis-keys';
import { RedisService } from '../redis/redis.service';
import type { ChannelPosition, StateWrites } from '../realtime/realtime-publisher.service';
import { positionedHashValues } from '../redis/positioned-hash';

/**
 * Appends an event's quotes to its window in one step, so workers recording the same event at once lose none.
 * KEYS[1]: the window hash. ARGV[1]: the window's start (ms): each series keeps its quotes after it and the last one at
 * or before it (the price its moves are measured from); ARGV[2]: the window's time to live (ms); then series, time,
 * price and line ('' for none) for each quote. A quote is appended when its price or line differs from the series'
 * last, never earlier than that last one. Answers the whole window.
 */
const RECORD_QUOTES = `
local start = tonumber(ARGV[1])
for i = 3, #ARGV, 4 do
  local field, at, price = ARGV[i], tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2])
  local point = cjson.null
  if ARGV[i + 3] ~= '' then point = tonumber(ARGV[i + 3]) end
  local held = redis.call('HGET', KEYS[1], field)
  local quotes = {}
  if held then quotes = cjson.decode(held) end
  local last = quotes[#quotes]
  local changed = false
  if not last or last[2] ~= price or last[3] ~= point then
    if last and at < last[1] then at = last[1] end
    quotes[#quotes + 1] = { at, price, point }
    changed = true
  end
  while #quotes >= 2 and quotes[2][1] <= start do
    table.remove(quotes, 1)
    changed = true
  end
  if changed then redis.call('HSET', KEYS[1], field, cjson.encode(quotes)) end
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return redis.call('HGETALL', KEYS[1])
`;

/** A window outlives its last quote this long: an event not polled for an hour has no move left in it. */
const WINDOW_TTL_MS = 3_600_000;
/** A claim held while its alert is published; it lapses if the worker dies first, so the move is raised again. */
const CLAIM_PENDING_MS = 10_000;

/** Prices and lines as the window stores them: exact enough for any quote, and the same after a round trip through Lua. */
const stored = (x: number, places: number) => String(Math.round(x * 10 ** places) / 10 ** places);

/** What the record outbox carries: an alert raised, or one that expired. */
export interface SteamRecordChange {
  change: 'raised' | 'expired';
  alert: SteamAlert;
}

/**
 * Steam's state in Redis (DECISIONS 34), in each sport's steam room's slot: every event's price-history window, the
 * active alerts (saved in the step that publishes each change), the claims that make one alert of a move however many
 * workers see it, and the outbox of raised and expired alerts the steam record keeps in PostgreSQL.
 */
@Injectable()
export class SteamStateRepository {
  constructor(private readonly redis: RedisService) {}

  /** Records the event's quotes in its window (`now` places the window's start) and answers the window. */
  async recordQuotes(
    sport: string,
    eventId: string,
    quotes: ReadonlyArray<{ key: string; quote: WindowQuote }>,
    now: number,
  ): Promise<SteamSeries[]> {
    const args = [String(now - STEAM_MOVE_WINDOW_MS), String(WINDOW_TTL_MS)];
    for (const { key, quote } of quotes)
      args.push(key, String(quote.at), stored(quote.price, 6), quote.point === null ? '' : stored(quote.point, 3));
    const flat = (await this.redis.client.eval(
      RECORD_QUOTES,
      1,
      this.redis.key(...RedisKeys.steamWindow(sport, eventId)),
      ...args,
    )) as string[];
    const window: SteamSeries[] = [];
    for (let i = 0; i < flat.length; i += 2) {
      const series = parseSeriesKey(flat[i]);
      if (!series) continue;
      const held = JSON.parse(flat[i + 1]) as Array<[number, number, number | null]>;
      window.push({ ...series, quotes: held.map(([at, price, point]) => ({ at, price, point })) });
    }
    return window;
  }

  /** A sport's active alerts. */
  async alerts(sport: string): Promise<SteamAlert[]> {
    const held = await this.redis.client.hvals(this.redis.key(...RedisKeys.steamAlerts(sport)));
    return held.map((json) => JSON.parse(json) as SteamAlert);
  }

  /**
   * The active alerts of several sports, each sport's with where its steam channel stood (positionedHashValues: an
   * alert is saved in the step that publishes its change).
   */
  async positionedAlerts(
    sports: readonly string[],
  ): Promise<Array<{ alerts: SteamAlert[]; position: ChannelPosition }>> {
    const reads = await Promise.all(
      sports.map((sport) => positionedHashValues(this.redis, 'steam', sport, RedisKeys.steamAlerts(sport))),
    );
    return reads.map(({ values, position }) => ({
      alerts: values.map((json) => JSON.parse(json) as SteamAlert),
      position,
    }));
  }

  /** Claims the alert's event, market and side while it is published; false when another worker holds it. */
  async claim(alert: SteamAlert): Promise<boolean> {
    return (await this.redis.client.set(this.claimKey(alert), alert.id, 'PX', CLAIM_PENDING_MS, 'NX')) === 'OK';
  }

  /** After the publish: the claim holds the side for the 30 minutes of DECISIONS 34. */
  async holdClaim(alert: SteamAlert): Promise<void> {
    await this.redis.client.set(this.claimKey(alert), alert.id, 'PX', STEAM_DEDUPE_MS);
  }

  /**
   * What is written with the message about an alert, in the same step: the alert saved while active and removed once
   * expired, and a raised or expired alert appended to the record outbox.
   */
  alertWrites(alert: SteamAlert, change: 'raised' | 'updated' | 'expired'): StateWrites {
    const key = this.redis.key(...RedisKeys.steamAlerts(alert.sport));
    const hash =
      change === 'expired'
        ? { key, set: [], delete: [alert.id] }
        : { key, set: [[alert.id, JSON.stringify(alert)] as const] };
    const record: SteamRecordChange | null = change === 'updated' ? null : { change, alert };
    return {
      writes: [],
      hashes: [hash],
      appends: record ? [[this.outboxKey(alert.sport), JSON.stringify(record)]] : [],
    };
  }

  /** The oldest entries of a sport's record outbox. */
  async outbox(sport: string, count: number): Promise<Array<{ id: string; record: SteamRecordChange }>> {
    const entries = await this.redis.client.xrange(this.outboxKey(sport), '-', '+', 'COUNT', count);
    return entries.map(([id, fields]) => ({ id, record: JSON.parse(fields[1]) as SteamRecordChange }));
  }

  /** Entries now kept in PostgreSQL. */
  async acknowledge(sport: string, ids: readonly string[]): Promise<void> {
    if (ids.length) await this.redis.client.xdel(this.outboxKey(sport), ...ids);
  }

  private claimKey(alert: SteamAlert): string {
    return this.redis.key(...RedisKeys.steamClaim(alert.sport, alert.eventId, alert.market, alert.side));
  }

  private outboxKey(sport: string): string {
    return this.redis.key(...RedisKeys.steamRecordOutbox(sport));
  }
}
