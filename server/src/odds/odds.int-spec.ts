import { parseConfig } from '@oddspulse/core';
import {
  type SportBoard,
  canonicalBookKey,
  DEFAULT_STRAIGHT_BET_MARKETS,
  diffBoards,
  PLAYER_PROP_MARKETS,
  selectableSportsbooks,
  unpackBoards,
} from '@oddspulse/shared';
import { bearer, signUp } from '../../../test/support/accounts-app';
import { loadFixtureBoards, writeBoard } from '../../../test/support/fixture-boards';
import { createGatewayApp, type GatewayTestApp } from '../../../test/support/gateway-app';
import { rawGet } from '../../../test/support/raw-http';
import { OddsMessages } from './odds.dto';
import {
  deleteKeysWithPrefix,
  LiveStateRepository,
  OddsHistoryRepository,
  RealtimeKeys,
  RedisKeys,
} from '@oddspulse/core';

const prefix = `${process.env.REDIS_PREFIX}-odds`;
const NFL = 'americanfootball_nfl';

// spec 001 §7 odds calls, served from boards built from the recorded The Odds API responses
describe('odds REST calls (real Redis and PostgreSQL, recorded boards)', () => {
  let t: GatewayTestApp;
  let fixtures: Awaited<ReturnType<typeof loadFixtureBoards>>;
  let gold: ReturnType<typeof bearer>;
  let free: ReturnType<typeof bearer>;

  beforeAll(async () => {
    // every sport the recorded boards cover is one the pipeline polls (an unknown sport is a 400)
    t = await createGatewayApp({
      REDIS_PREFIX: prefix,
      FREE_MONTHLY_QUOTA: 6,
      FEED_SPORTS: [...parseConfig(process.env).FEED_SPORTS, 'americanfootball_cfl'],
    });
    fixtures = await loadFixtureBoards(t.redis);
    gold = bearer((await signUp(t, 'gold')).session);
    free = bearer((await signUp(t, 'free')).session);
  });

  afterAll(async () => {
    // Before close: the app's Redis connection is the one that deletes.
    await deleteKeysWithPrefix(t.redis.client, prefix);
    await t.app.close();
  });

  const get = (path: string, auth?: Record<string, string>) => {
    const req = t.http().get(path);
    return auth ? req.set(auth) : req;
  };

  // spec 001 §6, 000 §8: the odds endpoints need a signed-in user
  it('answers 401 "Authentication required" without a user', async () => {
    for (const path of [
      '/api/sports',
      '/api/events?sport=x',
      '/api/odds',
      '/api/odds-data?sport=x',
      '/api/player-props',
      `/api/cached-odds/${NFL}`,
      '/api/odds-history',
    ]) {
      const res = await get(path);
      expect([path, res.status, res.body.message]).toEqual([path, 401, 'Authentication required']);
    }
  });

  // spec 001 §5 filters
  it('answers 400 with the spec message when no sport is given', async () => {
    for (const query of [`markets=h2h&regions=us`, `sports=&markets=h2h&regions=us`, '']) {
      const res = await get(`/api/odds?${query}`, gold);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please select sports, regions, and markets to view odds');
    }
    expect((await get(`/api/odds?sports=${NFL}&markets=h2h&regions=mars`, gold)).body.message).toBe(
      'Unknown region: mars',
    );
    expect((await get(`/api/odds?sports=${NFL}&markets=h2h&regions=us&oddsFormat=fractional`, gold)).body.message).toBe(
      'oddsFormat must be american or decimal',
    );
    for (const date of ['tomorrowish', '2024-02-30', '0000-01-01'])
      expect([date, (await get(`/api/odds?sports=${NFL}&markets=h2h&regions=us&date=${date}`, gold)).body]).toEqual([
        date,
        expect.objectContaining({ statusCode: 400, message: 'date must be live, today or a day as YYYY-MM-DD' }),
      ]);
  });

  // The API keys page's example: markets and regions default as the odds page's (spec 001 §9 markets, §7 regions).
  it("defaults the markets and regions to the straight bets' when a sport alone is given", async () => {
    const bare = await get(`/api/odds?sport=${NFL}`, gold);
    expect(bare.status).toBe(200);
    const explicit = await get(
      `/api/odds?sports=${NFL}&markets=${DEFAULT_STRAIGHT_BET_MARKETS.join(',')}&regions=us,us2,us_exchanges`,
      gold,
    );
    expect(bare.body).toEqual(explicit.body);
    const markets = new Set(
      bare.body.flatMap((g: { bookmakers: Array<{ markets: Array<{ key: string }> }> }) =>
        g.bookmakers.flatMap((b) => b.markets.map((m) => m.key)),
      ),
    );
    expect([...markets].sort()).toEqual(['h2h', 'spreads', 'totals']);
    const books = new Set(
      bare.body.flatMap((g: { bookmakers: Array<{ key: string }> }) => g.bookmakers.map((b) => b.key)),
    );
    // us_exchanges is in, the EU exchange is not
    expect(books).not.toContain('betfair_ex_eu');
    expect((await get(`/api/odds?sport=${NFL}&regions=eu`, gold)).body).not.toEqual(bare.body);
  });

  it('serves the board in American odds by default, converted from the decimal board at the edge, US books only', async () => {
    const res = await get(`/api/odds?sports=${NFL}&markets=h2h&regions=us&oddsFormat=american&dateFormat=iso`, gold);
    expect(res.status).toBe(200);
    expect(res.headers['x-board-fetched-at']).toBe(`${NFL}=${fixtures.nfl.fetched_at}`);
    expect(res.body.length).toBeGreaterThan(0);
    const recorded = new Map(fixtures.nflRaw.map((e) => [e.id, e]));
    let compared = 0;
    for (const game of res.body) {
      for (const book of game.bookmakers) {
        expect(['betfair_ex_eu', 'gtbets', 'intertops']).not.toContain(book.key);
        for (const market of book.markets) {
          expect(market.key).toBe('h2h');
          for (const outcome of market.outcomes) {
            const raw = recorded
              .get(game.id)!
              .bookmakers.find((b) => canonicalBookKey(b.key) === book.key)!
              .markets.find((m) => m.key === 'h2h')!
              .outcomes.find((o) => o.name === outcome.name)!;
            expect(outcome.price).toBe(raw.price);
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("gives the board's decimal prices, unrounded, and unix times when asked", async () => {
    const res = await get(
      `/api/odds?sports=${NFL}&markets=spreads,totals&regions=us,eu&oddsFormat=decimal&dateFormat=unix`,
      gold,
    );
    expect(res.status).toBe(200);
    const game = res.body[0];
    expect(typeof game.commence_time).toBe('number');
    // the board's decimal prices exactly, unrounded (what the socket's diffs carry)
    const board = fixtures.nfl.events.find((e) => e.id === game.id)!;
    let compared = 0;
    for (const book of game.bookmakers as Array<{
      key: string;
      markets: Array<{ key: string; outcomes: Array<{ name: string; point?: number; price: number }> }>;
    }>) {
      for (const market of book.markets) {
        for (const outcome of market.outcomes) {
          const held = board.bookmakers
            .find((b) => b.key === book.key)!
            .markets.find((m) => m.key === market.key)!
            .outcomes.find((o) => o.name === outcome.name && o.point === outcome.point)!;
          expect(outcome.price).toBe(held.price);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(4);
  });

  // spec 001 §4: a date means upcoming games on that day
  it('filters by day', async () => {
    const all = (await get(`/api/odds?sports=${NFL}&markets=h2h&regions=us`, gold)).body as Array<{
      commence_time: string;
    }>;
    const first = all.find((g) => Date.parse(g.commence_time) > Date.now())!;
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
      new Date(first.commence_time),
    );
    const res = await get(`/api/odds?sports=${NFL}&markets=h2h&regions=us&date=${day}`, gold);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.length).toBeLessThan(all.length);
  });

  it('lists sports, events and the odds-data fallback (h2h, us by default)', async () => {
    const sports = await get('/api/sports', gold);
    expect(sports.body).toEqual(
      expect.arrayContaining([{ key: NFL, title: 'NFL', group: 'American Football', active: true }]),
    );
    // Out of season on The Odds API (the pipeline's cached list): listed, but not active.
    await t.redis.client.set(t.redis.key(...RedisKeys.oddsApiSports), JSON.stringify([NFL]), 'EX', 60);
    const seasonal = await get('/api/sports', gold);
    expect(seasonal.body.find((s: { key: string }) => s.key === NFL).active).toBe(true);
    expect(seasonal.body.find((s: { key: string }) => s.key === 'basketball_nba').active).toBe(false);
    await t.redis.client.del(t.redis.key(...RedisKeys.oddsApiSports));
    const events = await get(`/api/events?sport=${NFL}`, gold);
    expect(events.body).toHaveLength(fixtures.nfl.events.length);
    expect(events.body[0]).not.toHaveProperty('bookmakers');
    const oddsData = await get(`/api/odds-data?sport=${NFL}`, gold);
    const markets = new Set(
      oddsData.body.flatMap((g: { bookmakers: Array<{ markets: Array<{ key: string }> }> }) =>
        g.bookmakers.flatMap((b) => b.markets.map((m) => m.key)),
      ),
    );
    expect([...markets]).toEqual(['h2h']);
  });

  it('serves the cached board, reporting a stale one as stale rather than hiding it', async () => {
    const res = await get(`/api/cached-odds/${NFL}?markets=totals&bookmakers=draftkings`, gold);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sport_key: NFL, fetched_at: fixtures.nfl.fetched_at });
    expect(res.body.events[0].bookmakers.map((b: { key: string }) => b.key)).toEqual(['draftkings']);

    const stale: SportBoard = {
      ...fixtures.nfl,
      sport_key: 'americanfootball_cfl',
      stale_since: '2026-11-21T07:00:00.000Z',
    };
    await writeBoard(t.redis, 'odds', stale);
    const staleRes = await get('/api/cached-odds/americanfootball_cfl', gold);
    expect(staleRes.status).toBe(200);
    expect(staleRes.body.stale_since).toBe('2026-11-21T07:00:00.000Z');
    expect(staleRes.headers['x-board-stale-since']).toBe('americanfootball_cfl=2026-11-21T07:00:00.000Z');
  });

  it('answers 503 for a sport with no board yet, never an empty list', async () => {
    const res = await get('/api/odds?sports=icehockey_nhl&markets=h2h&regions=us', gold);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'BOARD_UNAVAILABLE', sports: ['icehockey_nhl'] });
  });

  // spec 001 §7 player props, variants A and B
  it('serves player props as items (variant A) and as games (variant B)', async () => {
    const game = fixtures.props.events[0];
    const a = await get(`/api/player-props?league=basketball_nba&game_id=${game.id}&markets=player_points`, gold);
    expect(a.status).toBe(200);
    expect(a.body.length).toBeGreaterThan(100);
    expect(a.body[0]).toEqual(
      expect.objectContaining({
        game_id: game.id,
        market: 'player_points',
        ou: expect.stringMatching(/Over|Under/),
        player: expect.any(String),
        price: expect.any(Number),
        line: expect.any(Number),
        is_latest: true,
        is_active: true,
      }),
    );
    const b = await get('/api/player-props?sports=basketball_nba&bookFilter=draftkings', gold);
    expect(b.status).toBe(200);
    expect(b.body).toHaveLength(2);
    expect(
      new Set(b.body.flatMap((g: { bookmakers: Array<{ key: string }> }) => g.bookmakers.map((bk) => bk.key))),
    ).toEqual(new Set(['draftkings']));
    expect((await get('/api/player-props?league=basketball_nba', gold)).body.message).toBe(
      'game_id is required with league',
    );
  });

  // spec 001 §3 player prop markets: a misspelt market is refused as the line history refuses one, not answered with an
  // empty list read as a game without props; and a request names each known market at most once (duplicates removed)
  it('refuses a player-props market it does not know, and more markets than it knows', async () => {
    const game = fixtures.props.events[0];
    const known = PLAYER_PROP_MARKETS.join(',');
    for (const query of [`league=basketball_nba&game_id=${game.id}`, 'sports=basketball_nba']) {
      for (const markets of ['foo', 'player_points,foo', 'h2h']) {
        const res = await get(`/api/player-props?${query}&markets=${markets}`, gold);
        expect([query, markets, res.status, res.body.code, res.body.message]).toEqual([
          query,
          markets,
          400,
          'INVALID_MARKET',
          OddsMessages.propsMarket(markets.split(',').at(-1)!),
        ]);
      }
      const many = Array.from({ length: 500 }, (_, i) => `player_points_${i}`).join(',');
      const tooMany = await get(`/api/player-props?${query}&markets=${many}`, gold);
      expect([tooMany.status, tooMany.body.code, tooMany.body.message]).toEqual([
        400,
        'TOO_MANY_MARKETS',
        OddsMessages.propsMarketCount(500),
      ]);
      // every known market, and each twice, is one request's worth
      const all = await get(`/api/player-props?${query}&markets=${known},${known}`, gold);
      expect(all.status).toBe(200);
    }
  });

  // The odds and props rooms relay the whole board to every paid socket, so a paid plan's REST answer
  // must leave no book out either; only the free plan is narrowed, and it may not join those rooms at all
  it('gives a Gold user every book of the board the odds room relays', async () => {
    const boardBooks = new Set(fixtures.nfl.events.flatMap((e) => e.bookmakers.map((b) => b.key)));
    const res = await get(`/api/cached-odds/${NFL}`, gold);
    expect(
      new Set(res.body.events.flatMap((e: { bookmakers: Array<{ key: string }> }) => e.bookmakers.map((b) => b.key))),
    ).toEqual(boardBooks);
    const freeRes = await get(`/api/cached-odds/${NFL}`, free);
    const freeBooks = new Set<string>(
      freeRes.body.events.flatMap((e: { bookmakers: Array<{ key: string }> }) => e.bookmakers.map((b) => b.key)),
    );
    expect(freeBooks.size).toBeLessThan(boardBooks.size);
  });

  // The browser's first load is the board itself, in the shape the socket's diffs then patch
  it('serves the boards as stored for the first load, narrowed to the markets asked for and to the plan', async () => {
    const markets = ['h2h', 'spreads'];
    const res = await get(`/api/boards?kind=odds&sports=${NFL}&markets=${markets.join(',')}&_t=1`, gold);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['x-board-fetched-at']).toBe(`${NFL}=${fixtures.nfl.fetched_at}`);
    const expected = fixtures.nfl.events
      .map((event) => ({
        ...event,
        bookmakers: event.bookmakers
          .map((book) => ({ ...book, markets: book.markets.filter((m) => markets.includes(m.key)) }))
          .filter((b) => b.markets.length),
      }))
      .filter((event) => event.bookmakers.length);
    // a board written without a diff: its channel has carried nothing yet
    expect(res.body).toEqual({
      boards: [{ sport_key: NFL, fetched_at: fixtures.nfl.fetched_at, events: expected }],
      positions: { [NFL]: { seq: 0, epoch: null } },
    });

    const props = await get('/api/boards?kind=props&sports=basketball_nba', gold);
    expect(props.body.boards.map((b: SportBoard) => b.events)).toEqual([fixtures.props.events]);

    const allowed = new Set(selectableSportsbooks({ plan: 'free', unlimited: false }));
    const freeRes = await get(`/api/boards?sports=${NFL}`, free);
    const freeBooks = new Set<string>(
      freeRes.body.boards[0].events.flatMap((e: { bookmakers: Array<{ key: string }> }) =>
        e.bookmakers.map((b) => b.key),
      ),
    );
    expect(freeBooks.size).toBeGreaterThan(0);
    for (const key of freeBooks) expect(allowed.has(key)).toBe(true);

    expect((await get(`/api/boards?sports=${NFL}`)).status).toBe(401);
    expect(await get('/api/boards?kind=odds', gold).then((r) => [r.status, r.body.message])).toEqual([
      400,
      'Please select a sport',
    ]);
    expect((await get(`/api/boards?kind=scores&sports=${NFL}`, gold)).status).toBe(400);
    expect((await get('/api/boards?sports=icehockey_nhl', gold)).body).toMatchObject({
      code: 'BOARD_UNAVAILABLE',
      sports: ['icehockey_nhl'],
    });
  });

  // The packed first load (spec 001 §7) is the plain answer in columns, cached per format with its own ETag
  it('serves the packed boards, which decode to the plain answer of the same query, with 304 while the board holds', async () => {
    const query = `/api/boards?kind=odds&sports=${NFL}&markets=h2h,spreads,totals`;
    const plain = await get(query, gold);
    const packed = await get(`${query}&format=packed`, gold);
    expect([plain.status, packed.status]).toEqual([200, 200]);
    expect(packed.headers['x-board-fetched-at']).toBe(plain.headers['x-board-fetched-at']);
    expect(unpackBoards(packed.body)).toStrictEqual(plain.body.boards);
    expect((await get(`${query}&format=plain`, gold)).headers.etag).toBe(plain.headers.etag);
    expect(packed.headers.etag).not.toBe(plain.headers.etag);
    // compressed like the plain one, and smaller
    const compressed = async (format: string) => {
      const res = await rawGet(t.url, `${query}&format=${format}`, { ...gold, 'Accept-Encoding': 'br' });
      expect(res.headers['content-encoding']).toBe('br');
      return res.body.length;
    };
    expect(await compressed('packed')).toBeLessThan(await compressed('plain'));

    const again = await get(`${query}&format=packed`, { ...gold, 'If-None-Match': packed.headers.etag });
    expect(again.status).toBe(304);
    // the plain view's ETag is not the packed one's
    expect((await get(`${query}&format=packed`, { ...gold, 'If-None-Match': plain.headers.etag })).status).toBe(200);

    expect(await get(`${query}&format=columns`, gold).then((r) => [r.status, r.body.code, r.body.message])).toEqual([
      400,
      'VALIDATION_FAILED',
      'format must be plain or packed',
    ]);
  });

  // The screens' first loads (the packed form) are compressed again more strongly once out; the plain form,
  // for API clients, keeps its first bytes and does not hold up the packed ones' turn
  it('compresses the packed boards again more strongly once served, and not the plain ones', async () => {
    const query = `/api/boards?kind=odds&sports=${NFL}&markets=h2h,spreads,totals,alternate_spreads`;
    const brotliBytes = async (format: string) => {
      const res = await rawGet(t.url, `${query}&format=${format}`, { ...gold, 'Accept-Encoding': 'br' });
      expect([res.status, res.headers['content-encoding']]).toEqual([200, 'br']);
      return res.body.length;
    };
    // the plain view first: were it compressed again, its turn would come before the packed one's
    const plainFirst = await brotliBytes('plain');
    const packedFirst = await brotliBytes('packed');
    let packedNow = packedFirst;
    for (const deadline = Date.now() + 10_000; packedNow === packedFirst && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      packedNow = await brotliBytes('packed');
    }
    expect(packedNow).toBeLessThan(packedFirst);
    expect(await brotliBytes('plain')).toBe(plainFirst);
  });

  // The first load is read long before the browser's socket joins; it says where each sport's channel stood
  // as its board was read, read in the same step, and the socket joins from there (no diff in between is lost)
  it("carries each board's channel position, read with the board, in both formats", async () => {
    const MLB = 'baseball_mlb';
    const state = t.app.get(LiveStateRepository);
    const board = (fetchedAt: string): SportBoard => ({ ...fixtures.nfl, sport_key: MLB, fetched_at: fetchedAt });
    const publish = (next: SportBoard) =>
      t.publisher.publishWith(
        {
          channel: 'odds',
          key: MLB,
          at: next.fetched_at,
          type: 'board.diff',
          data: { sport_key: MLB, fetched_at: next.fetched_at, events: [] },
        },
        state.boardWrites('odds', next),
      );
    const query = `/api/boards?kind=odds&sports=${NFL},${MLB}&markets=h2h`;
    /** The answer once it shows the MLB board fetched at `fetchedAt` (the view cache hears the write's notice). */
    const answerWith = async (fetchedAt: string, format: string) => {
      for (let i = 0; ; i++) {
        const res = await get(`${query}&format=${format}`, gold);
        if (String(res.headers['x-board-fetched-at']).includes(`${MLB}=${fetchedAt}`) || i === 50) return res;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    const first = board('2026-11-25T10:00:00.000Z');
    const firstSeq = await publish(first);
    const epoch = await t.redis.client.get(t.redis.key(...RealtimeKeys.epoch('odds', MLB)));
    expect(epoch).toEqual(expect.any(String));
    const packed = await answerWith(first.fetched_at, 'packed');
    expect(packed.body.positions).toEqual({ [NFL]: { seq: 0, epoch: null }, [MLB]: { seq: firstSeq, epoch } });
    expect(unpackBoards(packed.body).find((b) => b.sport_key === MLB)?.fetched_at).toBe(first.fetched_at);

    const second = board('2026-11-25T10:00:05.000Z');
    expect(await publish(second)).toBe(firstSeq + 1);
    for (const format of ['packed', 'plain']) {
      const res = await answerWith(second.fetched_at, format);
      expect([format, res.body.positions[MLB]]).toEqual([format, { seq: firstSeq + 1, epoch }]);
    }
  });

  // The odds page asks for its boards before it knows the plan, with require=paid; a free plan is refused
  // (spec 000 §6 requiresPaidPlan) without spending its quota (DECISIONS 2), and a paid plan gets the very same view
  it('answers require=paid with the boards for a paid plan and an unmetered 402 SUBSCRIPTION_REQUIRED for the free plan', async () => {
    const query = `/api/boards?kind=odds&sports=${NFL}&markets=h2h&format=packed`;
    const plain = await get(query, gold);
    const early = await get(`${query}&require=paid`, gold);
    expect([plain.status, early.status]).toEqual([200, 200]);
    expect(early.headers.etag).toBe(plain.headers.etag);
    expect(early.body).toStrictEqual(plain.body);

    const newcomer = bearer((await signUp(t, 'free')).session);
    for (let i = 0; i < 8; i++) {
      const refused = await get(`${query}&require=paid`, newcomer);
      expect(refused.status).toBe(402);
      expect(refused.body).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED' });
    }
    // more refusals than the quota of 6, and the first metered call is still the first
    const metered = await get(query, newcomer);
    expect(metered.status).toBe(200);
    expect(metered.headers['x-quota-used']).toBe('1');

    expect(await get(`${query}&require=gold`, gold).then((r) => [r.status, r.body.code, r.body.message])).toEqual([
      400,
      'VALIDATION_FAILED',
      'require must be paid',
    ]);
  });

  // spec 000 §5: the free plan sees its popular books only, and is metered (DECISIONS 2)
  it('limits a free user to the popular books and meters every call, then 402 QUOTA_EXCEEDED with the real numbers', async () => {
    const allowed = new Set(selectableSportsbooks({ plan: 'free', unlimited: false }));
    const res = await get(`/api/odds?sports=${NFL}&markets=h2h,spreads&regions=us`, free);
    expect(res.status).toBe(200);
    const books = new Set(
      res.body.flatMap((g: { bookmakers: Array<{ key: string }> }) => g.bookmakers.map((b) => b.key)),
    );
    expect(books.size).toBeGreaterThan(0);
    for (const key of books) expect(allowed.has(key as string)).toBe(true);
    expect(res.headers['x-quota-limit']).toBe('6');

    let last = res;
    for (let i = 0; i < 6 && last.status === 200; i++) last = await get(`/api/events?sport=${NFL}`, free);
    expect(last.status).toBe(402);
    expect(last.body).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      used: 6,
      quota: 6,
      message: "You've reached the free 6 request limit. Upgrade to continue.",
    });
  });

  // spec 002 §7 GET /api/odds-history, from PostgreSQL
  it('returns the line movement of an event from the history table, per bookmaker and market', async () => {
    const history = t.get(OddsHistoryRepository);
    // An event id of this test's own: other suites record history for the same recorded games.
    const event = { ...fixtures.nfl.events[0], id: `${fixtures.nfl.events[0].id}-${Date.now()}` };
    const first = diffBoards(null, { ...fixtures.nfl, events: [event] });
    await history.insertChanges(NFL, first.records, new Date(Date.now() - 60_000));
    const moved = structuredClone(event);
    const dk = moved.bookmakers.find((b) => b.key === 'draftkings')!;
    const h2h = dk.markets.find((m) => m.key === 'h2h')!;
    h2h.outcomes[0].price += 0.05;
    const second = diffBoards({ ...fixtures.nfl, events: [event] }, { ...fixtures.nfl, events: [moved] });
    expect(second.records).toHaveLength(1);
    await history.insertChanges(NFL, second.records, new Date());

    const res = await get(`/api/odds-history?sport=${NFL}&eventId=${event.id}&markets=h2h&bookmakers=draftkings`, gold);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const [book] = res.body;
    expect(book).toMatchObject({ key: 'draftkings', title: 'DraftKings' });
    expect(book.markets).toHaveLength(1);
    const series = book.markets[0].history;
    expect(series).toHaveLength(2);
    expect(series[1].outcomes).toHaveLength(2);
    expect(series[1].outcomes[0].price).not.toBe(series[0].outcomes[0].price);
    expect(series[1].outcomes[1].price).toBe(series[0].outcomes[1].price);

    // The chart's compact view of the same rows: changes only, one price list per line
    const compact = await get(
      `/api/odds-history?sport=${NFL}&eventId=${event.id}&markets=h2h&bookmakers=draftkings&view=series`,
      gold,
    );
    expect(compact.status).toBe(200);
    const [moved1, held] = compact.body[0].markets[0].outcomes;
    expect(moved1.lines).toHaveLength(1);
    expect(moved1.lines[0].prices).toHaveLength(2);
    expect(held.lines[0].prices).toHaveLength(1);
    expect(JSON.stringify(compact.body).length).toBeLessThan(JSON.stringify(res.body).length);

    const missing = await get(`/api/odds-history?sport=${NFL}`, gold);
    expect([missing.status, missing.body.message]).toEqual([400, 'Line history unavailable for this event.']);
    expect((await get(`/api/odds-history?sport=${NFL}&eventId=nothing-recorded`, gold)).body).toEqual([]);
  });

  // spec 002 §7: the line history covers h2h, spreads and totals; another market is refused, not answered with an empty
  // history a reader takes for lines that never moved, and a free user's quota is not spent on the refusal (DECISIONS 2)
  it('refuses a market the line history does not cover, charging no quota for it', async () => {
    const { session } = await signUp(t, 'free');
    const own = bearer(session);
    const used = async () => (await get('/api/me', own)).body.used as number;
    for (const markets of ['foo', 'h2h,foo', 'player_points']) {
      const res = await get(`/api/odds-history?sport=${NFL}&eventId=any-event&markets=${markets}`, own);
      const unknown = markets.split(',').at(-1);
      expect([markets, res.status, res.body.code, res.body.message]).toEqual([
        markets,
        400,
        'INVALID_MARKET',
        `Unknown market: ${unknown}; use one of h2h, spreads, totals`,
      ]);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(await used()).toBe(0);
    const known = await get(`/api/odds-history?sport=${NFL}&eventId=any-event&markets=h2h,spreads,totals`, own);
    expect([known.status, known.body, known.headers['x-quota-used']]).toEqual([200, [], '1']);
  });

  // spec 002 §7: a history longer than one answer holds keeps its newest prices (the line now, and its close) and says
  // it was cut; read oldest first, it had stopped at the 20,000th change and never reached the last
  it('keeps the newest changes of a history longer than one answer holds, and says it was cut', async () => {
    const history = t.get(OddsHistoryRepository);
    const eventId = `long-history-${Date.now()}`;
    const change = (price: number) => ({
      event_id: eventId,
      bookmaker_key: 'draftkings',
      bookmaker_title: 'DraftKings',
      market_key: 'h2h',
      outcome_name: 'Home',
      description: '',
      price,
      point: null,
      last_update: new Date().toISOString(),
    });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await history.insertChanges(
      NFL,
      Array.from({ length: 100 }, () => change(2.2)),
      at(30),
    );
    await history.insertChanges(
      NFL,
      Array.from({ length: 20_000 }, () => change(2)),
      at(20),
    );
    await history.insertChanges(NFL, [change(1.5)], at(10));

    const res = await get(`/api/odds-history?sport=${NFL}&eventId=${eventId}&markets=h2h&view=series`, gold);
    expect(res.status).toBe(200);
    const [book] = res.body;
    expect(book.truncated).toBe(true);
    // American odds on the wire: the newest price (1.5, −200) is the series' last; the oldest (2.2) was cut
    expect(book.markets[0].outcomes[0].lines[0].prices.map(([, price]: number[]) => price)).toEqual([100, -200]);

    await history.insertChanges(NFL, [change(1.6)], at(5));
    const short = await history.find({ sport: NFL, eventId, limit: 30_000 });
    expect([short.truncated, short.rows.length, short.rows.at(-1)?.price]).toEqual([false, 20_102, 1.6]);
  });

  // DECISIONS 34: Pinnacle took the market down two days before the start, and its last price was the close the steam
  // grade and a pick's CLV read (and the modal's "Closed"); its withdrawal is recorded now, and it has no close
  it('records a book taking a market down, ends its line there, and gives it no closing price', async () => {
    const history = t.get(OddsHistoryRepository);
    const start = Date.now() + 3_600_000;
    const eventId = `withdrawn-${Date.now()}`;
    const quoted = (key: string, title: string, home: number, away: number, at: number) => ({
      key,
      title,
      last_update: new Date(at).toISOString(),
      markets: [
        {
          key: 'h2h',
          last_update: new Date(at).toISOString(),
          outcomes: [
            { name: 'Home', price: home },
            { name: 'Away', price: away },
          ],
        },
      ],
    });
    const boardAt = (at: number, bookmakers: ReturnType<typeof quoted>[]): SportBoard => ({
      sport_key: NFL,
      fetched_at: new Date(at).toISOString(),
      events: [
        {
          id: eventId,
          sport_key: NFL,
          sport_title: 'NFL',
          commence_time: new Date(start).toISOString(),
          home_team: 'Home',
          away_team: 'Away',
          bookmakers,
        },
      ],
    });
    const [t0, t1, t2] = [start - 54 * 3_600_000, start - 30 * 3_600_000, start - 600_000];
    const boards = [
      boardAt(t0, [quoted('pinnacle', 'Pinnacle', 1.8, 2.1, t0), quoted('draftkings', 'DraftKings', 1.83, 2.05, t0)]),
      boardAt(t1, [quoted('draftkings', 'DraftKings', 1.6, 2.4, t1)]),
      boardAt(t2, [quoted('draftkings', 'DraftKings', 1.5, 2.65, t2)]),
    ];
    for (const [i, at] of [t0, t1, t2].entries())
      await history.insertChanges(NFL, diffBoards(boards[i - 1] ?? null, boards[i]).records, new Date(at));

    const closes = await history.closingPrices(NFL, eventId, new Date(start));
    expect(closes.map((c) => [c.bookmaker_key, c.outcome_name, c.price])).toEqual([
      ['draftkings', 'Away', 2.65],
      ['draftkings', 'Home', 1.5],
    ]);

    const res = await get(`/api/odds-history?sport=${NFL}&eventId=${eventId}&markets=h2h&view=series`, gold);
    const pinnacle = res.body.find((b: { key: string }) => b.key === 'pinnacle');
    // American odds, times as deltas: −125 at t0, taken down 24 h later
    expect(pinnacle.markets[0].outcomes[0].lines[0].prices).toEqual([
      [Math.floor(t0 / 1000), -125],
      [Math.floor(t1 / 1000) - Math.floor(t0 / 1000), null],
    ]);
  });

  // DECISIONS 27 and 2: a book's newest history is its live price, so the history is odds data like the boards
  it("serves a free user the history of the plan's books only, metered like the other odds routes", async () => {
    const own = bearer((await signUp(t, 'free')).session);
    const allowed = new Set(selectableSportsbooks({ plan: 'free', unlimited: false }));
    const event = { ...fixtures.nfl.events[0], id: `${fixtures.nfl.events[0].id}-books-${Date.now()}` };
    await t
      .get(OddsHistoryRepository)
      .insertChanges(NFL, diffBoards(null, { ...fixtures.nfl, events: [event] }).records, new Date());
    const booksOf = (body: Array<{ key: string }>) => body.map((book) => book.key);
    const path = `/api/odds-history?sport=${NFL}&eventId=${event.id}&markets=h2h`;

    const paid = booksOf((await get(path, gold)).body);
    const outside = paid.filter((key) => !allowed.has(key));
    expect(outside.length).toBeGreaterThan(0);

    const res = await get(path, own);
    expect(res.status).toBe(200);
    expect(res.headers['x-quota-used']).toBe('1');
    expect(booksOf(res.body).length).toBeGreaterThan(0);
    expect(booksOf(res.body).sort()).toEqual(paid.filter((key) => allowed.has(key)).sort());

    const asked = await get(`${path}&bookmakers=${outside[0]}`, own);
    expect([asked.status, asked.body, asked.headers['x-quota-used']]).toEqual([200, [], '2']);
    const series = await get(`${path}&bookmakers=${outside[0]},${booksOf(res.body)[0]}&view=series`, own);
    expect(booksOf(series.body)).toEqual([booksOf(res.body)[0]]);
    expect(series.headers['x-quota-used']).toBe('3');
  });
});
