import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
        APPLE_CLIENT_ID: 'test.oddspulse.web',
        APPLE_TEAM_ID: 'TEAM123456',
        APPLE_KEY_ID: 'KEY1234567',
        APPLE_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
          .privateKey.export({ type: 'pkcs8', format: 'pem' })
          .toString()
          .replace(/\n/g, '\\n'),
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

  async function start(query: Record<string, string> = {}) {
    const res = await t.http().get('/api/auth/google').query(query);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.location);
    expect(`${location.origin}${location.pathname}`).toBe(`${standIn.url}/authorize`);
    expect(location.searchParams.get('client_id')).toBe('google-test-client');
    expect(location.searchParams.get('redirect_uri')).toBe(`${origin}/api/auth/google/callback`);
    return location.searchParams.get('state')!;
  }

  async function callback(code: string, state: string) {
    const res = await t.http().get('/api/auth/google/callback').query({ code, state });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.location);
    expect(`${location.origin}${location.pathname}`).toBe(`${origin}/auth/callback`);
    return location.searchParams;
  }

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
    const forged = await t.http().post('/api/auth/apple/callback').type('form').send({ code: 'x', state: 'forged' });
    expect(forged.status).toBe(303);
    expect(forged.headers.location).toBe(`${origin}/auth/callback?error=oauth_failed`);
  });

  it('creates the account, redirects with a one-time code, returnTo and intent, and the code becomes a session once', async () => {
    const email = uniqueEmail('google');
    identities.set('code-new', { sub: 'google-sub-new', email, email_verified: true, name: 'New Bettor' });
    const state = await start({ returnTo: '/sportsbooks?mode=props', intent: 'upgrade' });
    const params = await callback('code-new', state);
    expect(params.get('returnTo')).toBe('/sportsbooks?mode=props');
    expect(params.get('intent')).toBe('upgrade');
    const code = params.get('code')!;
    expect(code).toBeTruthy();
    expect(params.toString()).not.toMatch(/access_token|refresh_token/);

    const session = await t.http().post('/api/auth/exchange').send({ code });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ token_type: 'bearer', user: { email, user_metadata: { username: null } } });
    expect((await t.http().get('/api/me').set('Authorization', `Bearer ${session.body.access_token}`)).body.plan).toBe(
      'free',
    );
    expect((await t.http().post('/api/auth/exchange').send({ code })).status).toBe(401);

    // Signing in again finds the same account through the identity.
    identities.set('code-again', { sub: 'google-sub-new', email, email_verified: true });
    const again = await callback('code-again', await start());
    const second = await t
      .http()
      .post('/api/auth/exchange')
      .send({ code: again.get('code') });
    expect(second.body.user.id).toBe(session.body.user.id);
  });

  /** Signs in with Google as `sub` with the verified `email`: the session's user. */
  async function googleSignIn(sub: string, email: string) {
    identities.set(`code-${sub}`, { sub, email, email_verified: true });
    const params = await callback(`code-${sub}`, await start());
    const signedIn = await t
      .http()
      .post('/api/auth/exchange')
      .send({ code: params.get('code') });
    expect(signedIn.status).toBe(200);
    return signedIn.body.user as { id: string };
  }
  const signIn = (email: string) => t.http().post('/api/auth/login').send({ email, password: TEST_PASSWORD });

  it('links a verified Google address to the existing password account whose address was verified', async () => {
    const { email, session } = await signUp(t);
    await verifyEmail(t, session.user.id);
    expect((await googleSignIn('google-sub-link', email)).id).toBe(session.user.id);
    expect((await t.http().get('/api/me').set(bearer(session))).status).toBe(200);
    expect((await signIn(email)).status).toBe(200);
  });

  // Anyone can sign up with someone else's address: until it is proved, the password and sessions may be another's.
  it('gives an account whose address nobody had proved to the Google user who proves it, without its password and sessions', async () => {
    const { email, session: earlier } = await signUp(t);
    const owner = await googleSignIn('google-sub-claim', email);
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
    expect((await googleSignIn('google-sub-claim', email)).id).toBe(owner.id);
  });

  it('refuses an unverified address, a replayed or missing state, and a bad code', async () => {
    identities.set('code-unverified', {
      sub: 'google-sub-unverified',
      email: uniqueEmail('unverified'),
      email_verified: false,
    });
    expect((await callback('code-unverified', await start())).get('error')).toBe('oauth_failed');

    identities.set('code-replay', { sub: 'google-sub-replay', email: uniqueEmail('replay'), email_verified: true });
    const state = await start();
    expect((await callback('code-replay', state)).get('code')).toBeTruthy();
    expect((await callback('code-replay', state)).get('error')).toBe('oauth_failed');
    expect((await callback('code-replay', 'forged-state')).get('error')).toBe('oauth_failed');

    expect((await callback('no-such-code', await start())).get('error')).toBe('oauth_failed');
  });

  it('drops a returnTo that would leave the product', async () => {
    identities.set('code-evil', { sub: 'google-sub-evil', email: uniqueEmail('evil'), email_verified: true });
    const params = await callback('code-evil', await start({ returnTo: '//evil.example/phish', intent: 'steal' }));
    expect(params.get('code')).toBeTruthy();
    expect(params.get('returnTo')).toBeNull();
    expect(params.get('intent')).toBeNull();
  });
});
