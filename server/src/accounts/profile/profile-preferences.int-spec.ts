import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@oddspulse/shared';
import { seedDemoAccounts } from '@oddspulse/core';
import { sql } from 'kysely';
import { AccountsTestApp, bearer, createAccountsApp, signUp } from '../../../../test/support/accounts-app';

const unique = () => `u${Math.random().toString(36).slice(2, 12)}`;

describe('profile, username and preferences (real PostgreSQL)', () => {
  let t: AccountsTestApp;

  beforeAll(async () => {
    t = await createAccountsApp();
  });

  afterAll(async () => {
    await t.app.close();
  });

  // spec 000 §3 profile; §5 username; DECISIONS 6
  describe('username', () => {
    it('starts unset, is set once, then is locked', async () => {
      const { session } = await signUp(t);
      const profile = await t.http().get('/api/profile').set(bearer(session));
      expect(profile.body).toEqual({
        id: session.user.id,
        username: null,
        updated_at: expect.any(String),
        username_locked: false,
      });

      const name = `Sharp_${unique().slice(0, 8)}`;
      const set = await t
        .http()
        .put('/api/profile/username')
        .set(bearer(session))
        .send({ username: `  ${name}  ` });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ username: name, username_locked: true });
      expect(new Date(set.body.updated_at).getTime()).toBeGreaterThanOrEqual(
        new Date(profile.body.updated_at).getTime(),
      );

      for (const path of ['/api/profile/username', '/api/profile']) {
        const again = await t
          .http()
          .put(path)
          .set(bearer(session))
          .send({ username: `other_${unique().slice(0, 6)}` });
        expect(again.status).toBe(409);
        expect(again.body.message).toBe('Username is locked and cannot be changed.');
      }
      // The session's user_metadata carries it from now on.
      const refreshed = await t.http().post('/api/auth/refresh').send({ refresh_token: session.refresh_token });
      expect(refreshed.body.user.user_metadata.username).toBe(name);
    });

    // spec 000 §4: a missing profile row is made on reading it. Of two first reads at once, the one whose insert finds
    // the other's row answers with that row (it answered 500).
    it('answers a read whose missing profile another request makes meanwhile with that row', async () => {
      const { session } = await signUp(t);
      await t.db.deleteFrom('profiles').where('id', '=', session.user.id).execute();
      let read: Promise<{ status: number; body: unknown }> | undefined;
      await t.db.transaction().execute(async (trx) => {
        await trx.insertInto('profiles').values({ id: session.user.id, username: null }).execute();
        // the read finds no row, and its insert waits for this one's commit
        read = t
          .http()
          .get('/api/profile')
          .set(bearer(session))
          .then((res) => res);
        for (let waited = 0; ; waited += 20) {
          const { rows } = await sql<{ waiting: number }>`
            SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'insert into "profiles"%'`.execute(
            t.db,
          );
          if (rows[0].waiting > 0) break;
          if (waited > 5000) throw new Error('the read never reached its insert');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      const res = await read!;
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: session.user.id, username: null, username_locked: false });
    });

    it('is unique ignoring case, with availability answered before sign-up', async () => {
      const name = `Case_${unique().slice(0, 8)}`;
      expect((await t.http().get('/api/profile/username-available').query({ candidate: name })).body).toEqual({
        username: name,
        available: true,
      });
      const { session } = await signUp(t);
      await t.http().put('/api/profile/username').set(bearer(session)).send({ username: name }).expect(200);
      const check = await t.http().get('/api/profile/username-available').query({ candidate: name.toUpperCase() });
      expect(check.body).toEqual({ username: name.toUpperCase(), available: false });
      const other = (await signUp(t)).session;
      const taken = await t
        .http()
        .put('/api/profile/username')
        .set(bearer(other))
        .send({ username: name.toLowerCase() });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ code: 'USERNAME_TAKEN', message: 'This username is already in use' });
    });

    it('answers a concurrent claim of one name through the unique index: one 200, one 409', async () => {
      const name = `Race_${unique().slice(0, 8)}`;
      const [a, b] = await Promise.all([signUp(t), signUp(t)]);
      const results = await Promise.all([
        t.http().put('/api/profile/username').set(bearer(a.session)).send({ username: name }),
        t.http().put('/api/profile/username').set(bearer(b.session)).send({ username: name.toLowerCase() }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toBe('This username is already in use');
    });

    it('refuses names that break the rule, with the spec message', async () => {
      const { session } = await signUp(t);
      for (const username of ['ab', '_x_y', 'y_', 'has space', 'x'.repeat(21), undefined]) {
        const res = await t.http().put('/api/profile/username').set(bearer(session)).send({ username });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Use 3–20 letters, numbers, _ (no leading/trailing _)');
      }
      expect((await t.http().get('/api/profile/username-available').query({ candidate: '_no' })).status).toBe(400);
    });

    it('is locked by the database itself, not only by the service', async () => {
      const { session } = await signUp(t);
      const name = `Lock_${unique().slice(0, 8)}`;
      await t.http().put('/api/profile/username').set(bearer(session)).send({ username: name }).expect(200);
      await expect(
        t.db
          .updateTable('profiles')
          .set({ username: `X${name}` })
          .where('id', '=', session.user.id)
          .execute(),
      ).rejects.toThrow('Username is locked and cannot be changed.');
      const bare = await t.db
        .insertInto('users')
        .values({ email: `${unique()}@example.com` })
        .returning('id')
        .executeTakeFirstOrThrow();
      await expect(t.db.insertInto('profiles').values({ id: bare.id, username: 'bad_' }).execute()).rejects.toThrow(
        /check constraint/,
      );
    });

    it('needs a signed-in user to set a name', async () => {
      const res = await t.http().put('/api/profile/username').send({ username: 'anyone' });
      expect(res.status).toBe(401);
    });
  });

  // spec 000 §5 sportsbook selection and bankroll; DECISIONS 16 defaults
  describe('preferences', () => {
    it('defaults to draftkings, fanduel, betmgm, caesars and a bankroll of 1000', async () => {
      const { session } = await signUp(t);
      const res = await t.http().get('/api/preferences').set(bearer(session));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        sportsbooks: ['draftkings', 'fanduel', 'betmgm', 'williamhill_us'],
        bankroll: 1000,
        favorites: [],
        odds_format: 'american',
        updated_at: null,
      });
      expect(res.body.selectable_sportsbooks).toEqual([
        'draftkings',
        'fanduel',
        'betmgm',
        'williamhill_us',
        'prizepicks',
        'underdog',
        'pick6',
        'dabble_au',
        'pointsbetus',
      ]);
    });

    it('free may toggle popular books and DFS apps only', async () => {
      const { session } = await signUp(t);
      const ok = await t
        .http()
        .put('/api/preferences')
        .set(bearer(session))
        .send({ sportsbooks: ['fanduel', 'caesars', 'underdog'] });
      expect(ok.status).toBe(200);
      expect(ok.body.sportsbooks).toEqual(['fanduel', 'williamhill_us', 'underdog']);
      const refused = await t
        .http()
        .put('/api/preferences')
        .set(bearer(session))
        .send({ sportsbooks: ['fanduel', 'pinnacle', 'bovada'] });
      expect(refused.status).toBe(402);
      expect(refused.body).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED', sportsbooks: ['pinnacle', 'bovada'] });
      const props = await t
        .http()
        .put('/api/preferences')
        .set(bearer(session))
        .send({ props_sportsbooks: ['betrivers'] });
      expect(props.status).toBe(402);
      expect((await t.http().get('/api/preferences').set(bearer(session))).body.sportsbooks).toEqual([
        'fanduel',
        'williamhill_us',
        'underdog',
      ]);
    });

    // DECISIONS 27: Gold and Platinum see every book, as the plans are sold
    it.each(['gold', 'platinum'] as const)(
      '%s may toggle any book; a downgrade to free hides the ones free does not allow',
      async (plan) => {
        const { session } = await signUp(t, plan);
        const res = await t
          .http()
          .put('/api/preferences')
          .set(bearer(session))
          .send({ sportsbooks: ['pinnacle', 'bovada', 'draftkings'], favorites: ['pinnacle'] });
        expect(res.status).toBe(200);
        expect(res.body.sportsbooks).toEqual(['pinnacle', 'bovada', 'draftkings']);
        await t.plans.changePlan(session.user.id, { plan: 'free' });
        expect((await t.http().get('/api/preferences').set(bearer(session))).body.sportsbooks).toEqual(['draftkings']);
        await t.plans.changePlan(session.user.id, { plan });
        expect((await t.http().get('/api/preferences').set(bearer(session))).body.sportsbooks).toEqual([
          'pinnacle',
          'bovada',
          'draftkings',
        ]);
      },
    );

    // entitlements.ts: a downgrade to free hides the paid books without deleting them; DECISIONS 27 (My Sportsbooks
    // lists the books the user bets at) and 36 (they are every table's start once the plan allows them again)
    it('keeps the books a downgrade hides through every save, and gives them back on an upgrade', async () => {
      const { session } = await signUp(t, 'gold');
      const get = async () => (await t.http().get('/api/preferences').set(bearer(session))).body;
      const put = (body: object) => t.http().put('/api/preferences').set(bearer(session)).send(body);
      await put({ sportsbooks: ['draftkings', 'pinnacle', 'novig'], props_sportsbooks: ['fanduel', 'bovada'] });
      expect(await get()).toMatchObject({ sportsbooks_hidden_by_plan: [], props_sportsbooks_hidden_by_plan: [] });

      await t.plans.changePlan(session.user.id, { plan: 'free' });
      expect(await get()).toMatchObject({
        sportsbooks: ['draftkings'],
        sportsbooks_hidden_by_plan: ['pinnacle', 'novig'],
        props_sportsbooks: ['fanduel'],
        props_sportsbooks_hidden_by_plan: ['bovada'],
      });
      // My Sportsbooks sends the books it shows with every save, a bankroll-only one too
      const bankrollOnly = await put({ sportsbooks: ['draftkings'], props_sportsbooks: ['fanduel'], bankroll: 500 });
      expect(bankrollOnly.status).toBe(200);
      expect(bankrollOnly.body).toMatchObject({
        sportsbooks: ['draftkings'],
        sportsbooks_hidden_by_plan: ['pinnacle', 'novig'],
        props_sportsbooks_hidden_by_plan: ['bovada'],
      });
      // the books the plan allows are the user's to change; a hidden one cannot be added back while hidden
      expect((await put({ sportsbooks: ['fanduel', 'underdog'] })).body.sportsbooks).toEqual(['fanduel', 'underdog']);
      expect((await put({ sportsbooks: ['fanduel', 'pinnacle'] })).status).toBe(402);

      await t.plans.changePlan(session.user.id, { plan: 'gold' });
      expect(await get()).toMatchObject({
        sportsbooks: ['fanduel', 'underdog', 'pinnacle', 'novig'],
        sportsbooks_hidden_by_plan: [],
        props_sportsbooks: ['fanduel', 'bovada'],
        props_sportsbooks_hidden_by_plan: [],
        bankroll: 500,
      });
      // on a plan that allows every book, un-ticking one removes it
      expect((await put({ sportsbooks: ['fanduel', 'novig'] })).body.sportsbooks).toEqual(['fanduel', 'novig']);
      await t.plans.changePlan(session.user.id, { plan: 'free' });
      expect(await get()).toMatchObject({ sportsbooks: ['fanduel'], sportsbooks_hidden_by_plan: ['novig'] });
    });

    it('refuses unknown books', async () => {
      const { session } = await signUp(t, 'platinum');
      const res = await t
        .http()
        .put('/api/preferences')
        .set(bearer(session))
        .send({ sportsbooks: ['nosuchbook'] });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Unknown sportsbook: nosuchbook');
    });

    it('checks the bankroll with the spec messages and keeps cents', async () => {
      const { session } = await signUp(t);
      const cases: Array<[unknown, string]> = [
        ['lots', 'Bankroll must be a valid number'],
        [null, 'Bankroll must be a valid number'],
        [-5, 'Bankroll cannot be negative'],
        [1_000_000.01, 'Bankroll cannot exceed $1,000,000'],
      ];
      for (const [bankroll, message] of cases) {
        const res = await t.http().put('/api/preferences').set(bearer(session)).send({ bankroll });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      }
      const ok = await t
        .http()
        .put('/api/preferences')
        .set(bearer(session))
        .send({ bankroll: 2500.25, odds_format: 'decimal' });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({
        bankroll: 2500.25,
        odds_format: 'decimal',
        sportsbooks: ['draftkings', 'fanduel', 'betmgm', 'williamhill_us'],
      });
      const row = await t.db
        .selectFrom('preferences')
        .select('bankroll_cents')
        .where('user_id', '=', session.user.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.bankroll_cents)).toBe(250025);
      expect((await t.http().put('/api/preferences').set(bearer(session)).send({ odds_format: 'roman' })).status).toBe(
        400,
      );
    });

    it('keeps the user’s own exchange commission rates over the published defaults', async () => {
      const { session } = await signUp(t);
      const first = await t.http().get('/api/preferences').set(bearer(session));
      expect(first.body.commissions).toEqual({});
      expect(first.body.effective_commissions).toMatchObject({ betfair_ex_uk: 0.05, matchbook: 0.02 });
      const set = await t
        .http()
        .put('/api/preferences')
        .set(bearer(session))
        .send({ commissions: { BETFAIR_EX_UK: 0.02 } });
      expect(set.status).toBe(200);
      expect(set.body.commissions).toEqual({ betfair_ex_uk: 0.02 });
      expect(set.body.effective_commissions).toMatchObject({ betfair_ex_uk: 0.02, betfair_ex_eu: 0.05 });
      // a later update of one exchange keeps the others
      await t
        .http()
        .put('/api/preferences')
        .set(bearer(session))
        .send({ commissions: { matchbook: 0.015 } })
        .expect(200);
      const row = await t.db
        .selectFrom('preferences')
        .select('commissions')
        .where('user_id', '=', session.user.id)
        .executeTakeFirstOrThrow();
      expect(row.commissions).toEqual({ betfair_ex_uk: 0.02, matchbook: 0.015 });
      const notExchange = await t
        .http()
        .put('/api/preferences')
        .set(bearer(session))
        .send({ commissions: { draftkings: 0.01 } });
      expect(notExchange.status).toBe(400);
      expect(notExchange.body.message).toBe('Not an exchange: draftkings');
      const tooHigh = await t
        .http()
        .put('/api/preferences')
        .set(bearer(session))
        .send({ commissions: { matchbook: 2 } });
      expect(tooHigh.status).toBe(400);
      expect(tooHigh.body.message).toBe('Commission must be a fraction from 0 to below 1: matchbook');
      // as JSON text: an object literal's `__proto__` would set its prototype, never send the key
      const prototypeKey = await t
        .http()
        .put('/api/preferences')
        .set(bearer(session))
        .set('content-type', 'application/json')
        .send('{"commissions":{"__proto__":0.01}}');
      expect(prototypeKey.status).toBe(400);
      expect(prototypeKey.body.message).toBe('Not an exchange: __proto__');
    });

    // PUT /api/preferences is partial (docs/api.md): two saves at once (two tabs, a script) each change only their own
    // fields, so neither takes back the other's, a user's first save included
    it('keeps both of two concurrent partial saves: the books of one, the bankroll of the other', async () => {
      const { session } = await signUp(t);
      const put = (body: object) => t.http().put('/api/preferences').set(bearer(session)).send(body);
      const free = ['draftkings', 'fanduel', 'betmgm', 'williamhill_us', 'prizepicks', 'underdog'];
      for (let round = 0; round < 20; round++) {
        const books = free.filter((_, i) => i !== round % free.length);
        const saves = await Promise.all([put({ sportsbooks: books }), put({ bankroll: 1000 + round })]);
        expect(saves.map((res) => res.status)).toEqual([200, 200]);
        const read = await t.http().get('/api/preferences').set(bearer(session));
        expect({ round, sportsbooks: read.body.sportsbooks, bankroll: read.body.bankroll }).toEqual({
          round,
          sportsbooks: books,
          bankroll: 1000 + round,
        });
      }
    });

    // commissions are merged into the stored rates (docs/api.md): a rate saved at once with another exchange's stays
    it('keeps both of two concurrent commission saves of different exchanges', async () => {
      const { session } = await signUp(t);
      const put = (body: object) => t.http().put('/api/preferences').set(bearer(session)).send(body);
      for (let round = 1; round <= 10; round++) {
        const rate = round / 1000;
        const saves = await Promise.all([
          put({ commissions: { betfair_ex_uk: rate } }),
          put({ commissions: { matchbook: rate } }),
        ]);
        expect(saves.map((res) => res.status)).toEqual([200, 200]);
        const read = await t.http().get('/api/preferences').set(bearer(session));
        expect({ round, commissions: read.body.commissions }).toEqual({
          round,
          commissions: { betfair_ex_uk: rate, matchbook: rate },
        });
      }
    });
  });

  // DECISIONS 7: one demo account per plan, password oddspulse-demo, username = email prefix (spec 000 §3).
  describe('demo accounts', () => {
    it('sign in with the demo password and hold the plan their address names', async () => {
      await seedDemoAccounts(t.db);
      await seedDemoAccounts(t.db);
      for (const account of DEMO_ACCOUNTS) {
        const login = await t
          .http()
          .post('/api/auth/login')
          .set('X-Forwarded-For', '198.51.100.7')
          .send({ email: account.email, password: DEMO_PASSWORD });
        expect(login.status).toBe(200);
        expect(login.body.user.user_metadata.username).toBe(account.email.split('@')[0]);
        const me = await t.http().get('/api/me').set(bearer(login.body));
        expect(me.body.plan).toBe(account.plan);
        // The demo operations account holds its role in demo mode, the others none
        expect(me.body.role).toBe(account.role ?? null);
      }
    });
  });
});
