import { AccountsTestApp, TEST_PASSWORD, createAccountsApp, signUp } from '../../../../test/support/accounts-app';

/** The browser's session transport (DECISIONS 35): HttpOnly cookies, a CSRF token, no token in the body. */

type Answer = { headers: Record<string, unknown> };

/** Each Set-Cookie by name: its value and its attributes, lower-cased. */
function setCookies(res: Answer): Record<string, { value: string; attributes: string[] }> {
  const raw = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return Object.fromEntries(
    raw.map((line) => {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const [name, ...value] = pair.split('=');
      return [name, { value: decodeURIComponent(value.join('=')), attributes: attributes.map((a) => a.toLowerCase()) }];
    }),
  );
}

const COOKIE_TRANSPORT = { 'x-session-transport': 'cookie' };

describe('browser sessions in cookies (DECISIONS 35)', () => {
  let t: AccountsTestApp;

  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  async function cookieLogin(remember?: boolean) {
    const { email } = await signUp(t);
    const res = await t
      .http()
      .post('/api/auth/login')
      .set(COOKIE_TRANSPORT)
      .set(remember === undefined ? {} : { 'x-session-remember': String(remember) })
      .send({ email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    return { res, cookies: setCookies(res) };
  }

  it('answers the cookie transport with HttpOnly, SameSite cookies and a body without tokens', async () => {
    const { res, cookies } = await cookieLogin();
    expect(res.body.access_token).toBeUndefined();
    expect(res.body.refresh_token).toBeUndefined();
    expect(res.body).toMatchObject({ token_type: 'cookie', expires_in: expect.any(Number), user: expect.any(Object) });
    expect(JSON.stringify(res.body)).not.toContain(cookies.op_access.value);
    expect(JSON.stringify(res.body)).not.toContain(cookies.op_refresh.value);

    expect(cookies.op_access.attributes).toEqual(expect.arrayContaining(['httponly', 'path=/', 'samesite=lax']));
    expect(cookies.op_refresh.attributes).toEqual(
      expect.arrayContaining(['httponly', 'path=/api/auth/refresh', 'samesite=strict']),
    );
    // the CSRF token is for the page's script to echo: readable, and never a credential alone
    expect(cookies.op_csrf.attributes).not.toContain('httponly');
    expect(cookies.op_csrf.value).toMatch(/^[\w-]{43}$/);
    // "Remember me" (the default): the refresh cookie outlives the browser, for the refresh token's lifetime
    const maxAge = cookies.op_refresh.attributes.find((a) => a.startsWith('max-age='));
    expect(maxAge).toBe(`max-age=${t.config.REFRESH_TOKEN_TTL_SECONDS}`);
  });

  it('makes a session not remembered end with the browser: session cookies, no Max-Age', async () => {
    const { cookies } = await cookieLogin(false);
    for (const name of ['op_refresh', 'op_csrf'])
      expect(cookies[name].attributes.some((a) => a.startsWith('max-age=') || a.startsWith('expires='))).toBe(false);
  });

  it('keeps tokens in the body for API clients and scripts, and never gives them the refresh cookie', async () => {
    const { email } = await signUp(t);
    const res = await t.http().post('/api/auth/login').send({ email, password: TEST_PASSWORD });
    expect(res.body.access_token).toEqual(expect.any(String));
    expect(res.body.refresh_token).toEqual(expect.any(String));
    expect(setCookies(res).op_refresh).toBeUndefined();
    const me = await t.http().get('/api/me').set('Authorization', `Bearer ${res.body.access_token}`);
    expect(me.status).toBe(200);
  });

  it('refuses a cookie request that changes state without the CSRF token: 403 with the message', async () => {
    const { cookies } = await cookieLogin();
    const jar = `op_access=${cookies.op_access.value}; op_csrf=${cookies.op_csrf.value}`;
    const read = await t.http().get('/api/me').set('Cookie', jar);
    expect(read.status).toBe(200);
    const bare = await t.http().put('/api/profile').set('Cookie', jar).send({ username: null });
    expect(bare.status).toBe(403);
    expect(bare.body).toMatchObject({ code: 'CSRF_FAILED', message: 'CSRF token validation failed' });
    const wrong = await t
      .http()
      .put('/api/profile')
      .set('Cookie', jar)
      .set('x-csrf-token', `${cookies.op_csrf.value.slice(1)}x`)
      .send({ username: null });
    expect(wrong.status).toBe(403);
  });

  it('refreshes by the refresh cookie only on its path and with the CSRF token, rotating the cookies', async () => {
    const { cookies } = await cookieLogin();
    const jar = `op_refresh=${cookies.op_refresh.value}; op_csrf=${cookies.op_csrf.value}`;
    const withoutCsrf = await t.http().post('/api/auth/refresh').set(COOKIE_TRANSPORT).set('Cookie', jar).send({});
    expect(withoutCsrf.status).toBe(403);
    expect(withoutCsrf.body).toMatchObject({ code: 'CSRF_FAILED', message: 'CSRF token validation failed' });

    const refreshed = await t
      .http()
      .post('/api/auth/refresh')
      .set(COOKIE_TRANSPORT)
      .set('Cookie', jar)
      .set('x-csrf-token', cookies.op_csrf.value)
      .send({});
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toBeUndefined();
    const next = setCookies(refreshed);
    expect(next.op_refresh.value).not.toBe(cookies.op_refresh.value);
    expect(next.op_access.value).not.toBe(cookies.op_access.value);
    const me = await t.http().get('/api/me').set('Cookie', `op_access=${next.op_access.value}`);
    expect(me.status).toBe(200);
  });

  it('moves a session kept in Web Storage to cookies with its own refresh token, once', async () => {
    const { email } = await signUp(t);
    const old = (await t.http().post('/api/auth/login').send({ email, password: TEST_PASSWORD })).body;
    const moved = await t
      .http()
      .post('/api/auth/refresh')
      .set(COOKIE_TRANSPORT)
      .send({ refresh_token: old.refresh_token });
    expect(moved.status).toBe(200);
    expect(moved.body.access_token).toBeUndefined();
    expect(moved.body.user.email).toBe(email);
    const cookies = setCookies(moved);
    expect(cookies.op_refresh.attributes).toContain('path=/api/auth/refresh');
    expect((await t.http().get('/api/me').set('Cookie', `op_access=${cookies.op_access.value}`)).status).toBe(200);
  });

  it('signs a cookie session out and clears its cookies, the refresh cookie on its own path', async () => {
    const { cookies } = await cookieLogin();
    const jar = `op_access=${cookies.op_access.value}; op_csrf=${cookies.op_csrf.value}`;
    const out = await t.http().post('/api/auth/logout').set('Cookie', jar).set('x-csrf-token', cookies.op_csrf.value);
    expect(out.status).toBe(204);
    const cleared = setCookies(out);
    for (const name of ['op_access', 'op_csrf', 'op_refresh']) {
      expect(cleared[name].value).toBe('');
      expect(cleared[name].attributes).toContain('expires=thu, 01 jan 1970 00:00:00 gmt');
    }
    expect(cleared.op_refresh.attributes).toContain('path=/api/auth/refresh');
    expect((await t.http().get('/api/me').set('Cookie', jar)).status).toBe(401);
    const refresh = await t
      .http()
      .post('/api/auth/refresh')
      .set('Cookie', `op_refresh=${cookies.op_refresh.value}; op_csrf=${cookies.op_csrf.value}`)
      .set('x-csrf-token', cookies.op_csrf.value)
      .send({});
    expect(refresh.status).toBe(401);
  });
});

describe('browser session cookies on an HTTPS origin', () => {
  let t: AccountsTestApp;

  beforeAll(async () => {
    t = await createAccountsApp({ PUBLIC_URL: 'https://oddspulse.test' });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('are Secure and take the __Host- prefix, the path-scoped refresh cookie __Secure-', async () => {
    const { email } = await signUp(t);
    const res = await t.http().post('/api/auth/login').set(COOKIE_TRANSPORT).send({ email, password: TEST_PASSWORD });
    const cookies = setCookies(res);
    expect(Object.keys(cookies).sort()).toEqual(['__Host-op_access', '__Host-op_csrf', '__Secure-op_refresh']);
    for (const cookie of Object.values(cookies)) expect(cookie.attributes).toContain('secure');
    expect(cookies['__Host-op_access'].attributes).toContain('path=/');
    expect(cookies['__Host-op_access'].attributes.some((a) => a.startsWith('domain='))).toBe(false);
    // only the prefixed name counts: a plain cookie a sibling host or plain-HTTP page could set is no credential
    const access = cookies['__Host-op_access'].value;
    expect((await t.http().get('/api/me').set('Cookie', `__Host-op_access=${access}`)).status).toBe(200);
    expect((await t.http().get('/api/me').set('Cookie', `op_access=${access}`)).status).toBe(401);
  });
});

// A deployment behind a TLS proxy whose PUBLIC_URL is unset (it is needed only for Stripe and sign-in providers): the
// cookies set over HTTPS must not travel back in clear (DECISIONS 35: "Secure where served over HTTPS").
describe('browser session cookies behind a trusted HTTPS proxy, the public origin unnamed', () => {
  let t: AccountsTestApp;

  beforeAll(async () => {
    t = await createAccountsApp({ PUBLIC_URL: undefined, TRUST_PROXY: ['loopback'] });
  });
  afterAll(async () => {
    await t.app.close();
  });

  const login = async (proto: string) => {
    const { email } = await signUp(t);
    return t
      .http()
      .post('/api/auth/login')
      .set(COOKIE_TRANSPORT)
      .set('x-forwarded-proto', proto)
      .send({ email, password: TEST_PASSWORD });
  };

  it('are Secure, with HSTS, when the request came over HTTPS; not over plain HTTP', async () => {
    const secure = await login('https');
    const cookies = setCookies(secure);
    expect(Object.keys(cookies).sort()).toEqual(['op_access', 'op_csrf', 'op_refresh']);
    for (const cookie of Object.values(cookies)) expect(cookie.attributes).toContain('secure');
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const logout = await t
      .http()
      .post('/api/auth/logout')
      .set('x-forwarded-proto', 'https')
      .set('Cookie', `op_access=${cookies.op_access.value}; op_csrf=${cookies.op_csrf.value}`)
      .set('x-csrf-token', cookies.op_csrf.value);
    for (const cleared of Object.values(setCookies(logout))) expect(cleared.attributes).toContain('secure');

    const plain = await login('http');
    for (const cookie of Object.values(setCookies(plain))) expect(cookie.attributes).not.toContain('secure');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
