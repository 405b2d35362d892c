import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import {
  PICK_CSV_COLUMNS,
  PICK_MAX_CENTS,
  PICK_MAX_DECIMAL,
  PICK_MAX_PAYOUT_CENTS,
  PICKS_PER_PLAN,
  type UserPick,
} from '@oddspulse/shared';
import { computePickStats, type StatsPick } from '@oddspulse/shared/testing';
import type { Session } from '../accounts/auth/session.service';
import { AccountsTestApp, bearer, createAccountsApp, signUp } from '../../../test/support/accounts-app';

const pick = (over: Record<string, unknown> = {}) => ({
  game: 'New England Patriots @ Miami Dolphins',
  league: 'NFL',
  sport: 'americanfootball_nfl',
  market: 'Point Spread',
  selection: 'Miami Dolphins -3.5',
  odds: '-110',
  bookmaker: 'draftkings',
  stakeCents: 10_000,
  edge: 2.4,
  ...over,
});

// spec 002 §3–§5, §9, DECISIONS 18–21: picks per user in PostgreSQL, over the HTTP API.
describe('picks API (real PostgreSQL and Redis)', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.app.close());

  it('refuses a signed-out caller with 401 "Authentication required"', async () => {
    const res = await t.http().get('/api/picks');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Authentication required');
  });

  it('creates a pending pick with its potential payout in cents, and lists it', async () => {
    const { session } = await signUp(t);
    const created = await t.http().post('/api/picks').set(bearer(session)).send(pick());
    expect(created.status).toBe(201);
    // $100 at -110 (decimal 1.909090…) pays $190.91 back.
    expect(created.body).toMatchObject({
      status: 'pending',
      stakeCents: 10_000,
      potentialCents: 19_091,
      odds: '-110',
      edge: 2.4,
      actualPayoutCents: null,
    });
    const list = await t.http().get('/api/picks').set(bearer(session));
    expect(list.body).toEqual({ picks: [expect.objectContaining({ id: created.body.id })], nextCursor: null });
  });

  it('answers 400 naming the field for bad input', async () => {
    const { session } = await signUp(t);
    const res = await t
      .http()
      .post('/api/picks')
      .set(bearer(session))
      .send(pick({ odds: 'evens', stakeCents: -5 }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^odds: must be American odds/);
    const query = await t.http().get('/api/picks?period=12d').set(bearer(session));
    expect(query.status).toBe(400);
  });

  it("breaks the statistics down by a league, book or market named as an object's own property, into its own bucket", async () => {
    const { session } = await signUp(t);
    for (const over of [{ league: '__proto__' }, { market: 'constructor' }, { bookmaker: 'toString' }])
      expect((await t.http().post('/api/picks').set(bearer(session)).send(pick(over))).status).toBe(201);
    const stats = await t.http().get('/api/picks/stats?period=30d').set(bearer(session));
    expect(stats.status).toBe(200);
    expect(stats.body.sportStats).toEqual({
      ['__proto__']: expect.objectContaining({ bets: 1 }),
      NFL: expect.objectContaining({ bets: 2 }),
    });
    expect(stats.body.marketStats).toMatchObject({ constructor: { bets: 1 }, 'Point Spread': { bets: 2 } });
    expect(Object.keys(stats.body.bookStats).sort()).toEqual(['draftkings', 'toString']);
    expect(Object.prototype).not.toHaveProperty('bets');
  });

  it('settles by hand once: a win keeps whole dollars, and status never moves back (spec 002 §4)', async () => {
    const { session } = await signUp(t);
    const { body: created } = await t.http().post('/api/picks').set(bearer(session)).send(pick());
    const won = await t
      .http()
      .patch(`/api/picks/${created.id}`)
      .set(bearer(session))
      .send({ status: 'won', actualPayout: 190.6 });
    expect(won.status).toBe(200);
    expect(won.body).toMatchObject({ status: 'won', actualPayoutCents: 19_100 });
    expect(won.body.validatedAt).toEqual(expect.any(String));
    const again = await t.http().patch(`/api/picks/${created.id}`).set(bearer(session)).send({ status: 'lost' });
    expect(again.status).toBe(409);
    // The database refuses it too, whoever writes.
    await expect(
      t.db.updateTable('picks').set({ status: 'pending' }).where('id', '=', created.id).execute(),
    ).rejects.toThrow(/already won/);
  });

  // Spec 002 §4 and DECISIONS 25: the payout entered is rounded to whole dollars once, from the dollars given; rounding
  // them to cents first (10.499 → 1,050 cents) and those to dollars made $11, inflating payout, profit and ROI.
  it('keeps a payout entered by hand to whole dollars, rounded once: 10.499 is $10 and 190.495 is $190', async () => {
    const { session } = await signUp(t);
    for (const [actualPayout, cents] of [
      [10.499, 1000],
      [190.495, 19_000],
      [10.5, 1100],
    ]) {
      const { body: created } = await t.http().post('/api/picks').set(bearer(session)).send(pick());
      const won = await t
        .http()
        .patch(`/api/picks/${created.id}`)
        .set(bearer(session))
        .send({ status: 'won', actualPayout });
      expect([actualPayout, won.status, won.body.actualPayoutCents]).toEqual([actualPayout, 200, cents]);
    }
    const stats = await t.http().get('/api/picks/stats?period=30d').set(bearer(session));
    expect(stats.body).toMatchObject({ totalStakedCents: 30_000, netProfitCents: 1000 + 19_000 + 1100 - 30_000 });
  });

  it('takes a stake in dollars to the cent, half-up once from the decimal: 1.005 is $1.01', async () => {
    const { session } = await signUp(t);
    const { body: created } = await t
      .http()
      .post('/api/picks')
      .set(bearer(session))
      .send(pick({ stakeCents: 0 }));
    const set = await t.http().patch(`/api/picks/${created.id}/stake`).set(bearer(session)).send({ stake: 1.005 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ stakeCents: 101 });
  });

  // A pick saved with "Add to My Picks" has no stake; the user sets it later, while it is pending
  it('sets the stake of a pending pick and its payout from the odds, and refuses it once settled', async () => {
    const { session } = await signUp(t);
    const { body: created } = await t
      .http()
      .post('/api/picks')
      .set(bearer(session))
      .send(pick({ stakeCents: 0 }));
    const set = await t.http().patch(`/api/picks/${created.id}/stake`).set(bearer(session)).send({ stake: 100 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ status: 'pending', stakeCents: 10_000, potentialCents: 19_091 });
    const tooSmall = await t.http().patch(`/api/picks/${created.id}/stake`).set(bearer(session)).send({ stake: 0.5 });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.message).toBe('stake: Minimum bet is $1');
    // a stake is an amount: true is not $1
    const notAmount = await t.http().patch(`/api/picks/${created.id}/stake`).set(bearer(session)).send({ stake: true });
    expect([notAmount.status, notAmount.body.stakeCents]).toEqual([400, undefined]);
    // saved with the pick, a stake is none yet or a bet the slip allows (spec 001 §5)
    const underDollar = await t
      .http()
      .post('/api/picks')
      .set(bearer(session))
      .send(pick({ stakeCents: 50 }));
    expect([underDollar.status, underDollar.body.message]).toEqual([400, 'stakeCents: Minimum bet is $1']);
    const other = await signUp(t);
    expect(
      (await t.http().patch(`/api/picks/${created.id}/stake`).set(bearer(other.session)).send({ stake: 5 })).status,
    ).toBe(404);
    await t.http().patch(`/api/picks/${created.id}`).set(bearer(session)).send({ status: 'lost' });
    const late = await t.http().patch(`/api/picks/${created.id}/stake`).set(bearer(session)).send({ stake: 5 });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This pick is already lost');
  });

  // DECISIONS 25: a pick's American odds are a whole number, which a parlay's or an exchange's price seldom is
  it('pays a stake set or changed later at the exact price the pick was saved with', async () => {
    const { session } = await signUp(t);
    const post = async (body: Record<string, unknown>) =>
      (await t.http().post('/api/picks').set(bearer(session)).send(pick(body))).body as UserPick;
    const restake = async (id: string, stake: number) =>
      (await t.http().patch(`/api/picks/${id}/stake`).set(bearer(session)).send({ stake })).body as UserPick;
    // $100 on two −110 legs: 1.909090…² = 3.644628…, $364.46 ("+264" is 3.64: $364.00)
    const parlayDecimal = (1 + 100 / 110) ** 2;
    const parlay = await post({
      type: 'parlay',
      market: 'parlay',
      odds: '+264',
      potentialCents: 36_446,
      payoutDecimal: parlayDecimal,
    });
    expect((await restake(parlay.id, 100)).potentialCents).toBe(36_446);
    expect((await restake(parlay.id, 250)).potentialCents).toBe(91_116);
    // Betfair's 2.10 at the user's 2 % pays 2.078 a unit (at the 5 % default 2.045), saved without a stake yet
    const exchange = await post({
      odds: '+110',
      bookmaker: 'betfair_ex_uk',
      stakeCents: 0,
      potentialCents: 0,
      payoutDecimal: 2.078,
    });
    expect((await restake(exchange.id, 50)).potentialCents).toBe(10_390);
    // nor given a payout: it is worked out at the price
    expect((await post({ odds: '-115', bookmaker: 'novig', payoutDecimal: 1.87 })).potentialCents).toBe(18_700);
    // a pick saved without its price (an older one, an import) is paid from its odds at its book's commission
    const plain = await post({ odds: '+110', bookmaker: 'betfair_ex_uk', stakeCents: 0 });
    expect((await restake(plain.id, 50)).potentialCents).toBe(10_225);
  });

  it('a push returns the stake', async () => {
    const { session } = await signUp(t);
    const { body: created } = await t.http().post('/api/picks').set(bearer(session)).send(pick());
    const push = await t.http().patch(`/api/picks/${created.id}`).set(bearer(session)).send({ status: 'push' });
    expect(push.body).toMatchObject({ status: 'push', actualPayoutCents: 10_000 });
  });

  it("never shows or touches another user's picks", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const { body: created } = await t.http().post('/api/picks').set(bearer(owner.session)).send(pick());
    expect((await t.http().get('/api/picks').set(bearer(other.session))).body.picks).toEqual([]);
    expect(
      (await t.http().patch(`/api/picks/${created.id}`).set(bearer(other.session)).send({ status: 'won' })).status,
    ).toBe(404);
    expect((await t.http().delete(`/api/picks/${created.id}`).set(bearer(other.session))).status).toBe(404);
    expect((await t.http().delete(`/api/picks/${created.id}`).set(bearer(owner.session))).status).toBe(204);
  });

  // One rule for odds, edge, money and times whichever way a pick comes in: nothing a door takes is a 500 or an export
  // the user cannot import again.
  it('refuses odds, edges and times out of range at every door, never with a 500', async () => {
    const { session } = await signUp(t);
    for (const [field, value] of [
      ['odds', 1e308],
      ['odds', 123_456_789],
      ['odds', '1e308'],
      ['odds', 'abc'],
      ['edge', 1e308],
      ['stakeCents', 1e308],
      ['stakeCents', PICK_MAX_CENTS + 1],
      ['potentialCents', PICK_MAX_PAYOUT_CENTS + 1],
      ['payoutDecimal', 1],
      ['payoutDecimal', PICK_MAX_DECIMAL],
      ['payoutDecimal', '1.9'],
      ['commenceTime', '0000-01-01T00:00:00Z'],
    ] as const) {
      const res = await t
        .http()
        .post('/api/picks')
        .set(bearer(session))
        .send(pick({ [field]: value }));
      expect([field, value, res.status, res.body.message?.split(':')[0]]).toEqual([field, value, 400, field]);
    }
    expect(
      (
        await t
          .http()
          .post('/api/picks')
          .set(bearer(session))
          .send(pick({ odds: 150 }))
      ).body.odds,
    ).toBe('150');

    // the browser list skips what it cannot keep, as it skips any malformed item
    const item = { game: 'A @ B', league: 'NFL', market: 'Moneyline', selection: 'A', stake: 10, odds: '-110' };
    const imported = await t
      .http()
      .post('/api/picks/import')
      .set(bearer(session))
      .send({
        picks: [
          { ...item, id: 'ok' },
          { ...item, id: 'huge-edge', edge: 1e308 },
          { ...item, id: 'not-odds', odds: 'abc' },
          { ...item, id: 'big-odds', odds: 123_456_789 },
          { ...item, id: 'year-zero', dateAdded: '0000-01-01T00:00:00.000Z' },
        ],
      });
    expect(imported.status).toBe(201);
    expect(imported.body).toEqual({ imported: 1, skipped: 4, alreadyImported: false });
    const csv = (await t.http().get('/api/picks/export.csv?period=90d').set(bearer(session))).text;
    const again = await signUp(t);
    const back = await t
      .http()
      .post('/api/picks/import.csv')
      .set(bearer(again.session))
      .set('Content-Type', 'text/csv')
      .send(csv);
    expect(back.body).toMatchObject({ added: 2, errors: [] });
  });

  it('keeps one book identity: a name saved or imported is stored and exported as its key, old rows by migration 0022', async () => {
    const { session } = await signUp(t);
    const saved = await t
      .http()
      .post('/api/picks')
      .set(bearer(session))
      .send(pick({ bookmaker: 'DraftKings' }));
    expect(saved.body.bookmaker).toBe('draftkings');
    const header = PICK_CSV_COLUMNS.join(',');
    const row = (id: string, book: string) =>
      header
        .split(',')
        .map(
          (column) =>
            ({
              id,
              date_added: new Date().toISOString(),
              game: 'Buffalo Bills @ Los Angeles Rams',
              league: 'NFL',
              market: 'Moneyline',
              selection: 'Buffalo Bills',
              odds: '-140',
              bookmaker: book,
              stake: '50',
              status: 'pending',
              type: 'single',
            })[column] ?? '',
        )
        .join(',');
    const imported = await t
      .http()
      .post('/api/picks/import.csv')
      .set(bearer(session))
      .set('Content-Type', 'text/csv')
      .send([header, row('by-name', 'Caesars'), row('by-key', 'fanduel'), row('other', 'Local Shop')].join('\r\n'));
    expect(imported.body).toMatchObject({ added: 3, errors: [] });
    const exported = (await t.http().get('/api/picks/export.csv?period=7d').set(bearer(session))).text;
    const column = header.split(',').indexOf('bookmaker');
    expect(
      exported
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[column])
        .sort(),
    ).toEqual(['Local Shop', 'draftkings', 'fanduel', 'williamhill_us']);

    // rows the slip saved by name before keys were kept: the migration's own SQL normalises them
    const ids = (await t.http().get('/api/picks').set(bearer(session))).body.picks.map((p: UserPick) => p.id);
    const stored = ['DraftKings, FanDuel', 'caesars', 'BetOnline.ag', 'Local Shop'];
    await Promise.all(
      stored.map((book, i) => t.db.updateTable('picks').set({ bookmaker: book }).where('id', '=', ids[i]).execute()),
    );
    await sql
      .raw(readFileSync(join(__dirname, '..', '..', '..', 'core', 'migrations', '0022_pick_book_keys.sql'), 'utf8'))
      .execute(t.db);
    const after = await t.db
      .selectFrom('picks')
      .select(['id', 'bookmaker'])
      .where('user_id', '=', session.user.id)
      .execute();
    expect(ids.slice(0, 4).map((id: string) => after.find((r) => r.id === id)?.bookmaker)).toEqual([
      'draftkings,fanduel',
      'williamhill_us',
      'betonlineag',
      'Local Shop',
    ]);
  });

  it('imports each browser’s list once: a second browser’s picks are added, ones already there skipped (DECISIONS 18)', async () => {
    const { session } = await signUp(t);
    const item = (id: string) => ({
      id,
      game: 'Chiefs @ Bills',
      market: 'Moneyline',
      selection: 'Bills',
      odds: '-110',
      stake: 10,
    });
    // an item without an id is known by what it says, so a list sent again adds it once
    const unnamed = { ...item('x'), id: undefined, selection: 'Chiefs', dateAdded: new Date().toISOString() };
    const send = (picks: unknown[]) => t.http().post('/api/picks/import').set(bearer(session)).send({ picks });
    expect((await send([item('laptop-1'), unnamed])).body).toEqual({ imported: 2, skipped: 0, alreadyImported: false });
    expect((await send([item('phone-1'), item('phone-2'), item('laptop-1')])).body).toEqual({
      imported: 2,
      skipped: 1,
      alreadyImported: false,
    });
    expect((await send([item('phone-1'), item('phone-2'), unnamed])).body).toEqual({
      imported: 0,
      skipped: 3,
      alreadyImported: true,
    });
    const list: UserPick[] = (await t.http().get('/api/picks').set(bearer(session))).body.picks;
    expect(list.map((p) => p.selection).sort()).toEqual(['Bills', 'Bills', 'Bills', 'Chiefs']);
  });

  it('imports the browser list once, skipping duplicates (DECISIONS 18)', async () => {
    const { session } = await signUp(t);
    const local = [
      {
        id: 'a1',
        game: 'Bills @ Rams',
        league: 'NFL',
        market: 'Moneyline',
        selection: 'Buffalo Bills -140',
        odds: '-140',
        stake: 50,
        status: '',
        dateAdded: new Date().toISOString(),
      },
      {
        id: 'a1',
        game: 'Bills @ Rams',
        league: 'NFL',
        market: 'Moneyline',
        selection: 'Buffalo Bills -140',
        odds: '-140',
        stake: 50,
      },
      {
        id: 'b2',
        game: 'Colts at Texans',
        league: 'NFL',
        market: 'Totals',
        selection: 'Over 44.5',
        odds: -105,
        stake: 20,
        potential: 39.05,
        status: 'win',
      },
      // Stored malformed by the old app: skipped, not a reason to refuse the rest.
      { id: 'c3', game: '', market: 'Moneyline', selection: 'Nobody', odds: '+100', stake: 'lots' },
    ];
    const first = await t.http().post('/api/picks/import').set(bearer(session)).send({ picks: local });
    expect(first.body).toEqual({ imported: 2, skipped: 2, alreadyImported: false });
    const second = await t.http().post('/api/picks/import').set(bearer(session)).send({ picks: local });
    expect(second.body).toEqual({ imported: 0, skipped: 4, alreadyImported: true });
    const list = (await t.http().get('/api/picks').set(bearer(session))).body.picks;
    expect(list).toHaveLength(2);
    expect(list.find((p: { selection: string }) => p.selection === 'Over 44.5')).toMatchObject({
      status: 'won',
      stakeCents: 2000,
      potentialCents: 3905,
      actualPayoutCents: 3905,
    });
  });

  it('keeps a lost or pushed pick of the browser list at what it pays back, whatever payout it carries', async () => {
    const { session } = await signUp(t);
    const item = (id: string, status: string, actualPayout: number) => ({
      id,
      game: 'A @ B',
      league: 'NFL',
      market: 'Moneyline',
      selection: 'A',
      odds: '+150',
      stake: 100,
      status,
      actualPayout,
      dateAdded: new Date().toISOString(),
    });
    const picks = [item('lost-1', 'loss', 150), item('push-1', 'push', 500), item('won-1', 'won', 260)];
    expect((await t.http().post('/api/picks/import').set(bearer(session)).send({ picks })).body.imported).toBe(3);
    const list: UserPick[] = (await t.http().get('/api/picks').set(bearer(session))).body.picks;
    const payouts = Object.fromEntries(list.map((p) => [p.status, p.actualPayoutCents]));
    // spec 002 §5 "A loss pays 0", DECISIONS 19: the stake returned; a win keeps what the book paid (spec 002 §4)
    expect(payouts).toEqual({ lost: 0, push: 10_000, won: 26_000 });
    expect((await t.http().get('/api/picks/stats').set(bearer(session))).body).toMatchObject({
      totalReturnsCents: 36_000,
      netProfitCents: 6_000,
    });
  });

  it('filters by period and status, sorts, and computes the statistics of the period (DECISIONS 20)', async () => {
    const { session } = await signUp(t);
    const day = 86_400_000;
    const old = new Date(Date.now() - 45 * day).toISOString();
    await t
      .http()
      .post('/api/picks/import')
      .set(bearer(session))
      .send({
        picks: [
          {
            id: '1',
            game: 'A vs B',
            league: 'NFL',
            market: 'Moneyline',
            selection: 'A',
            odds: '+150',
            stake: 100,
            potential: 250,
            status: 'won',
            dateAdded: new Date(Date.now() - 2 * day).toISOString(),
          },
          {
            id: '2',
            game: 'C vs D',
            league: 'NBA',
            market: 'Moneyline',
            selection: 'C',
            odds: '-200',
            stake: 50,
            status: 'lost',
            dateAdded: new Date(Date.now() - day).toISOString(),
          },
          {
            id: '3',
            game: 'E vs F',
            league: 'NFL',
            market: 'Moneyline',
            selection: 'E',
            odds: '-110',
            stake: 10,
            status: 'pending',
          },
          {
            id: '4',
            game: 'G vs H',
            league: 'NHL',
            market: 'Moneyline',
            selection: 'G',
            odds: '+100',
            stake: 100,
            status: 'lost',
            dateAdded: old,
          },
        ],
      });
    const month = (await t.http().get('/api/picks?period=30d&sort=profit').set(bearer(session))).body.picks;
    expect(month.map((p: { selection: string }) => p.selection)).toEqual(['A', 'E', 'C']);
    const lost = (await t.http().get('/api/picks?period=90d&status=lost&sort=sport').set(bearer(session))).body.picks;
    expect(lost.map((p: { league: string }) => p.league)).toEqual(['NBA', 'NHL']);

    const stats = (await t.http().get('/api/picks/stats?period=30d').set(bearer(session))).body;
    // Settled in 30 days: won $100 → $250, lost $50. Staked 150, returned 250: profit 100, ROI 66.7 %, win rate 50 %;
    // the pending $10 apart.
    expect(stats).toMatchObject({
      totalBets: 3,
      wonBets: 1,
      lostBets: 1,
      pendingBets: 1,
      totalStakedCents: 15_000,
      pendingStakedCents: 1_000,
      netProfitCents: 10_000,
      winRate: 50,
      roi: 66.7,
    });
    expect((await t.http().get('/api/picks/stats?period=90d').set(bearer(session))).body.totalBets).toBe(4);
  });
});

