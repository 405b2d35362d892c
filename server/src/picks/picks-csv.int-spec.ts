import { PicksRepository } from '@oddspulse/core';
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
      'id,date_added,game,league,sport,market,selection,odds,bookmaker,stake,potential_payout,status,actual_payout,settled_at,type,edge,closing_odds,clv,event_id,commence_time,note',
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
      (await t.http().get('/api/picks?period=90d').set(bearer(reader.session))).body.find((p: { note: string }) =>
        p.note?.startsWith('='),
      ),
    ).toBeTruthy();

    // idempotent: the same file again adds nothing, and the owner's own export is theirs already
    expect((await importCsv(reader.session, csv)).body).toEqual({ added: 0, duplicates: 4, errors: [] });
    expect((await importCsv(owner.session, csv)).body).toEqual({ added: 0, duplicates: 4, errors: [] });
    expect((await t.http().get('/api/picks?period=90d').set(bearer(owner.session))).body).toHaveLength(4);
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
          "status 'maybe' is not one of pending, won, lost, push; date_added 'yesterday' is not an ISO 8601 date or time; stake 'ten' is not an amount in dollars",
      },
    ]);
    expect(res.body.message).toBe(`line 3: odds '+1x0' is not American odds\nline 5: ${res.body.errors[1].message}`);
    expect((await t.http().get('/api/picks?period=90d').set(bearer(session))).body).toEqual([]);

    const noColumns = await importCsv(session, 'when,what\n2026-11-01,A @ B');
    expect(noColumns.body.errors).toEqual([
      { line: 1, message: 'the header has no date_added, game, market, selection, odds, stake column' },
    ]);
  });

  it('imports another tracker’s minimal file once: rows without an id are known by what they say', async () => {
    const { session } = await signUp(t);
    const csv = [
      'date_added,game,market,selection,odds,stake',
      '2026-11-02,Heat @ Celtics,Spread,Celtics -4.5,-110,"$1,000.005"',
    ].join('\r\n');
    expect((await importCsv(session, csv)).body).toEqual({ added: 1, duplicates: 0, errors: [] });
    expect((await importCsv(session, csv)).body).toEqual({ added: 0, duplicates: 1, errors: [] });
    const [pick] = (await t.http().get('/api/picks?period=90d').set(bearer(session))).body;
    // $1,000.005 is 100,001 cents, half-up once; the payout at -110 follows (DECISIONS 25)
    expect(pick).toMatchObject({
      stakeCents: 100_001,
      potentialCents: 190_911,
      status: 'pending',
      dateAdded: '2026-11-02T00:00:00.000Z',
      league: 'Other',
    });
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
