import { Controller, Get } from '@nestjs/common';
import { sql } from 'kysely';
import {
  ApiKeysRepository,
  AuditLogRepository,
  PlanChanges,
  PlanRepository,
  PrincipalChanges,
  RealtimeBus,
  RedisService,
  SessionsRepository,
  type AppConfig,
} from '@oddspulse/core';
import type { AuthUser } from './auth-user';
import { PRINCIPAL_TTL_MS, PrincipalCache } from './principal-cache';
import { CurrentUser, RequireAuth, RequirePaidPlan, RequirePlatinum } from '../access/decorators';
import { AcceptsApiKey } from '../access/api-key-scope';
import {
  AccountsTestApp,
  TEST_PASSWORD,
  bearer,
  createAccountsApp,
  outboxMailTo,
  signUp,
} from '../../../../test/support/accounts-app';
import { OwnRedis } from '../../../../test/support/own-redis';
import { TcpProxy } from '../../../../test/support/tcp-proxy';

/** Routes that need nothing but who is asking: what they answer is the principal's doing alone. */
@Controller('test-principal')
@AcceptsApiKey()
class PrincipalController {
  @Get('signed-in')
  @RequireAuth()
  signedIn(@CurrentUser() user: AuthUser) {
    return { id: user.id, plan: user.access.plan };
  }

  @Get('paid')
  @RequirePaidPlan()
  paid() {
    return { ok: true };
  }

  @Get('platinum')
  @RequirePlatinum()
  platinum() {
    return { ok: true };
  }
}

const withRoutes = (overrides: Partial<AppConfig> = {}) =>
  createAccountsApp(overrides, { controllers: [PrincipalController] });

/** Counts the principal reads a server process makes from PostgreSQL. */
function principalReads(t: AccountsTestApp): { sessions: jest.SpyInstance; keys: jest.SpyInstance } {
  return {
    sessions: jest.spyOn(t.get(SessionsRepository), 'findPrincipal'),
    keys: jest.spyOn(t.get(ApiKeysRepository), 'findActiveOwner'),
  };
}

/** Until the process's principal cache hears announcements (it reads PostgreSQL every time before), or stops hearing them. */
async function hearing(t: AccountsTestApp, heard = true): Promise<void> {
  const cache = t.get(PrincipalCache);
  for (let i = 0; i < 200 && cache.hearing !== heard; i++) await new Promise((r) => setTimeout(r, 50));
  expect(cache.hearing).toBe(heard);
}

/**
 * What `t` answers once a change announced by another process has reached it. Pub/sub delivers the announcement in
 * about a millisecond, yet a request sent at the same moment on another socket may still be served first. A second is
 * far under PRINCIPAL_TTL_MS, so nothing but the announcement can change the answer in time.
 */
async function onceHeard(t: AccountsTestApp, path: string, headers: Record<string, string>, status: number) {
  const deadline = Date.now() + 1000;
  let answer = await t.http().get(path).set(headers);
  while (answer.status !== status && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 10));
    answer = await t.http().get(path).set(headers);
  }
  return answer;
}

