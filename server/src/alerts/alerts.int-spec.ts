import { AlertsRepository, checkWebhookUrl, type AlertRuleFields } from '@oddspulse/core';
import { AlertMessages, MAX_ALERT_RULES } from '@oddspulse/shared';
import { bearer, createAccountsApp, signUp, type AccountsTestApp } from '../../../test/support/accounts-app';

// The alerts API — POST /api/alerts → 201 with the rule and the webhook secret once; GET, PATCH,
// DELETE /api/alerts/:id; GET /api/alerts/:id/deliveries; plan gates; webhook URLs checked.
/** A rule stored as an earlier release saved it, past the checks the API makes now. */
function storedRule(app: AccountsTestApp, userId: string, over: Partial<AlertRuleFields>) {
  return app.get(AlertsRepository).createRule(userId, {
    kind: 'arbitrage',
    min: 1,
    sports: [],
    books: [],
    max_leg_age_seconds: null,
    quiet_start: null,
    quiet_end: null,
    time_zone: 'UTC',
    webhook_url: null,
    push: false,
    email: true,
    target: null,
    ...over,
  });
}

describe('/api/alerts', () => {
  let t: AccountsTestApp;

  beforeAll(async () => {
    t = await createAccountsApp();
  });

  afterAll(async () => {
    await t.app.close();
  });

  it("keeps a push endpoint its owner's when another account registers it, and lets each remove only its own", async () => {
    const owner = await signUp(t, 'platinum');
    const other = await signUp(t, 'platinum');
    const endpoint = `http://127.0.0.1:9/push/${owner.session.user.id}`;
    const keys = (seed: string) => ({ p256dh: seed.repeat(87).slice(0, 87), auth: seed.repeat(22).slice(0, 22) });
    const subscribe = (session: typeof owner.session, seed: string) =>
      t
        .http()
        .post('/api/alerts/push/subscriptions')
        .set(bearer(session))
        .send({ endpoint, keys: keys(seed) });
    expect((await subscribe(owner.session, 'A')).status).toBe(204);
    expect((await subscribe(other.session, 'B')).status).toBe(204);
    const repo = t.get(AlertsRepository);
    expect(await repo.pushSubscriptions(owner.session.user.id)).toMatchObject([{ endpoint, p256dh: keys('A').p256dh }]);
    expect(await repo.pushSubscriptions(other.session.user.id)).toMatchObject([{ endpoint, p256dh: keys('B').p256dh }]);

    // each removes its own row: the other's stays
    const remove = (session: typeof owner.session) =>
      t.http().delete('/api/alerts/push/subscriptions').set(bearer(session)).send({ endpoint });
    expect((await remove(other.session)).status).toBe(204);
    expect(await repo.pushSubscriptions(owner.session.user.id)).toHaveLength(1);
    expect(await repo.pushSubscriptions(other.session.user.id)).toEqual([]);
    expect((await remove(owner.session)).status).toBe(204);
    expect(await repo.pushSubscriptions(owner.session.user.id)).toEqual([]);
  });

  it('creates, reads, changes and deletes a rule; the signing secret is answered once', async () => {
    const { session } = await signUp(t, 'platinum');
    const auth = bearer(session);
    const created = await t
      .http()
      .post('/api/alerts')
      .set(auth)
      .send({
        kind: 'arbitrage',
        min: 1.5,
        sports: ['basketball_nba'],
        books: ['draftkings', 'caesars'],
        maxLegAgeSeconds: 60,
        webhookUrl: 'http://127.0.0.1:9/hook',
      });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'arbitrage',
      min: 1.5,
      sports: ['basketball_nba'],
      books: ['draftkings', 'williamhill_us'],
      maxLegAgeSeconds: 60,
      quietHours: null,
      webhookUrl: 'http://127.0.0.1:9/hook',
      push: false,
      email: false,
      notice: null,
    });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const id = created.body.id as string;

    const second = await t
      .http()
      .post('/api/alerts')
      .set(auth)
      .send({ kind: 'middle', min: 20, webhookUrl: 'http://127.0.0.1:9/other' });
    expect(second.status).toBe(201);
    expect(second.body.secret).toBeUndefined();

    const read = await t.http().get(`/api/alerts/${id}`).set(auth);
    expect(read.status).toBe(200);
    expect(read.body.secret).toBeUndefined();
    expect((await t.http().get('/api/alerts').set(auth)).body.map((r: { id: string }) => r.id)).toEqual([
      id,
      second.body.id,
    ]);

    const patched = await t
      .http()
      .patch(`/api/alerts/${id}`)
      .set(auth)
      .send({ min: 3, quietHours: { start: '23:00', end: '07:30', timeZone: 'America/New_York' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      min: 3,
      quietHours: { start: 1380, end: 450, timeZone: 'America/New_York' },
      webhookUrl: 'http://127.0.0.1:9/hook',
    });

    expect((await t.http().get(`/api/alerts/${id}/deliveries`).set(auth)).body).toEqual([]);
    expect((await t.http().delete(`/api/alerts/${id}`).set(auth)).status).toBe(204);
    expect((await t.http().get(`/api/alerts/${id}`).set(auth)).status).toBe(404);
  });

  it('replaces the signing secret on request, answered once and never cached, for the signed-in user only', async () => {
    const { session } = await signUp(t, 'platinum');
    const auth = bearer(session);
    const created = await t
      .http()
      .post('/api/alerts')
      .set(auth)
      .send({ kind: 'arbitrage', min: 1, webhookUrl: 'http://127.0.0.1:9/hook' });
    const rotated = await t.http().post('/api/alerts/secret').set(auth);
    expect(rotated.status).toBe(201);
    expect(rotated.headers['cache-control']).toBe('no-store');
    expect(rotated.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    // The replaced secret keeps signing beside the new one while the user updates the receivers.
    expect(await t.get(AlertsRepository).signingSecrets(session.user.id)).toEqual([
      rotated.body.secret,
      created.body.secret,
    ]);
    expect((await t.http().post('/api/alerts/secret')).status).toBe(401);
  });

  it('keeps a user out of another user’s rules', async () => {
    const owner = await signUp(t, 'platinum');
    const other = await signUp(t, 'platinum');
    const created = await t
      .http()
      .post('/api/alerts')
      .set(bearer(owner.session))
      .send({ kind: 'arbitrage', min: 1, email: true });
    for (const res of [
      await t.http().get(`/api/alerts/${created.body.id}`).set(bearer(other.session)),
      await t.http().get(`/api/alerts/${created.body.id}/deliveries`).set(bearer(other.session)),
      await t.http().patch(`/api/alerts/${created.body.id}`).set(bearer(other.session)).send({ min: 2 }),
      await t.http().delete(`/api/alerts/${created.body.id}`).set(bearer(other.session)),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(AlertMessages.ruleNotFound);
    }
  });

  it('gates kinds by plan: Platinum for arbitrage and middles, Gold for +EV', async () => {
    const gold = await signUp(t, 'gold');
    const free = await signUp(t, 'free');
    expect(
      (await t.http().post('/api/alerts').set(bearer(gold.session)).send({ kind: 'ev', min: 3, email: true })).status,
    ).toBe(201);
    const arbitrage = await t
      .http()
      .post('/api/alerts')
      .set(bearer(gold.session))
      .send({ kind: 'arbitrage', min: 1, email: true });
    expect([arbitrage.status, arbitrage.body.code]).toEqual([403, 'PLATINUM_REQUIRED']);
    const ev = await t.http().post('/api/alerts').set(bearer(free.session)).send({ kind: 'ev', min: 3, email: true });
    expect([ev.status, ev.body.code]).toEqual([402, 'SUBSCRIPTION_REQUIRED']);
    // Free users see the page: their (empty) list reads.
    expect((await t.http().get('/api/alerts').set(bearer(free.session))).status).toBe(200);
    expect((await t.http().get('/api/alerts')).status).toBe(401);
  });

  it('refuses bad input with a clear 400', async () => {
    const { session } = await signUp(t, 'platinum');
    const post = (body: object) => t.http().post('/api/alerts').set(bearer(session)).send(body);
    const none = await post({ kind: 'arbitrage', min: 1 });
    expect([none.status, none.body.message]).toEqual([400, AlertMessages.noChannel]);
    expect((await post({ kind: 'parlay', min: 1, email: true })).status).toBe(400);
    expect((await post({ kind: 'arbitrage', min: -1, email: true })).status).toBe(400);
    expect(
      (
        await post({
          kind: 'arbitrage',
          min: 1,
          email: true,
          quietHours: { start: '25:00', end: '07:00', timeZone: 'UTC' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await post({
          kind: 'arbitrage',
          min: 1,
          email: true,
          quietHours: { start: '22:00', end: '07:00', timeZone: 'Mars/Olympus' },
        })
      ).status,
    ).toBe(400);
    const ftp = await post({ kind: 'arbitrage', min: 1, webhookUrl: 'ftp://example.com/x' });
    expect([ftp.status, ftp.body.message]).toEqual([400, AlertMessages.webhookInvalid]);
    // Outside production only loopback among the non-public ranges (the tests' receivers).
    const lan = await post({ kind: 'arbitrage', min: 1, webhookUrl: 'http://192.168.1.10/hook' });
    expect([lan.status, lan.body.message]).toEqual([400, AlertMessages.webhookPrivate]);
    expect((await t.http().get('/api/alerts/not-a-uuid').set(bearer(session))).status).toBe(400);
  });

  it('refuses a sport or book the rule could never fire on, naming the field, and keeps saved rules editable', async () => {
    const { session } = await signUp(t, 'platinum');
    const post = (body: object) =>
      t
        .http()
        .post('/api/alerts')
        .set(bearer(session))
        .send({ min: 1, email: true, ...body });
    const refusal = (res: { status: number; body: { code?: string; message?: string } }) => [
      res.status,
      res.body.code,
      res.body.message?.split(':')[0],
    ];
    expect(refusal(await post({ kind: 'arbitrage', sports: ['basketball_nbaa'] }))).toEqual([
      400,
      'VALIDATION_FAILED',
      'sports',
    ]);
    expect(refusal(await post({ kind: 'arbitrage', books: ['draftking'] }))).toEqual([
      400,
      'VALIDATION_FAILED',
      'books',
    ]);
    // spec 001 §5: a DFS app is never an arbitrage's or a middle's leg; DECISIONS 34: steam names the soft books
    expect(refusal(await post({ kind: 'arbitrage', books: ['draftkings', 'prizepicks'] }))).toEqual([
      400,
      'VALIDATION_FAILED',
      'books',
    ]);
    expect(refusal(await post({ kind: 'middle', min: 20, books: ['underdog'] }))).toEqual([
      400,
      'VALIDATION_FAILED',
      'books',
    ]);
    expect(refusal(await post({ kind: 'steam', books: ['pinnacle'] }))).toEqual([400, 'VALIDATION_FAILED', 'books']);
    // a DFS app's −119 price is +EV's
    const ev = await post({ kind: 'ev', sports: ['basketball_nba'], books: ['prizepicks', 'caesars'] });
    expect([ev.status, ev.body.books]).toEqual([201, ['prizepicks', 'williamhill_us']]);
    const patch = (body: object) => t.http().patch(`/api/alerts/${ev.body.id}`).set(bearer(session)).send(body);
    expect(refusal(await patch({ kind: 'arbitrage' }))).toEqual([400, 'VALIDATION_FAILED', 'books']);
    // a rule saved before its books were checked still takes a change of its other fields
    const saved = await storedRule(t, session.user.id, { books: ['draftkings', 'fanduel', 'prizepicks'] });
    const pushed = await t.http().patch(`/api/alerts/${saved.id}`).set(bearer(session)).send({ push: true });
    expect([pushed.status, pushed.body.push]).toEqual([200, true]);
  });

  it('holds a user at 20 rules however many saves come at once', async () => {
    const { session } = await signUp(t, 'platinum');
    const answers = await Promise.all(
      Array.from({ length: MAX_ALERT_RULES + 10 }, (_, i) =>
        t
          .http()
          .post('/api/alerts')
          .set(bearer(session))
          .send({ kind: 'arbitrage', min: i / 10, email: true }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(MAX_ALERT_RULES);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body.code, r.body.message])).toEqual(
      refused.map(() => [409, 'TOO_MANY_ALERT_RULES', AlertMessages.tooManyRules]),
    );
    expect((await t.http().get('/api/alerts').set(bearer(session))).body).toHaveLength(MAX_ALERT_RULES);
  });

  it('answers the VAPID public key browsers subscribe with', async () => {
    const { session } = await signUp(t, 'platinum');
    const res = await t.http().get('/api/alerts/push/key').set(bearer(session));
    expect(res.status).toBe(200);
    expect(res.body.publicKey).toMatch(/^[\w-]{87}$/);
  });
});

// A rule's sports are the deployment's (FEED_SPORTS), not the core catalogue: a sport never polled has no board for a
// rule to fire on, and a polled one past the core list (the WNBA here) has.
describe('/api/alerts on a deployment polling its own sports', () => {
  let t: AccountsTestApp;

  beforeAll(async () => {
    t = await createAccountsApp({ FEED_SPORTS: ['basketball_nba', 'basketball_wnba'] });
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('refuses a sport it does not poll, takes one it polls, and keeps a rule saved on another editable', async () => {
    const { session } = await signUp(t, 'platinum');
    const post = (sports: string[]) =>
      t.http().post('/api/alerts').set(bearer(session)).send({ kind: 'arbitrage', min: 1, email: true, sports });
    const nhl = await post(['basketball_nba', 'icehockey_nhl']);
    expect([nhl.status, nhl.body.code, nhl.body.message]).toEqual([
      400,
      'VALIDATION_FAILED',
      'sports: must be sport keys this site polls, such as basketball_nba (unknown: icehockey_nhl)',
    ]);
    const wnba = await post(['basketball_wnba']);
    expect([wnba.status, wnba.body.sports]).toEqual([201, ['basketball_wnba']]);
    const patch = (id: string, body: object) => t.http().patch(`/api/alerts/${id}`).set(bearer(session)).send(body);
    expect((await patch(wnba.body.id, { sports: ['icehockey_nhl'] })).status).toBe(400);

    // a rule saved before its sports were checked against the deployment's reads and takes a change of its other fields
    const saved = await storedRule(t, session.user.id, { sports: ['icehockey_nhl'] });
    expect((await t.http().get(`/api/alerts/${saved.id}`).set(bearer(session))).body.sports).toEqual(['icehockey_nhl']);
    const pushed = await patch(saved.id, { push: true });
    expect([pushed.status, pushed.body.push, pushed.body.sports]).toEqual([200, true, ['icehockey_nhl']]);
  });
});

// "in production only https to public addresses (no loopback or private ranges)".
describe('webhook URL checks in production', () => {
  const resolveTo =
    (...addresses: string[]) =>
    async () =>
      addresses;

  it('refuses http, loopback, private, link-local and mapped addresses, and names resolving to them', async () => {
    expect(await checkWebhookUrl('http://hooks.example.com/x', true, resolveTo('93.184.216.34'))).toEqual({
      ok: false,
      problem: 'https_required',
    });
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(await checkWebhookUrl('https://hooks.example.com/x', true, resolveTo(address))).toEqual({
        ok: false,
        problem: 'private',
      });
    }
    expect(await checkWebhookUrl('https://127.0.0.1/x', true)).toEqual({ ok: false, problem: 'private' });
    expect(await checkWebhookUrl('https://[::1]/x', true)).toEqual({ ok: false, problem: 'private' });
    // One private address among the name's addresses is enough to refuse it.
    expect(await checkWebhookUrl('https://hooks.example.com/x', true, resolveTo('93.184.216.34', '10.0.0.5'))).toEqual({
      ok: false,
      problem: 'private',
    });
    expect(
      await checkWebhookUrl('https://hooks.example.com/x', true, async () => {
        throw new Error('ENOTFOUND');
      }),
    ).toEqual({ ok: false, problem: 'unresolvable' });
  });

  it('accepts https to public addresses, and loopback only outside production', async () => {
    expect(
      await checkWebhookUrl('https://discord.com/api/webhooks/1/abc', true, resolveTo('162.159.128.233')),
    ).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('http://127.0.0.1:8080/hook', false)).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('http://10.0.0.1/hook', false)).toEqual({ ok: false, problem: 'private' });
  });

  it('refuses a private webhook on the API in production', async () => {
    const prod = await createAccountsApp({ NODE_ENV: 'production' });
    try {
      const { session } = await signUp(prod, 'platinum');
      const res = await prod
        .http()
        .post('/api/alerts')
        .set(bearer(session))
        .send({ kind: 'arbitrage', min: 1, webhookUrl: 'https://127.0.0.1/hook' });
      expect([res.status, res.body.message]).toEqual([400, AlertMessages.webhookPrivate]);
      const http = await prod
        .http()
        .post('/api/alerts')
        .set(bearer(session))
        .send({ kind: 'arbitrage', min: 1, webhookUrl: 'http://127.0.0.1/hook' });
      expect([http.status, http.body.message]).toEqual([400, AlertMessages.webhookHttpsRequired]);
      // No VAPID keys configured in production: push is off, and says so.
      expect((await prod.http().get('/api/alerts/push/key').set(bearer(session))).status).toBe(503);
    } finally {
      await prod.app.close();
    }
  });
});
