import {
  AlertsOutboxRepository,
  JobQueueService,
  LiveStateRepository,
  MetricsService,
  OpportunityCountersRepository,
  OddsHistoryRepository,
  RealtimePublisher,
  SteamRecordRepository,
  SteamStateRepository,
} from '@oddspulse/core';
import {
  americanToDecimal,
  STEAM_GRADE_AFTER_MS,
  STEAM_GRADE_GIVE_UP_MS,
  SteamMessages,
  type BoardEvent,
  type AlertsEvaluatePayload,
  type RealtimeEnvelope,
  type SportBoard,
  type SteamAlert,
} from '@oddspulse/shared';
import { book, NOW, scoreboardGame } from '@oddspulse/shared/testing';
import { createAccountsApp, type AccountsTestApp } from '../../../test/support/accounts-app';
import { eventually, RealtimeListener } from '../../../test/support/realtime-listener';
import { AlertBatches } from '../alerts/alert-batches';
import { SteamDetectionService } from './steam-detection.service';
import { SteamRecordService } from './steam-record.service';

const SPORT = 'americanfootball_nfl';
const START = NOW + 3_600_000;

// DECISIONS 34 end to end on the real Redis and PostgreSQL: a sharp move confirmed by a second sharp book raised once
// however many workers detect it, updated and expired as the soft books catch up, kept and graded against the close.
describe('steam detection and its record (real Redis and PostgreSQL)', () => {
  let t: AccountsTestApp;
  let listener: RealtimeListener;
  let eventId: string;
  const evaluated: SteamAlert[][] = [];
  /** The alerts queue refuses the next add, as it does when Redis blips or the worker stops on it. */
  let refuseNext = false;
  let clock = NOW;

  const alertBatches = () =>
    new AlertBatches(
      {
        add: async (_name: string, data: AlertsEvaluatePayload) => {
          if (refuseNext) {
            refuseNext = false;
            throw new Error('the alerts queue is away');
          }
          evaluated.push(data.opportunities as SteamAlert[]);
        },
      } as unknown as JobQueueService,
      t.get(AlertsOutboxRepository),
      t.get(OpportunityCountersRepository),
      new MetricsService(),
    );
  const detector = () =>
    new SteamDetectionService(
      t.get(SteamStateRepository),
      t.get(RealtimePublisher),
      alertBatches(),
      new MetricsService(),
    );
  const recorder = () =>
    new SteamRecordService(
      t.get(SteamStateRepository),
      t.get(SteamRecordRepository),
      t.get(OddsHistoryRepository),
      t.get(LiveStateRepository),
      { schedule: async () => undefined } as unknown as JobQueueService,
      t.config,
      () => clock,
    );

  /** The board at `secondsAgo` (before NOW) with each book's Home/Away moneyline, quoted at that moment. */
  function board(secondsAgo: number, prices: Prices): SportBoard {
    const event: BoardEvent = {
      id: eventId,
      sport_key: SPORT,
      sport_title: 'NFL',
      commence_time: new Date(START).toISOString(),
      home_team: 'Home',
      away_team: 'Away',
      bookmakers: Object.entries(prices).map(([key, [home, away]]) =>
        book(
          key,
          {
            h2h: [
              ['Home', home],
              ['Away', away],
            ],
          },
          secondsAgo * 1000,
        ),
      ),
    };
    event.bookmakers[2].markets[0].outcomes[0].link = 'https://sportsbook.draftkings.com/event/1?outcome=home';
    return { sport_key: SPORT, fetched_at: new Date(NOW - secondsAgo * 1000).toISOString(), events: [event] };
  }
  type Prices = Record<string, [home: number, away: number]>;
  const before: Prices = {
    pinnacle: [-150, 130],
    circasports: [-150, 130],
    draftkings: [-150, 130],
    fanduel: [-155, 135],
  };
  const steam = (overrides: Prices): Prices => ({ ...before, ...overrides });
  const detect = (service: SteamDetectionService, b: SportBoard, secondsAgo: number) =>
    service.detect(b, [eventId], NOW - secondsAgo * 1000);
  /** Prices of the game's h2h, as the odds history holds them, recorded at `at`. */
  const recordPrices = (prices: Array<[book: string, outcome: string, american: number]>, at: number) =>
    t.get(OddsHistoryRepository).insertChanges(
      SPORT,
      prices.map(([bookKey, outcome, american]) => ({
        event_id: eventId,
        bookmaker_key: bookKey,
        bookmaker_title: bookKey,
        market_key: 'h2h',
        outcome_name: outcome,
        description: '',
        price: americanToDecimal(american),
        point: null,
        last_update: new Date(at - 60_000).toISOString(),
      })),
      new Date(at),
    );
  /** The usual close, a minute before START: Pinnacle −180/+165, DraftKings −175/+150. */
  const recordUsualClose = () =>
    recordPrices(
      [
        ['pinnacle', 'Home', -180],
        ['pinnacle', 'Away', 165],
        ['draftkings', 'Home', -175],
        ['draftkings', 'Away', 150],
      ],
      START - 60_000,
    );
  /** The sport's odds board lists these games at these starts (what each odds poll writes). */
  const listGames = (games: Array<[id: string, start: number]>) =>
    t.get(LiveStateRepository).saveOddsSchedule(
      SPORT,
      games.map(([id, start]) => ({ id, start, completed: false })),
    );
  /**
   * The sport's scoreboard shows the game, joined to its odds event (as joinToOdds leaves it), at `start`, with ESPN's
   * status: not started (as the mapper reads a game postponed, cancelled or delayed too) unless `live`.
   */
  const showGame = (start: number, status: { name: string; detail: string }, live = false) =>
    t.get(LiveStateRepository).saveScoreboard({
      sport_key: SPORT,
      fetched_at: new Date(clock).toISOString(),
      games: [
        scoreboardGame({
          id: `espn-${eventId}`,
          event_id: eventId,
          sport_key: SPORT,
          league: 'NFL',
          commence_time: new Date(start).toISOString(),
          home_team: 'Home',
          away_team: 'Away',
          status_type: { ...status, completed: false },
          ...(live ? { live, status: 'in_progress' as const } : {}),
        }),
      ],
    });
  /** Raises a Home moneyline steam alert on a new game: Pinnacle moves, Circa confirms 30 s later. */
  async function raiseAlert(name: string) {
    eventId = `steam-spec-${name}-${Date.now().toString(36)}`;
    const service = detector();
    await detect(service, board(240, before), 240);
    await detect(service, board(60, steam({ pinnacle: [-175, 160] })), 60);
    expect(
      (await detect(service, board(30, steam({ pinnacle: [-175, 160], circasports: [-180, 160] })), 30)).raised,
    ).toBe(1);
  }
  const alertRow = () =>
    t.db.selectFrom('steam_alerts').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow();
  const steamMessages = () => listener.on('steam', SPORT) as Array<RealtimeEnvelope<'steam'>>;

  beforeAll(async () => {
    t = await createAccountsApp();
    listener = new RealtimeListener(t.config.REDIS_URL, t.config.REDIS_PREFIX);
    await listener.start();
    eventId = `steam-spec-${Date.now().toString(36)}`;
    // the run's Redis is shared by its spec files: what others left in the record outboxes is kept first, and what they
    // left for the steam rules queued
    await recorder().record();
    await alertBatches().handOver(['steam'], SPORT);
    evaluated.length = 0;
  });

  afterAll(async () => {
    await listener.stop();
    await t.app.close();
  });

  it('raises one alert from two workers, updates it as soft books catch up, and expires it with the last', async () => {
    const [a, b] = [detector(), detector()];
    expect(await detect(a, board(240, before), 240)).toEqual({ raised: 0, updated: 0, expired: 0 });
    // Pinnacle alone: not confirmed
    expect((await detect(a, board(60, steam({ pinnacle: [-175, 160] })), 60)).raised).toBe(0);
    // Circa confirms 30 s later; both workers see the same board at once
    const confirmed = board(30, steam({ pinnacle: [-175, 160], circasports: [-180, 160] }));
    const runs = await Promise.all([detect(a, confirmed, 30), detect(b, confirmed, 30)]);
    expect(runs.map((r) => r.raised).sort()).toEqual([0, 1]);
    const raised = await eventually(steamMessages, (m) => m.length > 0);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      type: 'steam:alert',
      data: {
        alert: {
          eventId,
          market: 'h2h',
          side: 'Home',
          origin: { book: 'pinnacle', from: { price: -150 }, to: { price: -175 } },
          confirmations: [{ book: 'circasports', sharp: true }],
          status: 'active',
        },
      },
    });
    // DraftKings −150 and FanDuel −155 against Pinnacle's −175/+160 (0.623288): 3.88 % and 2.54 %, DraftKings' link
    const alert = raised[0].data.alert;
    expect(alert.staleBooks.map((s) => [s.book, s.evPct, s.link])).toEqual([
      ['draftkings', 3.88, 'https://sportsbook.draftkings.com/event/1?outcome=home'],
      ['fanduel', 2.54, undefined],
    ]);
    expect(evaluated).toEqual([[alert]]);
    expect(await t.get(SteamStateRepository).alerts(SPORT)).toEqual([alert]);
    // the same move seen again raises nothing: the side is claimed for 30 minutes
    expect((await detect(b, confirmed, 20)).raised).toBe(0);

    const caughtUp = steam({ pinnacle: [-175, 160], circasports: [-180, 160], draftkings: [-175, 150] });
    expect(await detect(b, board(10, caughtUp), 10)).toMatchObject({ updated: 1 });
    expect(await detect(a, board(5, { ...caughtUp, fanduel: [-180, 150] }), 5)).toMatchObject({ expired: 1 });
    const messages = await eventually(steamMessages, (m) => m.length === 3);
    expect(messages.map((m) => m.type)).toEqual(['steam:alert', 'steam:update', 'steam:expired']);
    expect(messages[1].data.alert.staleBooks.map((s) => s.book)).toEqual(['fanduel']);
    expect(messages[2].data.alert).toMatchObject({ status: 'expired', expiry: 'caught_up', staleBooks: [] });
    expect(await t.get(SteamStateRepository).alerts(SPORT)).toEqual([]);
  });

  it('keeps every alert raised and expired in PostgreSQL, and grades it against the close once the game starts', async () => {
    clock = NOW;
    const first = await recorder().record();
    expect(first.kept).toBe(2);
    // the outbox is drained: a second run keeps nothing more
    expect((await recorder().record()).kept).toBe(0);
    const kept = await t.db.selectFrom('steam_alerts').selectAll().where('event_id', '=', eventId).execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ market: 'h2h', side: 'Home', expiry: 'caught_up', grade_status: 'pending' });

    // The closing prices, as the odds history holds them.
    await recordUsualClose();
    await listGames([[eventId, START]]);
    // before the start and its grace, nothing is graded
    clock = START + STEAM_GRADE_AFTER_MS - 1000;
    expect((await recorder().record()).graded).toBe(0);
    clock = START + STEAM_GRADE_AFTER_MS;
    expect((await recorder().record()).graded).toBe(1);
    const graded = await t.db
      .selectFrom('steam_alerts')
      .selectAll()
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    // Taking DraftKings −150 (1.666667) against Pinnacle's fair close 0.630119: 5.02 % CLV; DraftKings moved to −175.
    expect(graded).toMatchObject({
      grade_status: 'graded',
      clv_pct: 5.02,
      closing_price: -170,
      soft_moved: true,
      grade_source: 'sharp',
    });

    const res = await t.http().get(`/api/steam/record?sport=${SPORT}&market=h2h`);
    expect(res.status).toBe(200);
    expect(res.body.overall).toMatchObject({
      alerts: 1,
      graded: 1,
      hits: 1,
      hitRate: 1,
      avgClvPct: 5.02,
      softMovedRate: 1,
    });
    expect(res.body.groups).toEqual([res.body.overall].map((o: object) => ({ ...o, sport: SPORT, market: 'h2h' })));
    expect(res.body.alerts).toEqual([
      expect.objectContaining({
        sport: SPORT,
        market: 'h2h',
        side: 'Home',
        originBook: 'pinnacle',
        status: 'graded',
        gradedBook: 'draftkings',
        taken: { price: -150, decimal: americanToDecimal(-150) },
        closingPrice: -170,
        clvPct: 5.02,
        softMoved: true,
        expiry: 'caught_up',
      }),
    ]);
    expect(res.body.nextBefore).toBeNull();
  });

  // DECISIONS 34: one alert per event, market and side in 30 minutes — and that one reaches the steam rules
  it('hands an alert raised while the alerts queue failed to the steam rules on the next run, its side held', async () => {
    eventId = `steam-spec-queue-${Date.now().toString(36)}`;
    evaluated.length = 0;
    const service = detector();
    await detect(service, board(240, before), 240);
    await detect(service, board(60, steam({ pinnacle: [-175, 160] })), 60);
    refuseNext = true;
    const confirmed = board(30, steam({ pinnacle: [-175, 160], circasports: [-180, 160] }));
    await expect(detect(service, confirmed, 30)).rejects.toThrow('the alerts queue is away');
    const [alert] = (await t.get(SteamStateRepository).alerts(SPORT)).filter((a) => a.eventId === eventId);
    expect(alert).toMatchObject({ market: 'h2h', side: 'Home', status: 'active' });
    expect(evaluated).toEqual([]);
    // the next run (another worker's, or the job tried again) raises nothing, the side being held, and hands it over
    expect((await detect(detector(), confirmed, 25)).raised).toBe(0);
    expect(evaluated).toEqual([[alert]]);
    // once only
    await detect(detector(), board(20, steam({ pinnacle: [-175, 160], circasports: [-180, 160] })), 20);
    expect(evaluated).toEqual([[alert]]);
  });

  // DECISIONS 34: the closing line is the price standing at the game's actual start. A game postponed after its alert
  // was raised is graded at the start its board now lists, not at the one the alert was raised with.
  it('grades an alert whose game moved later at its new start, against the price standing then', async () => {
    await raiseAlert('moved');
    clock = NOW;
    await recorder().record();
    expect(await alertRow()).toMatchObject({ grade_status: 'pending', commence_time: new Date(START) });

    // the game is put back a day (its scoreboard shows it postponed at the old start, the odds board lists the new
    // one); the prices standing at the old start, and at the new one
    const moved = START + 86_400_000;
    await listGames([[eventId, moved]]);
    await showGame(START, { name: 'STATUS_POSTPONED', detail: 'Postponed' });
    await recordUsualClose();
    await recordPrices(
      [
        ['pinnacle', 'Home', -200],
        ['pinnacle', 'Away', 180],
      ],
      moved - 60_000,
    );
    // the old start and its give-up window pass: the alert waits for the new start, neither graded nor given up
    for (clock of [START + STEAM_GRADE_AFTER_MS, START + STEAM_GRADE_GIVE_UP_MS + 60_000]) await recorder().record();
    expect(await alertRow()).toMatchObject({ grade_status: 'pending', commence_time: new Date(moved) });

    clock = moved + STEAM_GRADE_AFTER_MS;
    await recorder().record();
    // Taking DraftKings −150 (1.666667) against Pinnacle's fair close at the new start, −200/+180 (0.651163):
    // 8.53 % CLV at a −187 close (the old start's −180/+165 would have made it 5.02 % at −170).
    expect(await alertRow()).toMatchObject({
      grade_status: 'graded',
      clv_pct: 8.53,
      closing_price: -187,
      soft_moved: true,
      grade_source: 'sharp',
      commence_time: new Date(moved),
    });
  });

  // DECISIONS 34: the alert names the soft books still at the old price, and expires when the last of them catches up.
  // A book that takes its line down for a moment has not caught up: it stays on the alert, down, and is bettable again
  // when it is back at the old price.
  it('keeps a soft book that takes its line down on the alert, down, until it is back or catches up', async () => {
    await raiseAlert('down');
    const service = detector();
    const moved = steam({ pinnacle: [-175, 160], circasports: [-180, 160] });
    /** The board with `keys` gone from the game: their lines taken down. */
    const without = (b: SportBoard, ...keys: string[]): SportBoard => ({
      ...b,
      events: b.events.map((e) => ({ ...e, bookmakers: e.bookmakers.filter((m) => !keys.includes(m.key)) })),
    });
    const ours = () => steamMessages().filter((m) => m.data.alert.eventId === eventId);
    const stored = async () => (await t.get(SteamStateRepository).alerts(SPORT)).filter((a) => a.eventId === eventId);
    const books = (alert: SteamAlert) => alert.staleBooks.map((s) => [s.book, s.price, s.down ?? false]);

    // DraftKings takes its line down, and FanDuel catches up meanwhile: the alert stays, on DraftKings alone, down
    const fanduelCaughtUp = { ...moved, fanduel: [-180, 150] as [number, number] };
    expect(await detect(service, without(board(25, moved), 'draftkings'), 25)).toMatchObject({ updated: 1 });
    expect(await detect(service, without(board(20, fanduelCaughtUp), 'draftkings'), 20)).toEqual({
      raised: 0,
      updated: 1,
      expired: 0,
    });
    const [held] = await stored();
    expect(held).toMatchObject({ status: 'active', bestEvPct: 3.88 });
    expect(books(held)).toEqual([['draftkings', -150, true]]);
    // back at −150 20 s later: bettable again, with its link
    expect(await detect(service, board(0, fanduelCaughtUp), 0)).toMatchObject({ updated: 1, expired: 0 });
    const [back] = await stored();
    expect(back.staleBooks).toEqual([
      expect.objectContaining({ book: 'draftkings', price: -150, evPct: 3.88, link: expect.any(String) }),
    ]);
    expect(back.staleBooks[0].down).toBeUndefined();

    const messages = await eventually(ours, (m) => m.length === 4);
    expect(messages.map((m) => [m.type, books(m.data.alert)])).toEqual([
      [
        'steam:alert',
        [
          ['draftkings', -150, false],
          ['fanduel', -155, false],
        ],
      ],
      [
        'steam:update',
        [
          ['fanduel', -155, false],
          ['draftkings', -150, true],
        ],
      ],
      ['steam:update', [['draftkings', -150, true]]],
      ['steam:update', [['draftkings', -150, false]]],
    ]);
    // and catching up ends it
    const caughtUp = { ...fanduelCaughtUp, draftkings: [-175, 150] as [number, number] };
    expect(await detect(service, board(0, caughtUp), -5)).toMatchObject({ expired: 1 });
    expect(await stored()).toEqual([]);
  });

  // DECISIONS 34: an alert is graded against the closing line, the price standing at the game's actual start. A game
  // its scoreboard calls off never started and has none: its last prices before it left the board are no close.
  it('ends the alert of a game its scoreboard shows cancelled ungraded, with why, and the record says so', async () => {
    await raiseAlert('cancelled');
    clock = NOW;
    await recorder().record();
    // the last prices before the game left the board, at its start
    await recordUsualClose();
    await listGames([]);
    await showGame(START, { name: 'STATUS_CANCELED', detail: 'Canceled' });
    clock = START + STEAM_GRADE_AFTER_MS;
    expect(await recorder().record()).toMatchObject({ graded: 0, ungraded: 1 });
    const row = await alertRow();
    expect(row).toMatchObject({
      grade_status: 'ungraded',
      grade_note: SteamMessages.calledOff,
      clv_pct: null,
      closing_price: null,
      soft_moved: null,
    });

    const res = await t.http().get(`/api/steam/record?sport=${SPORT}&market=h2h`);
    expect(res.status).toBe(200);
    expect(res.body.alerts.find((a: { id: string }) => a.id === row.id)).toMatchObject({
      status: 'ungraded',
      closingPrice: null,
      clvPct: null,
      softMoved: null,
      note: 'The game was postponed or cancelled, so it has no closing line.',
    });
  });

  // The odds board's start is stale once it has passed: a game leaves the board at its start, and a start put back later
  // (or on the scoreboard only) is the scoreboard's. Grading at the old start first took a close the game never had.
  it('grades an alert at the later start its scoreboard moved the game to, past the one the odds board kept', async () => {
    await raiseAlert('rescheduled');
    clock = NOW;
    await recorder().record();
    const moved = START + 3 * 3_600_000;
    await listGames([[eventId, START]]);
    await showGame(moved, { name: 'STATUS_SCHEDULED', detail: '1/10 - 10:00 PM EST' });
    await recordUsualClose();
    await recordPrices(
      [
        ['pinnacle', 'Home', -200],
        ['pinnacle', 'Away', 180],
      ],
      moved - 60_000,
    );
    clock = START + STEAM_GRADE_AFTER_MS;
    await recorder().record();
    expect(await alertRow()).toMatchObject({ grade_status: 'pending', commence_time: new Date(moved) });

    // under way at the new start, the odds board still listing the old one
    await showGame(moved, { name: 'STATUS_IN_PROGRESS', detail: '1st Quarter' }, true);
    clock = moved + STEAM_GRADE_AFTER_MS;
    expect(await recorder().record()).toMatchObject({ graded: 1 });
    // Pinnacle's fair close at the new start, −200/+180, as in the test of a game the odds board moved: 8.53 % at −187
    expect(await alertRow()).toMatchObject({
      grade_status: 'graded',
      clv_pct: 8.53,
      closing_price: -187,
      commence_time: new Date(moved),
    });
  });

  // The odds board's start holds until it has passed: a game brought forward is graded at its new start though the
  // scoreboard still lists the old one, not an hour into its in-play prices.
  it('grades an alert at the earlier start the odds board brought the game forward to', async () => {
    await raiseAlert('forward');
    clock = NOW;
    await recorder().record();
    const forward = START - 30 * 60_000;
    await listGames([[eventId, forward]]);
    await showGame(START, { name: 'STATUS_SCHEDULED', detail: '1/10 - 7:00 PM EST' });
    await recordPrices(
      [
        ['pinnacle', 'Home', -200],
        ['pinnacle', 'Away', 180],
      ],
      forward - 60_000,
    );
    // in play, at the start the scoreboard still lists
    await recordUsualClose();
    clock = NOW + 60_000;
    expect(await recorder().record()).toMatchObject({ graded: 0 });
    expect(await alertRow()).toMatchObject({ grade_status: 'pending', commence_time: new Date(forward) });

    await showGame(START, { name: 'STATUS_IN_PROGRESS', detail: '1st Quarter' }, true);
    clock = forward + STEAM_GRADE_AFTER_MS;
    expect(await recorder().record()).toMatchObject({ graded: 1 });
    // Pinnacle's fair close at the earlier start, −200/+180: 8.53 % at −187
    expect(await alertRow()).toMatchObject({
      grade_status: 'graded',
      clv_pct: 8.53,
      closing_price: -187,
      commence_time: new Date(forward),
    });
  });

  it('ends ungraded the alert of a game postponed after its listed start, while the scoreboard had it delayed', async () => {
    await raiseAlert('postponed-late');
    clock = NOW;
    await recorder().record();
    await recordUsualClose();
    await listGames([]);
    await showGame(START, { name: 'STATUS_DELAYED', detail: 'Delayed' });
    clock = START + STEAM_GRADE_AFTER_MS;
    expect(await recorder().record()).toMatchObject({ graded: 0, ungraded: 0 });
    expect(await alertRow()).toMatchObject({ grade_status: 'pending' });

    await showGame(START, { name: 'STATUS_POSTPONED', detail: 'Postponed' });
    clock = START + 20 * 60_000;
    expect(await recorder().record()).toMatchObject({ graded: 0, ungraded: 1 });
    expect(await alertRow()).toMatchObject({ grade_status: 'ungraded', grade_note: SteamMessages.calledOff });
  });
});