// A signed-in request's session, key and plan come from the process's memory; every change to them (a sign-out,
// a password reset, a replayed refresh token, a key revoked or rotated, any plan change) takes effect in every server
// process as soon as its announcement arrives, and nothing is served from memory while the announcements cannot be heard.
describe('principals kept in memory, across two server processes (real PostgreSQL and Redis)', () => {
  let a: AccountsTestApp;
  let b: AccountsTestApp;

  beforeAll(async () => {
    a = await withRoutes({ DEV_OUTBOX: true, TRUST_PROXY: ['loopback'] });
    b = await withRoutes({ DEV_OUTBOX: true, TRUST_PROXY: ['loopback'] });
    await Promise.all([hearing(a), hearing(b)]);
  });

  afterAll(async () => {
    await b.app.close();
    await a.app.close();
  });

  afterEach(() => jest.restoreAllMocks());

  /** Signed in on B, and B now holds the session in memory (one read of PostgreSQL for any number of requests). */
  async function signedInOnB(plan: 'free' | 'gold' | 'platinum' = 'gold') {
    const { email, session } = await signUp(a, plan);
    const reads = principalReads(b);
    for (let i = 0; i < 3; i++)
      expect((await b.http().get('/api/test-principal/signed-in').set(bearer(session))).status).toBe(200);
    expect(reads.sessions).toHaveBeenCalledTimes(1);
    return { email, session, reads };
  }

  it('reads a session from PostgreSQL once per process, then serves it from memory', async () => {
    const { session } = await signedInOnB();
    expect((await a.http().get('/api/test-principal/signed-in').set(bearer(session))).body).toEqual({
      id: session.user.id,
      plan: 'gold',
    });
  });

  it('a sign-out on one process is refused at once by the other', async () => {
    const { session } = await signedInOnB();
    await a.http().post('/api/auth/logout').set(bearer(session)).expect(204);
    const after = await onceHeard(b, '/api/test-principal/signed-in', bearer(session), 401);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ statusCode: 401, code: 'AUTH_REQUIRED', message: 'Authentication required' });
  });

  it('a password reset on one process signs the old session out on the other at once', async () => {
    const { email, session } = await signedInOnB();
    await a.http().post('/api/auth/password-reset').set('X-Forwarded-For', '203.0.113.80').send({ email }).expect(200);
    const { text } = await outboxMailTo(a, email);
    const token = decodeURIComponent(/reset_token=([\w%-]+)/.exec(text)![1]);
    const reset = await a
      .http()
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'Fresh-river-stone-31' })
      .expect(200);
    expect((await onceHeard(b, '/api/test-principal/signed-in', bearer(session), 401)).status).toBe(401);
    expect((await b.http().get('/api/test-principal/signed-in').set(bearer(reset.body))).status).toBe(200);
  });

  it('a replayed refresh token on one process ends the family on the other at once', async () => {
    const { session } = await signedInOnB();
    const rotated = (
      await a.http().post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(200)
    ).body;
    expect((await b.http().get('/api/test-principal/signed-in').set(bearer(rotated))).status).toBe(200);
    await a.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - (a.config.REFRESH_TOKEN_REUSE_GRACE_SECONDS + 1) * 1000) })
      .where('rotated_at', 'is not', null)
      .where('family_id', 'in', (qb) =>
        qb.selectFrom('session_families').select('id').where('user_id', '=', session.user.id),
      )
      .execute();
    await a.http().post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(401);
    expect((await onceHeard(b, '/api/test-principal/signed-in', bearer(rotated), 401)).status).toBe(401);
    expect((await b.http().get('/api/test-principal/signed-in').set(bearer(session))).status).toBe(401);
  });

  it('a plan change made on one process is seen on the other with the next request, downgrade and upgrade', async () => {
    const { session } = await signedInOnB('platinum');
    expect((await b.http().get('/api/test-principal/platinum').set(bearer(session))).status).toBe(200);
    await a.plans.changePlan(session.user.id, { plan: 'gold' });
    const refused = await onceHeard(b, '/api/test-principal/platinum', bearer(session), 403);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      statusCode: 403,
      code: 'PLATINUM_REQUIRED',
      message: 'This feature requires a Platinum subscription.',
    });
    await a.plans.changePlan(session.user.id, { plan: 'free', status: 'canceled' });
    expect((await onceHeard(b, '/api/test-principal/paid', bearer(session), 402)).status).toBe(402);
    await a.plans.changePlan(session.user.id, { plan: 'platinum', status: 'active' });
    expect((await onceHeard(b, '/api/test-principal/platinum', bearer(session), 200)).status).toBe(200);
  });

  // The workers' billing reconciliation and any other process writes plans through PlanChanges too: no server cache of its own.
  it('a plan change made by a process without a principal cache (the workers) reaches both servers', async () => {
    const { session } = await signedInOnB('platinum');
    const redis = new RedisService(a.config);
    try {
      const bus = new RealtimeBus(redis);
      const worker = new PlanChanges(a.get(PlanRepository), bus, a.get(AuditLogRepository), new PrincipalChanges(bus));
      await worker.apply(session.user.id, { plan: 'gold' }, { reason: 'reconciliation' });
      expect((await onceHeard(b, '/api/test-principal/platinum', bearer(session), 403)).status).toBe(403);
      expect((await onceHeard(a, '/api/test-principal/platinum', bearer(session), 403)).status).toBe(403);
    } finally {
      await redis.onApplicationShutdown();
    }
  });

  it('a paid period that ends is seen at once, with no announcement: the plan in force is worked out per request', async () => {
    const { session } = await signedInOnB('gold');
    await a.plans.changePlan(session.user.id, {
      plan: 'gold',
      cancel_at_period_end: true,
      current_period_end: new Date(Date.now() + 1500),
    });
    expect((await b.http().get('/api/test-principal/paid').set(bearer(session))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1600));
    expect((await b.http().get('/api/test-principal/paid').set(bearer(session))).status).toBe(402);
  });

  it('an API key revoked or rotated on one process stops working on the other at once, as does its owner losing Platinum', async () => {
    const { session } = await signUp(a, 'platinum');
    const create = async (name: string) =>
      (await a.http().post('/api/api-keys').set(bearer(session)).send({ name }).expect(201)).body as {
        id: string;
        key: string;
      };
    const revoked = await create('revoked');
    const rotated = await create('rotated');
    const reads = principalReads(b);
    for (const key of [revoked.key, revoked.key, rotated.key, rotated.key]) {
      expect((await b.http().get('/api/test-principal/platinum').set('x-api-key', key)).status).toBe(200);
    }
    expect(reads.keys).toHaveBeenCalledTimes(2);

    await a.http().delete(`/api/api-keys/${revoked.id}`).set(bearer(session)).expect(204);
    expect((await onceHeard(b, '/api/test-principal/platinum', { 'x-api-key': revoked.key }, 401)).status).toBe(401);

    const renewed = (await a.http().post(`/api/api-keys/${rotated.id}/rotate`).set(bearer(session)).expect(200)).body
      .key as string;
    expect((await onceHeard(b, '/api/test-principal/platinum', { 'x-api-key': rotated.key }, 401)).status).toBe(401);
    expect((await b.http().get('/api/test-principal/platinum').set('x-api-key', renewed)).status).toBe(200);

    await a.plans.changePlan(session.user.id, { plan: 'gold' });
    const lost = await onceHeard(b, '/api/test-principal/platinum', { 'x-api-key': renewed }, 403);
    expect(lost.status).toBe(403);
    expect(lost.body.code).toBe('PLATINUM_REQUIRED');
  });

  it('holds a session no longer than the TTL should an announcement be lost (a change written without one)', async () => {
    const { session, reads } = await signedInOnB();
    await a.db
      .updateTable('session_families')
      .set({ revoked_at: new Date(), revoke_reason: 'logout' })
      .where('user_id', '=', session.user.id)
      .execute();
    // the backstop, not the way: served from memory until the TTL...
    expect((await b.http().get('/api/test-principal/signed-in').set(bearer(session))).status).toBe(200);
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + PRINCIPAL_TTL_MS + 1);
    // ...and read again after it
    expect((await b.http().get('/api/test-principal/signed-in').set(bearer(session))).status).toBe(401);
    expect(reads.sessions).toHaveBeenCalledTimes(2);
  });

  it('reads PostgreSQL every time while its announcements are not heard, then keeps again once they are', async () => {
    const { session, reads } = await signedInOnB();
    const cache = b.get(PrincipalCache);
    // the subscription lost: as when Redis goes away
    await cache.onApplicationShutdown();
    await sql`UPDATE session_families SET revoked_at = now(), revoke_reason = 'logout' WHERE user_id = ${session.user.id}`.execute(
      a.db,
    );
    expect((await b.http().get('/api/test-principal/signed-in').set(bearer(session))).status).toBe(401);
    const other = (
      await b
        .http()
        .post('/api/auth/login')
        .send({ email: (await signUp(a, 'gold')).email, password: TEST_PASSWORD })
        .expect(200)
    ).body;
    reads.sessions.mockClear();
    for (let i = 0; i < 2; i++) await b.http().get('/api/test-principal/signed-in').set(bearer(other)).expect(200);
    expect(reads.sessions).toHaveBeenCalledTimes(2);
    cache.onModuleInit();
    await hearing(b);
    reads.sessions.mockClear();
    for (let i = 0; i < 2; i++) await b.http().get('/api/test-principal/signed-in').set(bearer(other)).expect(200);
    expect(reads.sessions).toHaveBeenCalledTimes(1);
  });
});

