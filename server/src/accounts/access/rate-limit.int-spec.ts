import { randomBytes } from 'node:crypto';
import {
  AccountsTestApp,
  TEST_PASSWORD,
  bearer,
  createAccountsApp,
  outboxMailTo,
  uniqueEmail,
} from '../../../../test/support/accounts-app';
import { OwnRedis } from '../../../../test/support/own-redis';
import { parseConfig, type AppConfig } from '@oddspulse/core';

const TOO_MANY = 'Too many requests. Please wait before trying again.';

let address = 0;
/** A client address of its own per test (the suites share one Redis prefix); the suite trusts X-Forwarded-For from the loopback. */
const nextAddress = () => `192.0.2.${++address}`;

/** Signs up from an address of its own, so the low global limit of this suite is not spent by set-up. */
async function signUp(app: AccountsTestApp): Promise<{ email: string }> {
  const email = uniqueEmail('limited');
  await app
    .http()
    .post('/api/auth/signup')
    .set('X-Forwarded-For', nextAddress())
    .send({ email, password: TEST_PASSWORD })
    .expect(201);
  return { email };
}

/** Two server processes on the run's Redis and PostgreSQL for a block's tests, and a sign-in sent to either. */
function twoServers(overrides: Partial<AppConfig>) {
  const servers: AccountsTestApp[] = [];
  beforeAll(async () => {
    servers.push(await createAccountsApp(overrides), await createAccountsApp(overrides));
  });
  afterAll(async () => {
    for (const server of servers.splice(0).reverse()) await server.app.close();
  });
  /** A sign-in from `ip`, on the first process or the second by the parity of `i`. */
  const attempt = (i: number, ip: string, email: string, password: string) =>
    servers[i % 2].http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password });
  return { servers, attempt };
}

