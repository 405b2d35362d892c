import type { RealtimeChannel } from '@oddspulse/shared';
import { channelPosition, type ChannelPosition } from '../realtime/realtime-publisher.service';
import { RealtimeKeys } from './redis-keys';
import type { RedisService } from './redis.service';

/**
 * The values of a hash kept in a realtime room's slot (a sport's opportunities, its active steam alerts) with where the
 * room's channel stood, read in one transaction. Their writers save the hash before, or in the same step as, the
 * message that tells of the change, so every message up to that position is in the values: a client that joins the
 * channel from it is sent every change after them and none they already hold (docs/realtime.md).
 */
export async function positionedHashValues(
  redis: RedisService,
  channel: RealtimeChannel,
  key: string,
  hash: readonly string[],
): Promise<{ values: string[]; position: ChannelPosition }> {
  const results = await redis.client
    .multi()
    .get(redis.key(...RealtimeKeys.sequence(channel, key)))
    .get(redis.key(...RealtimeKeys.epoch(channel, key)))
    .hvals(redis.key(...hash))
    .exec();
  const failed = results?.find(([error]) => error);
  if (!results || failed) throw failed?.[0] ?? new Error(`Reading ${channel}:${key} with its position was aborted`);
  const [[, seq], [, epoch], [, values]] = results as Array<[Error | null, unknown]>;
  return { values: values as string[], position: channelPosition(seq as string | null, epoch as string | null) };
}
