import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@oddspulse/server/config/config.module';
import type { AppConfig } from '@oddspulse/server/config/config.schema';
import { RedisService } from '@oddspulse/server/redis/redis.service';
import { RedisKeys } from '@oddspulse/server/redis/redis-keys';
import { BudgetDecision, CreditState, budgetDecision } from './credit-budget';

/** The credit state in Redis, so every worker process budgets from the same balance. */
@Injectable()
export class CreditLedgerService {
  private readonly logger = new Logger(CreditLedgerService.name);

  constructor(
    private readonly redis: RedisService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async state(): Promise<CreditState> {
    const raw = await this.redis.client.hgetall(this.redis.key(...RedisKeys.oddsApiCredits));
    const read = (v: string | undefined) => (v === undefined ? null : Number(v));
    return { remaining: read(raw.remaining), used: read(raw.used), last: read(raw.last) };
  }

  async record(sport: string, credits: CreditState): Promise<void> {
    const fields: Record<string, string> = { updated_at: new Date().toISOString() };
    if (credits.remaining !== null) fields.remaining = String(credits.remaining);
    if (credits.used !== null) fields.used = String(credits.used);
    if (credits.last !== null) fields.last = String(credits.last);
    const multi = this.redis.client.multi().hset(this.redis.key(...RedisKeys.oddsApiCredits), fields);
    if (credits.last) multi.hincrby(this.redis.key(...RedisKeys.oddsApiCreditsBySport), sport, credits.last);
    await multi.exec();
  }

  /** Marks the balance as spent (401 OUT_OF_USAGE_CREDITS), so every process stops asking. */
  async exhausted(): Promise<void> {
    await this.redis.client.hset(this.redis.key(...RedisKeys.oddsApiCredits), { remaining: '0', updated_at: new Date().toISOString() });
  }

  async check(sport: string, cost: number): Promise<BudgetDecision> {
    const decision = budgetDecision(
      await this.state(),
      { reserve: this.config.ODDS_API_CREDIT_RESERVE, prioritySports: this.config.ODDS_API_PRIORITY_SPORTS },
      sport,
      cost,
    );
    if (!decision.allowed) this.logger.warn({ sport, cost }, `The Odds API budget: ${sport} not polled (${decision.reason})`);
    return decision;
  }
}
