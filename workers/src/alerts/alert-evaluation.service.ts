import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { alertRuleCriteria, AlertsRepository, type AlertRuleWithPlan } from '@oddspulse/core';
import {
  alertSummary,
  currentAccess,
  evaluateAlertRule,
  JobName,
  opportunityAtRates,
  steamAlertAmong,
  type AlertOpportunity,
  type AlertRuleCriteria,
  type JobPayload,
} from '@oddspulse/shared';
import { OnJob } from '../jobs/on-job.decorator';
import { AlertDispatcher, channelsOf } from './alert-dispatcher';

export function criteriaOf(rule: AlertRuleWithPlan): AlertRuleCriteria {
  return { ...alertRuleCriteria(rule), commission: rule.commissions ?? undefined };
}

/**
 * The opportunity as the rule's owner takes it: at their own exchange commission rates; a steam alert (priced at the
 * books' own) with only the stale books among the rule's, so its minimum, message and link read the best of those.
 */
function asRuleTakesIt(o: AlertOpportunity, criteria: AlertRuleCriteria): AlertOpportunity | null {
  if (!('type' in o && o.type === 'steam')) return opportunityAtRates(o, criteria.commission);
  return criteria.books.length ? steamAlertAmong(o, (book) => criteria.books.includes(book)) : o;
}

export interface EvaluationResult {
  /** Rule × opportunity pairs that fired and were claimed now (not alerted before). */
  alerted: number;
  /** Of those, pairs over the user's hourly cap, recorded as skipped. */
  capped: number;
}

/**
 * Evaluates the alert rules on one detection batch: each rule of the batch's kind against each
 * opportunity with the shared rule evaluation, then hands what fired to the dispatcher (deliveries claimed once per
 * rule and opportunity, the per-user hourly cap, webhook and push queued, e-mail left for the digest).
 */
@Injectable()
export class AlertEvaluationService {
  constructor(
    private readonly alerts: AlertsRepository,
    private readonly dispatcher: AlertDispatcher,
  ) {}

  @OnJob(JobName.AlertsEvaluate)
  async evaluate(
    batch: JobPayload<typeof JobName.AlertsEvaluate>,
    _job?: Job,
    now = Date.now(),
  ): Promise<EvaluationResult> {
    const result: EvaluationResult = { alerted: 0, capped: 0 };
    const rules = await this.alerts.rulesOfKind(batch.kind);
    for (const rule of rules) {
      const channels = channelsOf(rule);
      if (!channels.length) continue;
      const access = currentAccess(rule, new Date(now)).access;
      const criteria = criteriaOf(rule);
      // each user's own exchange commission and books: an opportunity is judged, and summed up, as they take it
      const firing = batch.opportunities.flatMap((o) => {
        const priced = asRuleTakesIt(o, criteria);
        return priced && evaluateAlertRule(criteria, priced, access, now).fires ? [priced] : [];
      });
      for (const opportunity of firing) {
        const sent = await this.dispatcher.dispatch(rule, channels, alertSummary(opportunity), now);
        if (sent) result.alerted += 1;
        if (sent === 'capped') result.capped += 1;
      }
    }
    return result;
  }
}
