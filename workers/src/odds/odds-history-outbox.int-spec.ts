import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { sql } from 'kysely';
import {
  APP_CONFIG,
  AppConfig,
  Database,
  KYSELY,
  OddsHistoryOutboxRepository,
  OddsHistoryRepository,
  parseConfig,
  RedisService,
  deleteKeysWithPrefix,
} from '@oddspulse/core';
import { RealtimeListener, eventually } from '../../../test/support/realtime-listener';
import { CLOCK } from '../feeds/clock';
import { WorkersModule } from '../workers.module';
import { OddsHistoryWriterService } from './odds-history-writer.service';
import { OddsPipelineService } from './odds-pipeline.service';

const SPORT = 'icehockey_nhl';
const CLAIM_IDLE_MS = 300;

// The diff is published before the odds history reaches PostgreSQL; its rows wait in an outbox appended in the same
// step as the publish. A worker dying in between (before its writer read the entry, or after reading it and before
// storing it, or after storing it and before acknowledging it) loses no row and writes none twice: the next worker
// stores what is left (the history is what closing-line value reads).
describe('odds history outbox: a worker killed between publish and history write (real Redis and PostgreSQL)', () => {
  let config: AppConfig;
  let listener: RealtimeListener;
  // Each run its own minutes, far ahead: the rows this spec counts are its own.
  let now = Date.parse('2031-06-01T18:00:00Z') + Math.floor(Math.random() * 1_000) * 60_000;
  const workers: INestApplicationContext[] = [];

  async function startWorker(): Promise<INestApplicationContext> {
    const moduleRef = await Test.createTestingModule({ imports: [WorkersModule] })
      .overrideProvider(APP_CONFIG)
      .useValue(config)
      .overrideProvider(CLOCK)
      .useValue(() => now)
      .compile();
    moduleRef.useLogger(false);
    const app = await moduleRef.init();
    workers.push(app);
    return app;
  }

  const rowsAt = async (app: INestApplicationContext, at: number) =>
    Number(
      (
        await sql<{
          n: string;
        }>`SELECT count(*) AS n FROM odds_history WHERE sport_key = ${SPORT} AND recorded_at = ${new Date(at)}`.execute(
          app.get<Database>(KYSELY),
        )
      ).rows[0].n,
    );

  /** Polls in `app` with its history writer failing at `step` (the worker dies there), then stops the worker. */
  async function pollAndDie(app: INestApplicationContext, step: 'take' | 'storeEntries' | 'done') {
    const killed = new Error('worker killed');
    const target = step === 'storeEntries' ? app.get(OddsHistoryRepository) : app.get(OddsHistoryOutboxRepository);
    const spy = jest
      .spyOn(target as unknown as Record<typeof step, () => Promise<unknown>>, step)
      .mockRejectedValue(killed);
    listener.clear();
    now += 30_000;
    const result = await app.get(OddsPipelineService).pollOdds({ sport: SPORT, tick: now });
    expect(result.historyRows).toBeGreaterThan(0);
    // The diff is out before any history is stored.
    const [diff] = await eventually(
      () => listener.on('odds', SPORT),
      (m) => m.length > 0,
    );
    expect(diff).toMatchObject({ type: 'board.diff', seq: result.publishedSeq });
    // The writer reaches the step (it runs every 250 ms) and fails there.
    await eventually(
      () => spy.mock.calls.length,
      (calls) => calls > 0,
    );
    await app.close();
    workers.splice(workers.indexOf(app), 1);
    spy.mockRestore();
    return { at: now, rows: result.historyRows! };
  }

  beforeAll(async () => {
    const base = parseConfig(process.env);
    config = {
      ...base,
      REDIS_PREFIX: `${base.REDIS_PREFIX}:history-outbox`,
      ODDS_PROVIDER: 'simulator',
      SIMULATOR_SEED: 11,
      FEED_SPORTS: [],
      SCHEDULER_TICK_MS: 60_000,
      ODDS_HISTORY_CLAIM_IDLE_MS: CLAIM_IDLE_MS,
    };
    const first = await startWorker();
    await deleteKeysWithPrefix(first.get(RedisService).client, first.get(RedisService).key('odds-history'));
    listener = new RealtimeListener(config.REDIS_URL, config.REDIS_PREFIX);
    await listener.start();
    // The first board: every price is new.
    await first.get(OddsPipelineService).pollOdds({ sport: SPORT, tick: now });
    await first.get(OddsHistoryWriterService).flush();
  });

  afterAll(async () => {
    await listener.stop();
    for (const app of workers) await app.close();
  });

  it.each([
    ['before its writer read the entry', 'take' as const],
    ['after its writer read the entry, before storing it', 'storeEntries' as const],
  ])('killed %s: the restarted worker writes every row', async (_when, step) => {
    const dying = workers[0];
    const { at, rows } = await pollAndDie(dying, step);
    const restarted = await startWorker();
    expect(await rowsAt(restarted, at)).toBe(0);
    expect(await restarted.get(OddsHistoryOutboxRepository).backlog()).toBeGreaterThan(0);
    // An entry the dead worker had read is taken over once idle for ODDS_HISTORY_CLAIM_IDLE_MS.
    const stored = await eventually(
      () => rowsAt(restarted, at),
      (n) => n === rows,
    );
    expect(stored).toBe(rows);
    await restarted.get(OddsHistoryWriterService).flush();
    expect(await restarted.get(OddsHistoryOutboxRepository).backlog()).toBe(0);
  });

  it('killed after storing an entry, before acknowledging it: the entry is taken over and written once', async () => {
    const dying = workers[0];
    const { at, rows } = await pollAndDie(dying, 'done');
    const restarted = await startWorker();
    expect(await rowsAt(restarted, at)).toBe(rows);
    const outbox = restarted.get(OddsHistoryOutboxRepository);
    expect(await outbox.backlog()).toBeGreaterThan(0);
    await eventually(
      () => outbox.backlog(),
      (n) => n === 0,
    );
    expect(await rowsAt(restarted, at)).toBe(rows);
  });

  // docs/scaling.md "Moving an existing deployment": entries left in the one outbox of earlier versions are stored too.
  it('drains the single outbox of earlier versions, each entry once under its own id', async () => {
    now += 30_000;
    const redis = workers[0].get(RedisService);
    const legacy = redis.key('odds-history', 'outbox');
    await redis.client.xgroup('CREATE', legacy, 'history-writers', '0', 'MKSTREAM');
    const row = [
      'legacy-event',
      'draftkings',
      'DraftKings',
      'h2h',
      'Boston Bruins',
      '',
      2.1,
      null,
      new Date(now).toISOString(),
    ];
    const id = (await redis.client.xadd(
      legacy,
      '*',
      'data',
      JSON.stringify({ sport: SPORT, at: new Date(now).toISOString(), rows: [row] }),
    ))!;
    const app = await startWorker();
    expect(
      await eventually(
        () => rowsAt(app, now),
        (n) => n === 1,
      ),
    ).toBe(1);
    const recorded = await app
      .get<Database>(KYSELY)
      .selectFrom('odds_history_entries')
      .select('entry_id')
      .where('entry_id', '=', id)
      .execute();
    expect(recorded).toHaveLength(1);
    expect(await app.get(OddsHistoryOutboxRepository).backlog()).toBe(0);
  });
});