// Picks are bounded: the list a page at a time (a cursor), the export in slices, the statistics summed in PostgreSQL,
// and no more picks per account than its plan keeps.
describe('picks at scale (real PostgreSQL and Redis)', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.app.close());

  type Listed = UserPick;
  const importCsv = (session: Session, csv: string) =>
    t.http().post('/api/picks/import.csv').set(bearer(session)).set('Content-Type', 'text/csv').send(csv);
  /** Every page of a list, `limit` at a time; fails on a pick listed twice. */
  async function allPages(session: Session, query: string, limit: number): Promise<{ picks: Listed[]; pages: number }> {
    const picks: Listed[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { status: number; body: { picks: Listed[]; nextCursor: string | null } } = await t
        .http()
        .get(`/api/picks?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
        .set(bearer(session));
      expect(res.status).toBe(200);
      expect(res.body.picks.length).toBeLessThanOrEqual(limit);
      picks.push(...res.body.picks);
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(new Set(picks.map((p) => p.id)).size).toBe(picks.length);
    return { picks, pages };
  }

  /** 300 picks of every status, league and price, many added in the same second. */
  function history(count: number): string {
    const statuses = ['won', 'lost', 'push', 'pending'];
    const odds = ['-110', '+150', '-200', '+100', '+1100', '-105'];
    const leagues = ['NFL', 'NBA', 'MLB', 'NHL', ''];
    const lines = Array.from({ length: count }, (_, i) => {
      const at = new Date(Date.now() - (i % 40) * 3_600_000 - 60_000);
      at.setUTCMilliseconds(0);
      const status = statuses[i % 4];
      const payout = status === 'won' ? String(10 + (i % 7) * 3) : status === 'push' ? '5' : '';
      return [
        at.toISOString(),
        `Game ${i}`,
        leagues[i % 5],
        'Moneyline',
        `Side ${i}`,
        odds[i % 6],
        '5',
        status,
        status === 'lost' ? '0' : payout,
        status === 'pending' ? '' : new Date(at.getTime() + (i % 9) * 60_000).toISOString(),
        i % 3 ? String((i % 11) - 3) : '',
        i % 4 ? String(((i % 13) - 6) / 2) : '',
      ].join(',');
    });
    return [
      'date_added,game,league,market,selection,odds,stake,status,actual_payout,settled_at,edge,clv',
      ...lines,
    ].join('\n');
  }

  it('pages through every sort in its order, each pick once, and sums the same statistics as the picks', async () => {
    const { session } = await signUp(t);
    expect((await importCsv(session, history(300))).body).toMatchObject({ added: 300 });
    const decimal = (odds: string) => {
      const n = Number(odds);
      return n >= 100 ? 1 + n / 100 : 1 + 100 / -n;
    };
    const profit = (p: Listed) => (p.status === 'pending' ? 0 : (p.actualPayoutCents ?? 0) - p.stakeCents);
    const newest = (a: Listed, b: Listed) => b.dateAdded.localeCompare(a.dateAdded) || b.id.localeCompare(a.id);
    const orders: Record<string, (a: Listed, b: Listed) => number> = {
      date: newest,
      profit: (a, b) => profit(b) - profit(a) || newest(a, b),
      odds: (a, b) => decimal(b.odds) - decimal(a.odds) || newest(a, b),
      sport: (a, b) => (a.league < b.league ? -1 : a.league > b.league ? 1 : newest(a, b)),
    };
    for (const [sort, order] of Object.entries(orders)) {
      const { picks, pages } = await allPages(session, `period=7d&sort=${sort}`, 37);
      expect([sort, picks.length, pages]).toEqual([sort, 300, 9]);
      expect([sort, picks.map((p) => p.id)]).toEqual([sort, [...picks].sort(order).map((p) => p.id)]);
    }
    const won = await allPages(session, 'period=7d&status=won&sort=odds', 20);
    expect(won.picks).toHaveLength(75);
    expect(won.picks.every((p) => p.status === 'won')).toBe(true);

    const { picks } = await allPages(session, 'period=7d', 500);
    const stats = (await t.http().get('/api/picks/stats?period=7d').set(bearer(session))).body;
    // summed exactly in the database, where the oracle adds floating-point CLVs: -0 is 0 there (JSON has no -0)
    const oracle = computePickStats(picks.map((p): StatsPick => ({ ...p, settledAt: p.settledDate ?? p.validatedAt })));
    expect(stats).toEqual(JSON.parse(JSON.stringify(oracle)));

    // a cursor is the list's own: another sort's, or made up, is a 400 — one PostgreSQL cannot read too, never a 500
    const first = (await t.http().get('/api/picks?period=7d&sort=date&limit=5').set(bearer(session))).body;
    const made = (...position: unknown[]) => Buffer.from(JSON.stringify(position)).toString('base64url');
    const id = '00000000-0000-4000-8000-000000000000';
    const at = '2024-01-01T00:00:00.000000';
    for (const [sort, cursor] of [
      ['odds', first.nextCursor],
      ['odds', 'not-a-cursor'],
      ['date', made('date', null, 'x', 'y')],
      ['date', made('date', null, '2024-13-45T99:99:99.000000', id)],
      ['date', made('date', null, '2024-02-30T00:00:00.000000', id)],
      ['date', made('date', null, '0000-01-01T00:00:00.000000', id)],
      ['profit', made('profit', 'abc', at, id)],
      ['profit', made('profit', '1e999999', at, id)],
      ['odds', made('odds', 'NaN', at, id)],
      ['sport', made('sport', 'a\u0000b', at, id)],
    ])
      expect([
        sort,
        cursor,
        (
          await t
            .http()
            .get(`/api/picks?period=7d&sort=${sort}&cursor=${encodeURIComponent(cursor)}`)
            .set(bearer(session))
        ).body,
      ]).toEqual([sort, cursor, expect.objectContaining({ statusCode: 400, code: 'INVALID_CURSOR' })]);
    expect((await t.http().get('/api/picks?limit=501').set(bearer(session))).status).toBe(400);
  });

  it('pages picks added within the same millisecond apart, to the microsecond', async () => {
    const { session } = await signUp(t);
    const { id } = session.user;
    await t.db
      .insertInto('picks')
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          user_id: id,
          game: `G ${i}`,
          league: 'NFL',
          market: 'Moneyline',
          selection: `S ${i}`,
          odds: '-110',
          stake_cents: 100,
          status: 'pending' as const,
          type: 'single' as const,
          date_added: sql<Date>`now() - make_interval(secs => ${i % 3} * 0.000001)`,
        })),
      )
      .execute();
    const { picks } = await allPages(session, 'period=7d', 5);
    expect(picks).toHaveLength(12);
  });

  it('streams an export of more picks than one slice, the same rows as the list', async () => {
    const { session } = await signUp(t, 'gold');
    expect((await importCsv(session, history(1_100))).body).toMatchObject({ added: 1_100 });
    const res = await t.http().get('/api/picks/export.csv?period=7d&sort=profit').set(bearer(session));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="oddspulse-picks.csv"');
    const lines = res.text.split('\r\n');
    expect(lines).toHaveLength(1_101);
    const listed = await allPages(session, 'period=7d&sort=profit', 500);
    expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual(listed.picks.map((p) => p.game));
  });

  it(`keeps at most ${PICKS_PER_PLAN.free.toLocaleString('en-US')} picks on a Free account, whatever door they come through`, async () => {
    const { session } = await signUp(t);
    const header = 'id,date_added,game,market,selection,odds,stake';
    const row = (i: number) => `cap-${i},2026-11-01T00:00:00Z,G ${i},Moneyline,S ${i},-110,1`;
    const file = (from: number, count: number) =>
      [header, ...Array.from({ length: count }, (_, i) => row(from + i))].join('\n');
    expect((await importCsv(session, file(0, PICKS_PER_PLAN.free))).body).toMatchObject({ added: 5_000 });
    const full = {
      statusCode: 409,
      code: 'PICKS_LIMIT',
      message: 'Your Free plan keeps up to 5,000 picks: delete some or upgrade to add more.',
      limit: 5_000,
    };
    expect((await t.http().post('/api/picks').set(bearer(session)).send(pick())).body).toEqual(full);
    // an import past the limit adds nothing at all; duplicates are not new picks
    expect((await importCsv(session, file(4_990, 11))).body).toEqual(full);
    expect((await importCsv(session, file(4_990, 10))).body).toEqual({ added: 0, duplicates: 10, errors: [] });
    const listImport = await t
      .http()
      .post('/api/picks/import')
      .set(bearer(session))
      .send({ picks: [{ id: 'local', game: 'A @ B', market: 'ML', selection: 'A', odds: '-110', stake: 1 }] });
    expect(listImport.body).toEqual(full);
    const count = async () =>
      (
        await t.db
          .selectFrom('picks')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', session.user.id)
          .executeTakeFirstOrThrow()
      ).n;
    expect(Number(await count())).toBe(5_000);
    // room made, or a plan that keeps more, and picks are added again
    const [first] = (await t.http().get('/api/picks?period=90d&limit=1').set(bearer(session))).body.picks;
    await t.http().delete(`/api/picks/${first.id}`).set(bearer(session)).expect(204);
    expect((await t.http().post('/api/picks').set(bearer(session)).send(pick())).status).toBe(201);
    await t.plans.changePlan(session.user.id, { plan: 'gold', status: 'active' });
    expect((await t.http().post('/api/picks').set(bearer(session)).send(pick())).status).toBe(201);
  }, 60_000);
});
