import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, OddsApiAccountRepository, type AppConfig } from '@oddspulse/core';
import { BudgetDecision, budgetDecision } from './credit-budget';

/** Decides whether a call may spend credits, from the balance every worker process shares. */
@Injectable()
export class CreditLedgerService {
  private readonly logger = new Logger(CreditLedgerService.name);

  constructor(
    private readonly account: OddsApiAccountRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async check(sport: string, cost: number, urgent = false): Promise<BudgetDecision> {
    const decision = budgetDecision(
      await this.account.credits(),
      { reserve: this.config.ODDS_API_CREDIT_RESERVE, prioritySports: this.config.ODDS_API_PRIORITY_SPORTS },
      sport,
      cost,
      urgent,
    );
    if (!decision.allowed)
      this.logger.warn({ sport, cost }, `The Odds API budget: ${sport} not polled (${decision.reason})`);
    return decision;
  }
}
