import { AuditLogRepository, LiveStateRepository } from '@oddspulse/core';
import { bearer, createAccountsApp, signUp, TEST_PASSWORD, type AccountsTestApp } from '../support/accounts-app';
import { watchLoop } from '../support/event-loop-watch';

const NFL = 'americanfootball_nfl';

const NBA = 'basketball_nba';

// Bad input is a 400 with a message naming the field, never a 500 or a retried 503; only odds calls
// that answer count against the free quota; the picks import takes every list its schema allows.
describe('bad input (real HTTP stack, PostgreSQL and Redis)', () => {
  let t: AccountsTestApp;

  beforeAll(async () => {
    t = await createAccountsApp({ REDIS_PREFIX: `${process.env.REDIS_PREFIX}-bad-input`, FEED_SPORTS: [NFL, NBA] });
    await t
      .get(LiveStateRepository)
      .saveBoard('odds', { sport_key: NFL, fetched_at: new Date().toISOString(), events: [] });
  });

  afterAll(async () => {
    await t.app.close();
  });

  const controlRefusal = (field: string) => ({
    statusCode: 400,
    code: 'VALIDATION_FAILED',
    message: `${field}: must not contain control characters`,
  });

  it.each([
    [
      'sign-up email',
      () => t.http().post('/api/auth/signup').send({ email: 'a\u0000b@example.com', password: TEST_PASSWORD }),
      'email',
    ],
    [
      'sign-in password',
      () =>
        t
          .http()
          .post('/api/auth/login')
          .send({ email: 'a@example.com', password: `x\u0000${TEST_PASSWORD}` }),
      'password',
    ],
    ['a path parameter', () => t.http().get('/api/reactions/nfl%00game'), 'gameKey'],
    ['a query parameter', () => t.http().get('/api/scores?sport=basketball_nba&date=2026-01-01%07'), 'date'],
  ])('refuses a control character in %s with 400 naming the field', async (_, send, field) => {
    const res = await send();
    expect(res.status).toBe(400);
    expect(res.body).toEqual(controlRefusal(field));
  });

  it('refuses a NUL nested in a body list, naming the item', async () => {
    const { session } = await signUp(t);
    const res = await t
      .http()
      .post('/api/picks/import')
      .set(bearer(session))
      .send({
        picks: [
          {
            game: 'A vs B',
            league: 'NFL',
            market: 'Moneyline',
            selection: 'A',
            odds: '-110',
            stake: 10,
            note: 'ok\u0000',
          },
        ],
      });
    expect(res.body).toEqual(controlRefusal('picks.0.note'));
  });

  // A lone UTF-16 surrogate is no text: refused at the edge, before any row (or its audit record) is written.
  it('refuses ill-formed Unicode with 400 naming the field, and writes nothing', async () => {
    const { session } = await signUp(t, 'platinum');
    const key = await t.http().post('/api/api-keys').set(bearer(session)).send({ name: 'k\ud800' });
    expect([key.status, key.body]).toEqual([
      400,
      { statusCode: 400, code: 'VALIDATION_FAILED', message: 'name: must be well-formed Unicode text' },
    ]);
    expect((await t.http().get('/api/api-keys').set(bearer(session))).body).toEqual([]);
    const signup = await t
      .http()
      .post('/api/auth/signup')
      .send({ email: 'a\udc00@example.com', password: TEST_PASSWORD });
    expect([signup.status, signup.body.message]).toEqual([400, 'email: must be well-formed Unicode text']);
  });

  it("writes a key's change and its audit record together: when the record fails, the key is not created or renamed", async () => {
    const { session } = await signUp(t, 'platinum');
    const kept = await t.http().post('/api/api-keys').set(bearer(session)).send({ name: 'kept' });
    expect(kept.status).toBe(201);
    const failing = jest.spyOn(t.get(AuditLogRepository), 'insert').mockRejectedValue(new Error('audit write failed'));
    try {
      expect((await t.http().post('/api/api-keys').set(bearer(session)).send({ name: 'unaudited' })).status).toBe(500);
      expect(
        (await t.http().patch(`/api/api-keys/${kept.body.id}`).set(bearer(session)).send({ name: 'renamed' })).status,
      ).toBe(500);
    } finally {
      failing.mockRestore();
    }
    const keys = await t.http().get('/api/api-keys').set(bearer(session));
    expect(keys.body.map((key: { name: string }) => key.name)).toEqual(['kept']);
  });

  it('keeps tabs and line breaks, which a note may hold', async () => {
    const { session } = await signUp(t);
    const res = await t.http().post('/api/picks').set(bearer(session)).send({
      game: 'A vs B',
      league: 'NFL',
      market: 'Moneyline',
      selection: 'A',
      odds: '-110',
      stakeCents: 1000,
      note: 'line one\n\tline two',
    });
    expect(res.status).toBe(201);
  });

  it('answers an unknown sport 400 UNSUPPORTED_SPORT, not a 503 to retry, and charges no quota for it', async () => {
    const { session } = await signUp(t, 'free');
    const used = async () => (await t.http().get('/api/me').set(bearer(session))).body.used as number;
    const unknown = await t.http().get('/api/odds?sport=curling_nope&markets=h2h&regions=us').set(bearer(session));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      statusCode: 400,
      code: 'UNSUPPORTED_SPORT',
      message: 'Unsupported sport: curling_nope',
      sports: ['curling_nope'],
    });
    // a polled sport whose board is not written yet: 503, retried by the client, and not charged either
    expect((await t.http().get(`/api/odds?sport=${NBA}&markets=h2h&regions=us`).set(bearer(session))).status).toBe(503);
    expect((await t.http().get('/api/odds?markets=h2h&regions=us').set(bearer(session))).status).toBe(400);
    await new Promise((r) => setTimeout(r, 200));
    expect(await used()).toBe(0);
    expect((await t.http().get(`/api/odds?sport=${NFL}&markets=h2h&regions=us`).set(bearer(session))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(await used()).toBe(1);
  });

  it('answers an unknown sport on the scanners 400 too', async () => {
    const { session } = await signUp(t, 'gold');
    const res = await t.http().get('/api/ev?sports=curling_nope').set(bearer(session));
    expect(res.body).toMatchObject({ statusCode: 400, code: 'UNSUPPORTED_SPORT' });
  });

  it('imports 5,000 picks, the most the schema allows, in one body, never holding the event loop for long', async () => {
    const picks = Array.from({ length: 5000 }, (_, i) => ({
      id: `p${i}`,
      game: `Team ${i} @ Other ${i}`,
      league: 'NFL',
      market: 'Moneyline',
      selection: `Team ${i} -110`,
      odds: '-110',
      stake: 10,
      note: 'n'.repeat(200),
      dateAdded: new Date().toISOString(),
    }));
    const body = JSON.stringify({ picks });
    // Two users' imports, the better of the two judged: one garbage collection or a busy neighbour can stretch a single
    // stall past the bound, an import that does not give the loop back stalls in both
    const stalls: number[] = [];
    for (let run = 0; run < 2; run++) {
      const { session } = await signUp(t);
      const loop = watchLoop();
      const res = await Promise.resolve(
        t.http().post('/api/picks/import').set(bearer(session)).set('Content-Type', 'application/json').send(body),
      ).finally(loop.stop);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ imported: 5000, skipped: 0 });
      stalls.push(loop.longest());
    }
    expect(Math.min(...stalls)).toBeLessThan(50);
  }, 60_000);

  // Nesting past 32 levels is refused before the body is parsed, before authentication or any other work.
  const nested = (levels: number) =>
    `{"email":"a@example.com","password":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;

  it('refuses a body nested deeper than 32 levels with 400 JSON_TOO_DEEP, on any JSON route, signed in or not', async () => {
    const tooDeep = {
      statusCode: 400,
      code: 'JSON_TOO_DEEP',
      message: 'The request body is nested too deeply: at most 32 levels of arrays and objects',
    };
    for (const levels of [33, 20_000]) {
      const res = await t.http().post('/api/auth/login').set('Content-Type', 'application/json').send(nested(levels));
      expect([res.status, res.body]).toEqual([400, tooDeep]);
    }
    // 32 levels reach the route, whose schema refuses a password that is not text
    const fits = await t.http().post('/api/auth/login').set('Content-Type', 'application/json').send(nested(32));
    expect(fits.body.code).not.toBe('JSON_TOO_DEEP');
    expect(fits.status).toBe(400);
  });

  it('answers 415 to JSON in any charset but UTF-8, before parsing it: its nesting would slip past the depth check', async () => {
    const deep = Buffer.from(nested(24_900), 'utf16le');
    const notUtf8 = { statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'JSON must be sent as UTF-8' };
    for (const [path, type] of [
      ['/api/auth/login', 'application/json; charset=utf-16le'],
      ['/api/auth/login', 'application/json;charset="UTF-16"'],
      ['/api/auth/signup', 'application/merge-patch+json; charset=utf-32'],
      ['/api/picks/import', 'application/json; charset=utf-16le'],
    ]) {
      const res = await t
        .http()
        .post(path)
        .set('Content-Type', type)
        .serialize((bytes: Buffer) => bytes as unknown as string)
        .send(deep);
      expect([path, type, res.status, res.body]).toEqual([path, type, 415, notUtf8]);
    }
    // UTF-8, named or not, is read as before
    for (const type of ['application/json; charset=utf-8', 'application/json; charset="UTF-8"', 'application/json']) {
      const res = await t.http().post('/api/auth/login').set('Content-Type', type).send(nested(33));
      expect([type, res.status, res.body.code]).toEqual([type, 400, 'JSON_TOO_DEEP']);
    }
  });

  it('refuses megabytes of nesting sent to the picks import without holding the event loop', async () => {
    const { session } = await signUp(t);
    const levels = 4_000_000;
    // Encoded before the loop is watched: the test's client shares the loop, and measuring then encoding 8 MB of text
    // were two calls of about 30 ms each on a slow machine, which the watch counted against the server
    const body = Buffer.from(`{"picks":[${'['.repeat(levels)}${']'.repeat(levels)}]}`);
    // Two bodies, the better judged, as for the import above: one collection of the shared heap can stretch a single
    // stall; a refusal that held the loop would stall both
    const stalls: number[] = [];
    for (let run = 0; run < 2; run++) {
      const loop = watchLoop();
      const res = await Promise.resolve(
        t
          .http()
          .post('/api/picks/import')
          .set(bearer(session))
          .set('Content-Type', 'application/json')
          // superagent writes a Buffer as it is unless a serializer (by default JSON's, for this type) rewrites it
          .serialize((bytes: Buffer) => bytes as unknown as string)
          .send(body),
      ).finally(loop.stop);
      expect([res.status, res.body.code]).toEqual([400, 'JSON_TOO_DEEP']);
      stalls.push(loop.longest());
    }
    expect(Math.min(...stalls)).toBeLessThan(50);
  }, 60_000);
});
