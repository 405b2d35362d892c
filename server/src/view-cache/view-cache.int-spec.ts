import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { canonicalBookKey, selectableSportsbooks, type SportBoard } from '@oddspulse/shared';
import { deleteKeysWithPrefix } from '@oddspulse/core';
import { bearer, signUp } from '../../../test/support/accounts-app';
import { loadFixtureBoards, writeBoard, writeScoreboard } from '../../../test/support/fixture-boards';
import { createGatewayApp, type GatewayTestApp } from '../../../test/support/gateway-app';
import { rawGet, type RawAnswer } from '../../../test/support/raw-http';
import { OddsService } from '../odds/odds.service';

const prefix = `${process.env.REDIS_PREFIX}-view-cache`;
const NFL = 'americanfootball_nfl';
const ODDS = `/api/odds?sports=${NFL}&markets=h2h,spreads,totals&regions=us`;

const decoded = (res: RawAnswer): unknown => {
  const coding = res.headers['content-encoding'];
  const body = coding === 'br' ? brotliDecompressSync(res.body) : coding === 'gzip' ? gunzipSync(res.body) : res.body;
  return JSON.parse(body.toString());
};

const booksOf = (games: unknown) =>
  new Set((games as Array<{ bookmakers: Array<{ key: string }> }>).flatMap((g) => g.bookmakers.map((b) => b.key)));

