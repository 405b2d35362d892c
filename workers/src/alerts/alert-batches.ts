import { Injectable } from '@nestjs/common';
import {
  JobName,
  type AlertKind,
  type AlertOpportunity,
  type OpportunityChannel,
  type OpportunityUpdate,
  type SteamAlert,
} from '@oddspulse/shared';
import { JobQueueService } from '@oddspulse/core';

const KIND_OF_CHANNEL: Record<OpportunityChannel, AlertKind> = { arbitrage: 'arbitrage', middles: 'middle', ev: 'ev' };

/**
 * Hands what detection published to alert evaluation: one job per detection batch (a kind and
 * sport of one poll) with its new and updated opportunities, the steam alerts it raised, and the events it saw change
 * for the price targets — never per socket or request.
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

  /** Steam alerts a poll raised, for the steam rules. */
  async enqueueSteam(sport: string, at: number, alerts: readonly SteamAlert[]): Promise<void> {
    if (!alerts.length) return;
    await this.jobs.add(
      JobName.AlertsEvaluate,
      { kind: 'steam', sport, at, opportunities: [...alerts] },
      { attempts: 3 },
    );
  }

  /** The events a poll changed: the price targets on them are checked for a crossing. */
  async enqueuePriceTargets(sport: string, at: number, eventIds: readonly string[]): Promise<void> {
    if (!eventIds.length) return;
    await this.jobs.add(JobName.AlertsPriceTargets, { sport, at, eventIds: [...eventIds] }, { attempts: 3 });
  }
}
