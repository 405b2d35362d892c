import { Injectable } from '@nestjs/common';
import type { CreditSample } from '@oddspulse/shared';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';

/** The Odds API's credit counters as its response headers last reported them (null where never reported). */
export interface OddsApiCredits {
  remaining: number | null;
  used: number | null;
  last: number | null;
}

/** Balance readings are kept this long: the burn rate looks back an hour, the page a day at most. */
const CREDIT_SAMPLES_KEPT_MS = 26 * 3_600_000;

/**
 * The Odds API account state every worker process shares, in Redis: the credit balance (so each budgets from
 * the same one) and its readings over the last day (the operations page's burn rate), credits spent per sport,
 * and the in-season sport list (free to fetch, kept an hour).
 */
@Injectable()
export class OddsApiAccountRepository {
  constructor(private readonly redis: RedisService) {}

  async credits(): Promise<OddsApiCredits> {
    const raw = await this.redis.client.hgetall(this.redis.key(...RedisKeys.oddsApiCredits));
    const read = (v: string | undefined) => (v === undefined ? null : Number(v));
    return { remaining: read(raw.remaining), used: read(raw.used), last: read(raw.last) };
  }

  /** Credits spent per sport since the counters began. */
  async creditsBySport(): Promise<Record<string, number>> {
    const raw = await this.redis.client.hgetall(this.redis.key(...RedisKeys.oddsApiCreditsBySport));
    return Object.fromEntries(Object.entries(raw).map(([sport, n]) => [sport, Number(n)]));
  }

  /** What a call to `sport` reported; its cost is added to the sport's total. */
  async recordCredits(sport: string, credits: OddsApiCredits): Promise<void> {
    const fields: Record<string, string> = { updated_at: new Date().toISOString() };
    if (credits.remaining !== null) fields.remaining = String(credits.remaining);
    if (credits.used !== null) fields.used = String(credits.used);
    if (credits.last !== null) fields.last = String(credits.last);
    const multi = this.redis.client.multi().hset(this.redis.key(...RedisKeys.oddsApiCredits), fields);
    if (credits.last) multi.hincrby(this.redis.key(...RedisKeys.oddsApiCreditsBySport), sport, credits.last);
    if (credits.remaining !== null) this.addSample(multi, Date.now(), credits.remaining);
    await multi.exec();
  }

  /** Marks the balance as spent (401 OUT_OF_USAGE_CREDITS), so every process stops asking. */
  async markExhausted(): Promise<void> {
    const multi = this.redis.client
      .multi()
      .hset(this.redis.key(...RedisKeys.oddsApiCredits), { remaining: '0', updated_at: new Date().toISOString() });
    this.addSample(multi, Date.now(), 0);
    await multi.exec();
  }

  /** The balance readings since `since` (epoch ms), oldest first. */
  async creditSamples(since: number): Promise<CreditSample[]> {
    const members = await this.redis.client.zrangebyscore(
      this.redis.key(...RedisKeys.oddsApiCreditSamples),
      since,
      '+inf',
    );
    return members.map((member) => {
      const [at, remaining] = member.split(':').map(Number);
      return { at, remaining };
    });
  }

  private addSample(multi: ReturnType<RedisService['client']['multi']>, at: number, remaining: number): void {
    const key = this.redis.key(...RedisKeys.oddsApiCreditSamples);
    multi.zadd(key, at, `${at}:${remaining}`).zremrangebyscore(key, '-inf', at - CREDIT_SAMPLES_KEPT_MS);
  }

  /** The in-season sport keys, or null when not known (never fetched, or older than their time to live). */
  async inSeasonSports(): Promise<string[] | null> {
    const raw = await this.redis.client.get(this.redis.key(...RedisKeys.oddsApiSports));
    return raw ? (JSON.parse(raw) as string[]) : null;
  }

  async saveInSeasonSports(keys: readonly string[], ttlSeconds: number): Promise<void> {
    await this.redis.client.set(this.redis.key(...RedisKeys.oddsApiSports), JSON.stringify(keys), 'EX', ttlSeconds);
  }
}
