import { AccountsTestApp, TEST_PASSWORD, createAccountsApp, uniqueEmail } from '../../../test/support/accounts-app';

const TOO_MANY = 'Too many requests. Please wait before trying again.';
let address = 0;
/** A client address of its own per test (the suites share one Redis prefix); Express trusts X-Forwarded-For from the loopback. */
const nextAddress = () => `192.0.2.${++address}`;

/** Signs up from an address of its own, so the low global limit of this suite is not spent by set-up. */
async function signUp(app: AccountsTestApp): Promise<{ email: string }> {
  const email = uniqueEmail('limited');
  await app.http().post('/api/auth/signup').set('X-Forwarded-For', nextAddress()).send({ email, password: TEST_PASSWORD }).expect(201);
  return { email };
}

// DECISIONS 8: real server-side rate limits, 429 with Retry-After; stricter on login and reset (issue 5).
describe('rate limits (real Redis, shared across server processes)', () => {
  let first: AccountsTestApp;
  let second: AccountsTestApp;

  beforeAll(async () => {
    const limits = { RATE_LIMIT_MAX: 5, RATE_LIMIT_WINDOW_SECONDS: 60, RATE_LIMIT_LOGIN_MAX: 3, RATE_LIMIT_RESET_MAX: 2 };
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
      const res = await first.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password: `wrong-${i}-password` });
      expect(res.status).toBe(400);
    }
    const locked = await second.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(TOO_MANY);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
    // The rightful owner elsewhere is not locked out.
    expect((await first.http().post('/api/auth/login').set('X-Forwarded-For', nextAddress()).send({ email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const ip = nextAddress();
    const { email } = await signUp(first);
    for (let i = 0; i < 4; i++) {
      expect((await first.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password: TEST_PASSWORD })).status).toBe(200);
    }
  });

  it('limits password reset requests more strictly than the rest', async () => {
    const ip = nextAddress();
    const { email } = await signUp(first);
    expect((await first.http().post('/api/auth/password-reset').set('X-Forwarded-For', ip).send({ email })).status).toBe(200);
    expect((await second.http().post('/api/auth/password-reset').set('X-Forwarded-For', ip).send({ email })).status).toBe(200);
    const limited = await first.http().post('/api/auth/password-reset').set('X-Forwarded-For', ip).send({ email });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(TOO_MANY);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
  });
});
