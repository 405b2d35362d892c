import { JwtService } from '@nestjs/jwt';
import type { ReauthAck, ReauthNotice, RealtimeMessage } from '@oddspulse/shared';
import { deleteKeysWithPrefix, PasswordResetRepository } from '@oddspulse/core';
import { bearer, signUp, TEST_PASSWORD } from '../../../../test/support/accounts-app';
import {
  createGatewayApp,
  eventually,
  RecordingClient,
  type GatewayTestApp,
} from '../../../../test/support/gateway-app';
import type { AccessTokenClaims } from '../../accounts/auth/auth-user';
import { randomToken, sha256 } from '../../accounts/auth/crypto';
import { JWT_AUDIENCE, JWT_ISSUER, type Session } from '../../accounts/auth/session.service';

const SPORT = 'basketball_nba';
const prefix = `${process.env.REDIS_PREFIX}-credentials`;

function scoreUpdate(n: number): RealtimeMessage<'scores'> {
  return {
    channel: 'scores',
    key: SPORT,
    at: new Date().toISOString(),
    type: 'score.update',
    data: { games: [{ id: `g${n}` } as never], removed: [] },
  };
}

/** When an access token expires, in ms since the epoch. */
function expiryOf(token: string): number {
  return (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as AccessTokenClaims).exp! * 1000;
}

/** A client that also records when the server closed it and the `reauth` notices it got. */
class WatchedClient extends RecordingClient {
  closedAt: number | null = null;
  readonly reauthNotices: Array<{ at: number; notice: ReauthNotice }> = [];

  constructor(url: string, auth: Record<string, string>) {
    super(url, auth);
    this.socket.on('disconnect', () => (this.closedAt ??= Date.now()));
    this.socket.on('reauth', (notice) => this.reauthNotices.push({ at: Date.now(), notice }));
  }
}

