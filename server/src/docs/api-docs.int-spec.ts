import { AccountsTestApp, bearer, createAccountsApp, signUp } from '../../../test/support/accounts-app';

interface Operation {
  operationId: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: { enum?: string[]; default?: unknown; pattern?: string } }>;
}

/** The GET routes the server answers, read from the Express router (a route added later is covered too). */
function getRoutes(t: AccountsTestApp): string[] {
  const express = t.app.getHttpAdapter().getInstance() as { router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> } };
  return express.router.stack.flatMap((layer) => (layer.route?.methods.get ? [layer.route.path] : []));
}

const concrete = (path: string) => path.replace(/:sport\b/g, 'basketball_nba').replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');
/** OpenAPI spells path parameters {sport}, Express :sport. */
const expressPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

// OpenAPI documentation for every route an API key may call, with the x-api-key scheme.
describe('API documentation at /api/docs', () => {
  let t: AccountsTestApp;
  let key: string;
  let doc: { openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown> } };

  beforeAll(async () => {
    t = await createAccountsApp();
    const owner = await signUp(t, 'platinum');
    key = (await t.http().post('/api/api-keys').set(bearer(owner.session)).send({ name: 'docs' })).body.key;
    const res = await t.http().get('/api/docs-json');
    expect(res.status).toBe(200);
    doc = res.body;
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('is OpenAPI 3 and declares the x-api-key header scheme', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes['x-api-key']).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
  });

  it('lists exactly the routes a key is accepted on, each under the x-api-key scheme', async () => {
    // Which routes take a key is found by calling each with one (not by reading the decorator the document is built from).
    const accepted: string[] = [];
    for (const path of getRoutes(t)) {
      const withKey = await t.http().get(concrete(path)).set('x-api-key', key);
      if (withKey.body.code === 'API_KEY_NOT_ALLOWED' || withKey.status === 401 || withKey.status === 404) continue;
      const without = await t.http().get(concrete(path));
      if (without.status === 401) accepted.push(path);
    }
    expect(accepted).toEqual(expect.arrayContaining(['/api/odds', '/api/cached-odds/:sport', '/api/arbitrage', '/api/ev', '/api/middles']));
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => (item.get ? [expressPath(path)] : []));
    expect(documented.sort()).toEqual([...new Set(accepted)].sort());
    for (const item of Object.values(doc.paths)) {
      for (const operation of Object.values(item)) expect([operation.operationId, operation.security]).toEqual([operation.operationId, [{ 'x-api-key': [] }]]);
    }
  }, 60000);

  it("reads each route's query parameters from its zod DTO: names, required, enumerations and defaults", () => {
    const params = (path: string) => Object.fromEntries((doc.paths[path].get.parameters ?? []).map((p) => [p.name, p]));
    const odds = params('/api/odds');
    expect(odds.sports).toMatchObject({ in: 'query', required: true });
    expect(odds.bookmakers).toMatchObject({ in: 'query', required: false });
    expect(odds.oddsFormat).toMatchObject({ required: false, schema: { enum: ['american', 'decimal'], default: 'american' } });
    expect(params('/api/odds-data').markets.schema).toMatchObject({ default: 'h2h' });
    expect(params('/api/arbitrage').minProfit).toMatchObject({ required: false });
    expect(params('/api/arbitrage').minProfit.schema?.default).toEqual(expect.any(Number));
    expect(params('/api/arbitrage').commission).toMatchObject({ in: 'query', required: false });
    expect(params('/api/player-props').variant).toBeUndefined();
    expect(params('/api/cached-odds/{sport}').sport).toMatchObject({ in: 'path', required: true });
  });

  it('serves the interactive page, and the key works on a documented route as "Try it out" sends it', async () => {
    const page = await t.http().get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui');
    expect((await t.http().get('/api/sports').set('x-api-key', key)).status).toBe(200);
  });
});