// The REST first loads served from a view shared per board version, with ETag/304 and negotiated compression
describe('cached REST views (real Redis and PostgreSQL, recorded boards)', () => {
  let t: GatewayTestApp;
  let fixtures: Awaited<ReturnType<typeof loadFixtureBoards>>;
  let gold: Record<string, string>;
  let platinum: Record<string, string>;
  let free: Record<string, string>;

  beforeAll(async () => {
    t = await createGatewayApp({ REDIS_PREFIX: prefix, FREE_MONTHLY_QUOTA: 1000 });
    fixtures = await loadFixtureBoards(t.redis);
    gold = bearer((await signUp(t, 'gold')).session);
    platinum = bearer((await signUp(t, 'platinum')).session);
    free = bearer((await signUp(t, 'free')).session);
  });

  afterAll(async () => {
    await deleteKeysWithPrefix(t.redis.client, prefix);
    await t.app.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) => rawGet(t.url, path, headers);

  // same rows, same prices, same per-plan filtering, whichever plan asked first
  it('gives each plan its own books over the shared view, exactly what an uncached build gives', async () => {
    const service = t.get(OddsService);
    const freeFirst = decoded(await get(ODDS, free));
    const goldAnswer = decoded(await get(ODDS, gold));
    const freeAgain = decoded(await get(ODDS, free));
    const query = {
      sports: [NFL],
      markets: ['h2h', 'spreads', 'totals'],
      regions: ['us'],
      bookmakers: [],
      oddsFormat: 'american',
      dateFormat: 'iso',
      date: { kind: 'all' },
    };
    const uncached = (plan: 'free' | 'gold') =>
      service.odds(query as never, { plan, unlimited: false }).then((r) => JSON.parse(JSON.stringify(r.body)));
    expect(freeFirst).toEqual(await uncached('free'));
    expect(freeAgain).toEqual(freeFirst);
    expect(goldAnswer).toEqual(await uncached('gold'));
    const allowed = new Set(selectableSportsbooks({ plan: 'free', unlimited: false }));
    for (const book of booksOf(freeFirst)) expect(allowed.has(canonicalBookKey(book))).toBe(true);
    expect(booksOf(goldAnswer).size).toBeGreaterThan(booksOf(freeFirst).size);
  });

  it('answers 304 to a client holding the current version, and counts a free 304 as a metered call', async () => {
    const first = await get(ODDS, free);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const used = Number(first.headers['x-quota-used']);
    const again = await get(ODDS, { ...free, 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['x-board-fetched-at']).toBe(`${NFL}=${fixtures.nfl.fetched_at}`);
    expect(Number(again.headers['x-quota-used'])).toBe(used + 1);
    // another plan's view is another answer: no 304 across plans
    expect((await get(ODDS, { ...gold, 'If-None-Match': etag })).status).toBe(200);
  });

  it('serves a new board version as soon as it is written, with a new ETag', async () => {
    const before = await get(ODDS, gold);
    const event = fixtures.nfl.events[0];
    const book = event.bookmakers[0];
    const changed: SportBoard = {
      ...fixtures.nfl,
      events: [
        {
          ...event,
          bookmakers: [
            {
              ...book,
              markets: book.markets.map((m) => ({ ...m, outcomes: m.outcomes.map((o) => ({ ...o, price: 9.5 })) })),
            },
            ...event.bookmakers.slice(1),
          ],
        },
        ...fixtures.nfl.events.slice(1),
      ],
    };
    await writeBoard(t.redis, 'odds', changed);
    try {
      const after = await get(ODDS, { ...gold, 'If-None-Match': before.headers.etag as string });
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const game = (
        decoded(after) as Array<{
          id: string;
          bookmakers: Array<{ key: string; markets: Array<{ outcomes: Array<{ price: number }> }> }>;
        }>
      ).find((g) => g.id === event.id)!;
      expect(game.bookmakers.find((b) => b.key === canonicalBookKey(book.key))!.markets[0].outcomes[0].price).toBe(850);
    } finally {
      await writeBoard(t.redis, 'odds', fixtures.nfl);
    }
  });

  it('compresses as the client asks (brotli first, then gzip) to at most 15% of the raw answer', async () => {
    const plain = await get(ODDS, gold);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const br = await get(ODDS, { ...gold, 'Accept-Encoding': 'gzip, deflate, br' });
    const gz = await get(ODDS, { ...gold, 'Accept-Encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(br)).toEqual(JSON.parse(plain.body.toString()));
    expect(decoded(gz)).toEqual(JSON.parse(plain.body.toString()));
    expect(br.body.length).toBeLessThanOrEqual(plain.body.length * 0.15);
    expect(gz.body.length).toBeLessThanOrEqual(plain.body.length * 0.15);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('serves the boards, player props, scanners and scores the same way', async () => {
    for (const [path, auth] of [
      [`/api/boards?kind=odds&sports=${NFL}`, gold],
      ['/api/player-props?sports=basketball_nba', gold],
      [`/api/arbitrage?sports=${NFL}&minProfit=0.1`, platinum],
      [`/api/middles?sports=${NFL}`, platinum],
      [`/api/ev?sports=${NFL}`, gold],
      ['/api/scores?sport=baseball_mlb', {}],
    ] as const) {
      const first = await get(path, { ...auth, 'Accept-Encoding': 'br' });
      expect([path, first.status]).toEqual([path, 200]);
      if (first.body.length > 2048) expect([path, first.headers['content-encoding']]).toEqual([path, 'br']);
      const again = await get(path, { ...auth, 'If-None-Match': first.headers.etag as string });
      expect([path, again.status]).toEqual([path, 304]);
    }
  });

  it('serves a rewritten scoreboard at once', async () => {
    const first = await get('/api/scores?sport=baseball_mlb', {});
    const [game, ...rest] = fixtures.scores.games;
    await writeScoreboard(t.redis, { ...fixtures.scores, games: [{ ...game, home_score: 99 }, ...rest] });
    try {
      const after = await get('/api/scores?sport=baseball_mlb', { 'If-None-Match': first.headers.etag as string });
      expect(after.status).toBe(200);
      expect(
        (decoded(after) as Array<{ id: string; home_score: number }>).find((g) => g.id === game.id)!.home_score,
      ).toBe(99);
    } finally {
      await writeScoreboard(t.redis, fixtures.scores);
    }
  });
});
