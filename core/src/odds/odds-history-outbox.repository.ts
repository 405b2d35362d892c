import { Injectable } from '@nestjs/common';
import type { PriceRecord } from '@oddspulse/shared';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';

/** The consumer group every history writer reads the outbox in: each entry goes to one writer. */
const GROUP = 'history-writers';
/** Records per outbox entry: a first board of a thousand games stays a series of modest entries. */
const RECORDS_PER_ENTRY = 2000;

/** One poll's price changes (or a part of them) waiting for PostgreSQL. */
export interface HistoryEntry {
  /** The stream entry id: the writer records it with the rows, so an entry delivered twice is written once. */
  id: string;
  sport: string;
  recordedAt: Date;
  records: PriceRecord[];
}

type Row = [string, string, string, string, string, string, number, number | null, string];

function encode(sport: string, recordedAt: Date, records: readonly PriceRecord[]): string {
  const rows: Row[] = records.map((r) => [
    r.event_id,
    r.bookmaker_key,
    r.bookmaker_title,
    r.market_key,
    r.outcome_name,
    r.description,
    r.price,
    r.point,
    r.last_update,
  ]);
  return JSON.stringify({ sport, at: recordedAt.toISOString(), rows });
}

function decode(id: string, data: string): HistoryEntry {
  const { sport, at, rows } = JSON.parse(data) as { sport: string; at: string; rows: Row[] };
  return {
    id,
    sport,
    recordedAt: new Date(at),
    records: rows.map(([event_id, bookmaker_key, bookmaker_title, market_key, outcome_name, description, price, point, last_update]) => ({
      event_id,
      bookmaker_key,
      bookmaker_title,
      market_key,
      outcome_name,
      description,
      price,
      point,
      last_update,
    })),
  };
}

type StreamReply = Array<[id: string, fields: string[]]>;

const entriesOf = (reply: StreamReply): HistoryEntry[] =>
  reply.filter(([, fields]) => fields !== null).map(([id, fields]) => decode(id, fields[fields.indexOf('data') + 1]));

/**
 * The odds history outbox, a Redis stream: a poll's price changes are appended in the same atomic step that publishes
 * its diff (`RealtimePublisher.publishWith`'s appends), and history writers move them to PostgreSQL afterwards, in
 * batches, off the path to the browser. An entry stays in the stream until a writer has stored it and acknowledged
 * it; one read by a writer that died is claimed by another once it has been idle long enough.
 */
@Injectable()
export class OddsHistoryOutboxRepository {
  constructor(private readonly redis: RedisService) {}

  private get stream(): string {
    return this.redis.key(...RedisKeys.oddsHistoryOutbox);
  }

  /** The appends of one poll's changes, for `publishWith` (or `append` when nothing is published). */
  appends(sport: string, records: readonly PriceRecord[], recordedAt: Date): Array<[stream: string, data: string]> {
    const appends: Array<[string, string]> = [];
    for (let start = 0; start < records.length; start += RECORDS_PER_ENTRY)
      appends.push([this.stream, encode(sport, recordedAt, records.slice(start, start + RECORDS_PER_ENTRY))]);
    return appends;
  }

  /** Appends one poll's changes on their own, in one step. */
  async append(sport: string, records: readonly PriceRecord[], recordedAt: Date): Promise<void> {
    const multi = this.redis.client.multi();
    for (const [stream, data] of this.appends(sport, records, recordedAt)) multi.xadd(stream, '*', 'data', data);
    const results = await multi.exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error(`Appending the odds history of ${sport} was aborted`);
  }

  /** Creates the stream and its consumer group when missing (from the start, so nothing appended before is skipped). */
  async ensureGroup(): Promise<void> {
    try {
      await this.redis.client.xgroup('CREATE', this.stream, GROUP, '0', 'MKSTREAM');
    } catch (error) {
      if (!(error as Error).message.includes('BUSYGROUP')) throw error;
    }
  }

  /**
   * Up to `count` entries for `consumer`: first those it read before and has not stored (a write that failed, tried
   * again at once), then those another writer read and left idle for `claimIdleMs` (it died before acknowledging
   * them), then new ones.
   */
  async take(consumer: string, count: number, claimIdleMs: number): Promise<HistoryEntry[]> {
    const entries = entriesOf(await this.read(consumer, count, '0'));
    if (entries.length >= count) return entries;
    const [, claimed] = (await this.redis.client.xautoclaim(this.stream, GROUP, consumer, claimIdleMs, '0', 'COUNT', count - entries.length)) as [
      string,
      StreamReply,
    ];
    entries.push(...entriesOf(claimed));
    if (entries.length >= count) return entries;
    return [...entries, ...entriesOf(await this.read(consumer, count - entries.length, '>'))];
  }

  /** XREADGROUP from `id`: `0` for the consumer's own pending entries, `>` for entries no consumer has read. */
  private async read(consumer: string, count: number, id: '0' | '>'): Promise<StreamReply> {
    const reply = (await this.redis.client.xreadgroup('GROUP', GROUP, consumer, 'COUNT', count, 'STREAMS', this.stream, id)) as Array<
      [string, StreamReply]
    > | null;
    return reply?.[0]?.[1] ?? [];
  }

  /** Removes stored entries: acknowledged for the group, and deleted from the stream. */
  async done(ids: readonly string[]): Promise<void> {
    if (!ids.length) return;
    const results = await this.redis.client
      .multi()
      .xack(this.stream, GROUP, ...ids)
      .xdel(this.stream, ...ids)
      .exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error('Removing stored odds history entries was aborted');
  }

  /** Entries waiting, read or not (what the operations page and the benchmarks watch). */
  async backlog(): Promise<number> {
    return this.redis.client.xlen(this.stream);
  }
}
