import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { matchesEtag, negotiateCoding, StrongerCompressions, View, ViewCache } from './view-cache';

const FIXTURES = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
// a recorded NFL board of The Odds API (285 KB), as large as a first visit's boards
const board = (): unknown =>
  JSON.parse(
    readFileSync(
      join(
        FIXTURES,
        'v4_odds_americanfootball_nfl_us-plus-betfair_h2h-spreads-totals-h2h_lay_american_2022-08-24.json',
      ),
      'utf8',
    ),
  );

// Answers built once per data version, sent compressed (negotiated) and revalidated by ETag
describe('negotiateCoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['identity', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['GZIP;q=0.5', 'gzip'],
  ])('%s -> %s', (header, coding) => {
    expect(negotiateCoding(header)).toBe(coding);
  });
});

describe('matchesEtag', () => {
  it('compares weakly, in a list, and takes *', () => {
    expect(matchesEtag('W/"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('W/"b", W/"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('*', 'W/"a"')).toBe(true);
    expect(matchesEtag('W/"b"', 'W/"a"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"a"')).toBe(false);
  });
});

describe('View', () => {
  it('is the JSON once, the same ETag for the same body, and each coding decompresses to it', async () => {
    const body = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, price: 1.91 })) };
    const view = new View(body);
    expect(JSON.parse(view.raw.toString())).toEqual(body);
    expect(new View(body).etag).toBe(view.etag);
    expect(new View({ ...body, extra: 1 }).etag).not.toBe(view.etag);
    expect(brotliDecompressSync(await view.encoded('br')).equals(view.raw)).toBe(true);
    expect(gunzipSync(await view.encoded('gzip')).equals(view.raw)).toBe(true);
    expect(await view.encoded('br')).toBe(await view.encoded('br'));
  });

  it("serves a first load's view its first bytes at once, then the more strongly compressed bytes once they are ready", async () => {
    const view = new View(board(), new StrongerCompressions());
    const first = await view.encoded('br');
    expect(brotliDecompressSync(first).equals(view.raw)).toBe(true);
    await view.strengthen();
    const stronger = await view.encoded('br');
    expect(stronger.length).toBeLessThan(first.length * 0.9);
    expect(brotliDecompressSync(stronger).equals(view.raw)).toBe(true);
    expect(view.strengthen()).toBe(view.strengthen());
    expect(gunzipSync(await view.encoded('gzip')).equals(view.raw)).toBe(true);
  });

  // six strong compressions of a 285-KB board, one after another: a 30-s limit, as for the bytes case below
  it('compresses first loads more strongly one after another, four queued at most; one left out is queued when served again', async () => {
    const queue = new StrongerCompressions();
    const views = Array.from({ length: 5 }, (_, i) => new View({ i, board: board() }, queue));
    // each view's first serve queues its stronger compression: four are queued, the fifth is left out
    const first = views.map((view) => view.encoded('br'));
    let firstDone = false;
    let threeDone = false;
    void views[0].strengthen().then(() => (firstDone = true));
    void Promise.all(views.slice(0, 3).map((view) => view.strengthen())).then(() => (threeDone = true));
    await views[4].strengthen();
    expect(firstDone).toBe(false);
    // one at a time: the fourth is done after the three before it
    await views[3].strengthen();
    expect(threeDone).toBe(true);
    expect(await views[4].encoded('br')).toBe(await first[4]);
    await views[4].strengthen();
    expect((await views[4].encoded('br')).length).toBeLessThan((await first[4]).length * 0.9);
  }, 30_000);

  it('compresses a first load ahead at both qualities, and leaves any other view as it was first compressed', async () => {
    const warm = new View(board(), new StrongerCompressions());
    await warm.precompress();
    const ahead = await warm.encoded('br');
    const cold = await new View(board()).encoded('br');
    expect(ahead.length).toBeLessThan(cold.length * 0.9);
    expect(brotliDecompressSync(ahead).equals(warm.raw)).toBe(true);

    const other = new View(board());
    const once = await other.encoded('br');
    await other.precompress();
    await other.strengthen();
    expect(await other.encoded('br')).toBe(once);
  });
});

describe('ViewCache', () => {
  it('builds a key once for concurrent and later requests of the same version', async () => {
    const cache = new ViewCache();
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 5));
      return { body: { n: builds }, meta: 'm' };
    };
    const [a, b] = await Promise.all([cache.view('k', build), cache.view('k', build)]);
    const c = await cache.view('k', build);
    expect(builds).toBe(1);
    expect(a.view).toBe(b.view);
    expect(c.view).toBe(a.view);
    expect(c.meta).toBe('m');
  });

  it("compresses a kept first load's view again, more strongly, and not one it does not keep or another route's", async () => {
    const cache = new ViewCache();
    const build = (firstLoad: boolean) => async () => ({ body: board(), meta: null, firstLoad });
    const stronger = async (key: string | null, firstLoad: boolean) => {
      const { view } = await cache.view(key, build(firstLoad));
      const first = await view.encoded('br');
      await view.strengthen();
      return (await view.encoded('br')) !== first;
    };
    expect(await stronger('first-load', true)).toBe(true);
    expect(await stronger(null, true)).toBe(false);
    expect(await stronger('api', false)).toBe(false);
  });

  it('rebuilds once the answer stops holding, and never keeps an unversioned answer', async () => {
    const cache = new ViewCache();
    let builds = 0;
    const build = async () => ({ body: ++builds, validUntil: 1_000, meta: null });
    await cache.view('k', build, 0);
    await cache.view('k', build, 999);
    expect(builds).toBe(1);
    await cache.view('k', build, 1_000);
    expect(builds).toBe(2);
    await cache.view(null, build);
    await cache.view(null, build);
    expect(builds).toBe(4);
  });

  it('keeps no failed build', async () => {
    const cache = new ViewCache();
    await expect(cache.view('k', () => Promise.reject(new Error('board gone')))).rejects.toThrow('board gone');
    expect(cache.size).toBe(0);
    expect((await cache.view('k', async () => ({ body: 1, meta: null }))).view.raw.toString()).toBe('1');
  });

  it('bounds what it keeps, dropping the least recently served', async () => {
    const cache = new ViewCache();
    const build = async () => ({ body: 1, meta: null });
    for (let i = 0; i < 300; i++) await cache.view(`k${i}`, build);
    expect(cache.size).toBe(256);
  });

  // 100 MB through JSON and the ETag's hash: seconds on a loaded 2-core machine, past jest's 5-s default
  it('bounds the bytes it keeps', async () => {
    const cache = new ViewCache();
    const big = 'x'.repeat(2 ** 20);
    for (let i = 0; i < 100; i++) await cache.view(`k${i}`, async () => ({ body: big, meta: null }));
    expect(cache.keptBytes).toBeLessThanOrEqual(64 * 2 ** 20);
    expect(cache.size).toBe(Math.floor((64 * 2 ** 20) / (2 ** 20 + 2)));
    await cache.view('k99', async () => ({ body: 'rebuilt', meta: null }));
    expect((await cache.view('k99', async () => ({ body: 'other', meta: null }))).view.raw.toString()).toBe(
      JSON.stringify(big),
    );
  }, 30_000);
});
