import { Injectable } from '@nestjs/common';
import type { AlertsEvaluatePayload, OpportunityChannel, RealtimeChannel } from '@oddspulse/shared';
import { RedisKeys } from '../redis/redis-keys';
import { RedisService } from '../redis/redis.service';

/** The rooms whose changes reach the alert rules: each opportunity kind's and steam's, one outbox per sport. */
export type AlertRoom = OpportunityChannel | typeof RealtimeChannel.Steam;

/**
 * The alerts outbox, a Redis stream per room and sport: the evaluation a change asks of the alert rules is appended in
 * the step that saves it (the opportunities' MULTI, a steam alert's publish script), so no stop or failure between that
 * step and the alerts queue leaves a saved opportunity or alert that the rules never see. Detection queues what waits
 * and takes it off after; an entry queued twice is evaluated twice, which the rules' one delivery per opportunity makes
 * harmless.
 */
@Injectable()
export class AlertsOutboxRepository {
  constructor(private readonly redis: RedisService) {}

  /** The stream and entry that hand `batch` over, for the step that saves what it names (StateWrites.appends). */
  append(room: AlertRoom, batch: AlertsEvaluatePayload): readonly [stream: string, data: string] {
    return [this.key(room, batch.sport), JSON.stringify(batch)];
  }

  /** How many entries wait in each room's outbox of the sport, in the order asked (sent together: each in its slot). */
  waiting(rooms: readonly AlertRoom[], sport: string): Promise<number[]> {
    return Promise.all(rooms.map((room) => this.redis.client.xlen(this.key(room, sport))));
  }

  /** The oldest entries of a room's outbox. */
  async entries(
    room: AlertRoom,
    sport: string,
    count: number,
  ): Promise<Array<{ id: string; batch: AlertsEvaluatePayload }>> {
    const entries = await this.redis.client.xrange(this.key(room, sport), '-', '+', 'COUNT', count);
    return entries.map(([id, fields]) => ({ id, batch: JSON.parse(fields[1]) as AlertsEvaluatePayload }));
  }

  /** Entries now on the alerts queue. */
  async acknowledge(room: AlertRoom, sport: string, ids: readonly string[]): Promise<void> {
    if (ids.length) await this.redis.client.xdel(this.key(room, sport), ...ids);
  }

  private key(room: AlertRoom, sport: string): string {
    return this.redis.key(...RedisKeys.alertsOutbox(room, sport));
  }
}
