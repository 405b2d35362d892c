import { Injectable } from '@nestjs/common';
import type {
  AlertsEvaluatePayload,
  DailyFinding,
  OpportunityChannel,
  PriceTargetsPayload,
  RealtimeChannel,
} from '@oddspulse/shared';
import { RedisKeys } from '../redis/redis-keys';
import { RedisService } from '../redis/redis.service';

/**
 * The rooms whose changes reach the alert rules, one outbox per sport: each opportunity kind's and steam's, and the
 * straight-bets board's, whose changed events the price targets are checked on.
 */
export type AlertRoom = OpportunityChannel | typeof RealtimeChannel.Steam | typeof RealtimeChannel.Odds;

/**
 * What a room's outbox entry hands over: the events an odds board changed, or a batch of opportunities or alerts; an
 * opportunity batch with what it adds to the day's "found today" counters (DECISIONS 17), which a run that stopped after
 * saving it had not yet counted (none in an entry written before they were).
 */
export type AlertHandOff<R extends AlertRoom = AlertRoom> = R extends typeof RealtimeChannel.Odds
  ? PriceTargetsPayload
  : AlertsEvaluatePayload & { findings?: DailyFinding[] };

/**
 * The alerts outbox, a Redis stream per room and sport: the evaluation a change asks of the alert rules is appended in
 * the step that saves it (the opportunities' MULTI, a steam alert's publish script, a board's: the events its price
 * targets are checked on), so no stop or failure between that
 * step and the alerts queue leaves a saved opportunity or alert that the rules never see. Detection queues what waits
 * and takes it off after; an entry queued twice is evaluated twice, which the rules' one delivery per opportunity makes
 * harmless.
 */
@Injectable()
export class AlertsOutboxRepository {
  constructor(private readonly redis: RedisService) {}

  /** The stream and entry that hand `batch` over, for the step that saves what it names (StateWrites.appends). */
  append<R extends AlertRoom>(room: R, batch: AlertHandOff<R>): readonly [stream: string, data: string] {
    return [this.key(room, batch.sport), JSON.stringify(batch)];
  }

  /** How many entries wait in each room's outbox of the sport, in the order asked (sent together: each in its slot). */
  waiting(rooms: readonly AlertRoom[], sport: string): Promise<number[]> {
    return Promise.all(rooms.map((room) => this.redis.client.xlen(this.key(room, sport))));
  }

  /** The oldest entries of a room's outbox. */
  async entries<R extends AlertRoom>(
    room: R,
    sport: string,
    count: number,
  ): Promise<Array<{ id: string; batch: AlertHandOff<R> }>> {
    const entries = await this.redis.client.xrange(this.key(room, sport), '-', '+', 'COUNT', count);
    return entries.map(([id, fields]) => ({ id, batch: JSON.parse(fields[1]) as AlertHandOff<R> }));
  }

  /** Entries now on the alerts queue. */
  async acknowledge(room: AlertRoom, sport: string, ids: readonly string[]): Promise<void> {
    if (ids.length) await this.redis.client.xdel(this.key(room, sport), ...ids);
  }

  private key(room: AlertRoom, sport: string): string {
    return this.redis.key(...RedisKeys.alertsOutbox(room, sport));
  }
}