// Redis lost, then back. While it is away nothing is served from memory (an announcement could
// be missed); what was kept before is forgotten, since one may have been.
describe('principals through a Redis outage (a redis-server of the test’s own)', () => {
  let redis: OwnRedis;
  let t: AccountsTestApp;

  beforeAll(async () => {
    redis = await OwnRedis.started();
    t = await withRoutes({ REDIS_URL: redis.url });
    await hearing(t);
  });

  afterAll(async () => {
    await redis.start();
    await t.app.close();
    await redis.stop();
  });

  it('reads every session from PostgreSQL while Redis is away, sees a revocation at once, and keeps again once it is back', async () => {
    const { session } = await signUp(t, 'gold');
    // signed up before: a plan cannot be given while Redis is away (its change is published)
    const { session: other } = await signUp(t, 'gold');
    const reads = principalReads(t);
    await t.http().get('/api/test-principal/signed-in').set(bearer(session)).expect(200);
    await t.http().get('/api/test-principal/signed-in').set(bearer(session)).expect(200);
    expect(reads.sessions).toHaveBeenCalledTimes(1);

    await redis.stop();
    await hearing(t, false);
    // revoked with no announcement possible (Redis is down): seen at once all the same
    await t.db
      .updateTable('session_families')
      .set({ revoked_at: new Date(), revoke_reason: 'logout' })
      .where('user_id', '=', session.user.id)
      .execute();
    expect((await t.http().get('/api/test-principal/signed-in').set(bearer(session))).status).toBe(401);
    reads.sessions.mockClear();
    for (let i = 0; i < 2; i++) await t.http().get('/api/test-principal/signed-in').set(bearer(other)).expect(200);
    expect(reads.sessions).toHaveBeenCalledTimes(2);

    await redis.start();
    await hearing(t);
    reads.sessions.mockClear();
    for (let i = 0; i < 3; i++) await t.http().get('/api/test-principal/signed-in').set(bearer(other)).expect(200);
    expect(reads.sessions).toHaveBeenCalledTimes(1);
  }, 60_000);
});

