import { Injectable } from '@nestjs/common';
import type { OpsOverview } from '@oddspulse/shared';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';

/** What one server process reports of its sockets at each sample. */
export interface GatewaySample {
  /** Epoch ms of the sample. */
  at: number;
  connections: number;
  /** Sockets per realtime room (`{channel}:{key}`) on this process. */
  rooms: Record<string, number>;
  deliveries_per_second: number;
}

/** A process that has not sampled for this long is gone (stopped, crashed): its field is removed. */
const GATEWAY_FORGOTTEN_AFTER_MS = 10 * 60_000;
/** The last overview is kept an hour as the `ops` channel's snapshot. */
const OVERVIEW_TTL_SECONDS = 3600;

/**
 * The operations page's shared state in Redis: each server process's socket figures, the claim of the one
 * process that builds the overview in a sampling slot, and the last overview pushed.
 */
@Injectable()
export class OpsStateRepository {
  constructor(private readonly redis: RedisService) {}

  async saveGatewaySample(processId: string, sample: GatewaySample): Promise<void> {
    await this.redis.client.hset(this.redis.key(...RedisKeys.opsGateways), processId, JSON.stringify(sample));
  }

  async removeGatewaySample(processId: string): Promise<void> {
    await this.redis.client.hdel(this.redis.key(...RedisKeys.opsGateways), processId);
  }

  /** Every process's last sample; those gone for long are forgotten on the way. */
  async gatewaySamples(now: number): Promise<GatewaySample[]> {
    const key = this.redis.key(...RedisKeys.opsGateways);
    const entries = Object.entries(await this.redis.client.hgetall(key)).map(
      ([id, raw]) => [id, JSON.parse(raw) as GatewaySample] as const,
    );
    const gone = entries.filter(([, sample]) => now - sample.at > GATEWAY_FORGOTTEN_AFTER_MS).map(([id]) => id);
    if (gone.length) await this.redis.client.hdel(key, ...gone);
    return entries.filter(([id]) => !gone.includes(id)).map(([, sample]) => sample);
  }

  /** True for the one process that claims the slot (the claim lasts `ttlMs`). */
  async claimSample(processId: string, ttlMs: number): Promise<boolean> {
    return (
      (await this.redis.client.set(this.redis.key(...RedisKeys.opsSampleClaim), processId, 'PX', ttlMs, 'NX')) === 'OK'
    );
  }

  async saveOverview(overview: OpsOverview): Promise<void> {
    await this.redis.client.set(
      this.redis.key(...RedisKeys.opsOverview),
      JSON.stringify(overview),
      'EX',
      OVERVIEW_TTL_SECONDS,
    );
  }

  async overview(): Promise<OpsOverview | null> {
    const raw = await this.redis.client.get(this.redis.key(...RedisKeys.opsOverview));
    return raw ? (JSON.parse(raw) as OpsOverview) : null;
  }
}
