import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { sql } from 'kysely';
import { JobName, QueueName, RealtimeEnvelope, settleBookLinks } from '@oddspulse/shared';
import {
  APP_CONFIG,
  AppConfig,
  parseConfig,
  Database,
  KYSELY,
  JobQueueService,
  LiveStateRepository,
} from '@oddspulse/core';
import { RealtimeListener, eventually } from '../../../test/support/realtime-listener';
import { CLOCK } from '../feeds/clock';
import { ODDS_PROVIDER, OddsProvider } from '../feeds/providers';
import { OddsHistoryWriterService } from '../odds/odds-history-writer.service';
import { OddsPipelineService } from '../odds/odds-pipeline.service';
import { FeedsSchedulerService } from '../schedule/feeds-scheduler.service';
import { ScoresPipelineService } from '../scores/scores-pipeline.service';
import { WorkersModule } from '../workers.module';
import { MarketSimulator } from './market-simulator';

const SPORT = 'basketball_nba';
const SEED = 99;
const T0 = Date.parse('2026-03-01T20:00:00Z');

// The simulator is deterministic for a seed, so several worker processes agree with no state of
// their own; games turn final and say so once; the scheduler fans out one job per sport and slot.
describe('simulator through the pipeline, two worker processes (real Redis and PostgreSQL)', () => {
  let config: AppConfig;
  const clocks = { a: T0, b: T0 };
  let a: INestApplicationContext;
  let b: INestApplicationContext;
  let listener: RealtimeListener;

  async function worker(name: 'a' | 'b'): Promise<INestApplicationContext> {
    const moduleRef = await Test.createTestingModule({ imports: [WorkersModule] })
      .overrideProvider(APP_CONFIG)
      .useValue(config)
      .overrideProvider(CLOCK)
      .useValue(() => clocks[name])
      .compile();
    moduleRef.useLogger(false);
    return moduleRef.init();
  }

  beforeAll(async () => {
    const base = parseConfig(process.env);
    config = {
      ...base,
      REDIS_PREFIX: `${base.REDIS_PREFIX}:simulator`,
      SIMULATOR_SEED: SEED,
      FEED_SPORTS: [],
      SCHEDULER_TICK_MS: 60_000,
    };
    a = await worker('a');
    b = await worker('b');
    listener = new RealtimeListener(config.REDIS_URL, config.REDIS_PREFIX);
    await listener.start();
  });

  afterAll(async () => {
    await listener.stop();
    await a.close();
    await b.close();
  });

  it('two processes see the same market for the same seed and time', async () => {
    await a.get(OddsPipelineService).pollOdds({ sport: SPORT, tick: 0 });
    const stored = await a.get(LiveStateRepository).board('odds', SPORT);
    const fromB = await b.get<OddsProvider>(ODDS_PROVIDER).fetchOdds(SPORT, null, (event) => event);
    expect(JSON.stringify(stored!.events)).toBe(JSON.stringify(settleBookLinks(fromB)));
    expect(fromB.length).toBeGreaterThan(0);
  });

  it('a poll by the other process 30 s later publishes and records only what moved', async () => {
    const db = a.get<Database>(KYSELY);
    // The history is stored after the publish, by either process's writer: both finish before counting.
    const count = async () => {
      for (const app of [a, b]) await app.get(OddsHistoryWriterService).flush();
      return Number(
        (await sql<{ n: string }>`SELECT count(*) AS n FROM odds_history WHERE sport_key = ${SPORT}`.execute(db))
          .rows[0].n,
      );
    };
    const before = await count();
    const board = (await a.get(LiveStateRepository).board('odds', SPORT))!;
    const outcomes = board.events.reduce(
      (s, e) => s + e.bookmakers.reduce((t, bk) => t + bk.markets.reduce((u, m) => u + m.outcomes.length, 0), 0),
      0,
    );
    listener.clear();
    clocks.b = T0 + 30_000;
    const result = await b.get(OddsPipelineService).pollOdds({ sport: SPORT, tick: 1 });
    expect(result.historyRows).toBeGreaterThan(0);
    // Books reprice every 5–30 s (arbitrages vanish within seconds), so in 30 s most live prices move; the
    // unchanged pre-game prices are not recorded again.
    expect(result.historyRows).toBeLessThan(outcomes * 0.6);
    expect((await count()) - before).toBe(result.historyRows);
    const diff = await eventually(
      () => listener.on('odds', SPORT),
      (m) => m.length > 0,
    );
    expect(diff[0]).toMatchObject({ type: 'board.diff', seq: 2 });
  });

  it('publishes a game turning final once, whichever process sees it', async () => {
    const sim = new MarketSimulator(SEED);
    const game = sim.games(SPORT, T0).find((g) => sim.state(g, T0).phase === 'live')!;
    const end = game.commence + 150 * 60_000;
    clocks.a = end - 60_000;
    await a.get(ScoresPipelineService).poll({ sport: SPORT, tick: 0 });
    expect((await a.get(LiveStateRepository).scoreboard(SPORT))!.games.find((g) => g.id === game.id)).toMatchObject({
      status: 'in_progress',
    });
    listener.clear();
    clocks.b = end + 60_000;
    await b.get(ScoresPipelineService).poll({ sport: SPORT, tick: 1 });
    clocks.a = end + 120_000;
    await a.get(ScoresPipelineService).poll({ sport: SPORT, tick: 2 });
    const finals = await eventually(
      () => listener.on('scores', SPORT).filter((m) => m.type === 'game.final'),
      (m) => m.length > 0,
    );
    await new Promise((r) => setTimeout(r, 200));
    const mine = listener
      .on('scores', SPORT)
      .filter(
        (m) =>
          m.type === 'game.final' && (m as Extract<RealtimeEnvelope, { type: 'game.final' }>).data.game.id === game.id,
      );
    expect(finals.length).toBeGreaterThan(0);
    expect(mine).toHaveLength(1);
    expect((mine[0] as Extract<RealtimeEnvelope, { type: 'game.final' }>).data.game).toMatchObject({
      status: 'final',
      completed: true,
      event_id: game.id,
    });
  });

  it('the scheduler fans out one job per sport, kind and slot, and a second run in the slot adds none', async () => {
    const scheduler = a.get(FeedsSchedulerService);
    const jobs = a.get(JobQueueService);
    Object.assign(config, { FEED_SPORTS: ['icehockey_nhl'] });
    // the scores poll on the feeds every worker takes, the odds and props polls on the sport's feed lane
    const lane = jobs.queueOf(JobName.OddsPoll, { sport: 'icehockey_nhl', tick: 0 });
    expect(lane).toBe(QueueName.FeedLane1);
    const queues = [jobs.queue(QueueName.Feeds), jobs.queue(lane)];
    const polls = async () =>
      (await Promise.all(queues.map((queue) => queue.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed']))))
        .flat()
        .filter((j) => j.data.sport === 'icehockey_nhl');
    // Slots of this run's own (job ids and planned slots name them), the same for both processes.
    clocks.a = clocks.b = Date.now();
    try {
      const first = await scheduler.fanOut({ scheduledAt: 0 });
      expect(first.polls).toBe(3);
      const ids = await polls();
      expect(ids.map((j) => [j.name, j.queueName]).sort()).toEqual([
        ['odds.poll', lane],
        ['props.poll', lane],
        ['scores.poll', QueueName.Feeds],
      ]);
      const stamps = new Map(ids.map((j) => [j.id, j.timestamp]));
      await b.get(FeedsSchedulerService).fanOut({ scheduledAt: 0 });
      expect(new Map((await polls()).map((j) => [j.id, j.timestamp]))).toEqual(stamps);
    } finally {
      Object.assign(config, { FEED_SPORTS: [] });
    }
  });

  // spec 001 §9: between the 30-s sweeps, a live game is polled every 5 s by id, a game starting within an hour every 10 s
  it('the scheduler polls the due events by id between sweeps, from the events the last poll saw', async () => {
    const scheduler = a.get(FeedsSchedulerService);
    // A sport the simulator does not play: the jobs the workers run fail at once, leaving the events given here alone.
    const sport = 'cricket_ipl';
    Object.assign(config, { FEED_SPORTS: [sport] });
    const jobs = a.get(JobQueueService);
    const queue = jobs.queue(jobs.queueOf(JobName.OddsPoll, { sport, tick: 0 }));
    // A sweep slot of this run's own: 30-s slots are aligned to the clock.
    const sweep = Math.ceil(Date.now() / 30_000) * 30_000 + 60_000;
    await a.get(LiveStateRepository).saveOddsSchedule(sport, [
      { id: 'live-game', start: sweep - 600_000, completed: false },
      { id: 'kicks-off-soon', start: sweep + 1_800_000, completed: false },
      { id: 'tomorrow', start: sweep + 86_400_000, completed: false },
    ]);
    const oddsJobs = async () =>
      (await queue.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed'])).filter(
        (j) => j.name === 'odds.poll' && j.data.sport === sport,
      );
    const asked = async (at: number) => {
      clocks.a = at;
      await scheduler.fanOut({ scheduledAt: 0 });
      return (await oddsJobs()).find((j) => j.data.tick === at - (at % 5_000))?.data.eventIds;
    };
    try {
      expect(await asked(sweep + 1_000)).toBeNull();
      expect(await asked(sweep + 5_000)).toEqual(['live-game']);
      expect(await asked(sweep + 10_000)).toEqual(['live-game', 'kicks-off-soon']);
      expect(await asked(sweep + 30_000)).toBeNull();
    } finally {
      Object.assign(config, { FEED_SPORTS: [] });
    }
  });
});
