import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { deleteKeysWithPrefix, parseConfig } from '@oddspulse/core';
import { AccountsTestApp, bearer, createAccountsApp, signUp } from '../../../test/support/accounts-app';
import { loadFixtureBoards } from '../../../test/support/fixture-boards';

interface Media {
  schema: Record<string, unknown>;
  examples?: Record<string, { value: { statusCode: number; code: string; message: string } }>;
}
interface Operation {
  operationId: string;
  'x-oddspulse-api-key'?: boolean;
  requestBody?: { content: Record<string, Media> };
  summary?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{
    name: string;
    in: string;
    required?: boolean;
    schema?: { enum?: string[]; default?: unknown; pattern?: string };
  }>;
  responses: Record<string, { description: string; content?: Record<string, Media> }>;
}
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, Record<string, unknown>> };
};

const prefix = `${process.env.REDIS_PREFIX}-docs`;
const NFL = 'americanfootball_nfl';

/** The schema an answer of `status` to GET `path` is documented with, its references resolved (they point at components). */
function documented(doc: Doc, path: string, status: number): Record<string, unknown> {
  const media = doc.paths[path].get.responses[String(status)]?.content?.['application/json'];
  if (!media) throw new Error(`${path}: no JSON answer ${status} documented`);
  const ref = media.schema.$ref;
  return typeof ref === 'string' ? doc.components.schemas[ref.split('/').pop()!] : media.schema;
}

/** The routes the server answers, `METHOD path`, read from the Express router (a route added later is covered too). */
function routes(t: AccountsTestApp): string[] {
  const express = t.app.getHttpAdapter().getInstance() as {
    router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
  };
  // Nest registers a handler for one method; a route for them all (the 404 under /api, MCP's 405) is no operation
  return express.router.stack.flatMap((layer) => {
    const methods = Object.keys(layer.route?.methods ?? {});
    return methods.length === 1 ? [`${methods[0].toUpperCase()} ${layer.route!.path}`] : [];
  });
}
const getRoutes = (t: AccountsTestApp) =>
  routes(t).flatMap((route) => (route.startsWith('GET ') ? [route.slice('GET '.length)] : []));

/** The operations an API key may call, by path. */
const keyPaths = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, item]) => (item.get?.['x-oddspulse-api-key'] ? [path] : []));

const concrete = (path: string) =>
  path.replace(/:sport\b/g, 'basketball_nba').replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');
/** OpenAPI spells path parameters {sport}, Express :sport. */
const expressPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

