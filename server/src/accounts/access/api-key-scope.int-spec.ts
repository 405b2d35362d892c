import { randomUUID } from 'node:crypto';
import { AccountsTestApp, bearer, createAccountsApp, signUp } from '../../../../test/support/accounts-app';

interface Route {
  method: (typeof ROUTE_METHODS)[number];
  path: string;
}

const ROUTE_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every route the server answers, read from the Express router (so a route added later is covered too). */
function routesOf(t: AccountsTestApp): Route[] {
  const express = t.app.getHttpAdapter().getInstance() as {
    router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
  };
  return express.router.stack.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods)
          // the methods routes are declared with: a path kept out of the /api prefix also gets Nest's not-found
          // answer under every method Express knows (CONNECT, TRACE, …), which are no route of ours
          .filter((method): method is Route['method'] => (ROUTE_METHODS as readonly string[]).includes(method))
          .map((method) => ({ method, path: layer.route!.path }))
      : [],
  );
}

/** A concrete URL for a route pattern: a UUID for ids, a real sport for sports. */
function urlOf(path: string): string {
  return path.replace(/:sport\b/g, 'basketball_nba').replace(/:[a-zA-Z]+/g, randomUUID());
}

const request = (t: AccountsTestApp, { method, path }: Route) => t.http()[method](urlOf(path));

/** The reads DECISIONS 5 sells a key for: odds, events, props, history, scanners (steam among them); and the key owner's picks as CSV, for scripts. */
const KEY_READABLE = [
  'GET /api/sports',
  'GET /api/events',
  'GET /api/odds',
  'GET /api/odds-data',
  'GET /api/player-props',
  'GET /api/cached-odds/:sport',
  'GET /api/boards',
  'GET /api/odds-history',
  'GET /api/ev',
  'GET /api/arbitrage',
  'GET /api/middles',
  'GET /api/steam',
  'GET /api/picks/export.csv',
];

// An API key is read-only for odds data (DECISIONS 5), never an account credential.
describe('API key scope (the whole server)', () => {
  let t: AccountsTestApp;
  let key: string;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let guarded: Route[];

  beforeAll(async () => {
    t = await createAccountsApp();
    owner = await signUp(t, 'platinum');
    key = (await t.http().post('/api/api-keys').set(bearer(owner.session)).send({ name: 'leaked' })).body.key;
    // The routes that need a signed-in caller: those that answer 401 to a request without credentials.
    guarded = [];
    for (const route of routesOf(t)) if ((await request(t, route)).status === 401) guarded.push(route);
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('finds the account, key, session, picks and preferences routes among those needing a caller', () => {
    const names = guarded.map((r) => `${r.method.toUpperCase()} ${r.path}`);
    for (const route of [
      'GET /api/me',
      'POST /api/api-keys',
      'DELETE /api/api-keys/:id',
      'POST /api/api-keys/:id/rotate',
      'PUT /api/preferences',
      'POST /api/picks',
      'POST /api/auth/logout',
      'GET /api/account/security-activity',
    ]) {
      expect(names).toContain(route);
    }
    for (const route of KEY_READABLE) expect(names).toContain(route);
  });

  // Refresh and exchange take their own token in the body and answer 401 whatever the headers: the key is no credential there either.
  it('refuses the key on every other route that needs a caller: 403 API_KEY_NOT_ALLOWED, or 401', async () => {
    const refused: string[] = [];
    const wrong: string[] = [];
    for (const route of guarded) {
      const name = `${route.method.toUpperCase()} ${route.path}`;
      if (KEY_READABLE.includes(name)) continue;
      const res = await request(t, route).set('x-api-key', key);
      if (res.status === 403 && res.body.code === 'API_KEY_NOT_ALLOWED') refused.push(name);
      else if (res.status !== 401) wrong.push(`${name} → ${res.status} ${res.body.code ?? ''}`);
    }
    expect(wrong).toEqual([]);
    expect(refused.length).toBeGreaterThanOrEqual(10);
  });

  it('accepts the key on the odds, props, history and scanner reads', async () => {
    for (const name of KEY_READABLE) {
      const [method, path] = name.split(' ');
      const res = await request(t, { method: method.toLowerCase() as Route['method'], path }).set('x-api-key', key);
      expect([name, res.status]).not.toEqual([name, 401]);
      expect([name, res.body.code]).not.toEqual([name, 'API_KEY_NOT_ALLOWED']);
    }
  });

  it('cannot do what a leaked key did before: mint a key, revoke one, sign the owner out, change preferences', async () => {
    const other = (await t.http().post('/api/api-keys').set(bearer(owner.session)).send({ name: 'other' })).body;
    expect((await t.http().post('/api/api-keys').set('x-api-key', key).send({ name: 'mine now' })).status).toBe(403);
    expect((await t.http().delete(`/api/api-keys/${other.id}`).set('x-api-key', key)).status).toBe(403);
    expect((await t.http().post('/api/auth/logout').set('x-api-key', key)).status).toBe(403);
    expect((await t.http().put('/api/preferences').set('x-api-key', key).send({ bankroll: 1 })).status).toBe(403);
    expect((await t.http().get('/api/me').set(bearer(owner.session))).status).toBe(200);
    expect((await t.http().get('/api/api-keys').set(bearer(owner.session))).body).toHaveLength(2);
  });

  it('is renamed, rotated (the old secret dies at once), shows its last use, and is revoked by its owner', async () => {
    const created = (await t.http().post('/api/api-keys').set(bearer(owner.session)).send({ name: 'script' })).body;
    expect((await t.http().get('/api/sports').set('x-api-key', created.key)).status).toBe(200);
    const listed = (await t.http().get('/api/api-keys').set(bearer(owner.session))).body.find(
      (k: { id: string }) => k.id === created.id,
    );
    expect(Date.now() - Date.parse(listed.last_used_at)).toBeLessThan(60_000);

    const renamed = await t
      .http()
      .patch(`/api/api-keys/${created.id}`)
      .set(bearer(owner.session))
      .send({ name: 'nightly script' });
    expect(renamed.body).toMatchObject({ id: created.id, name: 'nightly script' });
    expect(
      (await t.http().patch(`/api/api-keys/${created.id}`).set(bearer(owner.session)).send({ name: '' })).status,
    ).toBe(400);

    const rotated = await t.http().post(`/api/api-keys/${created.id}/rotate`).set(bearer(owner.session));
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ id: created.id, name: 'nightly script', last_used_at: null });
    expect(rotated.body.key).not.toBe(created.key);
    expect((await t.http().get('/api/sports').set('x-api-key', created.key)).status).toBe(401);
    expect((await t.http().get('/api/sports').set('x-api-key', rotated.body.key)).status).toBe(200);

    await t.http().delete(`/api/api-keys/${created.id}`).set(bearer(owner.session)).expect(204);
    expect((await t.http().get('/api/sports').set('x-api-key', rotated.body.key)).status).toBe(401);
    const activity = (await t.http().get('/api/account/security-activity').set(bearer(owner.session))).body as Array<{
      action: string;
      details: object;
    }>;
    expect(activity.slice(0, 4).map((e) => e.action)).toEqual([
      'api_key.revoked',
      'api_key.rotated',
      'api_key.renamed',
      'api_key.created',
    ]);
    expect(JSON.stringify(activity)).not.toContain(rotated.body.key);
  });
});
