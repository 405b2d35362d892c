import IORedis from 'ioredis';
import type { RealtimeEnvelope } from '@oddspulse/shared';

/** Hears every realtime message published under a prefix (what the gateway will relay). */
export class RealtimeListener {
  readonly messages: Array<RealtimeEnvelope & { redisChannel: string }> = [];
  private readonly redis: IORedis;

  constructor(
    redisUrl: string,
    private readonly prefix: string,
  ) {
    this.redis = new IORedis(redisUrl);
  }

  async start(): Promise<void> {
    this.redis.on('pmessage', (_pattern, channel, message) =>
      this.messages.push({ ...(JSON.parse(message) as RealtimeEnvelope), redisChannel: channel }),
    );
    await this.redis.psubscribe(`${this.prefix}:rt:*`);
  }

  on(channel: string, key: string) {
    return this.messages.filter((m) => m.channel === channel && m.key === key);
  }

  clear() {
    this.messages.length = 0;
  }

  async stop(): Promise<void> {
    await this.redis.quit();
  }
}

export async function eventually<T>(
  probe: () => T | Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 10000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await probe();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    value = await probe();
  }
  return value;
}
