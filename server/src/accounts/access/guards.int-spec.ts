import { Controller, Get, Post } from '@nestjs/common';
import IORedis from 'ioredis';
import type { AuthUser } from '../auth/auth-user';
import { AuthService } from '../auth/auth.service';
import { ApiKeyService } from '../api-keys/api-key.service';
import { SocketAuthService } from '../../realtime/sockets/socket-auth.service';
import { CurrentUser, MeteredOddsData, RequireAuth, RequirePaidPlan, RequirePlatinum } from './decorators';
import { AcceptsApiKey } from './api-key-scope';
import { APP_CONFIG, RedisKeys } from '@oddspulse/core';
import { MAX_ACTIVE_API_KEYS, RENEWAL_GRACE_MS } from '@oddspulse/shared';
import {
  AccountsTestApp,
  TEST_PASSWORD,
  bearer,
  createAccountsApp,
  signUp,
} from '../../../../test/support/accounts-app';

/** Stand-ins for the odds, scanner and picks endpoints of later issues: they exist only in this test module. */
@Controller('test-gated')
class GatedController {
  @Get('signed-in')
  @RequireAuth()
  signedIn(@CurrentUser() user: AuthUser) {
    return { id: user.id, via: user.via, plan: user.access.plan };
  }

  @Post('signed-in')
  @RequireAuth()
  write(@CurrentUser() user: AuthUser) {
    return { id: user.id, via: user.via };
  }

  @Get('paid')
  @RequirePaidPlan()
  @AcceptsApiKey()
  paid() {
    return { ok: true };
  }

  @Get('platinum')
  @RequirePlatinum()
  @AcceptsApiKey()
  platinum(@CurrentUser() user: AuthUser) {
    return { ok: true, via: user.via };
  }

  @Get('odds')
  @MeteredOddsData()
  @AcceptsApiKey()
  odds() {
    return { games: [] };
  }
}

function cookiesOf(res: { headers: Record<string, unknown> }): Record<string, string> {
  const raw = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return Object.fromEntries(
    raw.map((c) => c.split(';')[0].split('=')).map(([k, ...v]) => [k, decodeURIComponent(v.join('='))]),
  );
}

