import { Injectable } from '@nestjs/common';
import {
  JobName,
  type AlertKind,
  type AlertOpportunity,
  type OpportunityChannel,
  type OpportunityUpdate,
} from '@oddspulse/shared';
import { JobQueueService } from '@oddspulse/core';

const KIND_OF_CHANNEL: Record<OpportunityChannel, AlertKind> = { arbitrage: 'arbitrage', middles: 'middle', ev: 'ev' };

/**
 * Hands what detection published to alert evaluation: one job per detection batch (a kind and
 * sport of one poll) with its new and updated opportunities — never per socket or request.
 */
@Injectable()
export class AlertBatches {
  constructor(private readonly jobs: JobQueueService) {}

  async enqueue(
    channel: OpportunityChannel,
    sport: string,
    at: number,
    updates: readonly OpportunityUpdate[],
  ): Promise<void> {
    const opportunities = updates
      .filter((u) => u.action !== 'gone' && u.opportunity)
      .map((u) => u.opportunity as AlertOpportunity);
    if (!opportunities.length) return;
    await this.jobs.add(
      JobName.AlertsEvaluate,
      { kind: KIND_OF_CHANNEL[channel], sport, at, opportunities },
      { attempts: 3 },
    );
  }
}
