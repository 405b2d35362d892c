import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'supertest';
import type { Session } from '@oddspulse/server';
import { GOOGLE_OAUTH_ENDPOINTS } from './oauth.strategies';
import {
  AccountsTestApp,
  bearer,
  createAccountsApp,
  signUp,
  TEST_PASSWORD,
  uniqueEmail,
  verifyEmail,
} from '../../../../test/support/accounts-app';

/** A local stand-in for Google's token and userinfo endpoints: the code names the identity it stands for. */
function googleStandIn(identities: Map<string, Record<string, unknown>>): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(Buffer.concat(chunks).toString());
        const ok = form.get('client_secret') === 'google-test-secret' && identities.has(form.get('code') ?? '');
        res.statusCode = ok ? 200 : 400;
        res.end(
          JSON.stringify(
            ok
              ? { access_token: `at-${form.get('code')}`, token_type: 'Bearer', expires_in: 3600 }
              : { error: 'invalid_grant' },
          ),
        );
        return;
      }
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (url.pathname === '/userinfo') {
        const token = url.searchParams.get('access_token') ?? (req.headers.authorization ?? '').replace(/^Bearer /, '');
        const code = token.replace(/^at-/, '');
        const identity = identities.get(code);
        res.statusCode = identity ? 200 : 401;
        res.end(JSON.stringify(identity ?? { error: 'invalid_token' }));
        return;
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

/** The OAuth cookie an answer sets (or clears), as its Set-Cookie header says. */
function oauthCookie(res: Response): string | undefined {
  return ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => /^(__Host-)?op_oauth=/.test(c));
}

/** Sign in with Apple's settings, with a key of its own (Apple's servers are never reached). */
const APPLE_SETTINGS = {
  APPLE_CLIENT_ID: 'test.oddspulse.web',
  APPLE_TEAM_ID: 'TEAM123456',
  APPLE_KEY_ID: 'KEY1234567',
  APPLE_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString()
    .replace(/\n/g, '\\n'),
};

