import { PicksRepository } from '@oddspulse/core';
import type { UserPick } from '@oddspulse/shared';
import { AccountsTestApp, bearer, createAccountsApp, signUp } from '../../../test/support/accounts-app';

// Picks as CSV: the export's columns, money in dollars with two decimals, ISO 8601 UTC times; the import takes the
// export back exactly, names every bad line and then imports nothing, and adds nothing the second time.
describe('picks CSV export and import (real PostgreSQL and Redis)', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.app.close());

  const importCsv = (session: Parameters<typeof bearer>[0], csv: string) =>
    t.http().post('/api/picks/import.csv').set(bearer(session)).set('Content-Type', 'text/csv').send(csv);

  it('exports every kind of pick, and importing the export into another account gives back the same file', async () => {
    const owner = await signUp(t, 'platinum');
    const post = (body: Record<string, unknown>) =>
      t
        .http()
        .post('/api/picks')
        .set(bearer(owner.session))
        .send({
          league: 'NFL',
          sport: 'americanfootball_nfl',
          market: 'Point Spread',
          odds: '-110',
          stakeCents: 10_000,
          ...body,
        });
    const pending = await post({
      game: 'New England Patriots @ Miami Dolphins',
      selection: 'Miami Dolphins -3.5',
      bookmaker: 'draftkings',
      edge: 2.4,
      eventId: 'ev-1',
      // a game far ahead: the suites share one database, and the settlement worker's suite settles every pending NFL pick on its finals
      commenceTime: '2030-09-08T17:00:00Z',
      note: 'Sharp, "steam", and\na second line',
    });
    const won = await post({
      game: 'Bills @ Rams',
      market: 'Moneyline',
      selection: 'Buffalo Bills',
      odds: '+150',
      stakeCents: 2_550,
    });
    await t.http().patch(`/api/picks/${won.body.id}`).set(bearer(owner.session)).send({ status: 'won' });
    const pushed = await post({
      game: 'Colts @ Texans',
      market: 'Totals',
      selection: 'Over 40',
      note: '=HYPERLINK("http://x")',
    });
    await t.http().patch(`/api/picks/${pushed.body.id}`).set(bearer(owner.session)).send({ status: 'push' });
    await t.get(PicksRepository).recordClose(pending.body.id, -125, 1.625);
    // a pick from the browser list keeps its browser id as its id
    await t
      .http()
      .post('/api/picks/import')
      .set(bearer(owner.session))
      .send({
        picks: [
          {
            id: 'local-7',
            game: 'Jets @ Ravens',
            league: 'NFL',
            market: 'Moneyline',
            selection: 'Ravens',
            odds: '-200',
            stake: 33.33,
          },
        ],
      });

    const { key } = (await t.http().post('/api/api-keys').set(bearer(owner.session)).send({ name: 'exports' })).body;
    const exported = await t.http().get('/api/picks/export.csv?period=90d').set('x-api-key', key);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    const csv = exported.text;
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'id,date_added,game,league,sport,market,selection,odds,bookmaker,stake,potential_payout,status,actual_payout,settled_at,type,edge,closing_odds,clv,event_id,commence_time,note,payout_decimal,settled_date,validated_at,validated_by,validation_confidence,espn_game_id',
    );
    expect(csv).toContain(
      `${won.body.id},${won.body.dateAdded},Bills @ Rams,NFL,americanfootball_nfl,Moneyline,Buffalo Bills,+150,,25.50,63.75,won,63.75,`,
    );
    expect(csv).toContain('local-7,');
    expect(csv).toContain(',33.33,50.00,pending,,,single,');
    expect(csv).toContain(',2.4,-125,1.625,ev-1,2030-09-08T17:00:00.000Z,"Sharp, ""steam"", and\na second line"');
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`); // shown as text by a spreadsheet, never run

    const reader = await signUp(t);
    const first = await importCsv(reader.session, csv);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ added: 4, duplicates: 0, errors: [] });
    const again = (await t.http().get('/api/picks/export.csv?period=90d').set(bearer(reader.session))).text;
    expect(again).toBe(csv);
    expect(
      (await t.http().get('/api/picks?period=90d').set(bearer(reader.session))).body.picks.find((p: { note: string }) =>
        p.note?.startsWith('='),
      ),
    ).toBeTruthy();

    // idempotent: the same file again adds nothing, and the owner's own export is theirs already
    expect((await importCsv(reader.session, csv)).body).toEqual({ added: 0, duplicates: 4, errors: [] });
    expect((await importCsv(owner.session, csv)).body).toEqual({ added: 0, duplicates: 4, errors: [] });
    expect((await t.http().get('/api/picks?period=90d').set(bearer(owner.session))).body.picks).toHaveLength(4);
  });

  it('gives a pending parlay back at its exact price: a stake set after the import pays what the original does', async () => {
    // two −110 legs multiplied, (21/11)² = 3.6446…, shown as +264: $100 pays $364.46 at the price, $364.00 at the odds
    const owner = await signUp(t);
    const saved = await t
      .http()
      .post('/api/picks')
      .set(bearer(owner.session))
      .send({
        game: 'Parlay (2 legs)',
        league: 'NFL',
        market: 'Parlay',
        selection: 'Miami Dolphins -3.5 + Buffalo Bills -3.5',
        odds: '+264',
        bookmaker: 'draftkings,fanduel',
        type: 'parlay',
        stakeCents: 0,
        payoutDecimal: (21 / 11) ** 2,
      })
      .expect(201);
    const csv = (await t.http().get('/api/picks/export.csv').set(bearer(owner.session))).text;
    expect(csv).toContain(',3.6446280991735542');
    const reader = await signUp(t);
    expect((await importCsv(reader.session, csv)).body).toEqual({ added: 1, duplicates: 0, errors: [] });
    const [imported] = (await t.http().get('/api/picks').set(bearer(reader.session))).body.picks;
    const staked = async (session: Parameters<typeof bearer>[0], id: string, stake: number) =>
      (await t.http().patch(`/api/picks/${id}/stake`).set(bearer(session)).send({ stake }).expect(200)).body
        .potentialCents;
    for (const [stake, cents] of [
      [50, 18_223],
      [100, 36_446],
    ]) {
      expect(await staked(owner.session, saved.body.id, stake)).toBe(cents);
      expect(await staked(reader.session, imported.id, stake)).toBe(cents);
    }
    // a bad price is refused by its line, as POST /api/picks refuses it
    const bad = await importCsv(reader.session, csv.replace(',3.6446280991735542', ',1'));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { line: 2, message: "payout_decimal '1' is not decimal odds above 1 and under 1001" },
    ]);
  });

  it('gives an automatic settlement back as automatic, with its source, confidence and game; one by hand as by hand', async () => {
    const owner = await signUp(t);
    const post = async (selection: string) =>
      (
        await t
          .http()
          .post('/api/picks')
          .set(bearer(owner.session))
          .send({
            game: 'Bills @ Rams',
            league: 'NFL',
            market: 'Moneyline',
            selection,
            odds: '+150',
            stakeCents: 2_550,
          })
          .expect(201)
      ).body;
    const automatic = await post('Buffalo Bills');
    // as the settlement worker records it (spec 002 §3: settledDate, validatedBy, validationConfidence, espnGameId)
    await t.get(PicksRepository).settle(automatic.id, {
      status: 'won',
      actual_payout_cents: 6_375,
      settled_date: new Date('2026-11-02T04:10:00Z'),
      validated_by: 'espn',
      validation_confidence: 95,
      espn_game_id: '401547417',
    });
    const byHand = await post('Los Angeles Rams');
    await t.http().patch(`/api/picks/${byHand.id}`).set(bearer(owner.session)).send({ status: 'lost' }).expect(200);
    const csv = (await t.http().get('/api/picks/export.csv').set(bearer(owner.session))).text;
    expect(csv).toContain(',2026-11-02T04:10:00.000Z,,espn,95,401547417');

    const reader = await signUp(t);
    expect((await importCsv(reader.session, csv)).body).toEqual({ added: 2, duplicates: 0, errors: [] });
    const settlement = ({
      selection,
      settledDate,
      validatedAt,
      validatedBy,
      validationConfidence,
      espnGameId,
    }: UserPick) => ({ selection, settledDate, validatedAt, validatedBy, validationConfidence, espnGameId });
    const settlementsOf = async (session: Parameters<typeof bearer>[0]) =>
      ((await t.http().get('/api/picks?sort=sport').set(bearer(session))).body.picks as UserPick[])
        .map(settlement)
        .sort((a, b) => a.selection.localeCompare(b.selection));
    const original = await settlementsOf(owner.session);
    expect(original[0]).toEqual({
      selection: 'Buffalo Bills',
      settledDate: '2026-11-02T04:10:00.000Z',
      validatedAt: null,
      validatedBy: 'espn',
      validationConfidence: 95,
      espnGameId: '401547417',
    });
    expect(original[1]).toMatchObject({ selection: 'Los Angeles Rams', settledDate: null, validatedBy: null });
    expect(original[1].validatedAt).toEqual(expect.any(String));
    expect(await settlementsOf(reader.session)).toEqual(original);

    // an older file's one settlement time is read as a settlement by hand, as it always was
    const older = await signUp(t);
    const at = new Date(Date.now() - 86_400_000).toISOString();
    expect(
      (
        await importCsv(
          older.session,
          [
            'date_added,game,market,selection,odds,stake,status,settled_at',
            `${at},A @ B,Moneyline,A,+150,10,won,${at}`,
          ].join('\n'),
        )
      ).body,
    ).toMatchObject({ added: 1 });
    expect((await settlementsOf(older.session))[0]).toMatchObject({
      settledDate: null,
      validatedAt: at,
      validatedBy: null,
    });
  });

  it('applies the list’s filters to the export', async () => {
    const { session } = await signUp(t);
    const csv = [
      'date_added,game,market,selection,odds,stake,status',
      `${new Date(Date.now() - 2 * 86_400_000).toISOString()},A @ B,Moneyline,A,+120,10,won`,
      `${new Date(Date.now() - 86_400_000).toISOString()},C @ D,Moneyline,C,-150,15,pending`,
      `${new Date(Date.now() - 40 * 86_400_000).toISOString()},E @ F,Moneyline,E,+100,20,lost`,
    ].join('\n');
    expect((await importCsv(session, csv)).body).toEqual({ added: 3, duplicates: 0, errors: [] });
    const won = (await t.http().get('/api/picks/export.csv?status=won').set(bearer(session))).text.split('\r\n');
    expect(won).toHaveLength(2);
    expect(won[1]).toContain(',A @ B,Other,,Moneyline,A,+120,,10.00,22.00,won,22.00,');
    expect(
      (await t.http().get('/api/picks/export.csv?period=90d&sort=odds').set(bearer(session))).text
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[6]),
    ).toEqual(['A', 'E', 'C']);
  });

  it('answers 400 naming every bad line, and imports nothing of a bad file', async () => {
    const { session } = await signUp(t);
    const csv = [
      'Date_Added,Game,Market,Selection,Odds,Stake,Status',
      '2026-11-01T18:00:00Z,A @ B,Moneyline,A,+150,10,won',
      '2026-11-01T18:00:00Z,C @ D,Moneyline,C,+1x0,10,pending',
      '',
      'yesterday,E @ F,Moneyline,E,-110,ten,maybe',
    ].join('\n');
    const res = await importCsv(session, csv);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CSV_INVALID');
    expect(res.body.errors).toEqual([
      { line: 3, message: "odds '+1x0' is not American odds" },
      {
        line: 5,
        message:
          "status 'maybe' is not one of pending, won, lost, push; date_added 'yesterday' is not an ISO 8601 date or time from 1970 to 2099; stake 'ten' is not an amount in dollars up to 1000000",
      },
    ]);
    expect(res.body.message).toBe(`line 3: odds '+1x0' is not American odds\nline 5: ${res.body.errors[1].message}`);
    expect((await t.http().get('/api/picks?period=90d').set(bearer(session))).body.picks).toEqual([]);

    const noColumns = await importCsv(session, 'when,what\n2026-11-01,A @ B');
    expect(noColumns.body.errors).toEqual([
      { line: 1, message: 'the header has no date_added, game, market, selection, odds, stake column' },
    ]);
  });

  it('refuses money on a lost or pushed row that is not what it pays back, naming the line and the rule', async () => {
    const { session } = await signUp(t);
    const at = new Date(Date.now() - 86_400_000).toISOString();
    const header = 'date_added,game,market,selection,odds,stake,status,actual_payout';
    const res = await importCsv(
      session,
      [header, `${at},A @ B,Moneyline,A,+150,100,lost,150`, `${at},C @ D,Moneyline,C,-110,100,push,500`].join('\n'),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { line: 2, message: "actual_payout '150' is not 0.00: a lost pick pays 0" },
      { line: 3, message: "actual_payout '500' is not 100.00: a push returns the stake" },
    ]);
    const stats = (await t.http().get('/api/picks/stats?period=7d').set(bearer(session))).body;
    expect(stats).toMatchObject({ totalBets: 0, totalReturnsCents: 0 });

    // what the export writes for them (0.00, the stake) is what they pay back: taken
    const kept = await importCsv(
      session,
      [header, `${at},A @ B,Moneyline,A,+150,100,lost,0.00`, `${at},C @ D,Moneyline,C,-110,100,push,100.00`].join('\n'),
    );
    expect(kept.body).toEqual({ added: 2, duplicates: 0, errors: [] });
    expect((await t.http().get('/api/picks/stats?period=7d').set(bearer(session))).body).toMatchObject({
      totalStakedCents: 20_000,
      totalReturnsCents: 10_000,
      netProfitCents: -10_000,
    });
  });

  /** How many picks the user has, read from the database. */
  const picksOf = async (userId: string) =>
    Number(
      (
        await t.db
          .selectFrom('picks')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rows = (count: number, date = (i: number) => `2026-11-01T00:00:${String(i % 60).padStart(2, '0')}Z`) =>
    Array.from({ length: count }, (_, i) => `${date(i)},Game ${i},Moneyline,Team ${i},-110,10`);

  it('imports a file in one transaction: a bad date after 500 good rows, or a refused write, leaves nothing imported', async () => {
    const { session } = await signUp(t);
    const header = 'date_added,game,market,selection,odds,stake';
    // PostgreSQL has no year 0: the date is refused with the other rules, by its line, before anything is written
    const yearZero = await importCsv(session, [header, ...rows(500), '0000-01-01,Late,Moneyline,X,-110,10'].join('\n'));
    expect(yearZero.status).toBe(400);
    expect(yearZero.body.errors).toEqual([
      { line: 502, message: "date_added '0000-01-01' is not an ISO 8601 date or time from 1970 to 2099" },
    ]);
    expect(await picksOf(session.user.id)).toBe(0);
    // a write refused after the first chunks went in: the whole import is rolled back
    const repo = t.get(PicksRepository);
    const original = repo.importChunk.bind(repo);
    let calls = 0;
    const chunks = jest.spyOn(repo, 'importChunk').mockImplementation((...args) => {
      calls += 1;
      return calls === 3 ? Promise.reject(new Error('the database refused a row')) : original(...args);
    });
    try {
      const refused = await importCsv(session, [header, ...rows(900)].join('\n'));
      expect(refused.status).toBe(500);
    } finally {
      chunks.mockRestore();
    }
    expect(calls).toBe(3);
    expect(await picksOf(session.user.id)).toBe(0);
    expect((await importCsv(session, [header, ...rows(900)].join('\n'))).body).toMatchObject({ added: 900 });
  });

  it('gives a note starting with an apostrophe or a formula back as it was, through export and import', async () => {
    const owner = await signUp(t);
    const notes = ["'=1+1", "'plain", '=SUM(A1)', '  =1+1', '@x'];
    for (const note of notes)
      await t
        .http()
        .post('/api/picks')
        .set(bearer(owner.session))
        .send({
          game: 'A @ B',
          league: 'NFL',
          market: 'Moneyline',
          selection: note,
          odds: '-110',
          stakeCents: 100,
          note,
        })
        .expect(201);
    const csv = (await t.http().get('/api/picks/export.csv?period=90d').set(bearer(owner.session))).text;
    expect(csv).toContain(`"''=1+1"`);
    expect(csv).toContain(`"'=SUM(A1)"`);
    const reader = await signUp(t);
    expect((await importCsv(reader.session, csv)).body).toMatchObject({ added: 5 });
    const back = (await t.http().get('/api/picks/export.csv?period=90d').set(bearer(reader.session))).text;
    expect(back).toBe(csv);
    const stored = await t.db
      .selectFrom('picks')
      .select('note')
      .where('user_id', '=', reader.session.user.id)
      .execute();
    // a pick's text is kept without its outer blanks, whichever way it came in
    expect(stored.map((row) => row.note).sort()).toEqual(["'=1+1", "'plain", '=1+1', '=SUM(A1)', '@x'].sort());
  });

  it('answers a file of huge bad values with its first 100 bad lines, each value cut, and a count of the rest', async () => {
    const { session } = await signUp(t);
    const odds = `+${'1'.repeat(15_000)}`;
    const csv = [
      'date_added,game,market,selection,odds,stake',
      ...Array.from({ length: 600 }, () => `2026-11-01,A @ B,Moneyline,A,${odds},10`),
    ].join('\n');
    expect(csv.length).toBeGreaterThan(9_000_000);
    const res = await importCsv(session, csv);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(100);
    expect(res.body.more).toBe(500);
    expect(res.body.errors[99]).toEqual({ line: 101, message: `odds '+${'1'.repeat(79)}…' is not American odds` });
    expect(res.body.message.split('\n').at(-1)).toBe('and 500 more lines');
    expect(res.text.length).toBeLessThan(30_000);
  });

  it('imports another tracker’s minimal file once: rows without an id are known by what they say', async () => {
    const { session } = await signUp(t);
    const csv = [
      'date_added,game,market,selection,odds,stake',
      '2026-11-02,Heat @ Celtics,Spread,Celtics -4.5,-110,"$1,000.005"',
    ].join('\r\n');
    expect((await importCsv(session, csv)).body).toEqual({ added: 1, duplicates: 0, errors: [] });
    expect((await importCsv(session, csv)).body).toEqual({ added: 0, duplicates: 1, errors: [] });
    const [pick] = (await t.http().get('/api/picks?period=90d').set(bearer(session))).body.picks;
    // $1,000.005 is 100,001 cents, half-up once; the payout at -110 follows (DECISIONS 25)
    expect(pick).toMatchObject({
      stakeCents: 100_001,
      potentialCents: 190_911,
      status: 'pending',
      dateAdded: '2026-11-02T00:00:00.000Z',
      league: 'Other',
    });
  });

  it('saves and exports a payout past $1,000,000 a large stake at long odds returns, and imports the export back', async () => {
    const owner = await signUp(t);
    const bet = {
      game: 'A @ B',
      league: 'NFL',
      market: 'Moneyline',
      selection: 'A',
      odds: '+10000',
      stakeCents: 1_000_000,
    };
    const worked = await t.http().post('/api/picks').set(bearer(owner.session)).send(bet).expect(201);
    expect(worked.body.potentialCents).toBe(101_000_000);
    const given = await t
      .http()
      .post('/api/picks')
      .set(bearer(owner.session))
      .send({ ...bet, selection: 'B', potentialCents: 101_000_000 });
    expect(given.status).toBe(201);
    await t
      .http()
      .patch(`/api/picks/${given.body.id}`)
      .set(bearer(owner.session))
      .send({ status: 'won', actualPayout: 1_010_000 })
      .expect(200);
    const csv = (await t.http().get('/api/picks/export.csv').set(bearer(owner.session))).text;
    expect(csv).toContain(',10000.00,1010000.00,won,1010000.00,');
    const reader = await signUp(t);
    expect((await importCsv(reader.session, csv)).body).toEqual({ added: 2, duplicates: 0, errors: [] });
    expect((await t.http().get('/api/picks/export.csv').set(bearer(reader.session))).text).toBe(csv);
  });

  it('lets an API key export but not import', async () => {
    const owner = await signUp(t, 'platinum');
    const { key } = (await t.http().post('/api/api-keys').set(bearer(owner.session)).send({ name: 'scripts' })).body;
    const res = await t
      .http()
      .post('/api/picks/import.csv')
      .set('x-api-key', key)
      .set('Content-Type', 'text/csv')
      .send('date_added,game\n');
    expect(res.status).toBe(403);
  });
});
