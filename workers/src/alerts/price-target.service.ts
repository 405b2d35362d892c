import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { alertRuleCriteria, AlertsRepository, LiveStateRepository } from '@oddspulse/core';
import {
  canUseAlertKind,
  currentAccess,
  inQuietHours,
  JobName,
  priceTargetHits,
  priceTargetSummary,
  priceTargetTransition,
  type JobPayload,
} from '@oddspulse/shared';
import { OnJob } from '../jobs/on-job.decorator';
import { AlertDispatcher, channelsOf } from './alert-dispatcher';

export interface PriceTargetResult {
  /** Rules whose target became met and whose crossing was delivered now. */
  crossed: number;
  /** Rules whose target is met nowhere any more. */
  uncrossed: number;
}

/**
 * Price target rules, checked on every change of their game: a rule whose target becomes met at one of its books
 * crosses and fires once (the crossing is claimed in PostgreSQL, so one worker delivers it), and fires again only after
 * the target was met nowhere and is met once more (api.md "Alerts"). Within quiet hours a crossing waits: the rule stays
 * uncrossed, so it fires at the first change after them if the target is still met.
 */
@Injectable()
export class PriceTargetService {
  constructor(
    private readonly alerts: AlertsRepository,
    private readonly boards: LiveStateRepository,
    private readonly dispatcher: AlertDispatcher,
  ) {}

  @OnJob(JobName.AlertsPriceTargets)
  async check(
    { sport, eventIds }: JobPayload<typeof JobName.AlertsPriceTargets>,
    _job?: Job,
    now = Date.now(),
  ): Promise<PriceTargetResult> {
    const result: PriceTargetResult = { crossed: 0, uncrossed: 0 };
    const rules = await this.alerts.priceTargetRules(sport, eventIds);
    if (!rules.length) return result;
    // the board as it stands now: a job run late judges the prices a user could take now, not those of its poll
    const board = await this.boards.board('odds', sport);
    const events = new Map(board?.events.map((e) => [e.id, e]));
    for (const rule of rules) {
      const target = rule.target;
      const event = target && events.get(target.eventId);
      const channels = channelsOf(rule);
      if (!target || !event || !channels.length) continue;
      if (!canUseAlertKind(currentAccess(rule, new Date(now)).access, 'price_target')) continue;
      const hits = priceTargetHits(target, event, rule.books);
      const transition = priceTargetTransition(rule.target_crossed, hits.length > 0);
      if (transition === 'uncross') {
        await this.alerts.uncrossTarget(rule.id);
        result.uncrossed += 1;
        continue;
      }
      if (transition !== 'cross' || inQuietHours(alertRuleCriteria(rule).quietHours, now)) continue;
      // The crossing and the claim of its deliveries commit together (fires once per crossing, api.md "Alerts"): a
      // rule crossed on its own by a job that then failed (PostgreSQL gone, the worker stopped) left the retry a rule
      // already crossed and nothing to send, so the user heard nothing until the price crossed back and again. Now a
      // failed claim rolls the crossing back and the retry fires it. The cap and the queueing follow the commit; a stop
      // in between leaves pending deliveries, which the requeue sweep queues and the digest sends.
      const claimed = await this.alerts.transaction(async (trx) => {
        const crossing = await this.alerts.crossTarget(rule.id, trx);
        if (crossing === null) return null;
        const summary = priceTargetSummary(rule.id, crossing, target, hits);
        return this.dispatcher.claim(rule, channels, summary, trx);
      });
      if (claimed === null) continue;
      await this.dispatcher.send(rule, claimed, now);
      result.crossed += 1;
    }
    return result;
  }
}
