import { Injectable } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';

/** A mail written to the development outbox instead of being sent (no SMTP_URL outside production). */
export interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  sent_at: string;
}

const OUTBOX_SIZE = 50;
const OUTBOX_TTL_SECONDS = 86_400;

/** The development outbox in Redis, shared by every process: the newest 50 mails, kept a day. */
@Injectable()
export class DevOutboxRepository {
  constructor(private readonly redis: RedisService) {}

  async add(entry: OutboxEntry): Promise<void> {
    const key = this.redis.key(...RedisKeys.devOutbox);
    await this.redis.client
      .multi()
      .lpush(key, JSON.stringify(entry))
      .ltrim(key, 0, OUTBOX_SIZE - 1)
      .expire(key, OUTBOX_TTL_SECONDS)
      .exec();
  }

  /** Newest first. */
  async list(): Promise<OutboxEntry[]> {
    const raw = await this.redis.client.lrange(this.redis.key(...RedisKeys.devOutbox), 0, OUTBOX_SIZE - 1);
    return raw.map((line) => JSON.parse(line) as OutboxEntry);
  }
}