// spec 000 §2 OAuth callback; Google through Passport, redirect to /auth/callback on the product's origin.
describe('Google sign-in (Passport, against a local stand-in for Google)', () => {
  const identities = new Map<string, Record<string, unknown>>();
  let standIn: { server: Server; url: string };
  let t: AccountsTestApp;
  const origin = 'http://oddspulse.test';

  beforeAll(async () => {
    standIn = await googleStandIn(identities);
    t = await createAccountsApp(
      {
        GOOGLE_CLIENT_ID: 'google-test-client',
        GOOGLE_CLIENT_SECRET: 'google-test-secret',
        ...APPLE_SETTINGS,
        PUBLIC_URL: origin,
      },
      {
        providers: [
          {
            provide: GOOGLE_OAUTH_ENDPOINTS,
            useValue: {
              authorizationURL: `${standIn.url}/authorize`,
              tokenURL: `${standIn.url}/token`,
              userProfileURL: `${standIn.url}/userinfo`,
            },
          },
        ],
      },
    );
  });

  afterAll(async () => {
    await t.app.close();
    await new Promise((r) => standIn.server.close(r));
  });

  /** Begins a flow as a browser does: the state the provider is sent, and the OAuth cookie the browser keeps. */
  async function start(query: Record<string, string> = {}) {
    const res = await t.http().get('/api/auth/google').query(query);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.location);
    expect(`${location.origin}${location.pathname}`).toBe(`${standIn.url}/authorize`);
    expect(location.searchParams.get('client_id')).toBe('google-test-client');
    expect(location.searchParams.get('redirect_uri')).toBe(`${origin}/api/auth/google/callback`);
    return { state: location.searchParams.get('state')!, cookie: oauthCookie(res)!.split(';')[0] };
  }

  /** The provider sends the browser back: with the cookie of the browser that began the flow, unless `cookie` says otherwise. */
  async function callback(code: string, flow: { state: string; cookie: string | null }) {
    const res = await t
      .http()
      .get('/api/auth/google/callback')
      .set('Cookie', flow.cookie ?? '')
      .query({ code, state: flow.state });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.location);
    expect(`${location.origin}${location.pathname}`).toBe(`${origin}/auth/callback`);
    return location.searchParams;
  }

  const exchange = (code: string | null, cookie: string | null) =>
    t
      .http()
      .post('/api/auth/exchange')
      .set('Cookie', cookie ?? '')
      .send({ code });

  it('is offered once its keys are set', async () => {
    expect((await t.http().get('/api/auth/providers')).body).toMatchObject({
      password: true,
      google: true,
      apple: true,
    });
  });

  // Apple's token exchange needs Apple's servers and keys; the start and a forged callback are checked here.
  it('starts Sign in with Apple with a state and form_post, and turns away a callback without a valid state', async () => {
    const res = await t.http().get('/api/auth/apple').query({ returnTo: '/picks' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.location);
    expect(`${location.origin}${location.pathname}`).toBe('https://appleid.apple.com/auth/authorize');
    expect(location.searchParams.get('client_id')).toBe('test.oddspulse.web');
    expect(location.searchParams.get('response_mode')).toBe('form_post');
    expect(location.searchParams.get('redirect_uri')).toBe(`${origin}/api/auth/apple/callback`);
    expect(location.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(oauthCookie(res)).toMatch(
      /^op_oauth=[\w-]{43}; Max-Age=600; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
    const forged = await t.http().post('/api/auth/apple/callback').type('form').send({ code: 'x', state: 'forged' });
    expect(forged.status).toBe(303);
    expect(forged.headers.location).toBe(`${origin}/auth/callback?error=oauth_failed`);
    // a flow that failed leaves no OAuth cookie behind
    expect(oauthCookie(forged)).toMatch(/^op_oauth=; Path=\/; Expires=Thu, 01 Jan 1970/);
  });

  it('creates the account, redirects with a one-time code, returnTo and intent, and the code becomes a session once', async () => {
    const email = uniqueEmail('google');
    identities.set('code-new', { sub: 'google-sub-new', email, email_verified: true, name: 'New Bettor' });
    const flow = await start({ returnTo: '/sportsbooks?mode=props', intent: 'upgrade' });
    const params = await callback('code-new', flow);
    expect(params.get('returnTo')).toBe('/sportsbooks?mode=props');
    expect(params.get('intent')).toBe('upgrade');
    const code = params.get('code')!;
    expect(code).toBeTruthy();
    expect(params.toString()).not.toMatch(/access_token|refresh_token/);

    const session = await exchange(code, flow.cookie);
    expect(session.status).toBe(200);
    // the exchange spends the browser's OAuth cookie
    expect(oauthCookie(session)).toMatch(/^op_oauth=; Path=\/; Expires=Thu, 01 Jan 1970/);
    expect(session.body).toMatchObject({ token_type: 'bearer', user: { email, user_metadata: { username: null } } });
    expect((await t.http().get('/api/me').set('Authorization', `Bearer ${session.body.access_token}`)).body.plan).toBe(
      'free',
    );
    expect((await exchange(code, flow.cookie)).status).toBe(401);

    // Signing in again finds the same account through the identity.
    identities.set('code-again', { sub: 'google-sub-new', email, email_verified: true });
    const next = await start();
    const again = await callback('code-again', next);
    const second = await exchange(again.get('code'), next.cookie);
    expect(second.body.user.id).toBe(session.body.user.id);
  });

  /** Signs in with Google as `sub` with the verified `email`, in one browser: the session. */
  async function googleSignIn(sub: string, email: string) {
    identities.set(`code-${sub}`, { sub, email, email_verified: true });
    const flow = await start();
    const params = await callback(`code-${sub}`, flow);
    const signedIn = await exchange(params.get('code'), flow.cookie);
    expect(signedIn.status).toBe(200);
    return signedIn.body as Session;
  }
  const signIn = (email: string) => t.http().post('/api/auth/login').send({ email, password: TEST_PASSWORD });

  it('links a verified Google address to the existing password account whose address was verified', async () => {
    const { email, session } = await signUp(t);
    await verifyEmail(t, session.user.id);
    expect((await googleSignIn('google-sub-link', email)).user.id).toBe(session.user.id);
    expect((await t.http().get('/api/me').set(bearer(session))).status).toBe(200);
    expect((await signIn(email)).status).toBe(200);
  });

  // Anyone can sign up with someone else's address: until it is proved, the password and sessions may be another's.
  it('gives an account whose address nobody had proved to the Google user who proves it, without its password and sessions', async () => {
    const { email, session: earlier } = await signUp(t);
    const { user: owner } = await googleSignIn('google-sub-claim', email);
    expect(owner.id).toBe(earlier.user.id);
    expect((await t.http().get('/api/me').set(bearer(earlier))).status).toBe(401);
    expect((await t.http().post('/api/auth/refresh').send({ refresh_token: earlier.refresh_token })).status).toBe(401);
    expect((await signIn(email)).status).toBe(400);
    const row = await t.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
    // the owner signs in with Google again, and the account keeps what it holds now
    expect((await googleSignIn('google-sub-claim', email)).user.id).toBe(owner.id);
  });

  // A key made by whoever signed up with the address would outlive the password and sessions the claim takes away.
  it('revokes the API keys of an account claimed by the Google user who proves its address', async () => {
    const { email, session: earlier } = await signUp(t, 'platinum');
    const made = await t.http().post('/api/api-keys').set(bearer(earlier)).send({ name: 'left behind' });
    expect(made.status).toBe(201);
    const readWithKey = () => t.http().get('/api/sports').set('x-api-key', made.body.key);
    expect((await readWithKey()).status).toBe(200);

    const owner = await googleSignIn('google-sub-claim-keys', email);
    expect(owner.user.id).toBe(earlier.user.id);
    expect((await readWithKey()).status).toBe(401);
    expect((await t.http().get('/api/api-keys').set(bearer(owner))).body).toEqual([]);
  });

  it('refuses an unverified address, a replayed or missing state, and a bad code', async () => {
    identities.set('code-unverified', {
      sub: 'google-sub-unverified',
      email: uniqueEmail('unverified'),
      email_verified: false,
    });
    expect((await callback('code-unverified', await start())).get('error')).toBe('oauth_failed');

    identities.set('code-replay', { sub: 'google-sub-replay', email: uniqueEmail('replay'), email_verified: true });
    const flow = await start();
    expect((await callback('code-replay', flow)).get('code')).toBeTruthy();
    expect((await callback('code-replay', flow)).get('error')).toBe('oauth_failed');
    expect((await callback('code-replay', { ...flow, state: 'forged-state' })).get('error')).toBe('oauth_failed');

    expect((await callback('no-such-code', await start())).get('error')).toBe('oauth_failed');
  });

  // RFC 6749 §10.12: a flow finishes only in the browser that began it. Otherwise an attacker begins one, signs in to
  // Google as themselves, and has a victim's browser follow the callback link, or open /auth/callback with the login
  // code: the victim is signed in to the attacker's account, where what they save is the attacker's to read.
  it('finishes a flow only in the browser that began it (its OAuth cookie)', async () => {
    const attackerEmail = uniqueEmail('attacker');
    identities.set('code-attacker', { sub: 'google-sub-attacker', email: attackerEmail, email_verified: true });
    const attacker = await start();
    // the victim's browser has begun a flow of its own
    const victim = await start();
    // the callback link, followed in another browser
    const noCookie = { state: attacker.state, cookie: null };
    expect((await callback('code-attacker', noCookie)).get('error')).toBe('oauth_failed');
    expect((await callback('code-attacker', { ...attacker, cookie: victim.cookie })).get('error')).toBe('oauth_failed');
    // the login code of the flow finished in the attacker's browser, exchanged in another
    const code = (await callback('code-attacker', attacker)).get('code');
    expect(code).toBeTruthy();
    expect((await exchange(code, null)).status).toBe(401);
    expect((await exchange(code, victim.cookie)).status).toBe(401);
    // in the browser that began it, the flow finishes
    const own = await exchange(code, attacker.cookie);
    expect(own.status).toBe(200);
    expect(own.body.user.email).toBe(attackerEmail);
  });

  it('drops a returnTo that would leave the product', async () => {
    identities.set('code-evil', { sub: 'google-sub-evil', email: uniqueEmail('evil'), email_verified: true });
    const params = await callback('code-evil', await start({ returnTo: '//evil.example/phish', intent: 'steal' }));
    expect(params.get('code')).toBeTruthy();
    expect(params.get('returnTo')).toBeNull();
    expect(params.get('intent')).toBeNull();
  });
});

// DECISIONS 35: over HTTPS the OAuth cookie is named and flagged as the session's cookies.
describe('the OAuth cookie over HTTPS', () => {
  let t: AccountsTestApp;

  beforeAll(async () => {
    t = await createAccountsApp({
      GOOGLE_CLIENT_ID: 'google-test-client',
      GOOGLE_CLIENT_SECRET: 'google-test-secret',
      ...APPLE_SETTINGS,
      PUBLIC_URL: 'https://oddspulse.test',
    });
  });

  afterAll(() => t.app.close());

  it("takes the __Host- prefix; Google's is Lax, Apple's, sent back by a cross-site form POST, None", async () => {
    expect(oauthCookie(await t.http().get('/api/auth/google'))).toMatch(
      /^__Host-op_oauth=[\w-]{43}; Max-Age=600; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(oauthCookie(await t.http().get('/api/auth/apple'))).toMatch(
      /^__Host-op_oauth=[\w-]{43}; Max-Age=600; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=None$/,
    );
  });
});
