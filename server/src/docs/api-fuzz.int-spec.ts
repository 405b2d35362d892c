import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv, { type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { deleteKeysWithPrefix } from '@oddspulse/core';
import { AccountsTestApp, bearer, createAccountsApp, signUp } from '../../../test/support/accounts-app';
import { loadFixtureBoards, writeBoard } from '../../../test/support/fixture-boards';

/**
 * Requests per documented route: bounded so the spec adds seconds, not minutes, to `npm test` (fast-check draws new
 * cases each run; a failure prints its seed and the shrunk request, to replay with FUZZ_SEED).
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const prefix = `${process.env.REDIS_PREFIX}-fuzz`;
/** The polled sports: the recorded boards' (NFL straight bets, NBA props), each with both boards so none is a 503 to wait for. */
const SPORTS = ['americanfootball_nfl', 'basketball_nba'];

interface Parameter {
  name: string;
  in: 'path' | 'query';
  schema?: { enum?: unknown[]; default?: unknown; example?: unknown; type?: string };
  example?: unknown;
}
interface Operation {
  'x-oddspulse-api-key'?: boolean;
  parameters?: Parameter[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}

/** A part of the URL as sent: text to percent-encode, or bytes already written as they go on the wire. */
type Piece = { text: string } | { raw: string };

/** A lone surrogate as a naive encoder writes it (its three would-be UTF-8 bytes), since encodeURIComponent refuses it. */
const surrogateBytes = (code: number) =>
  [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
    .map((b) => `%${b.toString(16).toUpperCase()}`)
    .join('');

function encode(piece: Piece): string {
  if ('raw' in piece) return piece.raw;
  let out = '';
  for (let i = 0; i < piece.text.length; i++) {
    const code = piece.text.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && (piece.text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) {
      out += encodeURIComponent(piece.text.slice(i, i + 2));
      i++;
    } else out += code >= 0xd800 && code <= 0xdfff ? surrogateBytes(code) : encodeURIComponent(piece.text[i]);
  }
  return out;
}

const nested = (depth: number, open: string, close: string) => `${open.repeat(depth)}${close.repeat(depth)}`;

/** Values a query field or path segment is given: the documented ones, wrong types, huge, control and ill-formed text, bad escapes. */
function valueFor(parameter: Parameter | undefined): fc.Arbitrary<Piece> {
  const documented = [
    parameter?.example,
    parameter?.schema?.example,
    parameter?.schema?.default,
    ...(parameter?.schema?.enum ?? []),
  ]
    .filter((value) => value !== undefined)
    .map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  const text = (arbitrary: fc.Arbitrary<string>) => arbitrary.map((value): Piece => ({ text: value }));
  return fc.oneof(
    {
      weight: 3,
      arbitrary: documented.length ? text(fc.constantFrom(...documented)) : text(fc.constant('basketball_nba')),
    },
    { weight: 2, arbitrary: text(fc.string({ unit: 'binary', maxLength: 40 })) },
    { weight: 1, arbitrary: text(fc.double().map(String)) },
    { weight: 1, arbitrary: text(fc.integer().map(String)) },
    {
      weight: 1,
      arbitrary: text(
        fc.constantFrom(
          '',
          ' ',
          'true',
          'null',
          '[]',
          '{}',
          '-0',
          '1e309',
          'NaN',
          '0x10',
          '../..',
          'basketball_nba,,,',
          '__proto__',
        ),
      ),
    },
    { weight: 1, arbitrary: text(fc.nat({ max: 6000 }).map((n) => 'x'.repeat(n))) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Piece>(
        { raw: '%' },
        { raw: '%zz' },
        { raw: '%00' },
        { raw: '%ED%A0%80' },
        { raw: '%C0%AF' },
        { raw: '%FF%FE' },
      ),
    },
  );
}

/** A body the server parses before any route sees it: malformed, deep, huge, ill-formed Unicode, or of another type. */
const bodyArbitrary: fc.Arbitrary<{ type: string; text: string } | null> = fc.option(
  fc.oneof(
    fc
      .constantFrom(
        '{',
        '{"a":}',
        '[1,]',
        'null',
        '"\\ud800"',
        '{"name":"k\\ud800"}',
        '{"a":"\\u0000"}',
        '1e999',
        '{"__proto__":{"x":1}}',
      )
      .map((text) => ({
        type: 'application/json',
        text,
      })),
    fc.integer({ min: 1, max: 20_000 }).map((depth) => ({ type: 'application/json', text: nested(depth, '[', ']') })),
    fc
      .integer({ min: 1, max: 2_000 })
      .map((depth) => ({ type: 'application/json', text: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` })),
    fc
      .integer({ min: 50_000, max: 300_000 })
      .map((size) => ({ type: 'application/json', text: JSON.stringify({ a: 'x'.repeat(size) }) })),
    fc
      .tuple(
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        fc.string({ unit: 'binary', maxLength: 200 }),
      )
      .map(([type, text]) => ({ type, text })),
  ),
  { freq: 3 },
);

interface FuzzRequest {
  path: string;
  key: string | null;
  body: { type: string; text: string } | null;
  /** A signed-in session's `Authorization` header, for the routes the browser calls. */
  session?: string;
}

interface Answer {
  status: number;
  type: string;
  text: string;
}

const agent = new Agent({ keepAlive: true });

/** One GET as the bytes say (a URL object would normalise the path and refuse bad escapes), with a body if given. */
function send(port: number, { path, key, body, session }: FuzzRequest): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (key !== null) headers['x-api-key'] = key;
  if (session) headers.authorization = session;
  if (body)
    Object.assign(headers, { 'content-type': body.type, 'content-length': String(Buffer.byteLength(body.text)) });
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    req.end(body ? body.text : undefined);
  });
}

/** What is wrong with an answer, or null: never a 5xx, every refusal the API's error shape, every 200 its documented schema. */
function problemWith(answer: Answer, validate: ValidateFunction | null): string | null {
  if (answer.status >= 500) return `a ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (answer.status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return `a ${answer.status} that is not JSON: ${answer.text.slice(0, 300)}`;
    }
    const { statusCode, code, message } = (body ?? {}) as Record<string, unknown>;
    const shaped =
      statusCode === answer.status &&
      typeof code === 'string' &&
      code !== '' &&
      typeof message === 'string' &&
      message !== '';
    return shaped ? null : `a ${answer.status} without {statusCode, code, message}: ${answer.text.slice(0, 300)}`;
  }
  if (answer.status === 200 && validate) {
    return validate(JSON.parse(answer.text))
      ? null
      : `a 200 outside its documented schema: ${JSON.stringify(validate.errors?.slice(0, 3))}`;
  }
  return null;
}

// Whatever a key holder sends to a documented route, the answer is never a server error and always in the API's shape.
describe('fuzzing the documented API routes (/api/docs-json)', () => {
  let t: AccountsTestApp;
  let port: number;
  let key: string;
  let session: string;
  let paths: Record<string, Record<string, Operation>>;
  let components: { schemas: Record<string, Record<string, unknown>> };

  beforeAll(async () => {
    // the fuzz is many calls with one key from one address: the limits are not what it tests
    t = await createAccountsApp({ REDIS_PREFIX: prefix, FEED_SPORTS: SPORTS, RATE_LIMIT_API_KEY_MAX: 1_000_000 });
    await loadFixtureBoards(t.redis);
    const now = new Date().toISOString();
    await writeBoard(t.redis, 'odds', { sport_key: 'basketball_nba', fetched_at: now, events: [] });
    await writeBoard(t.redis, 'props', { sport_key: 'americanfootball_nfl', fetched_at: now, events: [] });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    const owner = await signUp(t, 'platinum');
    session = bearer(owner.session).Authorization;
    key = (await t.http().post('/api/api-keys').set(bearer(owner.session)).send({ name: 'fuzz' })).body.key;
    ({ paths, components } = (await t.http().get('/api/docs-json')).body);
  });

  afterAll(async () => {
    agent.destroy();
    await deleteKeysWithPrefix(t.redis.client, prefix);
    await t.app.close();
  });

  it('never answers 5xx, refuses in {statusCode, code, message}, and answers 200 as documented', async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    // the read API a key may call: what developers' scripts send, fed the documented values and worse
    const routes = Object.entries(paths).flatMap(([path, item]) =>
      item.get?.['x-oddspulse-api-key'] ? [{ path, operation: item.get }] : [],
    );
    expect(routes.length).toBeGreaterThan(5);
    for (const { path, operation } of routes) {
      const parameters = operation.parameters ?? [];
      const json = operation.responses['200']?.content?.['application/json'];
      const ref = json?.schema.$ref;
      const schema = typeof ref === 'string' ? components.schemas[ref.split('/').pop()!] : json?.schema;
      const validate = schema ? ajv.compile(schema) : null;
      const query = fc.array(
        fc
          .tuple(
            fc.oneof(
              {
                weight: 4,
                arbitrary: parameters.length
                  ? fc.constantFrom(...parameters.filter((p) => p.in === 'query'))
                  : fc.constant(undefined),
              },
              { weight: 1, arbitrary: fc.constant(undefined) },
            ),
            fc.string({ maxLength: 12 }),
          )
          .chain(([parameter, otherName]) =>
            valueFor(parameter).map((value) => `${encode({ text: parameter?.name ?? otherName })}=${encode(value)}`),
          ),
        { maxLength: 8 },
      );
      const segments = Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, valueFor(p)]));
      const requests = fc.record({
        path: fc.tuple(fc.record(segments), query).map(([values, pairs]) => {
          const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(values[name]) || 'x');
          return pairs.length ? `${filled}?${pairs.join('&')}` : filled;
        }),
        key: fc.oneof(
          { weight: 8, arbitrary: fc.constant(key) },
          { weight: 1, arbitrary: fc.constantFrom<string | null>(null, 'op_unknown', `${key}x`) },
        ),
        body: bodyArbitrary,
      });
      await fc.assert(
        fc.asyncProperty(requests, async (req) => {
          const problem = problemWith(await send(port, req), validate);
          if (problem)
            throw new Error(
              `GET ${req.path.slice(0, 300)} (body ${req.body?.text.slice(0, 80) ?? 'none'}): ${problem}`,
            );
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED },
      );
    }
  }, 180_000);

  // A key the server looks up in a table of its own must not find what every object has (`__proto__`, `constructor`):
  // drawn at random above it is a rare case, so every parameter of every route is given each such name, alone, in a
  // list and as a `key:value` pair, beside each documented choice of the route's other parameters; a route the browser
  // calls is asked with a Platinum session, one a key may call with the key
  it('answers every parameter named after what every object has without a 5xx', async () => {
    const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
    const values = names.flatMap((name) => [name, `basketball_nba,${name}`, `${name}:0.02`]);
    const problems: string[] = [];
    for (const [path, item] of Object.entries(paths)) {
      const operation = item.get;
      if (!operation) continue;
      const auth = operation['x-oddspulse-api-key'] ? { key } : { key: null, session };
      const parameters = operation.parameters ?? [];
      const query = parameters.filter((parameter) => parameter.in === 'query');
      const choices = query.flatMap((parameter) =>
        (parameter.schema?.enum ?? []).map((choice) => ({
          name: parameter.name,
          pair: `${parameter.name}=${encodeURIComponent(String(choice))}`,
        })),
      );
      const filled = (value: string, named?: string) =>
        path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(name === named ? value : 'x'));
      const requests = [
        ...names.map((name) => `${filled('x')}?${encodeURIComponent(name)}=1`),
        ...parameters.flatMap((parameter) =>
          values.flatMap((value) => {
            if (parameter.in === 'path') return [filled(value, parameter.name)];
            const pair = `${encodeURIComponent(parameter.name)}=${encodeURIComponent(value)}`;
            const beside = choices.filter((choice) => choice.name !== parameter.name);
            return [`${filled('x')}?${pair}`, ...beside.map((choice) => `${filled('x')}?${choice.pair}&${pair}`)];
          }),
        ),
      ];
      for (const requestPath of requests) {
        const answer = await send(port, { path: requestPath, body: null, ...auth });
        // a 503 is a board or worker this app does not run (the scores, health's worker), not the name's doing
        const problem = answer.status === 503 ? null : problemWith(answer, null);
        if (problem) problems.push(`GET ${requestPath}: ${problem.slice(0, 160)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
