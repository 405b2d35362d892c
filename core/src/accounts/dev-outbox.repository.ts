import { Injectable } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';
import { RecentList } from '../redis/recent-list';
import { RedisKeys } from '../redis/redis-keys';

/** A mail written to the development outbox instead of being sent (no SMTP_URL outside production). */
export interface OutboxEntry {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  sent_at: string;
}

const OUTBOX_SIZE = 50;
const OUTBOX_TTL_SECONDS = 86_400;

/** The development outbox in Redis, shared by every process: the newest 50 mails, kept a day. */
@Injectable()
export class DevOutboxRepository {
  private readonly outbox: RecentList<OutboxEntry>;

  constructor(redis: RedisService) {
    this.outbox = new RecentList(redis, redis.key(...RedisKeys.devOutbox), OUTBOX_SIZE, OUTBOX_TTL_SECONDS);
  }

  add(entry: OutboxEntry): Promise<void> {
    return this.outbox.push(entry);
  }

  /** Newest first. */
  list(): Promise<OutboxEntry[]> {
    return this.outbox.newest();
  }
}
