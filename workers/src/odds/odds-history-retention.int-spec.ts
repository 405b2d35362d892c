import { Test, TestingModule } from '@nestjs/testing';
import { sql } from 'kysely';
import {
  APP_CONFIG,
  CoreModule,
  parseConfig,
  Database,
  KYSELY,
  OddsHistoryPartitionsRepository,
  OddsHistoryRepository,
} from '@oddspulse/core';
import { CLOCK } from '../feeds/clock';
import { OddsHistoryRetentionService } from './odds-history-retention.service';

const SPORT = 'basketball_nba';

// Odds_history is bounded by dropping whole day partitions past retention (14 days here), never a
// DELETE, keeping what an unsettled pick needs for its closing line. Dates are in 2031 so this file's partitions are
// its own; partitions of the run's real days are past retention at that clock and may be dropped too.
describe('odds history retention (real PostgreSQL)', () => {
  let moduleRef: TestingModule;
  let retention: OddsHistoryRetentionService;
  let partitions: OddsHistoryPartitionsRepository;
  let history: OddsHistoryRepository;
  let db: Database;
  let now = Date.parse('2031-03-20T10:00:00Z');

  beforeAll(async () => {
    moduleRef = await Test.createTestingModule({
      imports: [CoreModule],
      providers: [OddsHistoryRetentionService, { provide: CLOCK, useValue: () => now }],
    })
      .overrideProvider(APP_CONFIG)
      .useValue({ ...parseConfig(process.env), ODDS_HISTORY_RETENTION_DAYS: 14 })
      .compile();
    retention = moduleRef.get(OddsHistoryRetentionService);
    partitions = moduleRef.get(OddsHistoryPartitionsRepository);
    history = moduleRef.get(OddsHistoryRepository);
    db = moduleRef.get(KYSELY);
  });

  afterAll(() => moduleRef?.close());

  const names = async () => (await partitions.list()).map((p) => p.name);
  const record = (eventId: string, at: string, price: number) =>
    history.insertChanges(
      SPORT,
      [
        {
          event_id: eventId,
          bookmaker_key: 'fanduel',
          bookmaker_title: 'FanDuel',
          market_key: 'h2h',
          outcome_name: 'Boston Celtics',
          description: '',
          price,
          point: null,
          last_update: at,
        },
      ],
      new Date(at),
    );
  const partitionOf = async (eventId: string) =>
    (
      await sql<{
        name: string;
      }>`SELECT tableoid::regclass::text AS name FROM odds_history WHERE event_id = ${eventId}`.execute(db)
    ).rows.map((r) => r.name);
  async function pendingPick(eventId: string, commence: string): Promise<string> {
    const user = await db
      .insertInto('users')
      .values({ email: `retain-${Math.random().toString(36).slice(2)}@example.com` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pick = await db
      .insertInto('picks')
      .values({
        user_id: user.id,
        game: 'Boston Celtics @ Miami Heat',
        league: 'NBA',
        sport: SPORT,
        market: 'Moneyline',
        selection: 'Boston Celtics',
        odds: '+120',
        stake_cents: 1000,
        status: 'pending',
        type: 'single',
        event_id: eventId,
        commence_time: commence,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return pick.id;
  }

  it('creates the partitions of today and the days ahead, so inserts land in their day', async () => {
    const report = await retention.retain();
    expect(report.created).toEqual(['2031-03-20', '2031-03-21', '2031-03-22']);
    expect(await names()).toEqual(
      expect.arrayContaining(['odds_history_p20310320', 'odds_history_p20310321', 'odds_history_p20310322']),
    );
    await record('evt-today', '2031-03-20T11:00:00Z', 2.1);
    await record('evt-tomorrow', '2031-03-21T11:00:00Z', 2.1);
    expect(await partitionOf('evt-today')).toEqual(['odds_history_p20310320']);
    expect(await partitionOf('evt-tomorrow')).toEqual(['odds_history_p20310321']);
  });

  it("drops a day past retention whole, keeps one an unsettled pick's closing line needs, and the closing line stays readable", async () => {
    // Two old days, as the job made them then.
    await partitions.ensureDay(new Date('2031-03-01T00:00:00Z'));
    await partitions.ensureDay(new Date('2031-03-02T00:00:00Z'));
    await record('evt-old', '2031-03-01T12:00:00Z', 1.9);
    await record('evt-pinned', '2031-03-02T12:00:00Z', 2.25);
    // A game listed long ahead: its pick is pending with no closing line until it starts on the 25th.
    const pickId = await pendingPick('evt-pinned', '2031-03-25T00:00:00Z');
    // A pick whose game started before the old day needs nothing from it (its close was before that day).
    await pendingPick('evt-old', '2031-02-27T00:00:00Z');

    const report = await retention.retain();
    expect(report.dropped).toContain('odds_history_p20310301');
    expect(report.dropped).not.toContain('odds_history_p20310302');
    expect(report.kept).toContain('odds_history_p20310302');
    expect(await names()).not.toContain('odds_history_p20310301');
    expect(await partitionOf('evt-old')).toEqual([]);

    const close = await history.closingPrices(SPORT, 'evt-pinned', new Date('2031-03-25T00:00:00Z'));
    expect(close).toEqual([
      expect.objectContaining({ bookmaker_key: 'fanduel', outcome_name: 'Boston Celtics', price: 2.25 }),
    ]);

    // Once the pick has its closing line, nothing holds the day.
    await db.updateTable('picks').set({ closing_odds: 125, clv: 1.5 }).where('id', '=', pickId).execute();
    expect((await retention.retain()).dropped).toEqual(['odds_history_p20310302']);
  });

  it('is idempotent: a second run in the same hour changes nothing', async () => {
    const first = await retention.retain();
    const second = await retention.retain();
    expect(second).toEqual({ created: [], dropped: [], kept: first.kept, defaultRows: first.defaultRows });
    expect(await names()).toEqual(
      expect.arrayContaining(['odds_history_p20310320', 'odds_history_p20310321', 'odds_history_p20310322']),
    );
  });

  it('never fails an insert: a day without a partition goes to the DEFAULT partition and moves into its day when made', async () => {
    await record('evt-early', '2031-03-23T01:00:00Z', 3.4);
    expect(await partitionOf('evt-early')).toEqual(['odds_history_default']);
    now = Date.parse('2031-03-21T10:00:00Z');
    expect((await retention.retain()).created).toEqual(['2031-03-23']);
    expect(await partitionOf('evt-early')).toEqual(['odds_history_p20310323']);
    expect((await history.find({ sport: SPORT, eventId: 'evt-early' })).rows).toEqual([
      expect.objectContaining({ price: 3.4 }),
    ]);
  });

  // A worker's pipeline writes while another makes the day's partition (a fresh database, or the job late): the insert
  // waits for the partition and lands in it (realtime-recovery.int-spec.ts met this race: "violates partition constraint").
  it('never fails an insert made while its day partition is being made', async () => {
    const day = '2031-03-24';
    /** Until a statement like `pattern` waits for a lock, within the making's 5 s lock_timeout: the steps follow what blocks, not time. */
    const blocked = async (pattern: string) => {
      for (
        const deadline = Date.now() + 4_000;
        Date.now() < deadline;
        await new Promise((resolve) => setTimeout(resolve, 20))
      ) {
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE ${pattern}`.execute(db);
        if (rows[0].n) return;
      }
      throw new Error(`No statement like ${pattern} came to wait for a lock`);
    };
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    // a reader of the DEFAULT partition holds the making at its ATTACH, after the day's rows were moved out of DEFAULT
    const reader = db.connection().execute(async (conn) => {
      await sql`BEGIN`.execute(conn);
      await sql`SELECT count(*) FROM odds_history_default`.execute(conn);
      holding();
      await released;
      await sql`COMMIT`.execute(conn);
    });
    await held;
    const making = partitions.ensureDay(new Date(`${day}T00:00:00Z`));
    let inserting: Promise<unknown> | undefined;
    try {
      await blocked('%ATTACH PARTITION%');
      inserting = record('evt-racing', `${day}T02:00:00Z`, 2.2);
      await blocked('insert into%odds_history%');
    } finally {
      // a failed step still lets the reader go, so the test fails instead of hanging
      release();
      await reader;
    }
    expect(await making).toBe(true);
    await inserting;
    expect(await partitionOf('evt-racing')).toEqual(['odds_history_p20310324']);
  });
});
