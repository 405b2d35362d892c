import { Injectable } from '@nestjs/common';
import { dailyCounterFields, type CountedOpportunityKind, type DailyFinding } from '@oddspulse/shared';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';

/** A day's counters outlive the day by one more, so a finding stamped just before midnight still lands. */
const DAILY_TTL_SECONDS = 2 * 24 * 3600;
/** Findings per script call, so a first pass over a full board never sends one huge command. */
const CHUNK = 500;

/**
 * Adds each id not yet in the day's seen set to the counters, atomically, so two workers (or a finding
 * published twice) never count one opportunity twice. ARGV: ttl, then the field names, then id/edge pairs
 * ('' when the kind has no edge). Answers how many were new.
 */
const RECORD_SCRIPT = `
local added = 0
for i = 5, #ARGV, 2 do
  if redis.call('SADD', KEYS[2], ARGV[i]) == 1 then
    added = added + 1
    redis.call('HINCRBY', KEYS[1], ARGV[2], 1)
    if ARGV[i + 1] ~= '' then
      redis.call('HINCRBY', KEYS[1], ARGV[3], ARGV[i + 1])
      redis.call('HINCRBY', KEYS[1], ARGV[4], 1)
    end
  end
end
redis.call('EXPIRE', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[2], ARGV[1])
return added
`;

/**
 * The daily "opportunities found" counters (DECISIONS 17 landing figures): detection records what it found,
 * the landing endpoint reads today's. Edges are kept as an integer sum of basis points and a count, so the
 * mean is exact and never drifts with floating-point additions.
 */
@Injectable()
export class OpportunityCountersRepository {
  constructor(private readonly redis: RedisService) {}

  /** Counts each finding once per day and kind; answers how many were counted now. */
  async record(kind: CountedOpportunityKind, findings: readonly DailyFinding[]): Promise<number> {
    const byDay = new Map<string, DailyFinding[]>();
    for (const finding of findings) {
      const list = byDay.get(finding.day);
      if (list) list.push(finding);
      else byDay.set(finding.day, [finding]);
    }
    const fields = dailyCounterFields(kind);
    let added = 0;
    for (const [day, list] of byDay) {
      for (let start = 0; start < list.length; start += CHUNK) {
        const args = list.slice(start, start + CHUNK).flatMap((f) => [f.id, f.edgeBp === null ? '' : String(f.edgeBp)]);
        const counted = await this.redis.client.eval(
          RECORD_SCRIPT,
          2,
          this.redis.key(...RedisKeys.opportunitiesFoundDaily(day)),
          this.redis.key(...RedisKeys.opportunitiesSeenDaily(day, kind)),
          DAILY_TTL_SECONDS,
          fields.found,
          fields.edgeBpSum,
          fields.edgeCount,
          ...args,
        );
        added += Number(counted);
      }
    }
    return added;
  }

  /** The counter hash of a day (empty when nothing was found). */
  async day(day: string): Promise<Record<string, string>> {
    return this.redis.client.hgetall(this.redis.key(...RedisKeys.opportunitiesFoundDaily(day)));
  }
}
