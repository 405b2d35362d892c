import { Inject, Injectable } from '@nestjs/common';
import {
  creditBurn,
  opsFeeds,
  schedulerHealth,
  summariseDailyCounters,
  utcDay,
  workerProblems,
  type OpsCredits,
  type OpsOverview,
  type OpsSockets,
} from '@oddspulse/shared';
import {
  APP_CONFIG,
  type AppConfig,
  DatabaseProbe,
  type GatewaySample,
  JobQueueService,
  LiveStateRepository,
  OddsApiAccountRepository,
  OpportunityCountersRepository,
  OpsStateRepository,
  RedisService,
  SettlementRunsRepository,
  WorkerHeartbeatRepository,
  withTimeout,
} from '@oddspulse/core';

/** Each section gives up after this long: the page must answer while a dependency hangs. */
const READ_TIMEOUT_MS = 2000;
const HOUR_MS = 3_600_000;
/** A server process that missed this many samples no longer counts as connected. */
const GATEWAY_SAMPLES_MISSED = 3;

/**
 * Builds the operations overview from what the processes leave in Redis: feed statuses and the scheduler's
 * last tick, The Odds API balance and its readings, the queues, each server process's sockets, today's opportunity
 * counters and the settlement runs. Each section is read on its own: one that cannot be read is null with the reason
 * in `problems`, so the page keeps showing the rest. Nothing old is passed off as current.
 */