// PostgreSQL lost. A principal not kept is a quick 503, as before; one kept is served no
// longer than the TTL, after which it is a 503 too: the cache never hides the outage for long, nor turns it into a 500.
describe('principals through a PostgreSQL outage (behind a TCP proxy the test cuts)', () => {
  const proxy = new TcpProxy(Number(new URL(process.env.DATABASE_URL!).port || 5432));
  let t: AccountsTestApp;

  beforeAll(async () => {
    const port = await proxy.start();
    const url = new URL(process.env.DATABASE_URL!);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    t = await withRoutes({ DATABASE_URL: url.toString(), REDIS_PREFIX: `${process.env.REDIS_PREFIX}-principal-pgcut` });
    await hearing(t);
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await t.app.close();
    await proxy.stop();
  });

  it('answers 503 for a session not kept, serves a kept one until its TTL, then 503, and recovers without a restart', async () => {
    const kept = (await signUp(t, 'gold')).session;
    const fresh = (await signUp(t, 'gold')).session;
    await t.http().get('/api/test-principal/signed-in').set(bearer(kept)).expect(200);

    await proxy.stop();
    const unavailable = {
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Temporarily unavailable. Please try again shortly.',
    };
    const notKept = await t.http().get('/api/test-principal/signed-in').set(bearer(fresh));
    expect(notKept.status).toBe(503);
    expect(notKept.body).toEqual(unavailable);
    expect((await t.http().get('/api/test-principal/signed-in').set(bearer(kept))).status).toBe(200);
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + PRINCIPAL_TTL_MS + 1);
    const expired = await t.http().get('/api/test-principal/signed-in').set(bearer(kept));
    expect(expired.status).toBe(503);
    expect(expired.body).toEqual(unavailable);
    jest.restoreAllMocks();

    await proxy.start();
    for (const session of [kept, fresh])
      await t.http().get('/api/test-principal/signed-in').set(bearer(session)).expect(200);
  }, 30_000);
});
