import { Injectable } from '@nestjs/common';
import {
  dailyFindings,
  JobName,
  type AlertKind,
  type AlertOpportunity,
  type OpportunityChannel,
  type OpportunityUpdate,
  type PriceTargetsPayload,
  type SteamAlert,
} from '@oddspulse/shared';
import {
  AlertsOutboxRepository,
  JobQueueService,
  MetricsService,
  OpportunityCountersRepository,
  type AlertHandOff,
  type AlertRoom,
  type StateWrites,
} from '@oddspulse/core';

const KIND_OF_ROOM: Record<Exclude<AlertRoom, 'odds'>, AlertKind> = {
  arbitrage: 'arbitrage',
  middles: 'middle',
  ev: 'ev',
  steam: 'steam',
};
/** Outbox entries queued as one job: a backlog a stopped worker left goes out in jobs of modest size. */
const ENTRIES_PER_JOB = 50;

/**
 * Hands what detection published to alert evaluation: a job per room and sport with the new and updated opportunities
 * and the steam alerts its outbox holds, and one with the events the odds boards changed for the price targets (each up
 * to ENTRIES_PER_JOB entries) — never per socket or request. All go through their room's alerts outbox
 * (AlertsOutboxRepository), written in the step that saves the opportunities, the alert or the board, and are queued
 * from there: whatever stops a run after that step, the next run queues them. An opportunity batch's entry also
 * carries what it adds to the landing page's "found today" (DECISIONS 17), counted as it is queued: the counters are
 * in the day's slot, not the opportunities', so they cannot be in the step that saves them.
 */
@Injectable()
export class AlertBatches {
  constructor(
    private readonly jobs: JobQueueService,
    private readonly outbox: AlertsOutboxRepository,
    private readonly counters: OpportunityCountersRepository,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * The outbox entry that hands a published batch's new and updated opportunities to the rules and to the day's
   * counters, for the step that saves them; none for a batch of gone ones.
   */
  handOff(
    channel: OpportunityChannel,
    sport: string,
    at: number,
    updates: readonly OpportunityUpdate[],
  ): NonNullable<StateWrites['appends']> {
    const opportunities = updates
      .filter((u) => u.action !== 'gone' && u.opportunity)
      .map((u) => u.opportunity as AlertOpportunity);
    if (!opportunities.length) return [];
    const findings = dailyFindings(channel, updates);
    return [this.outbox.append(channel, { kind: KIND_OF_ROOM[channel], sport, at, opportunities, findings })];
  }

  /** The outbox entry that hands a raised steam alert to the steam rules, for the step that publishes it. */
  steamHandOff(alert: SteamAlert, at: number): NonNullable<StateWrites['appends']> {
    return [this.outbox.append('steam', { kind: 'steam', sport: alert.sport, at, opportunities: [alert] })];
  }

  /**
   * The outbox entry that hands the events an odds board changed to the price targets on them (docs/api.md "Alerts":
   * checked on every change of their game), for the step that stores the board: once it is stored, the next poll sees
   * those events unchanged, so nothing else would check them.
   */
  priceTargetHandOff(sport: string, at: number, eventIds: readonly string[]): NonNullable<StateWrites['appends']> {
    if (!eventIds.length) return [];
    return [this.outbox.append('odds', { sport, at, eventIds: [...eventIds] })];
  }

  /** The rooms of the sport whose outbox holds a hand-off not yet queued. */
  async waiting(rooms: readonly AlertRoom[], sport: string): Promise<AlertRoom[]> {
    const counts = await this.outbox.waiting(rooms, sport);
    return rooms.filter((_, i) => counts[i] > 0);
  }

  /**
   * Counts and queues what waits in the rooms' outboxes, then takes it off: a stop in between counts and queues it
   * again, to no effect (each opportunity counted once a day, one delivery per rule and opportunity).
   */
  async handOver(rooms: Iterable<AlertRoom>, sport: string): Promise<void> {
    await Promise.all(
      [...rooms].map(async (room) => {
        for (;;) {
          const entries = await this.outbox.entries(room, sport, ENTRIES_PER_JOB);
          if (!entries.length) return;
          await this.queue(
            room,
            sport,
            entries.map((e) => e.batch),
          );
          await this.outbox.acknowledge(
            room,
            sport,
            entries.map((e) => e.id),
          );
          if (entries.length < ENTRIES_PER_JOB) return;
        }
      }),
    );
  }

  /** One job for a room's entries: the price targets' check of the events they name, or the rules' evaluation. */
  private async queue(room: AlertRoom, sport: string, batches: readonly AlertHandOff[]): Promise<void> {
    const at = Math.max(...batches.map((b) => b.at));
    if (room === 'odds') {
      const eventIds = [...new Set((batches as PriceTargetsPayload[]).flatMap((b) => b.eventIds))];
      await this.jobs.add(JobName.AlertsPriceTargets, { sport, at, eventIds }, { attempts: 3 });
      return;
    }
    const evaluations = batches as Array<AlertHandOff<OpportunityChannel | 'steam'>>;
    const findings = evaluations.flatMap((b) => b.findings ?? []);
    if (findings.length && room !== 'steam') {
      // DECISIONS 17's "found today" and "average edge today", and the metric counting the same.
      const counted = await this.counters.record(room, findings);
      this.metrics.opportunitiesFound.inc({ kind: room }, counted);
    }
    const opportunities = evaluations.flatMap((b) => b.opportunities);
    await this.jobs.add(
      JobName.AlertsEvaluate,
      { kind: KIND_OF_ROOM[room], sport, at, opportunities },
      { attempts: 3 },
    );
  }
}
