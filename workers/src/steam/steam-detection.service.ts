import { Injectable } from '@nestjs/common';
import {
  detectSteam,
  hasStarted,
  reviewSteamAlert,
  windowQuotes,
  type BoardEvent,
  type RealtimeMessage,
  type SportBoard,
  type SteamAlert,
} from '@oddspulse/shared';
import { MetricsService, RealtimePublisher, SteamStateRepository } from '@oddspulse/core';
import { AlertBatches } from '../alerts/alert-batches';

const MESSAGE_TYPE = { raised: 'steam:alert', updated: 'steam:update', expired: 'steam:expired' } as const;

export interface SteamSummary {
  raised: number;
  updated: number;
  expired: number;
}

/**
 * Steam on a straight-bets board (DECISIONS 34), run by detection on every change, whether a poll or a stream brought
 * it. The changed events' quotes go to their price-history windows in Redis (SteamStateRepository: every worker sees
 * the same window), the shared rule reads each window (detectSteam), and a move is raised once however many workers
 * see it: the first to claim its event, market and side publishes it. The active alerts are reviewed against the
 * board on each change: updated as soft books catch up, expired when the last has (or the game starts). Each change
 * is published with the state it describes and, when raised or expired, its entry in the record outbox, in one step;
 * a raised alert's hand-off to the steam alert rules (its alerts outbox entry) is in that step too, queued at the end
 * of the run or, if the run stops first, by the sport's next one.
 */
@Injectable()
export class SteamDetectionService {
  constructor(
    private readonly state: SteamStateRepository,
    private readonly publisher: RealtimePublisher,
    private readonly alertBatches: AlertBatches,
    private readonly metrics: MetricsService,
  ) {}

  async detect(board: SportBoard, eventIds: readonly string[], now: number): Promise<SteamSummary> {
    const sport = board.sport_key;
    const summary: SteamSummary = { raised: 0, updated: 0, expired: 0 };
    const events = new Map(board.events.map((e) => [e.id, e]));
    // what an earlier run raised and did not queue for the steam rules (it stopped, or the queue failed) is queued
    // with this run's own: its side is held for 30 minutes, so nothing raises it again
    const [active, waiting] = await Promise.all([
      this.state.alerts(sport),
      this.alertBatches.waiting(['steam'], sport),
    ]);
    for (const alert of active) {
      const review = reviewSteamAlert(alert, events.get(alert.eventId), now);
      if (review.change === 'unchanged') continue;
      await this.publish(review.alert, review.change, now);
      summary[review.change] += 1;
    }
    const open = eventIds
      .map((id) => events.get(id))
      .filter((e): e is BoardEvent => e !== undefined && !e.completed && !hasStarted(Date.parse(e.commence_time), now));
    // the windows in flight together: one round trip's wait for the lot, not one per event
    const windows = await Promise.all(
      open.map((event) => this.state.recordQuotes(sport, event.id, windowQuotes(event, now), now)),
    );
    const raised: SteamAlert[] = [];
    for (const [i, event] of open.entries()) {
      const alerted = active.filter((a) => a.eventId === event.id);
      for (const alert of detectSteam({ event, window: windows[i], now, alerted })) {
        if (!(await this.state.claim(alert))) continue;
        await this.publish(alert, 'raised', now);
        await this.state.holdClaim(alert);
        raised.push(alert);
      }
    }
    summary.raised = raised.length;
    if (raised.length) this.metrics.opportunitiesFound.inc({ kind: 'steam' }, raised.length);
    if (raised.length || waiting.length) await this.alertBatches.handOver(['steam'], sport);
    return summary;
  }

  private publish(alert: SteamAlert, change: keyof typeof MESSAGE_TYPE, now: number): Promise<number> {
    const message: RealtimeMessage<'steam'> = {
      channel: 'steam',
      key: alert.sport,
      at: new Date(now).toISOString(),
      type: MESSAGE_TYPE[change],
      data: { alert },
    };
    const writes = this.state.alertWrites(alert, change);
    // a raised alert's hand-off to the steam rules is written in the step that publishes it: its side is held after,
    // so nothing raises it again for a run that stopped before queueing it to make up for
    const handOff = change === 'raised' ? this.alertBatches.steamHandOff(alert, now) : [];
    return this.publisher.publishWith(message, { ...writes, appends: [...(writes.appends ?? []), ...handOff] });
  }
}
