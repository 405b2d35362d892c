import {
  AccountsTestApp,
  TEST_PASSWORD,
  bearer,
  createAccountsApp,
  signUp,
} from '../../../../test/support/accounts-app';

interface Entry {
  id: string;
  action: string;
  ip: string | null;
}

// The security activity on /account: addresses as people read them, and a page at a time (real PostgreSQL and Redis)
describe('GET /api/account/security-activity', () => {
  let t: AccountsTestApp;

  beforeAll(async () => {
    // a proxy on the loopback names the client, as a dual-stack server sees an IPv4 one
    t = await createAccountsApp({ TRUST_PROXY: ['loopback'] });
  });

  afterAll(async () => {
    await t.app.close();
  });

  // "::ffff:127.0.0.1" was recorded and shown where the user reads 127.0.0.1
  it('records and shows an IPv4 client as its IPv4 address, entries recorded in the mapped form too', async () => {
    const { email, session } = await signUp(t);
    await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', '::ffff:203.0.113.7')
      .send({ email, password: TEST_PASSWORD })
      .expect(200);
    const recorded = await t.db
      .selectFrom('audit_log')
      .select('ip')
      .where('user_id', '=', session.user.id)
      .where('action', '=', 'auth.signed_in')
      .executeTakeFirstOrThrow();
    expect(recorded.ip).toBe('203.0.113.7');
    await t.db
      .insertInto('audit_log')
      .values({ user_id: session.user.id, action: 'auth.signed_in', ip: '::ffff:10.0.0.1', details: '{}' })
      .execute();
    const shown = (await t.http().get('/api/account/security-activity').set(bearer(session)).expect(200))
      .body as Entry[];
    expect(shown[0].ip).toBe('10.0.0.1');
    expect(shown[1].ip).toBe('203.0.113.7');
  });

  // 34 entries made a list 1,190 px long: the page asks for ten at a time, each after the last it shows
  it('answers a page of entries, and the page older than an entry', async () => {
    const { session } = await signUp(t);
    await t.db
      .insertInto('audit_log')
      .values(
        Array.from({ length: 24 }, (_, i) => ({
          user_id: session.user.id,
          action: 'api_key.created',
          ip: '198.51.100.1',
          details: JSON.stringify({ name: `key ${i + 1}` }),
        })),
      )
      .execute();
    const page = async (query: string) =>
      (await t.http().get(`/api/account/security-activity${query}`).set(bearer(session)).expect(200)).body as Entry[];
    const all = await page('');
    expect(all).toHaveLength(25);
    const first = await page('?limit=10');
    expect(first).toEqual(all.slice(0, 10));
    const second = await page(`?limit=10&before=${first[9].id}`);
    expect(second).toEqual(all.slice(10, 20));
    expect(await page(`?limit=10&before=${all[24].id}`)).toEqual([]);
    // another user's entry names no page of this user's
    const other = await signUp(t);
    const theirs = (
      (await t.http().get('/api/account/security-activity').set(bearer(other.session)).expect(200)).body as Entry[]
    )[0];
    expect(await page(`?before=${theirs.id}`)).toEqual([]);
  });

  it('refuses a page it cannot read', async () => {
    const { session } = await signUp(t);
    for (const query of ['?limit=0', '?limit=51', '?before=abc', '?before=-1'])
      expect((await t.http().get(`/api/account/security-activity${query}`).set(bearer(session))).status).toBe(400);
  });
});