// DECISIONS 8: real server-side rate limits, 429 with Retry-After; every door limited, through Redis outages.
describe('rate limits (real Redis, shared across server processes)', () => {
  let first: AccountsTestApp;
  let second: AccountsTestApp;

  beforeAll(async () => {
    const limits = {
      TRUST_PROXY: ['loopback'],
      DEV_OUTBOX: true,
      RATE_LIMIT_MAX: 5,
      RATE_LIMIT_WINDOW_SECONDS: 60,
      RATE_LIMIT_LOGIN_MAX: 3,
      RATE_LIMIT_RESET_MAX: 2,
      RATE_LIMIT_RESET_EMAIL_MAX: 2,
      RATE_LIMIT_RESET_CONFIRM_MAX: 3,
      RATE_LIMIT_RESET_CONFIRM_TOKEN_MAX: 3,
      RATE_LIMIT_SIGNUP_MAX: 3,
      RATE_LIMIT_SIGNUP_EMAIL_MAX: 2,
      RATE_LIMIT_API_KEY_MAX: 3,
    };
    first = await createAccountsApp(limits);
    second = await createAccountsApp(limits);
  });

  afterAll(async () => {
    await second.app.close();
    await first.app.close();
  });

  it('counts one address across two server processes and answers 429 with Retry-After', async () => {
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const app = i % 2 ? second : first;
      statuses.push((await app.http().get('/api/auth/providers').set('X-Forwarded-For', ip)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const limited = await second.http().get('/api/auth/providers').set('X-Forwarded-For', ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ statusCode: 429, message: TOO_MANY });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address is unaffected.
    expect((await first.http().get('/api/auth/providers').set('X-Forwarded-For', nextAddress())).status).toBe(200);
  });

  it('locks sign-in after repeated failures for an account, even with the right password', async () => {
    const ip = nextAddress();
    const { email } = await signUp(first);
    for (let i = 0; i < 3; i++) {
      const res = await first
        .http()
        .post('/api/auth/login')
        .set('X-Forwarded-For', ip)
        .send({ email, password: `wrong-${i}-password` });
      expect(res.status).toBe(400);
    }
    const locked = await second
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .send({ email, password: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(TOO_MANY);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
    // The rightful owner elsewhere is not locked out.
    expect(
      (
        await first
          .http()
          .post('/api/auth/login')
          .set('X-Forwarded-For', nextAddress())
          .send({ email, password: TEST_PASSWORD })
      ).status,
    ).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const ip = nextAddress();
    const { email } = await signUp(first);
    for (let i = 0; i < 4; i++) {
      expect(
        (await first.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password: TEST_PASSWORD }))
          .status,
      ).toBe(200);
    }
  });

  it('limits password reset requests per address', async () => {
    const ip = nextAddress();
    const emails = [(await signUp(first)).email, (await signUp(first)).email, (await signUp(first)).email];
    expect(
      (await first.http().post('/api/auth/password-reset').set('X-Forwarded-For', ip).send({ email: emails[0] }))
        .status,
    ).toBe(200);
    expect(
      (await second.http().post('/api/auth/password-reset').set('X-Forwarded-For', ip).send({ email: emails[1] }))
        .status,
    ).toBe(200);
    const limited = await first
      .http()
      .post('/api/auth/password-reset')
      .set('X-Forwarded-For', ip)
      .send({ email: emails[2] });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(TOO_MANY);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('limits password reset requests per email, from any address (one inbox is not flooded)', async () => {
    const { email } = await signUp(first);
    for (let i = 0; i < 2; i++)
      expect(
        (await first.http().post('/api/auth/password-reset').set('X-Forwarded-For', nextAddress()).send({ email }))
          .status,
      ).toBe(200);
    const limited = await second
      .http()
      .post('/api/auth/password-reset')
      .set('X-Forwarded-For', nextAddress())
      .send({ email: email.toUpperCase() });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('limits confirmations of one reset link, from any address: one link buys no burst of argon2 hashes', async () => {
    const { email } = await signUp(first);
    await first
      .http()
      .post('/api/auth/password-reset')
      .set('X-Forwarded-For', nextAddress())
      .send({ email })
      .expect(200);
    const token = decodeURIComponent(/reset_token=([\w%-]+)/.exec((await outboxMailTo(first, email)).text)![1]);
    const confirm = (app: AccountsTestApp, password: string) =>
      app
        .http()
        .post('/api/auth/password-reset/confirm')
        .set('X-Forwarded-For', nextAddress())
        .send({ token, password });
    // a user refused a weak password tries again: those count as well
    for (let i = 0; i < 3; i++)
      expect((await confirm(i % 2 ? second : first, 'short')).body.code).toBe('weak_password');
    const limited = await confirm(second, TEST_PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(TOO_MANY);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('limits reset confirmations per address, whatever links they name', async () => {
    const ip = nextAddress();
    const confirm = (app: AccountsTestApp) =>
      app
        .http()
        .post('/api/auth/password-reset/confirm')
        .set('X-Forwarded-For', ip)
        .send({ token: randomBytes(32).toString('base64url'), password: TEST_PASSWORD });
    for (let i = 0; i < 3; i++) expect((await confirm(i % 2 ? second : first)).status).toBe(400);
    const limited = await confirm(second);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(TOO_MANY);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('limits sign-ups per address, and attempts per email from any address', async () => {
    const ip = nextAddress();
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await first
            .http()
            .post('/api/auth/signup')
            .set('X-Forwarded-For', ip)
            .send({ email: uniqueEmail('burst'), password: TEST_PASSWORD })
        ).status,
      ).toBe(201);
    }
    const byAddress = await second
      .http()
      .post('/api/auth/signup')
      .set('X-Forwarded-For', ip)
      .send({ email: uniqueEmail('burst'), password: TEST_PASSWORD });
    expect(byAddress.status).toBe(429);

    // Probing whether an email has an account (409) stops after a few tries, wherever they come from.
    const { email } = await signUp(first);
    const probe = () =>
      first
        .http()
        .post('/api/auth/signup')
        .set('X-Forwarded-For', nextAddress())
        .send({ email, password: TEST_PASSWORD });
    expect((await probe()).status).toBe(409);
    const limited = await probe();
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(TOO_MANY);
  });

  it('limits each API key, from whatever address it is used', async () => {
    const { email } = await signUp(first);
    const session = (
      await first
        .http()
        .post('/api/auth/login')
        .set('X-Forwarded-For', nextAddress())
        .send({ email, password: TEST_PASSWORD })
    ).body;
    await first.plans.changePlan(session.user.id, { plan: 'platinum', status: 'active' });
    const key = (
      await first
        .http()
        .post('/api/api-keys')
        .set('X-Forwarded-For', nextAddress())
        .set(bearer(session))
        .send({ name: 'bot' })
    ).body.key as string;
    for (let i = 0; i < 3; i++)
      expect(
        (await first.http().get('/api/sports').set('X-Forwarded-For', nextAddress()).set('x-api-key', key)).status,
      ).toBe(200);
    const limited = await second.http().get('/api/sports').set('X-Forwarded-For', nextAddress()).set('x-api-key', key);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The owner's own session is not the key: it still works.
    expect(
      (await first.http().get('/api/sports').set('X-Forwarded-For', nextAddress()).set(bearer(session))).status,
    ).toBe(200);
  });
});

// The per-address limit is taken from Redis a lease of points at a time; across processes it still lets
// exactly its points through, however busy the address and however its requests are spread.
describe('the leased per-address limit across two server processes (real Redis)', () => {
  let first: AccountsTestApp;
  let second: AccountsTestApp;

  beforeAll(async () => {
    // 200 points: leases of up to 4
    const limits = { TRUST_PROXY: ['loopback'], RATE_LIMIT_MAX: 200, RATE_LIMIT_WINDOW_SECONDS: 60 };
    first = await createAccountsApp(limits);
    second = await createAccountsApp(limits);
  });

  afterAll(async () => {
    await second.app.close();
    await first.app.close();
  });

  it('lets exactly the limit through a busy address, in bursts on both processes, then refuses it everywhere', async () => {
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let burst = 0; burst < 25; burst++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          ((burst + i) % 2 ? second : first).http().get('/api/auth/providers').set('X-Forwarded-For', ip),
        ),
      );
      statuses.push(...answers.map((res) => res.status));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(200);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
    for (const app of [first, second]) {
      const refused = await app.http().get('/api/auth/providers').set('X-Forwarded-For', ip);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});

// X-Forwarded-For is a client-set header; it counts only through proxies TRUST_PROXY names.
describe('client address without TRUST_PROXY (the default)', () => {
  let t: AccountsTestApp;

  beforeAll(async () => {
    // A Redis prefix of its own: every suite of the run comes from 127.0.0.1, and this one cannot choose another.
    t = await createAccountsApp({
      RATE_LIMIT_MAX: 3,
      REDIS_PREFIX: `${parseConfig(process.env).REDIS_PREFIX}-no-proxy`,
    });
    expect(t.config.TRUST_PROXY).toBe(false);
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('ignores X-Forwarded-For: a client cannot pick a fresh address for every request', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await t
            .http()
            .get('/api/auth/providers')
            .set('X-Forwarded-For', `198.51.100.${100 + i}`)
        ).status,
      );
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});

// A sign-in spends its point before its password is checked, in one step in Redis: a burst gets exactly the budget.
describe('the sign-in limit under a burst of parallel attempts (two server processes, real Redis)', () => {
  const { servers, attempt } = twoServers({
    TRUST_PROXY: ['loopback'],
    RATE_LIMIT_MAX: 100_000,
    RATE_LIMIT_LOGIN_MAX: 10,
  });

  it('checks exactly 10 of 40 parallel wrong passwords and a right one for one account; the rest are 429', async () => {
    const ip = nextAddress();
    const { email } = await signUp(servers[0]);
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => attempt(i, ip, email, `wrong-${i}-password`)),
      attempt(41, ip, email, TEST_PASSWORD),
    ]);
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(31);
    for (const res of answers.filter((r) => r.status === 429))
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('checks exactly 50 of 60 parallel attempts from one address on different accounts', async () => {
    const ip = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => attempt(i, ip, uniqueEmail('nobody'), `wrong-${i}-password`)),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(50);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it('gives a successful sign-in its point back', async () => {
    const ip = nextAddress();
    const { email } = await signUp(servers[0]);
    for (let i = 0; i < 9; i++) expect((await attempt(i, ip, email, `wrong-${i}-password`)).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await attempt(i, ip, email, TEST_PASSWORD)).status).toBe(200);
    expect((await attempt(0, ip, email, 'wrong-9-password')).status).toBe(400);
    expect((await attempt(1, ip, email, TEST_PASSWORD)).status).toBe(429);
  });
});

// An attacker with many addresses, or one IPv6 client with its whole /64, gets no more tries at one account.
describe('sign-in and sign-up limits against many addresses (two server processes, real Redis)', () => {
  const { servers, attempt } = twoServers({
    TRUST_PROXY: ['loopback'],
    DEV_OUTBOX: true,
    RATE_LIMIT_MAX: 100_000,
    RATE_LIMIT_LOGIN_MAX: 3,
    RATE_LIMIT_LOGIN_ACCOUNT_MAX: 5,
    RATE_LIMIT_SIGNUP_MAX: 2,
  });
  /** A /64 of the documentation prefix of its own (the suites share one Redis prefix), and an address in it. */
  const prefix = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

  it('checks 5 failures of one account and then one per lock, from however many addresses; a reset lets the owner in', async () => {
    const { email } = await signUp(servers[0]);
    const statuses: number[] = [];
    for (let a = 0; a < 7; a++) {
      const ip = nextAddress();
      for (let i = 0; i < 3; i++) statuses.push((await attempt(i, ip, email, `wrong-${a}-${i}-password`)).status);
    }
    // five failures, then the sixth takes the account's lock for a minute; the rest wait, from any address
    expect(statuses.filter((status) => status === 400)).toHaveLength(6);
    expect(statuses.slice(6).every((status) => status === 429)).toBe(true);
    const owner = await attempt(0, nextAddress(), email, TEST_PASSWORD);
    expect(owner.status).toBe(429);
    expect(Number(owner.headers['retry-after'])).toBeGreaterThan(30);
    expect(Number(owner.headers['retry-after'])).toBeLessThanOrEqual(60);
    // only checked passwords are in the owner's log: six failures, however many tries were refused
    const failures = await servers[0].db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.id', 'audit_log.user_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('users.email', '=', email)
      .where('audit_log.action', '=', 'auth.sign_in_failed')
      .executeTakeFirstOrThrow();
    expect(Number(failures.n)).toBe(6);

    await servers[0]
      .http()
      .post('/api/auth/password-reset')
      .set('X-Forwarded-For', nextAddress())
      .send({ email })
      .expect(200);
    const token = new URL(/https?:\/\/\S+/.exec((await outboxMailTo(servers[0], email)).text)![0]).searchParams.get(
      'reset_token',
    );
    const password = `${TEST_PASSWORD}-renewed`;
    await servers[1]
      .http()
      .post('/api/auth/password-reset/confirm')
      .set('X-Forwarded-For', nextAddress())
      .send({ token, password })
      .expect(200);
    expect((await attempt(1, nextAddress(), email, password)).status).toBe(200);
  });

  it('checks exactly the budget and one more of 30 parallel wrong passwords from 30 addresses', async () => {
    const { email } = await signUp(servers[0]);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(i, nextAddress(), email, `wrong-${i}-password`)),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(24);
  });

  it('counts every address of an IPv6 /64 as one, for sign-in and sign-up', async () => {
    const { email } = await signUp(servers[0]);
    const net = prefix();
    for (const host of ['::1', ':a:b:c:d', ':ffff:ffff:ffff:fffe'])
      expect((await attempt(0, `${net}${host}`, email, 'wrong-password')).status).toBe(400);
    const sameNet = await attempt(1, `${net}:0:0:0:42`, email, 'wrong-password');
    expect(sameNet.status).toBe(429);
    // the next /64 is another client
    expect((await attempt(0, `${prefix()}::1`, email, 'wrong-password')).status).toBe(400);

    const signUpFrom = (ip: string) =>
      servers[1]
        .http()
        .post('/api/auth/signup')
        .set('X-Forwarded-For', ip)
        .send({ email: uniqueEmail('net'), password: TEST_PASSWORD });
    const other = prefix();
    expect((await signUpFrom(`${other}::1`)).status).toBe(201);
    expect((await signUpFrom(`${other}::2`)).status).toBe(201);
    expect((await signUpFrom(`${other}:1:2:3:4`)).status).toBe(429);
  });
});

// While Redis is away the limits are counted in memory, not dropped; back in Redis when it returns.
describe('rate limits through a Redis outage (a redis-server of the test’s own)', () => {
  let redis: OwnRedis;
  let t: AccountsTestApp;

  beforeAll(async () => {
    redis = await OwnRedis.started();
    t = await createAccountsApp({
      REDIS_URL: redis.url,
      TRUST_PROXY: ['loopback'],
      RATE_LIMIT_MAX: 1000,
      RATE_LIMIT_LOGIN_MAX: 3,
    });
  });

  afterAll(async () => {
    await redis.start();
    await t.app.close();
    await redis.stop();
  });

  it('keeps refusing brute force while Redis is down, answers at once, and counts in Redis again once it is back', async () => {
    const { email } = await signUp(t);
    await redis.stop();
    for (let i = 0; i < 20 && t.redis.client.status === 'ready'; i++) await new Promise((r) => setTimeout(r, 50));
    expect(t.redis.client.status).not.toBe('ready');

    const ip = nextAddress();
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (
          await t
            .http()
            .post('/api/auth/login')
            .set('X-Forwarded-For', ip)
            .send({ email, password: `wrong-${i}-password` })
        ).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    expect(Date.now() - started).toBeLessThan(5000);

    await redis.start();
    for (let i = 0; i < 100 && t.redis.client.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(t.redis.client.status).toBe('ready');
    const back = nextAddress();
    for (let i = 0; i < 3; i++)
      await t.http().post('/api/auth/login').set('X-Forwarded-For', back).send({ email, password: 'still-wrong-1' });
    const keys = await t.redis.client.keys(`${t.config.REDIS_PREFIX}:rate-limit:login:*`);
    expect(keys.some((k) => k.includes(back))).toBe(true);
    expect(
      (await t.http().post('/api/auth/login').set('X-Forwarded-For', back).send({ email, password: TEST_PASSWORD }))
        .status,
    ).toBe(429);
  }, 60_000);
});
