import * as jwt from 'jsonwebtoken';
import { MailService } from '@oddspulse/core';
import { JWT_AUDIENCE, JWT_ISSUER } from './session.service';
import {
  AccountsTestApp,
  TEST_PASSWORD,
  bearer,
  createAccountsApp,
  outboxMailTo,
  signUp,
  uniqueEmail,
} from '../../../../test/support/accounts-app';

// Accounts, sessions and password reset against the real PostgreSQL and Redis.
describe('accounts: sign-up, sign-in, sessions (real PostgreSQL and Redis)', () => {
  let t: AccountsTestApp;

  beforeAll(async () => {
    // The suite reads reset links from the dev outbox (an opt-in), and gives each reset an address of its own.
    t = await createAccountsApp({ DEV_OUTBOX: true, TRUST_PROXY: ['loopback'] });
  });

  afterAll(async () => {
    await t.app.close();
  });

  describe('POST /api/auth/signup', () => {
    // spec 000 §3 session object
    it('creates the account and answers the session object', async () => {
      const email = uniqueEmail('signup');
      const res = await t
        .http()
        .post('/api/auth/signup')
        .send({ email: `  ${email.toUpperCase()} `, password: TEST_PASSWORD, username: 'Fresh_Bettor1' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        expires_in: 900,
        expires_at: expect.any(Number),
        token_type: 'bearer',
        user: {
          id: expect.any(String),
          email,
          created_at: expect.any(String),
          user_metadata: { username: 'Fresh_Bettor1' },
        },
      });
      expect(res.body.expires_at).toBeGreaterThan(Date.now() / 1000 + 800);
      const me = await t.http().get('/api/me').set(bearer(res.body));
      expect(me.status).toBe(200);
      // spec 000 §3 plan info; DECISIONS 2 free quota 250
      expect(me.body).toMatchObject({
        plan: 'free',
        limit: 250,
        remaining: 250,
        used: 0,
        unlimited: false,
        is_gifted: false,
        subscription_end_date: null,
      });
    });

    // spec 000 §5 "Please enter both email and password."
    it.each([{}, { email: 'a@example.com' }, { password: TEST_PASSWORD }, { email: '  ', password: TEST_PASSWORD }])(
      'refuses %p without both fields',
      async (body) => {
        const res = await t.http().post('/api/auth/signup').send(body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Please enter both email and password.');
      },
    );

    // spec 000 §8 weak_password with a list of reasons
    it('refuses a weak password with its reasons', async () => {
      const res = await t.http().post('/api/auth/signup').send({ email: uniqueEmail(), password: 'short' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'weak_password',
        weak_password: { reasons: ['length', 'characters', 'common'] },
      });
      expect(res.body.message).toContain('Password should be between 8 and 128 characters.');
    });

    // A list of common and leaked passwords ships with the product; no network call.
    it('refuses a common password that passes the strength rules, whatever its case', async () => {
      for (const password of ['Password1', 'qwerty123', 'P@ssw0rd']) {
        const res = await t.http().post('/api/auth/signup').send({ email: uniqueEmail(), password });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          code: 'weak_password',
          weak_password: { reasons: ['common'] },
          message: 'This password is too common: it appears in lists of leaked passwords. Choose another.',
        });
      }
    });

    // Variants of common passwords that no list holds: zxcvbn's matchers (a word, l33t, a year, a keyboard row) score them
    it('refuses a password easy to guess though no list holds it, says why, and takes one that is not', async () => {
      const refusal = async (password: string) => {
        const res = await t.http().post('/api/auth/signup').send({ email: uniqueEmail(), password });
        expect([password, res.status, res.body.code, res.body.weak_password.reasons]).toEqual([
          password,
          400,
          'weak_password',
          ['guessable'],
        ]);
        return res.body as { message: string; weak_password: { guessable: string[] } };
      };
      for (const password of [
        'Password123!',
        'P@ssw0rd123',
        'Summer2024!',
        'Qwerty123!',
        // a word, a year and symbols: the families an attacker tries first, each scored under 10^10 guesses
        'Summer2024!!',
        'Summer2024!!!',
        'Summer!2024',
        'Winter2025!!',
        'Spring2023!!',
        'Autumn2024!!',
        'Password2024!!',
        'P@ssw0rd2024!!',
        'Welcome2024!!',
        'Qwerty2024!!',
        'Football2024!',
        'Dolphins2024!',
        'Yankees2024!!',
        'Tigers!Rule88',
        // the product's own words and the demo password the sign-in page shows
        'Oddspulse2024!',
        'Oddspulse!2024',
        'OddsPulse123!',
        'oddspulse-demo',
      ])
        await refusal(password);
      expect(await refusal('Summer2024!!')).toMatchObject({
        message: 'This password is easy to guess: it is built on a common word. Choose another.',
        weak_password: { guessable: ['word'] },
      });
      expect((await refusal('oddspulse-demo')).message).toBe(
        "This password is easy to guess: it is built on this product's name or its demo password. Choose another.",
      );
      expect((await refusal('Password2024!!')).weak_password.guessable).toEqual(['common-password']);
      await t.http().post('/api/auth/signup').send({ email: uniqueEmail(), password: 'Sturdy-pass-42' }).expect(201);
    });

    it('refuses a malformed email', async () => {
      const res = await t.http().post('/api/auth/signup').send({ email: 'not-an-email', password: TEST_PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please enter a valid email address.');
    });

    // DECISIONS 6 username rule and 409
    it('refuses a bad username with the rule, and a taken one with 409', async () => {
      const bad = await t
        .http()
        .post('/api/auth/signup')
        .send({ email: uniqueEmail(), password: TEST_PASSWORD, username: '_bad' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Use 3–20 letters, numbers, _ (no leading/trailing _)');
      await t
        .http()
        .post('/api/auth/signup')
        .send({ email: uniqueEmail(), password: TEST_PASSWORD, username: 'Taken_Name' })
        .expect(201);
      const taken = await t
        .http()
        .post('/api/auth/signup')
        .send({ email: uniqueEmail(), password: TEST_PASSWORD, username: 'taken_name' });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ code: 'USERNAME_TAKEN', message: 'This username is already in use' });
    });

    it('answers 409 for an address that already has an account', async () => {
      const { email } = await signUp(t);
      const res = await t.http().post('/api/auth/signup').send({ email, password: TEST_PASSWORD });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'EMAIL_TAKEN', message: 'User already registered' });
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with the right password, case-insensitively on the address', async () => {
      const { email } = await signUp(t);
      const res = await t.http().post('/api/auth/login').send({ email: email.toUpperCase(), password: TEST_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.user.email).toBe(email);
      expect(res.body.token_type).toBe('bearer');
    });

    it('refuses a wrong password or an unknown address with the same answer', async () => {
      const { email } = await signUp(t);
      const wrong = await t.http().post('/api/auth/login').send({ email, password: 'Wrong-password-1' });
      const unknown = await t
        .http()
        .post('/api/auth/login')
        .send({ email: uniqueEmail('nobody'), password: TEST_PASSWORD });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'invalid_credentials', message: 'Invalid login credentials' });
      }
    });

    it('requires both fields (spec 000 §5)', async () => {
      const res = await t.http().post('/api/auth/login').send({ email: 'x@example.com', password: '' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please enter both email and password.');
    });
  });

  describe('access tokens', () => {
    // spec 000 §8 401; x-user-id is never identity
    it('answers 401 "Authentication required" without a token, whatever x-user-id says', async () => {
      const { session } = await signUp(t);
      const res = await t.http().get('/api/me').set('x-user-id', session.user.id);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ statusCode: 401, message: 'Authentication required' });
    });

    it('refuses a tampered token', async () => {
      const { session } = await signUp(t);
      const [header, payload, signature] = session.access_token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const other = await signUp(t);
      const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: other.session.user.id })).toString(
        'base64url',
      );
      const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
      for (const token of [`${header}.${forgedPayload}.${signature}`, `${header}.${payload}.${flipped}`, 'not-a-jwt']) {
        const res = await t.http().get('/api/me').set('Authorization', `Bearer ${token}`);
        expect(res.status).toBe(401);
      }
      const none = jwt.sign({ ...claims }, '', { algorithm: 'none' });
      expect((await t.http().get('/api/me').set('Authorization', `Bearer ${none}`)).status).toBe(401);
      const otherSecret = jwt.sign(
        { sub: claims.sub, sid: claims.sid, csrf: claims.csrf },
        'a-different-secret-of-at-least-32-chars',
        {
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
        },
      );
      expect((await t.http().get('/api/me').set('Authorization', `Bearer ${otherSecret}`)).status).toBe(401);
    });

    it('refuses an expired token', async () => {
      const { session } = await signUp(t);
      const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString());
      const sign = (exp: number) =>
        jwt.sign({ sub: claims.sub, sid: claims.sid, csrf: claims.csrf, exp }, t.config.JWT_SECRET, {
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
        });
      expect(
        (
          await t
            .http()
            .get('/api/me')
            .set('Authorization', `Bearer ${sign(Math.floor(Date.now() / 1000) + 60)}`)
        ).status,
      ).toBe(200);
      expect(
        (
          await t
            .http()
            .get('/api/me')
            .set('Authorization', `Bearer ${sign(Math.floor(Date.now() / 1000) - 1)}`)
        ).status,
      ).toBe(401);
    });
  });

  describe('POST /api/auth/refresh', () => {
    /** Moves the user's rotations back past the grace window, as if it had passed. */
    const graceOver = (userId: string) =>
      t.db
        .updateTable('refresh_tokens')
        .set({ rotated_at: new Date(Date.now() - (t.config.REFRESH_TOKEN_REUSE_GRACE_SECONDS + 1) * 1000) })
        .where('rotated_at', 'is not', null)
        .where('family_id', 'in', (qb) => qb.selectFrom('session_families').select('id').where('user_id', '=', userId))
        .execute();

    it('rotates the refresh token; reusing a spent one after the grace window revokes the whole family', async () => {
      const { session } = await signUp(t);
      const first = await t.http().post('/api/auth/refresh').send({ refresh_token: session.refresh_token });
      expect(first.status).toBe(200);
      expect(first.body.refresh_token).not.toBe(session.refresh_token);
      expect(first.body.user.id).toBe(session.user.id);
      expect((await t.http().get('/api/me').set(bearer(first.body))).status).toBe(200);

      const second = await t.http().post('/api/auth/refresh').send({ refresh_token: first.body.refresh_token });
      expect(second.status).toBe(200);
      await graceOver(session.user.id);

      // The first token again: a replay. The family ends: its newest refresh token and access tokens die too.
      const replay = await t.http().post('/api/auth/refresh').send({ refresh_token: session.refresh_token });
      expect(replay.status).toBe(401);
      expect(replay.body.message).toBe('Authentication required');
      expect((await t.http().post('/api/auth/refresh').send({ refresh_token: second.body.refresh_token })).status).toBe(
        401,
      );
      expect((await t.http().get('/api/me').set(bearer(second.body))).status).toBe(401);
      expect((await t.http().get('/api/me').set(bearer(session))).status).toBe(401);
    });

    it("leaves the user's other sessions alone when one family is revoked", async () => {
      const { email, session } = await signUp(t);
      const other = (await t.http().post('/api/auth/login').send({ email, password: TEST_PASSWORD })).body;
      await t.http().post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(200);
      await graceOver(session.user.id);
      await t.http().post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(401);
      expect((await t.http().get('/api/me').set(bearer(other))).status).toBe(200);
    });

    // A lost answer retried, or two tabs, must not sign the user out.
    it('gives two concurrent refreshes of one token the same successor, and both stay signed in', async () => {
      const { session } = await signUp(t);
      const [a, b] = await Promise.all([
        t.http().post('/api/auth/refresh').send({ refresh_token: session.refresh_token }),
        t.http().post('/api/auth/refresh').send({ refresh_token: session.refresh_token }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.refresh_token).toBe(b.body.refresh_token);
      expect(a.body.refresh_token).not.toBe(session.refresh_token);
      for (const issued of [a.body, b.body])
        expect((await t.http().get('/api/me').set(bearer(issued))).status).toBe(200);
      // A retry within the window gets it again; the successor works once, as any refresh token.
      const retried = await t.http().post('/api/auth/refresh').send({ refresh_token: session.refresh_token });
      expect(retried.body.refresh_token).toBe(a.body.refresh_token);
      const next = await t.http().post('/api/auth/refresh').send({ refresh_token: a.body.refresh_token });
      expect(next.status).toBe(200);
      expect(next.body.refresh_token).not.toBe(a.body.refresh_token);
      // The first token again, once its successor has itself been spent: refused, but nobody is signed out.
      expect((await t.http().post('/api/auth/refresh').send({ refresh_token: session.refresh_token })).status).toBe(
        401,
      );
      expect((await t.http().get('/api/me').set(bearer(next.body))).status).toBe(200);
    });

    it('records a reuse after the grace window in the security activity', async () => {
      const { email } = await signUp(t);
      const login = (await t.http().post('/api/auth/login').send({ email, password: TEST_PASSWORD })).body;
      await t.http().post('/api/auth/refresh').send({ refresh_token: login.refresh_token }).expect(200);
      await graceOver(login.user.id);
      await t.http().post('/api/auth/refresh').send({ refresh_token: login.refresh_token }).expect(401);
      const fresh = (await t.http().post('/api/auth/login').send({ email, password: TEST_PASSWORD })).body;
      const activity = await t.http().get('/api/account/security-activity').set(bearer(fresh));
      expect(activity.body.map((e: { action: string }) => e.action).slice(0, 3)).toEqual([
        'auth.signed_in',
        'auth.session_ended_token_reuse',
        'auth.signed_in',
      ]);
    });

    it('refuses an unknown, missing or expired refresh token', async () => {
      expect((await t.http().post('/api/auth/refresh').send({ refresh_token: 'made-up' })).status).toBe(401);
      expect((await t.http().post('/api/auth/refresh').send({})).status).toBe(401);
      const { session } = await signUp(t);
      await t.db
        .updateTable('refresh_tokens')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('family_id', 'in', (qb) =>
          qb.selectFrom('session_families').select('id').where('user_id', '=', session.user.id),
        )
        .execute();
      expect((await t.http().post('/api/auth/refresh').send({ refresh_token: session.refresh_token })).status).toBe(
        401,
      );
    });
  });

  describe('POST /api/auth/logout (global)', () => {
    it('ends every session of the user at once', async () => {
      const { email, session } = await signUp(t);
      const laptop = (await t.http().post('/api/auth/login').send({ email, password: TEST_PASSWORD })).body;
      const bystander = (await signUp(t)).session;
      const res = await t.http().post('/api/auth/logout').set(bearer(session));
      expect(res.status).toBe(204);
      for (const s of [session, laptop]) {
        expect((await t.http().get('/api/me').set(bearer(s))).status).toBe(401);
        expect((await t.http().post('/api/auth/refresh').send({ refresh_token: s.refresh_token })).status).toBe(401);
      }
      expect((await t.http().get('/api/me').set(bearer(bystander))).status).toBe(200);
    });

    it('works with the refresh token once the access token is gone, and needs one or the other', async () => {
      const { session } = await signUp(t);
      expect((await t.http().post('/api/auth/logout').send({ refresh_token: session.refresh_token })).status).toBe(204);
      expect((await t.http().get('/api/me').set(bearer(session))).status).toBe(401);
      const anonymous = await t.http().post('/api/auth/logout').send({});
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe('Authentication required');
    });

    // An old copy of a refresh token (spent past its grace) is a replay: it may end its own session, never every device.
    it('ends only the family of a refresh token spent past its grace window', async () => {
      const { email, session } = await signUp(t);
      const phone = (await t.http().post('/api/auth/login').send({ email, password: TEST_PASSWORD })).body;
      const rotated = (await t.http().post('/api/auth/refresh').send({ refresh_token: session.refresh_token })).body;
      await t.db
        .updateTable('refresh_tokens')
        .set({ rotated_at: new Date(Date.now() - (t.config.REFRESH_TOKEN_REUSE_GRACE_SECONDS + 1) * 1000) })
        .where('rotated_at', 'is not', null)
        .execute();
      expect((await t.http().post('/api/auth/logout').send({ refresh_token: session.refresh_token })).status).toBe(204);
      expect((await t.http().get('/api/me').set(bearer(rotated))).status).toBe(401);
      expect((await t.http().get('/api/me').set(bearer(phone))).status).toBe(200);
      const activity = await t.http().get('/api/account/security-activity').set(bearer(phone));
      expect(activity.body[0].action).toBe('auth.session_ended_token_reuse');
      // the token's family has ended: the same copy signs nobody out again
      expect((await t.http().post('/api/auth/logout').send({ refresh_token: session.refresh_token })).status).toBe(401);
      expect((await t.http().get('/api/me').set(bearer(phone))).status).toBe(200);
    });
  });

  describe('password reset', () => {
    const outboxLink = async (to: string) => {
      const mail = (await t.get(MailService).outbox()).find((m) => m.to === to);
      const match = /reset_token=([\w%-]+)/.exec(mail?.text ?? '');
      return match ? decodeURIComponent(match[1]) : null;
    };
    /** The link mailed to `to`, waited for: the mail goes out after the answer. */
    const latestLink = async (to: string) =>
      decodeURIComponent(/reset_token=([\w%-]+)/.exec((await outboxMailTo(t, to)).text)![1]);

    it('mails a single-use link; confirming sets the password and signs every other session out', async () => {
      const { email, session } = await signUp(t);
      const res = await t
        .http()
        .post('/api/auth/password-reset')
        .set('X-Forwarded-For', '203.0.113.10')
        .send({ email });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Reset link sent! Check your inbox.');
      const token = await latestLink(email);
      expect(token).toBeTruthy();

      const weak = await t.http().post('/api/auth/password-reset/confirm').send({ token, password: 'weak' });
      expect(weak.status).toBe(400);
      expect(weak.body.code).toBe('weak_password');
      const guessable = await t
        .http()
        .post('/api/auth/password-reset/confirm')
        .send({ token, password: 'Summer2024!' });
      expect(guessable.status).toBe(400);
      expect(guessable.body.weak_password).toEqual({ reasons: ['guessable'], guessable: ['word'] });

      const done = await t
        .http()
        .post('/api/auth/password-reset/confirm')
        .send({ token, password: 'Fresh-river-stone-31' });
      expect(done.status).toBe(200);
      expect(done.body.user.email).toBe(email);
      expect((await t.http().get('/api/me').set(bearer(session))).status).toBe(401);
      expect((await t.http().get('/api/me').set(bearer(done.body))).status).toBe(200);
      expect((await t.http().post('/api/auth/login').send({ email, password: TEST_PASSWORD })).status).toBe(400);
      expect((await t.http().post('/api/auth/login').send({ email, password: 'Fresh-river-stone-31' })).status).toBe(
        200,
      );

      const again = await t
        .http()
        .post('/api/auth/password-reset/confirm')
        .send({ token, password: 'Quiet-harbour-lamp-58' });
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('RESET_TOKEN_INVALID');
    });

    // A key made by whoever knew the old password (or held a session) would go on reading the account's data.
    it('revokes every API key of the account with its sessions', async () => {
      const { email, session } = await signUp(t, 'platinum');
      const made = await t.http().post('/api/api-keys').set(bearer(session)).send({ name: 'made before the reset' });
      expect(made.status).toBe(201);
      const readWithKey = () => t.http().get('/api/sports').set('x-api-key', made.body.key);
      expect((await readWithKey()).status).toBe(200);

      await t.http().post('/api/auth/password-reset').send({ email }).expect(200);
      const done = await t
        .http()
        .post('/api/auth/password-reset/confirm')
        .send({ token: await latestLink(email), password: 'Fresh-river-stone-31' });
      expect(done.status).toBe(200);
      expect((await readWithKey()).status).toBe(401);
      expect((await t.http().get('/api/api-keys').set(bearer(done.body))).body).toEqual([]);
      const activity = await t.http().get('/api/account/security-activity').set(bearer(done.body));
      const reset = activity.body.find((e: { action: string }) => e.action === 'auth.password_reset');
      expect(reset.details).toEqual({ sessions: 1, api_keys: 1 });
    });

    it('refuses an expired link', async () => {
      const { email, session } = await signUp(t);
      await t
        .http()
        .post('/api/auth/password-reset')
        .set('X-Forwarded-For', '203.0.113.11')
        .send({ email })
        .expect(200);
      const token = await latestLink(email);
      await t.db
        .updateTable('password_reset_tokens')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('user_id', '=', session.user.id)
        .execute();
      const res = await t
        .http()
        .post('/api/auth/password-reset/confirm')
        .send({ token, password: 'Fresh-river-stone-31' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('RESET_TOKEN_INVALID');
    });

    it('answers the same for an unknown address and sends nothing', async () => {
      const email = uniqueEmail('ghost');
      const known = await signUp(t);
      const res = await t
        .http()
        .post('/api/auth/password-reset')
        .set('X-Forwarded-For', '203.0.113.12')
        .send({ email });
      const control = await t
        .http()
        .post('/api/auth/password-reset')
        .set('X-Forwarded-For', '203.0.113.13')
        .send({ email: known.email });
      expect([res.status, res.body]).toEqual([control.status, control.body]);
      expect(res.body.message).toBe('Reset link sent! Check your inbox.');
      // the known address's mail has gone out: the unknown address's lookup, started first, is long done
      await latestLink(known.email);
      expect(await outboxLink(email)).toBeNull();
    });

    it('answers before the mail is sent: a mail server that never answers does not hold the request', async () => {
      const { email } = await signUp(t);
      const mail = t.get(MailService);
      const held: { release?: () => void } = {};
      const send = jest
        .spyOn(mail, 'send')
        .mockImplementationOnce(() => new Promise<void>((resolve) => (held.release = resolve)));
      try {
        const res = await t
          .http()
          .post('/api/auth/password-reset')
          .set('X-Forwarded-For', '203.0.113.14')
          .send({ email });
        expect(res.status).toBe(200);
        for (const deadline = Date.now() + 5000; !held.release && Date.now() < deadline;)
          await new Promise((r) => setTimeout(r, 10));
        expect(send).toHaveBeenCalledWith(expect.objectContaining({ to: email }));
      } finally {
        held.release?.();
        send.mockRestore();
      }
    });
  });

  describe('OAuth and exchange', () => {
    it('lists no OAuth provider and answers 404 on their routes when their keys are unset', async () => {
      expect((await t.http().get('/api/auth/providers')).body).toMatchObject({
        password: true,
        google: false,
        apple: false,
      });
      expect((await t.http().get('/api/auth/google')).status).toBe(404);
      expect((await t.http().get('/api/auth/google/callback?code=x&state=y')).status).toBe(404);
      expect((await t.http().get('/api/auth/apple')).status).toBe(404);
      expect((await t.http().post('/api/auth/apple/callback').send({ code: 'x' })).status).toBe(404);
    });

    it('lists the demo accounts in demo mode only (DECISIONS 7)', async () => {
      expect((await t.http().get('/api/auth/providers')).body.demo).toEqual({
        accounts: [
          { email: 'free@demo.local', plan: 'free' },
          { email: 'gold@demo.local', plan: 'gold' },
          { email: 'platinum@demo.local', plan: 'platinum' },
          // The operations account
          { email: 'ops@demo.local', plan: 'free', role: 'ops' },
        ],
        password: 'oddspulse-demo',
      });
      const live = await createAccountsApp({ DEMO_MODE: false });
      try {
        expect((await live.http().get('/api/auth/providers')).body.demo).toBeNull();
      } finally {
        await live.app.close();
      }
    });

    it('refuses an unknown exchange code', async () => {
      const res = await t.http().post('/api/auth/exchange').send({ code: 'never-issued' });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Authentication required');
    });
  });

  // API answers carry the compact set; pages (here the API docs) keep the strict document CSP.
  it('sends security headers', async () => {
    const res = await t.http().get('/api/auth/providers');
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    const docs = await t.http().get('/api/docs');
    expect(docs.headers['content-security-policy']).toContain("default-src 'self'");
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
    expect(docs.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