// OpenAPI documentation for every route, those an API key may call under the x-api-key scheme.
describe('API documentation at /api/docs', () => {
  let t: AccountsTestApp;
  let key: string;
  let session: ReturnType<typeof bearer>;
  let doc: Doc;

  beforeAll(async () => {
    // every sport the recorded boards cover is polled, so their routes answer 200
    t = await createAccountsApp({ REDIS_PREFIX: prefix, FEED_SPORTS: [...parseConfig(process.env).FEED_SPORTS] });
    await loadFixtureBoards(t.redis);
    const owner = await signUp(t, 'platinum');
    session = bearer(owner.session);
    key = (await t.http().post('/api/api-keys').set(session).send({ name: 'docs' })).body.key;
    const res = await t.http().get('/api/docs-json');
    expect(res.status).toBe(200);
    doc = res.body;
  });

  afterAll(async () => {
    await deleteKeysWithPrefix(t.redis.client, prefix);
    await t.app.close();
  });

  it('is OpenAPI 3 and declares the x-api-key header scheme', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes['x-api-key']).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
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
    expect(accepted).toEqual(
      expect.arrayContaining(['/api/odds', '/api/cached-odds/:sport', '/api/arbitrage', '/api/ev', '/api/middles']),
    );
    expect(keyPaths(doc).map(expressPath).sort()).toEqual([...new Set(accepted)].sort());
    for (const item of Object.values(doc.paths)) {
      for (const operation of Object.values(item)) {
        const byKey = (operation.security ?? []).some((alternative) => 'x-api-key' in alternative);
        expect([operation.operationId, byKey]).toEqual([operation.operationId, !!operation['x-oddspulse-api-key']]);
      }
    }
  }, 60000);

  it('documents every route the server answers, with its request body as a named component', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${expressPath(path)}`),
    );
    // Express answers HEAD for every GET by itself; not API: the operations endpoints outside Nest (ops-endpoints), the
    // documentation itself, and the catch-all 404 under /api
    const served = routes(t).filter((route) => !/^HEAD |\/ops\/|\/api\/docs|\*/.test(route));
    expect([...new Set(served)].filter((route) => !documented.includes(route))).toEqual([]);
    for (const item of Object.values(doc.paths))
      for (const operation of Object.values(item)) {
        const body = operation.requestBody?.content['application/json'].schema;
        if (body) expect([operation.operationId, body.$ref]).toEqual([operation.operationId, expect.any(String)]);
        expect(operation.responses.default).toEqual({ $ref: '#/components/responses/Error' });
      }
    expect(doc.paths['/api/picks'].post.requestBody?.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/PicksCreateBody',
    });
  });

  it('is the document committed in open-api/ (npm run openapi writes it)', () => {
    const committed = readFileSync(join(__dirname, '..', '..', '..', 'open-api', 'oddspulse-openapi.json'), 'utf8');
    // a difference reads best as the diff of the two texts
    expect(`${JSON.stringify(doc, null, 2)}\n`).toBe(committed);
  });

  it("reads each route's query parameters from its zod DTO: names, required, enumerations and defaults", () => {
    const params = (path: string) => Object.fromEntries((doc.paths[path].get.parameters ?? []).map((p) => [p.name, p]));
    const odds = params('/api/odds');
    expect(odds.sports).toMatchObject({ in: 'query', required: true });
    expect(odds.bookmakers).toMatchObject({ in: 'query', required: false });
    expect(odds.oddsFormat).toMatchObject({
      required: false,
      schema: { enum: ['american', 'decimal'], default: 'american' },
    });
    expect(params('/api/odds-data').markets.schema).toMatchObject({ default: 'h2h' });
    expect(params('/api/arbitrage').minProfit).toMatchObject({ required: false });
    expect(params('/api/arbitrage').minProfit.schema?.default).toEqual(expect.any(Number));
    expect(params('/api/arbitrage').commission).toMatchObject({ in: 'query', required: false });
    expect(params('/api/player-props').variant).toBeUndefined();
    expect(params('/api/cached-odds/{sport}').sport).toMatchObject({ in: 'path', required: true });
  });

  it('documents every key route answer: a 200 schema, and each error status under ApiError with an example body per code', () => {
    expect(doc.components.schemas.ApiError).toMatchObject({
      type: 'object',
      required: ['statusCode', 'code', 'message'],
    });
    for (const path of keyPaths(doc)) {
      const { summary, responses } = doc.paths[path].get;
      const item = doc.paths[path];
      expect([path, typeof summary]).toEqual([path, 'string']);
      const ok = responses['200'].content!;
      expect([path, Object.keys(ok)]).toEqual([path, [path.endsWith('.csv') ? 'text/csv' : 'application/json']]);
      const statuses = Object.keys(responses).filter((status) => status !== '200' && status !== 'default');
      // every key route: no key or a revoked one, an owner no longer on Platinum, the rate limit; and bad input where it reads any
      expect(statuses).toEqual(expect.arrayContaining(['401', '403', '429']));
      if (item.get.parameters?.length) expect([path, statuses]).toEqual([path, expect.arrayContaining(['400'])]);
      for (const status of statuses) {
        const media = responses[status].content!['application/json'];
        expect(media.schema).toEqual({ $ref: '#/components/schemas/ApiError' });
        const examples = Object.values(media.examples ?? {});
        expect(examples.length).toBeGreaterThan(0);
        for (const { value } of examples)
          expect(value).toEqual(
            expect.objectContaining({
              statusCode: Number(status),
              code: expect.any(String),
              message: expect.any(String),
            }),
          );
      }
    }
    const refusals = Object.values(
      doc.paths['/api/odds'].get.responses['400'].content!['application/json'].examples!,
    ).map(({ value }) => value.message);
    expect(refusals).toContain('Please select sports, regions, and markets to view odds');
    expect(doc.paths['/api/arbitrage'].get.responses['400'].content!['application/json'].examples).toMatchObject({
      INVALID_SCANNER_PARAMETER: { value: { message: 'minProfit must be a number between 0.1 and 50' } },
    });
  });

  it("gives answers that match the document: each route's 200 schema, and ApiError with a documented example for a refusal", async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    const calls: Array<[string, string]> = [
      ['/api/sports', '/api/sports'],
      ['/api/events', `/api/events?sport=${NFL}`],
      ['/api/odds', `/api/odds?sports=${NFL}&markets=h2h,spreads&regions=us`],
      ['/api/odds-data', `/api/odds-data?sport=${NFL}`],
      ['/api/cached-odds/{sport}', `/api/cached-odds/${NFL}`],
      ['/api/boards', `/api/boards?sports=${NFL}`],
      ['/api/boards', `/api/boards?sports=${NFL}&format=packed`],
      ['/api/player-props', '/api/player-props?sports=basketball_nba'],
      ['/api/odds-history', `/api/odds-history?sport=${NFL}&eventId=none`],
      ['/api/ev', `/api/ev?sports=${NFL}`],
      ['/api/arbitrage', `/api/arbitrage?sports=${NFL}`],
      ['/api/middles', `/api/middles?sports=${NFL}`],
      ['/api/steam', `/api/steam?sports=${NFL}`],
    ];
    for (const [path, url] of calls) {
      const res = await t.http().get(url).set('x-api-key', key);
      expect([url, res.status]).toEqual([url, 200]);
      const validate = ajv.compile(documented(doc, path, 200));
      expect([url, validate(res.body) ? [] : validate.errors]).toEqual([url, []]);
    }
    const refused = await t.http().get('/api/odds?markets=h2h').set('x-api-key', key);
    expect(refused.status).toBe(400);
    const validateError = ajv.compile(documented(doc, '/api/odds', 400));
    expect(validateError(refused.body)).toBe(true);
    const examples = Object.values(
      doc.paths['/api/odds'].get.responses['400'].content!['application/json'].examples!,
    ).map(({ value }) => value);
    expect(examples).toContainEqual(refused.body);
    const anonymous = await t.http().get('/api/sports');
    expect(
      Object.values(doc.paths['/api/sports'].get.responses['401'].content!['application/json'].examples!).map(
        ({ value }) => value,
      ),
    ).toContainEqual(anonymous.body);
  });

  it('gives answers of signed-in routes that match their named answer components: the picks routes', async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    const check = (path: string, verb: string, status: number, body: unknown) => {
      const media = doc.paths[path][verb].responses[String(status)].content!['application/json'];
      const ref = media.schema.$ref as string;
      expect([path, ref]).toEqual([path, expect.stringMatching(/^#\/components\/schemas\//)]);
      const validate = ajv.compile(doc.components.schemas[ref.split('/').pop()!]);
      expect([path, validate(body) ? [] : validate.errors]).toEqual([path, []]);
    };
    const pick = { game: 'Bills @ Rams', league: 'NFL', market: 'Moneyline', selection: 'Buffalo Bills', odds: '-140' };
    const created = await t
      .http()
      .post('/api/picks')
      .set(session)
      .send({ ...pick, stakeCents: 5000 });
    expect(created.status).toBe(201);
    check('/api/picks', 'post', 201, created.body);
    const staked = await t.http().patch(`/api/picks/${created.body.id}/stake`).set(session).send({ stake: 20 });
    check('/api/picks/{id}/stake', 'patch', 200, staked.body);
    const settled = await t.http().patch(`/api/picks/${created.body.id}`).set(session).send({ status: 'won' });
    check('/api/picks/{id}', 'patch', 200, settled.body);
    check('/api/picks', 'get', 200, (await t.http().get('/api/picks').set(session)).body);
  });

  it('serves the interactive page, and the key works on a documented route as "Try it out" sends it', async () => {
    const page = await t.http().get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui');
    expect((await t.http().get('/api/sports').set('x-api-key', key)).status).toBe(200);
  });
});
