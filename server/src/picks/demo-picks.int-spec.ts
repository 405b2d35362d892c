import { seedDemoAccounts } from '@oddspulse/core';
import { DEMO_PASSWORD, DEMO_PICK_NOTE, DEMO_PICK_PREFIX, demoPickHistory } from '@oddspulse/shared';
import { AccountsTestApp, bearer, createAccountsApp } from '../../../test/support/accounts-app';

// DECISIONS 7: the Gold and Platinum demo accounts open on a 90-day pick history, re-created by setup without duplicates.
describe('demo accounts’ pick history (real PostgreSQL and Redis)', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.app.close());

  const signIn = async (email: string) => {
    const login = await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', '198.51.100.9')
      .send({ email, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    return bearer(login.body);
  };

  it('fills the tracker and its statistics of platinum@demo.local and gold@demo.local, and not of free@demo.local', async () => {
    await seedDemoAccounts(t.db);
    for (const [email, perDay] of [
      ['platinum@demo.local', 3],
      ['gold@demo.local', 2],
    ] as const) {
      const auth = await signIn(email);
      const page = (await t.http().get('/api/picks?period=90d&limit=500').set(auth)).body;
      expect(page.nextCursor).toBeNull();
      const picks = page.picks as Array<{
        note: string;
        status: string;
        clv: number | null;
      }>;
      expect(picks.length).toBeGreaterThan(perDay * 60);
      expect(picks.every((p) => p.note === DEMO_PICK_NOTE)).toBe(true);
      expect(picks.filter((p) => p.status !== 'pending').length).toBeGreaterThan(picks.length * 0.9);
      const stats = (await t.http().get('/api/picks/stats?period=90d').set(auth)).body;
      expect(stats.totalBets).toBe(picks.length);
      expect(stats.wonBets).toBeGreaterThan(0);
      expect(stats.lostBets).toBeGreaterThan(0);
      expect(stats.roi).toEqual(expect.any(Number));
      expect(stats.avgClv).toEqual(expect.any(Number));
      expect(picks.filter((p) => p.clv !== null).length).toBeGreaterThan(picks.length * 0.7);
    }
    expect(
      (
        await t
          .http()
          .get('/api/picks?period=90d')
          .set(await signIn('free@demo.local'))
      ).body.picks,
    ).toEqual([]);
  });

  it('re-creates the history on each setup, a day later too, without duplicates and keeping the user’s own picks', async () => {
    await seedDemoAccounts(t.db);
    const auth = await signIn('gold@demo.local');
    const own = await t.http().post('/api/picks').set(auth).send({
      game: 'Bills @ Rams',
      league: 'NFL',
      market: 'Moneyline',
      selection: 'Buffalo Bills',
      odds: '-140',
      stakeCents: 5000,
    });
    expect(own.status).toBe(201);
    const tomorrow = new Date(Date.now() + 86_400_000);
    await seedDemoAccounts(t.db, tomorrow);
    await seedDemoAccounts(t.db, tomorrow);
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'gold@demo.local')
      .executeTakeFirstOrThrow();
    const rows = await t.db.selectFrom('picks').select(['client_id', 'id']).where('user_id', '=', user.id).execute();
    const demo = rows.filter((r) => r.client_id?.startsWith(DEMO_PICK_PREFIX));
    expect(demo).toHaveLength(demoPickHistory('gold@demo.local', tomorrow, 2).length);
    expect(rows.map((r) => r.id)).toContain(own.body.id);
    expect(rows).toHaveLength(demo.length + 1);
  });
});
