import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { AccountMessages, AuditActions } from '@oddspulse/shared';
import { CloseLinksRepository, closedAccountEmail, deleteKeysWithPrefix } from '@oddspulse/core';
import { bearer, outboxMailTo, signUp, TEST_PASSWORD, uniqueEmail } from '../../../test/support/accounts-app';
import { createGatewayApp, eventually, RecordingClient, type GatewayTestApp } from '../../../test/support/gateway-app';
import { StripeStandIn } from '../../../test/support/stripe-stand-in';
import { AuthService } from '../accounts/auth/auth.service';
import { SessionService, type Session } from '../accounts/auth/session.service';

type Json = Record<string, unknown>;
const prefix = `${process.env.REDIS_PREFIX}-closing`;

/** The tables that hold a user's own data, and how each names the user. */
const OWN_ROWS: Array<[table: string, column: string]> = [
  ['password_credentials', 'user_id'],
  ['preferences', 'user_id'],
  ['profiles', 'id'],
  ['picks', 'user_id'],
  ['reactions', 'user_id'],
  ['alert_rules', 'user_id'],
  ['session_families', 'user_id'],
  ['password_reset_tokens', 'user_id'],
  ['email_verification_tokens', 'user_id'],
];

// The privacy policy's "Closing your account" (spec 000 §2 legal pages): the real `stripe` SDK against the local
// stand-in, the real PostgreSQL and Redis, a socket on the real gateway.
describe('closing an account (POST /api/account/close)', () => {
  const stand = new StripeStandIn();
  let t: GatewayTestApp;
  const sockets: RecordingClient[] = [];

  beforeAll(async () => {
    const url = await stand.start();
    t = await createGatewayApp({
      REDIS_PREFIX: prefix,
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: stand.webhookSecret,
      STRIPE_API_BASE_URL: url,
      STRIPE_TIMEOUT_MS: 3000,
      // the link that confirms an account without a password is read from the outbox
      DEV_OUTBOX: true,
    });
  });

  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });

  afterAll(async () => {
    await t.app.close();
    await stand.stop();
    await deleteKeysWithPrefix(t.redis.client, prefix).catch(() => 0);
  });

  const deliver = (event: Json) => {
    const payload = JSON.stringify(event);
    return t
      .http()
      .post('/api/billing/webhook')
      .set('content-type', 'application/json')
      .set('stripe-signature', stand.sign(payload))
      .send(payload);
  };
  const close = (session: Session, body: Json) => t.http().post('/api/account/close').set(bearer(session)).send(body);

  /** A Gold subscriber through Checkout, with a picks row, a reaction, preferences and a reset link on file. */
  async function subscriber() {
    const { email, session } = await signUp(t);
    expect(
      (await t.http().post('/api/billing/create-checkout-session').set(bearer(session)).send({ plan: 'gold' })).status,
    ).toBe(200);
    const { session: completed, subscription } = stand.pay([...stand.sessions.keys()].at(-1)!);
    expect((await deliver(stand.event('checkout.session.completed', completed))).body).toMatchObject({
      outcome: 'applied',
    });
    const userId = session.user.id;
    expect(
      (
        await t
          .http()
          .put('/api/preferences')
          .set(bearer(session))
          .send({ sportsbooks: ['draftkings'] })
      ).status,
    ).toBe(200);
    await t.db
      .insertInto('picks')
      .values({
        user_id: userId,
        game: 'Away @ Home',
        league: 'NBA',
        market: 'Moneyline',
        selection: 'Home',
        odds: '+120',
        stake_cents: 1000,
      })
      .execute();
    await t.db.insertInto('reactions').values({ game_key: 'game-1', user_id: userId, emoji: 'fire' }).execute();
    return { email, session, userId, subscriptionId: subscription!.id as string };
  }

  const count = async (table: string, column: string, userId: string) =>
    Number(
      (
        await sql<{
          n: string;
        }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${userId}`.execute(t.db)
      ).rows[0].n,
    );

  it('asks for the password again: missing 400, wrong 403, and the account stays open', async () => {
    const { session, userId } = await subscriber();
    const missing = await close(session, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(AccountMessages.closePasswordRequired);
    const wrong = await close(session, { password: 'not-the-password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'PASSWORD_WRONG', message: AccountMessages.closePasswordWrong });
    expect((await t.http().get('/api/me').set(bearer(session))).status).toBe(200);
    expect(await count('picks', 'user_id', userId)).toBe(1);
    expect((await t.http().post('/api/account/close').send({ password: TEST_PASSWORD })).status).toBe(401);
  });

  it('cancels the subscription at period end, deletes the data, anonymises the row and ends every session and socket', async () => {
    const { email, session, userId, subscriptionId } = await subscriber();
    const other = (await t.http().post('/api/auth/login').send({ email, password: TEST_PASSWORD })).body as Session;
    const socket = new RecordingClient(t.url, { token: other.access_token });
    sockets.push(socket);
    await socket.connect();
    expect(await count('audit_log', 'user_id', userId)).toBeGreaterThan(0);

    const res = await close(session, { password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(AccountMessages.accountClosed);
    expect(Date.parse(res.body.subscription_ends_at as string)).toBeGreaterThan(Date.now());
    expect(String(res.headers['set-cookie'])).toMatch(/Expires=Thu, 01 Jan 1970/);

    // Stripe: set to cancel at the period's end, through the SDK
    expect(stand.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);

    // every session and socket ended
    await eventually(() => socket.socket.disconnected, 5000, 'the socket closed');
    expect((await t.http().get('/api/me').set(bearer(session))).status).toBe(401);
    expect((await t.http().get('/api/me').set(bearer(other))).status).toBe(401);
    expect((await t.http().post('/api/auth/refresh').send({ refresh_token: other.refresh_token })).status).toBe(401);

    // the data deleted, the row anonymised with its billing kept
    for (const [table, column] of OWN_ROWS)
      expect({ table, rows: await count(table, column, userId) }).toEqual({ table, rows: 0 });
    const row = await t.db
      .selectFrom('users')
      .select(['email', 'closed_at'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(closedAccountEmail(userId));
    expect(row.closed_at).toBeInstanceOf(Date);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'ip', 'user_agent'])
      .where('user_id', '=', userId)
      .execute();
    expect(audit).toEqual([{ action: AuditActions.accountClosed, ip: null, user_agent: null }]);
    expect(await count('billing_subscriptions', 'user_id', userId)).toBe(1);

    // the address signs nobody in, and may sign up again
    expect((await t.http().post('/api/auth/login').send({ email, password: TEST_PASSWORD })).body).toMatchObject({
      code: 'invalid_credentials',
    });
    expect((await t.http().post('/api/auth/signup').send({ email, password: TEST_PASSWORD })).status).toBe(201);

    // the subscription's end at its period still reaches the anonymised row
    Object.assign(stand.subscriptions.get(subscriptionId)!, {
      status: 'canceled',
      ended_at: Math.floor(Date.now() / 1000),
    });
    const ended = await deliver(stand.subscriptionEvent('customer.subscription.deleted', subscriptionId));
    expect(ended.status).toBe(200);
    expect(
      (
        await t.db
          .selectFrom('billing_subscriptions')
          .select('status')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('canceled');
  });
  /** An account made by Google sign-in alone (no password), signed in. */
  async function providerOnly() {
    const email = uniqueEmail('oauth');
    const user = await t
      .get(AuthService)
      .oauthUser({ provider: 'google', subject: `g-${randomBytes(5).toString('hex')}`, email, emailVerified: true });
    const { session } = await t.get(SessionService).start(user);
    return { email, session, userId: user.id };
  }
  const closeToken = (text: string) => decodeURIComponent(/close_token=([\w%-]+)/.exec(text)![1]);

  it('lets an account with only Google or Apple sign-in close itself through a link mailed to its address', async () => {
    const { email, session, userId } = await providerOnly();
    expect((await t.http().get('/api/account/close').set(bearer(session))).body).toEqual({ confirm_with: 'email' });
    expect((await close(session, { password: 'anything' })).body).toMatchObject({
      code: 'PASSWORD_NOT_SET',
      message: AccountMessages.closeNeedsPassword,
    });
    expect((await close(session, { token: 'made-up' })).body).toMatchObject({
      code: 'CLOSE_LINK_INVALID',
      message: AccountMessages.closeLinkInvalid,
    });

    const sent = await t.http().post('/api/account/close/link').set(bearer(session));
    expect([sent.status, sent.body]).toEqual([200, { message: AccountMessages.closeLinkSent }]);
    const token = closeToken((await outboxMailTo(t, email, 'Close your OddsPulse account')).text);

    // the link closes only the account it was mailed for, and only with that account's session
    const { session: stranger } = await signUp(t);
    expect((await close(stranger, { token })).body).toMatchObject({ code: 'CLOSE_LINK_INVALID' });
    expect((await t.http().post('/api/account/close').send({ token })).status).toBe(401);
    expect((await t.http().get('/api/me').set(bearer(stranger))).status).toBe(200);
    expect((await t.http().get('/api/me').set(bearer(session))).status).toBe(200);

    const closed = await close(session, { token });
    expect([closed.status, closed.body.message]).toEqual([200, AccountMessages.accountClosed]);
    expect((await t.http().get('/api/me').set(bearer(session))).status).toBe(401);
    const row = await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row.email).toBe(closedAccountEmail(userId));
  });

  it('answers a link’s closing as closed, and ends its sessions at once, when the spent link cannot be deleted', async () => {
    const { email, session } = await providerOnly();
    expect((await t.http().post('/api/account/close/link').set(bearer(session))).status).toBe(200);
    const token = closeToken((await outboxMailTo(t, email, 'Close your OddsPulse account')).text);
    // read once, so this process holds the session in memory (PrincipalCache) until the closing is announced
    expect((await t.http().get('/api/me').set(bearer(session))).status).toBe(200);
    const spend = jest.spyOn(t.get(CloseLinksRepository), 'spend').mockRejectedValueOnce(new Error('Redis went away'));
    try {
      const closed = await close(session, { token });
      expect([closed.status, closed.body.message]).toEqual([200, AccountMessages.accountClosed]);
      expect((await t.http().get('/api/me').set(bearer(session))).status).toBe(401);
    } finally {
      spend.mockRestore();
    }
  });

  it('keeps the password for an account that has one: no link is mailed, and none stands in for it', async () => {
    const { session: withPassword } = await signUp(t);
    expect((await t.http().get('/api/account/close').set(bearer(withPassword))).body).toEqual({
      confirm_with: 'password',
    });
    expect((await t.http().post('/api/account/close/link').set(bearer(withPassword))).body).toMatchObject({
      code: 'PASSWORD_SET',
      message: AccountMessages.closeHasPassword,
    });

    // a link mailed while the account had no password stops counting once a password is set (a reset link's work)
    const { email, session, userId } = await providerOnly();
    expect((await t.http().post('/api/account/close/link').set(bearer(session))).status).toBe(200);
    const token = closeToken((await outboxMailTo(t, email, 'Close your OddsPulse account')).text);
    await t.db.insertInto('password_credentials').values({ user_id: userId, hash: 'x' }).execute();
    expect((await close(session, { token })).body).toMatchObject({ code: 'CLOSE_LINK_INVALID' });
    expect((await t.http().get('/api/me').set(bearer(session))).status).toBe(200);
  });
});