// Guards: spec 000 §6 roles, 001 §6, DECISIONS 2 and 5.
describe('guards, metering, CSRF and API keys (real PostgreSQL and Redis)', () => {
  let t: AccountsTestApp;

  beforeAll(async () => {
    t = await createAccountsApp({}, { controllers: [GatedController] });
  });

  afterAll(async () => {
    await t.app.close();
  });

  describe('plan guards', () => {
    it('signed out: 401 "Authentication required" on every gate', async () => {
      for (const path of ['signed-in', 'paid', 'platinum', 'odds']) {
        const res = await t.http().get(`/api/test-gated/${path}`);
        expect(res.status).toBe(401);
        expect(res.body.message).toBe('Authentication required');
      }
    });

    it('free: 402 SUBSCRIPTION_REQUIRED on paid features, 403 PLATINUM_REQUIRED on Platinum ones', async () => {
      const { session } = await signUp(t, 'free');
      const paid = await t.http().get('/api/test-gated/paid').set(bearer(session));
      expect(paid.status).toBe(402);
      expect(paid.body).toMatchObject({
        code: 'SUBSCRIPTION_REQUIRED',
        message: 'Subscription required for API access',
      });
      const platinum = await t.http().get('/api/test-gated/platinum').set(bearer(session));
      expect(platinum.status).toBe(403);
      expect(platinum.body).toMatchObject({
        code: 'PLATINUM_REQUIRED',
        message: 'This feature requires a Platinum subscription.',
      });
    });

    it('gold passes the paid guard but not Platinum; platinum and unlimited pass both', async () => {
      const gold = (await signUp(t, 'gold')).session;
      expect((await t.http().get('/api/test-gated/paid').set(bearer(gold))).status).toBe(200);
      expect((await t.http().get('/api/test-gated/platinum').set(bearer(gold))).status).toBe(403);
      const platinum = (await signUp(t, 'platinum')).session;
      expect((await t.http().get('/api/test-gated/paid').set(bearer(platinum))).status).toBe(200);
      expect((await t.http().get('/api/test-gated/platinum').set(bearer(platinum))).status).toBe(200);
      const flagged = (await signUp(t, 'free')).session;
      await t.plans.changePlan(flagged.user.id, { unlimited: true });
      expect((await t.http().get('/api/test-gated/platinum').set(bearer(flagged))).status).toBe(200);
      expect((await t.http().get('/api/me').set(bearer(flagged))).body).toMatchObject({ unlimited: true, limit: null });
    });

    it('a downgrade or a lapsed period takes effect on the next request, and is published for the gateway', async () => {
      const { session } = await signUp(t, 'platinum');
      const listener = new IORedis(t.config.REDIS_URL);
      const channel = t.redis.key(...RedisKeys.planChanged);
      const received: unknown[] = [];
      await listener.subscribe(channel);
      listener.on('message', (_channel, message) => received.push(JSON.parse(message)));
      try {
        await t.plans.changePlan(session.user.id, { plan: 'gold' });
        expect((await t.http().get('/api/test-gated/platinum').set(bearer(session))).status).toBe(403);
        await t.plans.changePlan(session.user.id, {
          plan: 'gold',
          cancel_at_period_end: true,
          current_period_end: new Date(Date.now() - 1000),
        });
        expect((await t.http().get('/api/test-gated/paid').set(bearer(session))).status).toBe(402);
        for (let i = 0; i < 20 && received.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
        expect(received).toEqual([
          {
            id: expect.any(String),
            userId: session.user.id,
            plan: 'gold',
            unlimited: false,
            effective: { plan: 'gold', unlimited: false },
            effective_until: null,
          },
          {
            id: expect.any(String),
            userId: session.user.id,
            plan: 'gold',
            unlimited: false,
            effective: { plan: 'free', unlimited: false },
            effective_until: null,
          },
        ]);
      } finally {
        await listener.quit();
      }
    });

    // spec 000 §1: billing renews. Stripe's renewal is recorded after the period's end (its webhook, or the
    // reconciliation when that is lost): until then the plan holds, on every credential, for the renewal grace.
    it("keeps a renewing subscription's plan past its period end, to the end of the renewal grace", async () => {
      const { session } = await signUp(t, 'platinum');
      const user = session.user.id;
      const key: string = (await t.http().post('/api/api-keys').set(bearer(session)).send({ name: 'bot' })).body.key;
      const gates = async () => [
        (await t.http().get('/api/test-gated/platinum').set(bearer(session))).status,
        (await t.http().get('/api/test-gated/platinum').set('x-api-key', key)).status,
        (await t.http().get('/api/me').set(bearer(session))).body.plan,
      ];
      const justEnded = new Date(Date.now() - 60_000);
      await t.plans.changePlan(user, { status: 'active', cancel_at_period_end: false, current_period_end: justEnded });
      expect(await gates()).toEqual([200, 200, 'platinum']);
      await t.plans.changePlan(user, { status: 'trialing' });
      expect(await gates()).toEqual([200, 200, 'platinum']);

      // the grace run out, a cancel at the period's end, or Stripe's report of a failed renewal: the period ended it
      const graceOver = new Date(Date.now() - RENEWAL_GRACE_MS - 1000);
      await t.plans.changePlan(user, { status: 'active', current_period_end: graceOver });
      expect(await gates()).toEqual([403, 403, 'free']);
      await t.plans.changePlan(user, { cancel_at_period_end: true, current_period_end: justEnded });
      expect(await gates()).toEqual([403, 403, 'free']);
      await t.plans.changePlan(user, { cancel_at_period_end: false, status: 'past_due' });
      expect(await gates()).toEqual([403, 403, 'free']);
    });

    // DECISIONS 4: a gift grants Platinum for a month, shown in /api/me.
    it('reports a gift and its end date in /api/me', async () => {
      const { session } = await signUp(t);
      const end = new Date(Date.now() + 30 * 86_400_000);
      await t.plans.changePlan(session.user.id, { plan: 'platinum', is_gifted: true, current_period_end: end });
      const me = await t.http().get('/api/me').set(bearer(session));
      expect(me.body).toMatchObject({
        plan: 'platinum',
        is_gifted: true,
        subscription_end_date: end.toISOString(),
        unlimited: true,
        limit: null,
        remaining: null,
      });
    });
  });

  // DECISIONS 2: 250 odds-data calls per calendar month for the free plan, then 402 with the real numbers.
  describe('free-plan metering', () => {
    it('allows 250 calls in the month, then answers 402 QUOTA_EXCEEDED with used and quota', async () => {
      const { session } = await signUp(t, 'free');
      for (let i = 1; i <= 250; i++) {
        const res = await t.http().get('/api/test-gated/odds').set(bearer(session));
        if (res.status !== 200) throw new Error(`call ${i} answered ${res.status}`);
      }
      const me = await t.http().get('/api/me').set(bearer(session));
      expect(me.body).toMatchObject({ plan: 'free', used: 250, limit: 250, remaining: 0 });
      const over = await t.http().get('/api/test-gated/odds').set(bearer(session));
      expect(over.status).toBe(402);
      expect(over.body).toEqual({
        statusCode: 402,
        code: 'QUOTA_EXCEEDED',
        message: "You've reached the free 250 request limit. Upgrade to continue.",
        used: 250,
        quota: 250,
      });
      // Upgrading lifts the meter at once.
      await t.plans.changePlan(session.user.id, { plan: 'gold' });
      expect((await t.http().get('/api/test-gated/odds').set(bearer(session))).status).toBe(200);
    }, 60_000);

    it('never lets concurrent calls past the quota', async () => {
      const { session } = await signUp(t, 'free');
      await t.db
        .insertInto('usage_counters')
        .values({ user_id: session.user.id, period: currentPeriod(), calls: 245 })
        .execute();
      const results = await Promise.all(
        Array.from({ length: 20 }, () => t.http().get('/api/test-gated/odds').set(bearer(session))),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(5);
      expect(results.filter((r) => r.status === 402)).toHaveLength(15);
    });

    it('does not meter paid plans', async () => {
      const { session } = await signUp(t, 'gold');
      for (let i = 0; i < 3; i++)
        expect((await t.http().get('/api/test-gated/odds').set(bearer(session))).status).toBe(200);
      expect((await t.http().get('/api/me').set(bearer(session))).body).toMatchObject({
        plan: 'gold',
        metered: false,
        used: 0,
        limit: null,
      });
    });
  });

  // CSRF: cookie-authenticated unsafe requests need x-csrf-token; bearer requests do not.
  describe('CSRF', () => {
    it('lets cookie sessions read, and write only with the matching x-csrf-token', async () => {
      const { email } = await signUp(t);
      const login = await t.http().post('/api/auth/login').send({ email, password: TEST_PASSWORD });
      const cookies = cookiesOf(login);
      expect(cookies.op_access).toBe(login.body.access_token);
      expect(cookies.op_csrf).toMatch(/^[\w-]{43}$/);
      expect((login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('op_access='))).toMatch(
        /HttpOnly/,
      );
      const cookieHeader = `op_access=${cookies.op_access}; op_csrf=${cookies.op_csrf}`;

      const read = await t.http().get('/api/test-gated/signed-in').set('Cookie', cookieHeader);
      expect(read.status).toBe(200);
      expect(read.body.via).toBe('cookie');

      for (const header of [undefined, 'wrong-token']) {
        const req = t.http().post('/api/test-gated/signed-in').set('Cookie', cookieHeader);
        const res = header ? await req.set('x-csrf-token', header) : await req;
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ code: 'CSRF_FAILED', message: 'CSRF token validation failed' });
      }
      const ok = await t
        .http()
        .post('/api/test-gated/signed-in')
        .set('Cookie', cookieHeader)
        .set('x-csrf-token', cookies.op_csrf);
      expect(ok.status).toBe(201);
    });

    it('refuses a CSRF token from another session, even when cookie and header agree', async () => {
      const a = await t
        .http()
        .post('/api/auth/login')
        .send({ email: (await signUp(t)).email, password: TEST_PASSWORD });
      const b = await t
        .http()
        .post('/api/auth/login')
        .send({ email: (await signUp(t)).email, password: TEST_PASSWORD });
      const foreign = cookiesOf(b).op_csrf;
      const res = await t
        .http()
        .post('/api/test-gated/signed-in')
        .set('Cookie', `op_access=${cookiesOf(a).op_access}; op_csrf=${foreign}`)
        .set('x-csrf-token', foreign);
      expect(res.status).toBe(403);
    });

    // DECISIONS 35 and 2: a link on another site opens a metered GET with the Lax access cookie; it must spend nothing.
    it("refuses a cookie request another site started, so no page elsewhere spends the user's quota", async () => {
      const { session, email } = await signUp(t, 'free');
      const login = await t.http().post('/api/auth/login').send({ email, password: TEST_PASSWORD });
      const cookies = cookiesOf(login);
      const cookieHeader = `op_access=${cookies.op_access}; op_csrf=${cookies.op_csrf}`;
      const used = async () => (await t.http().get('/api/me').set(bearer(session))).body.used as number;

      for (const site of ['cross-site', 'same-site']) {
        const foreign = await t
          .http()
          .get('/api/test-gated/odds')
          .set('Cookie', cookieHeader)
          .set('Sec-Fetch-Site', site);
        expect(foreign.status).toBe(403);
        expect(foreign.body).toMatchObject({ code: 'CSRF_FAILED', message: 'CSRF token validation failed' });
      }
      expect(await used()).toBe(0);

      // the app's own fetches, an address the user typed, and a browser that sends no Sec-Fetch-Site
      for (const site of ['same-origin', 'none', undefined]) {
        const req = t.http().get('/api/test-gated/odds').set('Cookie', cookieHeader);
        expect((await (site ? req.set('Sec-Fetch-Site', site) : req)).status).toBe(200);
      }
      expect(await used()).toBe(3);

      // a GET with no effect opens from a link elsewhere (the other site cannot read its answer)
      const unmetered = await t.http().get('/api/me').set('Cookie', cookieHeader).set('Sec-Fetch-Site', 'cross-site');
      expect(unmetered.status).toBe(200);
      // an unsafe request another site started fails, its CSRF token notwithstanding
      const post = (site: string) =>
        t
          .http()
          .post('/api/test-gated/signed-in')
          .set('Cookie', cookieHeader)
          .set('x-csrf-token', cookies.op_csrf)
          .set('Sec-Fetch-Site', site);
      expect((await post('cross-site')).status).toBe(403);
      expect((await post('same-origin')).status).toBeLessThan(300);

      // a bearer token or an API key is never attached by a browser on its own: where the request came from is no matter
      const viaBearer = await t
        .http()
        .get('/api/test-gated/odds')
        .set(bearer(session))
        .set('Sec-Fetch-Site', 'cross-site');
      expect(viaBearer.status).toBe(200);
      const platinum = await signUp(t, 'platinum');
      const key = await t.http().post('/api/api-keys').set(bearer(platinum.session)).send({ name: 'script' });
      const viaKey = await t
        .http()
        .get('/api/test-gated/odds')
        .set('x-api-key', key.body.key as string)
        .set('Sec-Fetch-Site', 'cross-site');
      expect(viaKey.status).toBe(200);
    });

    it('does not ask bearer requests for a CSRF token', async () => {
      const { session } = await signUp(t);
      const res = await t.http().post('/api/test-gated/signed-in').set(bearer(session));
      expect(res.status).toBe(201);
      expect(res.body.via).toBe('bearer');
    });
  });

  // The socket gateway authenticates handshakes through its one authenticator, on the accounts services.
  describe('socket handshake authentication', () => {
    it('accepts a live JWT or a Platinum key, and nothing else', async () => {
      const handshakes = new SocketAuthService(t.get(AuthService), t.get(ApiKeyService), t.get(APP_CONFIG));
      const withToken = (token: string) => handshakes.authenticate({ headers: {}, auth: { token } });
      const withKey = (apiKey: string) => handshakes.authenticate({ headers: {}, auth: { apiKey } });
      const platinum = (await signUp(t, 'platinum')).session;
      const gold = (await signUp(t, 'gold')).session;
      const key = (await t.http().post('/api/api-keys').set(bearer(platinum)).send({ name: 'socket' })).body
        .key as string;

      expect(await withToken(gold.access_token)).toMatchObject({
        ok: true,
        user: { id: gold.user.id, access: { plan: 'gold' }, via: 'bearer' },
      });
      expect(await withKey(key)).toMatchObject({
        ok: true,
        user: { id: platinum.user.id, access: { plan: 'platinum' }, via: 'api_key' },
      });
      expect(await withToken('forged')).toMatchObject({ ok: false, code: 'AUTH_REQUIRED' });
      expect(await handshakes.authenticate({ headers: {}, auth: {} })).toEqual({
        ok: true,
        user: null,
        credential: null,
      });

      await t.plans.changePlan(platinum.user.id, { plan: 'gold' });
      expect(await withKey(key)).toMatchObject({ ok: false, code: 'PLATINUM_REQUIRED' });
      await t.http().post('/api/auth/logout').set(bearer(gold)).expect(204);
      expect(await withToken(gold.access_token)).toMatchObject({ ok: false, code: 'AUTH_REQUIRED' });
    });
  });

  // DECISIONS 5: Platinum personal API keys, accepted as x-api-key.
  describe('API keys', () => {
    it('are made on Platinum only', async () => {
      const gold = (await signUp(t, 'gold')).session;
      const res = await t.http().post('/api/api-keys').set(bearer(gold)).send({ name: 'script' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('PLATINUM_REQUIRED');
      expect((await t.http().get('/api/api-keys').set(bearer(gold))).body).toEqual([]);
    });

    // docs/security.md: keys are revocable, by an owner who lost Platinum too: else a leaked key would work again
    // the day Platinum came back (a gift, a new subscription)
    it('are listed, renamed and revoked by their owner on any plan; made and rotated on Platinum only', async () => {
      const { session } = await signUp(t, 'platinum');
      const user = session.user.id;
      const made = (await t.http().post('/api/api-keys').set(bearer(session)).send({ name: 'leaked' })).body;
      await t.plans.changePlan(user, { plan: 'free', status: 'canceled' });

      for (const refused of [
        await t.http().post('/api/api-keys').set(bearer(session)).send({ name: 'another' }),
        await t.http().post(`/api/api-keys/${made.id}/rotate`).set(bearer(session)),
      ]) {
        expect(refused.status).toBe(403);
        expect(refused.body.code).toBe('PLATINUM_REQUIRED');
      }
      const listed = await t.http().get('/api/api-keys').set(bearer(session));
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual([expect.objectContaining({ id: made.id, name: 'leaked' })]);
      const renamed = await t.http().patch(`/api/api-keys/${made.id}`).set(bearer(session)).send({ name: 'old bot' });
      expect(renamed.body).toMatchObject({ id: made.id, name: 'old bot' });
      expect((await t.http().delete(`/api/api-keys/${made.id}`).set(bearer(session))).status).toBe(204);

      const giftEnd = new Date(Date.now() + 30 * 86_400_000);
      await t.plans.changePlan(user, {
        plan: 'platinum',
        status: 'active',
        is_gifted: true,
        current_period_end: giftEnd,
      });
      expect((await t.http().get('/api/test-gated/platinum').set('x-api-key', made.key)).status).toBe(401);
      expect((await t.http().get('/api/api-keys').set(bearer(session))).body).toEqual([]);
    });

    it('can be created, listed, used and revoked; a revoked key or a lapsed plan is refused', async () => {
      const { session } = await signUp(t, 'platinum');
      const created = await t.http().post('/api/api-keys').set(bearer(session)).send({ name: 'my script' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        id: expect.any(String),
        name: 'my script',
        key: expect.stringMatching(/^op_[\w-]{43}$/),
      });
      const key: string = created.body.key;
      expect(created.body.prefix).toBe(key.slice(0, 10));

      const list = await t.http().get('/api/api-keys').set(bearer(session));
      expect(list.body).toEqual([
        {
          id: created.body.id,
          name: 'my script',
          prefix: key.slice(0, 10),
          created_at: expect.any(String),
          last_used_at: null,
          // a key made without scopes reads only
          scopes: ['read'],
        },
      ]);
      expect(JSON.stringify(list.body)).not.toContain(key);
      const stored = await t.db
        .selectFrom('api_keys')
        .select('key_hash')
        .where('id', '=', created.body.id)
        .executeTakeFirstOrThrow();
      expect(stored.key_hash).not.toContain(key);

      const used = await t.http().get('/api/test-gated/platinum').set('x-api-key', key);
      expect(used.status).toBe(200);
      expect(used.body.via).toBe('api_key');
      expect((await t.http().get('/api/test-gated/odds').set('x-api-key', key)).status).toBe(200);
      expect((await t.http().get('/api/test-gated/platinum').set('x-api-key', `${key}x`)).status).toBe(401);

      await t.plans.changePlan(session.user.id, { plan: 'gold' });
      const lapsed = await t.http().get('/api/test-gated/paid').set('x-api-key', key);
      expect(lapsed.status).toBe(403);
      expect(lapsed.body.code).toBe('PLATINUM_REQUIRED');
      await t.plans.changePlan(session.user.id, { plan: 'platinum' });

      expect((await t.http().delete(`/api/api-keys/${created.body.id}`).set(bearer(session))).status).toBe(204);
      const revoked = await t.http().get('/api/test-gated/platinum').set('x-api-key', key);
      expect(revoked.status).toBe(401);
      expect(revoked.body.message).toBe('Authentication required');
      expect((await t.http().get('/api/api-keys').set(bearer(session))).body).toEqual([]);
      expect((await t.http().delete(`/api/api-keys/${created.body.id}`).set(bearer(session))).status).toBe(404);
    });

    it("cannot revoke another user's key", async () => {
      const owner = (await signUp(t, 'platinum')).session;
      const other = (await signUp(t, 'platinum')).session;
      const created = await t.http().post('/api/api-keys').set(bearer(owner)).send({ name: 'mine' });
      expect((await t.http().delete(`/api/api-keys/${created.body.id}`).set(bearer(other))).status).toBe(404);
      expect((await t.http().get('/api/test-gated/platinum').set('x-api-key', created.body.key)).status).toBe(200);
    });

    it('needs a name', async () => {
      const { session } = await signUp(t, 'platinum');
      const res = await t.http().post('/api/api-keys').set(bearer(session)).send({ name: '  ' });
      expect(res.status).toBe(400);
    });

    // docs/security.md: at most 10 active keys a user; 20 made at once left 15.
    it('are held to the maximum when many are made at once', async () => {
      const { session } = await signUp(t, 'platinum');
      const made = await Promise.all(
        Array.from({ length: 2 * MAX_ACTIVE_API_KEYS }, (_, i) =>
          t
            .http()
            .post('/api/api-keys')
            .set(bearer(session))
            .send({ name: `bot ${i}` }),
        ),
      );
      expect(made.filter((res) => res.status === 201)).toHaveLength(MAX_ACTIVE_API_KEYS);
      expect(made.filter((res) => res.body.code === 'API_KEY_LIMIT')).toHaveLength(MAX_ACTIVE_API_KEYS);
      expect((await t.http().get('/api/api-keys').set(bearer(session))).body).toHaveLength(MAX_ACTIVE_API_KEYS);
    });
  });
});

function currentPeriod(): string {
  const now = new Date();
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
}