@Injectable()
export class OpsOverviewService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly database: DatabaseProbe,
    private readonly redis: RedisService,
    private readonly state: LiveStateRepository,
    private readonly oddsApi: OddsApiAccountRepository,
    private readonly jobs: JobQueueService,
    private readonly counters: OpportunityCountersRepository,
    private readonly settlementRuns: SettlementRunsRepository,
    private readonly opsState: OpsStateRepository,
    private readonly heartbeats: WorkerHeartbeatRepository,
  ) {}

  async build(now = Date.now()): Promise<OpsOverview> {
    const problems: string[] = [];
    const [postgres, redis] = await Promise.all([
      withTimeout(this.database.ping(), READ_TIMEOUT_MS, 'PostgreSQL').then(
        () => true,
        (error: Error) => {
          problems.push(`PostgreSQL is not answering (${error.message}): sign-ins, picks and history are failing.`);
          return false;
        },
      ),
      this.redis.ping(READ_TIMEOUT_MS),
    ]);
    const overview: OpsOverview = {
      generated_at: new Date(now).toISOString(),
      sample_interval_ms: this.config.OPS_SAMPLE_INTERVAL_MS,
      dependencies: { postgres: postgres ? 'up' : 'down', redis: redis ? 'up' : 'down' },
      workers: null,
      worker_problems: null,
      scheduler: null,
      feeds: null,
      credits: null,
      queues: null,
      sockets: null,
      opportunities_today: null,
      settlement_runs: null,
      problems,
    };
    if (!redis) {
      problems.push(
        'Redis is not answering: feeds, queues, sockets and settlement runs cannot be read until it is back.',
      );
      return overview;
    }
    const read = <T>(what: string, reading: () => Promise<T>): Promise<T | null> =>
      withTimeout(reading(), READ_TIMEOUT_MS, `Reading ${what}`).catch((error: Error) => {
        problems.push(`${what} could not be read: ${error.message}`);
        return null;
      });
    const [workers, schedule, feeds, credits, queues, sockets, counters, runs] = await Promise.all([
      // worker processes with a live heartbeat, as health counts them: BullMQ's count is of connections (3 for 2 processes
      // on a Redis Cluster), and a process whose blocking loop stalled stays connected
      read('the workers', () => this.heartbeats.heartbeats(now)),
      read('the scheduler', async () => ({ lastTick: await this.state.lastScheduleTick() })),
      read('the feeds', async () => ({
        statuses: await this.state.feedStatuses(this.config.FEED_SPORTS),
        events: await this.state.oddsSchedules(),
      })),
      read('The Odds API credits', () => this.credits(now)),
      read('the queues', () => this.jobs.depths(now)),
      read('the sockets', async () => this.sockets(await this.opsState.gatewaySamples(now), now)),
      read("today's opportunities", () => this.counters.day(utcDay(now))),
      read('the settlement runs', () => this.settlementRuns.recent()),
    ]);
    const tickMs = this.config.SCHEDULER_TICK_MS;
    return {
      ...overview,
      workers: workers && workers.live.length,
      // a worker killed must not just leave the count: it is named gone, as health names it (docs/operating.md, Health)
      worker_problems:
        workers &&
        queues &&
        workerProblems(workers, Object.fromEntries(queues.map((q) => [q.name, q.waiting])), tickMs, now),
      scheduler: schedule && {
        health: schedulerHealth(schedule.lastTick, tickMs, now),
        last_tick_at: schedule.lastTick === null ? null : new Date(schedule.lastTick).toISOString(),
        age_seconds: schedule.lastTick === null ? null : Math.max(0, Math.round((now - schedule.lastTick) / 1000)),
        tick_ms: tickMs,
      },
      feeds: feeds && opsFeeds(this.config.FEED_SPORTS, feeds.statuses, this.cadence(), feeds.events, now),
      credits,
      queues,
      sockets,
      opportunities_today: counters && { day: utcDay(now), ...summariseDailyCounters(counters).opportunities_today },
      settlement_runs: runs,
    };
  }

  private cadence() {
    const c = this.config;
    return {
      propsMs: c.PROPS_INTERVAL_MS,
      scoresLiveMs: c.SCORES_LIVE_INTERVAL_MS,
      scoresIdleMs: c.SCORES_IDLE_INTERVAL_MS,
    };
  }

  /** Null while The Odds API is not in use and has never reported a balance (the simulator spends no credits). */
  private async credits(now: number): Promise<OpsCredits | null> {
    const [credits, samples, held] = await Promise.all([
      this.oddsApi.credits(),
      this.oddsApi.creditSamples(now - 2 * HOUR_MS),
      this.state.oddsHeld(),
    ]);
    const inUse = this.config.ODDS_PROVIDER === 'theoddsapi' || this.config.SCORES_PROVIDER === 'theoddsapi';
    if (!inUse && credits.remaining === null) return null;
    const burn = creditBurn(samples, now);
    const reserve = this.config.ODDS_API_CREDIT_RESERVE;
    return {
      remaining: credits.remaining,
      used: credits.used,
      reserve,
      low_priority_paused: credits.remaining !== null && credits.remaining < reserve,
      // The scheduler's last run only: an older record says nothing of now.
      held: [...held]
        .filter(([, run]) => now - run.at <= 2 * this.config.SCHEDULER_TICK_MS + 1000)
        .flatMap(([sport, run]) => run.held.map((h) => ({ sport, ...h }))),
      burn_per_hour: burn.perHour === null ? null : Math.round(burn.perHour * 10) / 10,
      runs_out_at: burn.runsOutAt === null ? null : new Date(burn.runsOutAt).toISOString(),
    };
  }

  /** The server processes that sampled lately, summed: sockets, sockets per room, deliveries per second. */
  private sockets(samples: readonly GatewaySample[], now: number): OpsSockets {
    const recent = samples.filter((s) => now - s.at <= GATEWAY_SAMPLES_MISSED * this.config.OPS_SAMPLE_INTERVAL_MS);
    const rooms = new Map<string, number>();
    for (const sample of recent)
      for (const [room, count] of Object.entries(sample.rooms)) rooms.set(room, (rooms.get(room) ?? 0) + count);
    return {
      processes: recent.length,
      connections: recent.reduce((sum, s) => sum + s.connections, 0),
      rooms: [...rooms]
        .map(([room, sockets]) => ({ room, sockets }))
        .sort((a, b) => b.sockets - a.sockets || a.room.localeCompare(b.room)),
      deliveries_per_second: Math.round(recent.reduce((sum, s) => sum + s.deliveries_per_second, 0) * 10) / 10,
    };
  }
}