// Every socket is bound to what authorised it: revoking that on one process closes the socket on another within a second.
describe('socket credentials (two instances, one Redis, real PostgreSQL)', () => {
  let a: GatewayTestApp;
  let b: GatewayTestApp;
  const clients: WatchedClient[] = [];
  const client = (app: GatewayTestApp, auth: Record<string, string>) => {
    const c = new WatchedClient(app.url, auth);
    clients.push(c);
    return c;
  };

  /** Connects and proves the socket hears a public room, so a later silence means it was closed. */
  async function connected(c: WatchedClient): Promise<WatchedClient> {
    await c.connect();
    expect(await c.subscribe({ channel: 'scores', sport: SPORT })).toMatchObject({ ok: true });
    return c;
  }

  /** Closed within a second of `since`. */
  async function closedWithinASecond(c: WatchedClient, since: number): Promise<void> {
    await eventually(() => c.closedAt !== null, 3000, 'socket closed');
    expect(c.closedAt! - since).toBeLessThan(1000);
  }

  async function stillHears(...sockets: WatchedClient[]): Promise<void> {
    const seq = await a.publisher.publish(scoreUpdate(Date.now()));
    await eventually(
      () => sockets.every((c) => c.messages.some((m) => m.seq === seq)),
      5000,
      'message on the sockets that stand',
    );
    for (const c of sockets) expect(c.socket.connected).toBe(true);
  }

  beforeAll(async () => {
    // A rotated refresh token presented again at once is a replay: no grace, so the test need not wait it out.
    a = await createGatewayApp({ REDIS_PREFIX: prefix, REFRESH_TOKEN_REUSE_GRACE_SECONDS: 0 });
    b = await createGatewayApp({ REDIS_PREFIX: prefix, REFRESH_TOKEN_REUSE_GRACE_SECONDS: 0 });
  });

  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });

  afterAll(async () => {
    await a.app.close();
    await b.app.close();
    await deleteKeysWithPrefix(a.redis.client, prefix).catch(() => 0);
  });

  it("closes a user's sockets on the other process when the user signs out, and nobody else's", async () => {
    const { session } = await signUp(a, 'gold');
    const other = await signUp(a, 'gold');
    const mine = await connected(client(b, { token: session.access_token }));
    const theirs = await connected(client(b, { token: other.session.access_token }));
    const anonymous = await connected(client(b, {}));

    const at = Date.now();
    expect((await a.http().post('/api/auth/logout').set(bearer(session)).send({})).status).toBe(204);
    await closedWithinASecond(mine, at);
    await stillHears(theirs, anonymous);
  });

  it('closes the sockets of a token family revoked for a replayed refresh token, not those of another session', async () => {
    const { email, session } = await signUp(a, 'gold');
    const login = await a.http().post('/api/auth/login').send({ email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    const otherSession = login.body as Session;
    const replayed = await connected(client(b, { token: session.access_token }));
    const elsewhere = await connected(client(b, { token: otherSession.access_token }));

    expect((await a.http().post('/api/auth/refresh').send({ refresh_token: session.refresh_token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const at = Date.now();
    expect((await a.http().post('/api/auth/refresh').send({ refresh_token: session.refresh_token })).status).toBe(401);
    await closedWithinASecond(replayed, at);
    await stillHears(elsewhere);
  });

  // The announcement of a revocation can cross a handshake on another process: the credential read in PostgreSQL at
  // each subscription is what decides, so such a socket hears nothing and is closed at its first subscription.
  it('refuses a subscription of a socket whose session was revoked unannounced, and closes it', async () => {
    const { session } = await signUp(a, 'gold');
    const other = await signUp(a, 'gold');
    const revoked = await connected(client(b, { token: session.access_token }));
    const standing = await connected(client(b, { token: other.session.access_token }));
    // as a sign-out whose announcement this process never heard
    await a.db
      .updateTable('session_families')
      .set({ revoked_at: new Date(), revoke_reason: 'logout' })
      .where('user_id', '=', session.user.id)
      .execute();
    const at = Date.now();
    expect(await revoked.subscribe({ channel: 'odds', sport: SPORT })).toEqual({
      ok: false,
      code: 'AUTH_REQUIRED',
      message: 'Authentication required',
    });
    await closedWithinASecond(revoked, at);
    expect(await standing.subscribe({ channel: 'odds', sport: SPORT })).toMatchObject({ ok: true });
    await stillHears(standing);
    expect(revoked.messages.filter((m) => m.channel === 'odds')).toEqual([]);
  });

  it("closes a deleted API key's sockets, not those of the owner's other key or session", async () => {
    const { session } = await signUp(a, 'platinum');
    const first = await a.http().post('/api/api-keys').set(bearer(session)).send({ name: 'first' });
    const second = await a.http().post('/api/api-keys').set(bearer(session)).send({ name: 'second' });
    expect([first.status, second.status]).toEqual([201, 201]);
    const deleted = await connected(client(b, { apiKey: first.body.key }));
    const kept = await connected(client(b, { apiKey: second.body.key }));
    const signedIn = await connected(client(b, { token: session.access_token }));

    const at = Date.now();
    expect((await a.http().delete(`/api/api-keys/${first.body.id}`).set(bearer(session))).status).toBe(204);
    await closedWithinASecond(deleted, at);
    await stillHears(kept, signedIn);
  });

  it("closes a rotated API key's sockets: the old secret no longer authorises them", async () => {
    const { session } = await signUp(a, 'platinum');
    const created = await a.http().post('/api/api-keys').set(bearer(session)).send({ name: 'bot' });
    const bot = await connected(client(b, { apiKey: created.body.key }));
    const at = Date.now();
    expect((await a.http().post(`/api/api-keys/${created.body.id}/rotate`).set(bearer(session))).status).toBe(200);
    await closedWithinASecond(bot, at);
  });

  it("closes a user's sockets when their password is reset", async () => {
    const { session } = await signUp(a, 'gold');
    const socket = await connected(client(b, { token: session.access_token }));
    const token = randomToken();
    await a.get(PasswordResetRepository).create(session.user.id, sha256(token), new Date(Date.now() + 60_000));

    const at = Date.now();
    const reset = await a
      .http()
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'An0ther-strong-pw!' });
    expect(reset.status).toBe(200);
    await closedWithinASecond(socket, at);
  });

  describe('when the access token expires', () => {
    /** An access token of the session's own family that expires in `seconds`, signed as SessionService signs them. */
    function shortLivedToken(session: Session, seconds: number): Promise<string> {
      const claims = JSON.parse(
        Buffer.from(session.access_token.split('.')[1], 'base64url').toString(),
      ) as AccessTokenClaims;
      return a
        .get(JwtService)
        .signAsync(
          { sub: claims.sub, sid: claims.sid, csrf: claims.csrf },
          { algorithm: 'HS256', expiresIn: seconds, issuer: JWT_ISSUER, audience: JWT_AUDIENCE },
        );
    }

    it('asks the socket to reauth before the expiry and closes it at the expiry when it does not', async () => {
      const { session } = await signUp(a, 'gold');
      const token = await shortLivedToken(session, 3);
      const expiresAt = expiryOf(token);
      const silent = await connected(client(b, { token }));

      await eventually(() => silent.closedAt !== null, 6000, 'socket closed at expiry');
      expect(silent.reauthNotices).toEqual([{ at: expect.any(Number), notice: { expires_at: expiresAt / 1000 } }]);
      expect(silent.reauthNotices[0].at).toBeLessThan(expiresAt);
      expect(silent.closedAt!).toBeGreaterThanOrEqual(expiresAt - 50);
      expect(silent.closedAt! - expiresAt).toBeLessThan(1000);
    });

    it('keeps a socket that answers with a fresh token of its own user, and refuses another user’s', async () => {
      const { session } = await signUp(a, 'gold');
      const stranger = await signUp(a, 'gold');
      const token = await shortLivedToken(session, 3);
      const expiresAt = expiryOf(token);
      const answering = await connected(client(b, { token }));
      await eventually(() => answering.reauthNotices.length === 1, 5000, 'reauth notice');

      const reauth = (fresh: string): Promise<ReauthAck> =>
        answering.socket.timeout(5000).emitWithAck('reauth', { token: fresh });
      expect(await reauth(stranger.session.access_token)).toEqual({
        ok: false,
        code: 'AUTH_REQUIRED',
        message: 'Authentication required',
      });
      expect(await reauth('not-a-token')).toMatchObject({ ok: false, code: 'AUTH_REQUIRED' });
      expect(await reauth(session.access_token)).toEqual({
        ok: true,
        expires_at: expiryOf(session.access_token) / 1000,
      });

      await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 500));
      await stillHears(answering);
    });
  });
});
