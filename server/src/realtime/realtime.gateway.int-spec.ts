import { RENEWAL_GRACE_MS, type RealtimeMessage, type SportBoard } from '@oddspulse/shared';
import { bearer, signUp, TEST_PASSWORD } from '../../../test/support/accounts-app';
import { createGatewayApp, eventually, RecordingClient, type GatewayTestApp } from '../../../test/support/gateway-app';
import { arbitrageUpdate } from '../../../test/support/realtime-messages';
import { PlanRepository, RealtimeKeys, RedisKeys, deleteKeysWithPrefix } from '@oddspulse/core';
import { RealtimeGateway } from './realtime.gateway';
import { SocketAuthService } from './sockets/socket-auth.service';
import { SocketEntitlements } from './sockets/socket-entitlements.service';
import { accountRoom } from './sockets/socket-types';
import { OwnRedis } from '../../../test/support/own-redis';

const SPORT = 'basketball_nba';
const prefix = `${process.env.REDIS_PREFIX}-gateway`;

function scoreUpdate(n: number): RealtimeMessage<'scores'> {
  return {
    channel: 'scores',
    key: SPORT,
    at: new Date().toISOString(),
    type: 'score.update',
    data: { games: [{ id: `g${n}` } as never], removed: [] },
  };
}

// The socket.io gateway across two processes sharing Redis
describe('realtime gateway (two instances, real Redis and PostgreSQL)', () => {
  let a: GatewayTestApp;
  let b: GatewayTestApp;
  const clients: RecordingClient[] = [];
  const client = (app: GatewayTestApp, auth: Record<string, string> = {}, headers?: Record<string, string>) => {
    const c = new RecordingClient(app.url, auth, headers);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    a = await createGatewayApp({ REDIS_PREFIX: prefix });
    b = await createGatewayApp({ REDIS_PREFIX: prefix });
  });

  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });

  afterAll(async () => {
    await a.app.close();
    await b.app.close();
    await deleteKeysWithPrefix(a.redis.client, prefix).catch(() => 0);
  });

  it('delivers one publish to a client on each instance, with its sequence number', async () => {
    const onA = client(a);
    const onB = client(b);
    await Promise.all([onA.connect(), onB.connect()]);
    // spec 002 §2: scores are public, so anonymous sockets may listen
    expect(await onA.subscribe({ channel: 'scores', sport: SPORT })).toMatchObject({
      ok: true,
      room: `scores:${SPORT}`,
    });
    expect(await onB.subscribe({ channel: 'scores', sport: SPORT })).toMatchObject({ ok: true });

    const seq = await a.publisher.publish(scoreUpdate(1));
    await eventually(() => onA.messages.length === 1 && onB.messages.length === 1, 5000, 'both clients');
    for (const c of [onA, onB])
      expect(c.messages[0]).toMatchObject({ seq, channel: 'scores', key: SPORT, type: 'score.update' });
  });

  // spec 001 §6: arbitrage is Platinum; odds need a paid plan; anonymous sockets get public channels only
  it('refuses a free socket on arbitrage and an anonymous one on odds, with a clear code', async () => {
    const { session } = await signUp(a, 'free');
    const free = client(a, { token: session.access_token });
    const anonymous = client(b);
    await Promise.all([free.connect(), anonymous.connect()]);
    expect(await free.subscribe({ channel: 'arbitrage', sport: SPORT })).toEqual({
      ok: false,
      code: 'PLATINUM_REQUIRED',
      message: 'This feature requires a Platinum subscription.',
    });
    expect(await free.subscribe({ channel: 'odds', sport: SPORT })).toMatchObject({
      ok: false,
      code: 'SUBSCRIPTION_REQUIRED',
      message: 'Subscription required for API access',
    });
    expect(await anonymous.subscribe({ channel: 'odds', sport: SPORT })).toMatchObject({
      ok: false,
      code: 'AUTH_REQUIRED',
      message: 'Authentication required',
    });
    expect(await anonymous.subscribe({ channel: 'user' })).toMatchObject({ ok: false, code: 'AUTH_REQUIRED' });
    expect(await anonymous.subscribe({ channel: 'odds' })).toMatchObject({ ok: false, code: 'INVALID_SUBSCRIPTION' });

    await a.publisher.publish(arbitrageUpdate('refused', SPORT));
    await a.publisher.publish(scoreUpdate(2));
    expect(free.messages).toEqual([]);
  });

  it('refuses a handshake with a bad token or an unknown API key instead of treating it as anonymous', async () => {
    await expect(client(a, { token: 'not-a-jwt' }).connect()).rejects.toMatchObject({
      message: 'Authentication required',
      data: { code: 'AUTH_REQUIRED' },
    });
    await expect(client(a, { apiKey: 'op_unknown' }).connect()).rejects.toMatchObject({
      data: { code: 'AUTH_REQUIRED' },
    });
  });

  // A page of this origin may authenticate its socket with the access cookie; another site's page may not.
  it('accepts the access cookie from the same origin only', async () => {
    const { session } = await signUp(a, 'gold');
    const host = new URL(a.url).host;
    const cookie = `op_access=${session.access_token}`;
    const sameSite = client(a, {}, { cookie, origin: a.url, host });
    await sameSite.connect();
    expect(await sameSite.subscribe({ channel: 'odds', sport: SPORT })).toMatchObject({ ok: true });
    const crossSite = client(a, {}, { cookie, origin: 'https://evil.example' });
    await crossSite.connect();
    expect(await crossSite.subscribe({ channel: 'odds', sport: SPORT })).toMatchObject({
      ok: false,
      code: 'AUTH_REQUIRED',
    });
  });

  // DECISIONS 35: the web app's socket signs in by the HttpOnly cookie its cookie-transport sign-in set, no token
  it('signs in the socket of a browser whose session is in cookies', async () => {
    const { email } = await signUp(a, 'gold');
    const login = await a
      .http()
      .post('/api/auth/login')
      .set('x-session-transport', 'cookie')
      .send({ email, password: TEST_PASSWORD });
    expect(login.body.access_token).toBeUndefined();
    const cookie = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('op_access='))!;
    const browser = client(a, {}, { cookie: cookie.split(';')[0], origin: a.url, host: new URL(a.url).host });
    await browser.connect();
    expect(await browser.subscribe({ channel: 'user' })).toMatchObject({ ok: true });
  });

  it('accepts a Platinum API key and lets it hear arbitrage', async () => {
    const { session } = await signUp(a, 'platinum');
    const created = await a.http().post('/api/api-keys').set(bearer(session)).send({ name: 'bot' });
    expect(created.status).toBe(201);
    const bot = client(b, { apiKey: created.body.key });
    await bot.connect();
    expect(await bot.subscribe({ channel: 'arbitrage', sport: SPORT })).toMatchObject({ ok: true });
    const seq = await a.publisher.publish(arbitrageUpdate('for-the-bot', SPORT));
    await eventually(() => bot.messages.some((m) => m.seq === seq), 5000, 'arbitrage message');

    // DECISIONS 5: keys are a Platinum feature; when the owner loses Platinum the key's sockets close.
    await a.plans.changePlan(session.user.id, { plan: 'gold' });
    await eventually(() => bot.socket.disconnected, 5000, 'API-key socket closed');
    expect(bot.notices.at(-1)).toEqual({ plan: 'gold', unlimited: false, removed: [`arbitrage:${SPORT}`] });
  });

  // Re-checked when the plan changes; a downgrade removes the socket from rooms it may no longer hear
  it('evicts a downgraded socket from arbitrage, wherever it is connected, and tells it', async () => {
    const { session } = await signUp(a, 'platinum');
    const user = session.user.id;
    const socket = client(b, { token: session.access_token });
    await socket.connect();
    expect(await socket.subscribe({ channel: 'arbitrage', sport: SPORT })).toMatchObject({ ok: true });
    expect(await socket.subscribe({ channel: 'scores', sport: SPORT })).toMatchObject({ ok: true });
    expect(await socket.subscribe({ channel: 'user' })).toMatchObject({ ok: true, room: `user:${user}` });

    const before = await a.publisher.publish(arbitrageUpdate('before', SPORT));
    await eventually(
      () => socket.messages.some((m) => m.seq === before && m.channel === 'arbitrage'),
      5000,
      'arbitrage before downgrade',
    );

    await a.plans.changePlan(user, { plan: 'free' }); // published once on the plan-changed channel, heard by instance b
    await eventually(() => socket.notices.length === 1, 5000, 'entitlements notice');
    expect(socket.notices[0]).toEqual({ plan: 'free', unlimited: false, removed: [`arbitrage:${SPORT}`] });

    await a.publisher.publish(arbitrageUpdate('after', SPORT));
    const marker = await a.publisher.publish(scoreUpdate(3));
    await eventually(
      () => socket.messages.some((m) => m.channel === 'scores' && m.seq === marker),
      5000,
      'scores marker',
    );
    const heard = socket.messages.flatMap((m) => (m.channel === 'arbitrage' ? m.data.updates.map((u) => u.id) : []));
    expect(heard).toEqual(['before']);
    expect(await socket.subscribe({ channel: 'arbitrage', sport: SPORT })).toMatchObject({
      ok: false,
      code: 'PLATINUM_REQUIRED',
    });
    // Both instances heard the change; the user's own channel carries it once.
    await eventually(() => socket.messages.some((m) => m.channel === 'user'), 5000, 'plan change on the user channel');
    const planMessages = socket.messages.filter((m) => m.channel === 'user');
    expect(planMessages).toEqual([
      expect.objectContaining({ key: user, type: 'plan.changed', data: { plan: 'free', unlimited: false } }),
    ]);
  });

  // Each change reaches the user's tabs, a plan taken back and changed again within the minute too (Platinum → Gold →
  // Platinum → Gold: a switch, a switch back, and the first switch again, each the same state as two changes before).
  it("tells the user's channel of every plan change, one that repeats an earlier change's state too", async () => {
    const { session } = await signUp(a, 'platinum');
    const user = session.user.id;
    const socket = client(b, { token: session.access_token });
    await socket.connect();
    expect(await socket.subscribe({ channel: 'user' })).toMatchObject({ ok: true, room: `user:${user}` });
    const plansHeard = () => socket.messages.flatMap((m) => (m.type === 'plan.changed' ? [m.data.plan] : []));

    await a.plans.changePlan(user, { plan: 'gold' });
    await eventually(() => plansHeard().length === 1, 5000, 'first change on the user channel');
    await a.plans.changePlan(user, { plan: 'platinum' });
    await eventually(() => plansHeard().length === 2, 5000, 'second change on the user channel');
    await a.plans.changePlan(user, { plan: 'gold' });
    await eventually(() => plansHeard().length === 3, 5000, 'third change on the user channel');
    expect(plansHeard()).toEqual(['gold', 'platinum', 'gold']);
  });

  // A plan change heard while a socket's handshake is under way finds no socket of the user here to re-check, and the
  // handshake may have read the plan before the change: the socket is checked again once it is connected.
  it('does not leave a socket the rooms of a plan cut during its handshake', async () => {
    const { session } = await signUp(a, 'platinum');
    const user = session.user.id;
    const entitlements = b.get(SocketEntitlements) as unknown as { onPlanChanged(raw: string): Promise<void> };
    const planChecks: Promise<void>[] = [];
    const onPlanChanged = entitlements.onPlanChanged.bind(entitlements);
    const heard = jest.spyOn(entitlements, 'onPlanChanged').mockImplementation((raw) => {
      const check = onPlanChanged(raw);
      planChecks.push(check);
      return check;
    });
    const auth = b.get(SocketAuthService);
    const authenticate = auth.authenticate.bind(auth);
    const handshake = jest.spyOn(auth, 'authenticate').mockImplementationOnce(async (request) => {
      const result = await authenticate(request);
      // the plan is read as Platinum; the downgrade is heard, and carried out on no socket, before the socket connects
      await a.plans.changePlan(user, { plan: 'free' });
      await eventually(() => planChecks.length > 0, 5000, 'plan change heard during the handshake');
      await Promise.all(planChecks);
      return result;
    });
    try {
      const socket = client(b, { token: session.access_token });
      await socket.connect();
      await eventually(() => socket.notices.length === 1, 5000, 'entitlements notice');
      expect(socket.notices[0]).toMatchObject({ plan: 'free', unlimited: false });
      expect(await socket.subscribe({ channel: 'arbitrage', sport: SPORT })).toMatchObject({
        ok: false,
        code: 'PLATINUM_REQUIRED',
      });
    } finally {
      handshake.mockRestore();
      heard.mockRestore();
    }
  });

  // DECISIONS 4: a gifted Platinum month ends by itself. Nothing is published then (no plan change happens): each
  // gateway times the end for its own sockets, so a socket connected before the end is evicted at the end.
  describe('when a paid period ends', () => {
    const arbitrageHeard = (c: RecordingClient) =>
      c.messages.flatMap((m) => (m.channel === 'arbitrage' ? m.data.updates.map((u) => u.id) : []));
    /** Everything published on the plan-changed channel meanwhile (a lapse must need none). */
    async function watchPlanChanges(t: GatewayTestApp) {
      const listener = t.redis.connect('test-plan-changed');
      const heard: string[] = [];
      listener.on('message', (_channel: string, message: string) => heard.push(message));
      await listener.subscribe(t.redis.key(...RedisKeys.planChanged));
      return { heard, close: () => listener.quit() };
    }
    async function subscribedEverywhere(session: { access_token: string }, sport: string) {
      const sockets = [client(a, { token: session.access_token }), client(b, { token: session.access_token })];
      for (const socket of sockets) {
        await socket.connect();
        expect(await socket.subscribe({ channel: 'arbitrage', sport })).toMatchObject({ ok: true });
        expect(await socket.subscribe({ channel: 'user' })).toMatchObject({ ok: true });
        expect(await socket.subscribe({ channel: 'scores', sport })).toMatchObject({ ok: true });
      }
      return sockets;
    }

    it('evicts the sockets of a gift that ends, on every instance, and tells the user once', async () => {
      const sport = 'soccer_epl';
      const { session } = await signUp(a, 'free');
      await a.plans.changePlan(session.user.id, {
        plan: 'platinum',
        is_gifted: true,
        current_period_end: new Date(Date.now() + 2500),
      });
      const watch = await watchPlanChanges(a);
      try {
        // connected after the gift was given: the end comes from the handshake
        const sockets = await subscribedEverywhere(session, sport);
        const before = await a.publisher.publish(arbitrageUpdate('during-gift', sport));
        await eventually(
          () => sockets.every((s) => s.messages.some((m) => m.seq === before)),
          5000,
          'arbitrage during the gift',
        );

        await eventually(
          () => sockets.every((s) => s.notices.length === 1),
          6000,
          'entitlements at the end of the gift',
        );
        for (const socket of sockets)
          expect(socket.notices).toEqual([{ plan: 'free', unlimited: false, removed: [`arbitrage:${sport}`] }]);
        await a.publisher.publish(arbitrageUpdate('after-gift', sport));
        const marker = await a.publisher.publish({ ...scoreUpdate(1), key: sport });
        await eventually(
          () => sockets.every((s) => s.messages.some((m) => m.channel === 'scores' && m.seq === marker)),
          5000,
          'scores marker',
        );
        for (const socket of sockets) expect(arbitrageHeard(socket)).toEqual(['during-gift']);
        expect(await sockets[0].subscribe({ channel: 'arbitrage', sport })).toMatchObject({
          ok: false,
          code: 'PLATINUM_REQUIRED',
        });
        await eventually(
          () => sockets.every((s) => s.messages.some((m) => m.channel === 'user')),
          5000,
          'plan change on the user channel',
        );
        for (const socket of sockets) {
          expect(socket.messages.filter((m) => m.channel === 'user')).toEqual([
            expect.objectContaining({ type: 'plan.changed', data: { plan: 'free', unlimited: false } }),
          ]);
        }
        expect(watch.heard).toEqual([]);
      } finally {
        await watch.close();
      }
    });

    it('times an end set by a plan change after the socket connected, and forgets it when the plan is renewed', async () => {
      const sport = 'soccer_usa_mls';
      const { session } = await signUp(a, 'platinum');
      const user = session.user.id;
      const sockets = await subscribedEverywhere(session, sport);
      // canceled at period end, the end heard with the plan change: timed on both instances
      await a.plans.changePlan(user, {
        status: 'active',
        cancel_at_period_end: true,
        current_period_end: new Date(Date.now() + 2000),
      });
      await eventually(() => sockets.every((s) => s.notices.length === 1), 5000, 'the change heard');
      expect(sockets.map((s) => s.notices[0].removed)).toEqual([[], []]);
      // ...then renewed before it: nothing lapses at the old end
      await a.plans.changePlan(user, {
        cancel_at_period_end: false,
        current_period_end: new Date(Date.now() + 3_600_000),
      });
      await eventually(() => sockets.every((s) => s.notices.length === 2), 5000, 'the renewal heard');
      await new Promise((r) => setTimeout(r, 2500));
      const seq = await a.publisher.publish(arbitrageUpdate('still-platinum', sport));
      await eventually(
        () => sockets.every((s) => s.messages.some((m) => m.seq === seq)),
        5000,
        'arbitrage after the old end',
      );
      expect(sockets.map((s) => s.notices.length)).toEqual([2, 2]);

      // a period set to end evicts at its end; the end of the plan the socket holds is what is timed
      await a.plans.changePlan(user, { cancel_at_period_end: true, current_period_end: new Date(Date.now() + 1500) });
      await eventually(() => sockets.every((s) => s.notices.length === 4), 6000, 'the change, then the end');
      for (const socket of sockets)
        expect(socket.notices.at(-1)).toEqual({ plan: 'free', unlimited: false, removed: [`arbitrage:${sport}`] });
    });

    it("forgets a user's lapse timer with the user's last socket on the process, not before", async () => {
      const { session } = await signUp(a, 'free');
      const user = session.user.id;
      await a.plans.changePlan(user, {
        plan: 'platinum',
        is_gifted: true,
        current_period_end: new Date(Date.now() + 3_600_000),
      });
      const gateway = a.get(RealtimeGateway);
      const lapses = a.get(SocketEntitlements)['lapses'];
      const socketsOfUser = () => gateway['server'].sockets.adapter.rooms.get(accountRoom(user))?.size ?? 0;
      const [first, second] = [client(a, { token: session.access_token }), client(a, { token: session.access_token })];
      await first.connect();
      await second.connect();
      await eventually(() => socketsOfUser() === 2, 5000, 'both sockets in the account room');
      expect(lapses.due(user)).not.toBeNull();

      first.close();
      await eventually(() => socketsOfUser() === 1, 5000, 'the first disconnect handled');
      expect(lapses.due(user)).not.toBeNull();
      second.close();
      await eventually(() => socketsOfUser() === 0, 5000, 'the last disconnect handled');
      expect(lapses.due(user)).toBeNull();
    });

    it('reads the plan again at the end, so a renewal it did not hear keeps the socket', async () => {
      const sport = 'basketball_euroleague';
      const { session } = await signUp(a, 'free');
      const user = session.user.id;
      await a.plans.changePlan(user, {
        plan: 'platinum',
        cancel_at_period_end: true,
        current_period_end: new Date(Date.now() + 1500),
      });
      const [onA, onB] = await subscribedEverywhere(session, sport);
      // kept and renewed in the database without the change being published (a message the gateways missed)
      await a.get(PlanRepository).upsert(user, {
        cancel_at_period_end: false,
        current_period_end: new Date(Date.now() + 3_600_000),
      });
      await new Promise((r) => setTimeout(r, 2500));
      const seq = await a.publisher.publish(arbitrageUpdate('renewed', sport));
      await eventually(
        () => [onA, onB].every((s) => s.messages.some((m) => m.seq === seq)),
        5000,
        'arbitrage after the old end',
      );
      expect([onA.notices, onB.notices]).toEqual([[], []]);
    });

    // spec 000 §1: a subscription that renews is not ended by its period's end before its renewal is recorded
    it("keeps a renewing subscription's rooms past its period end, timing the end of the renewal grace", async () => {
      const sport = 'basketball_ncaab';
      const { session } = await signUp(a, 'free');
      const user = session.user.id;
      const end = new Date(Date.now() + 1500);
      await a.plans.changePlan(user, { plan: 'platinum', cancel_at_period_end: false, current_period_end: end });
      const [onA, onB] = await subscribedEverywhere(session, sport);
      expect(a.get(SocketEntitlements)['lapses'].due(user)).toBe(end.getTime() + RENEWAL_GRACE_MS);
      await new Promise((r) => setTimeout(r, 2500));
      const seq = await a.publisher.publish(arbitrageUpdate('renewing', sport));
      await eventually(
        () => [onA, onB].every((s) => s.messages.some((m) => m.seq === seq)),
        5000,
        'arbitrage after the period end',
      );
      expect([onA.notices, onB.notices]).toEqual([[], []]);
    });
  });

  // Nothing lost, nothing applied twice
  it('replays the missed messages in order to a socket that reconnects with its last seq, while publishing goes on', async () => {
    const sport = 'icehockey_nhl';
    const message = (n: number): RealtimeMessage<'scores'> => ({ ...scoreUpdate(n), key: sport });
    const first = client(a);
    await first.connect();
    await first.subscribe({ channel: 'scores', sport });
    await a.publisher.publish(message(1));
    const lastSeen = await a.publisher.publish(message(2));
    await eventually(() => first.messages.length === 2, 5000, 'first two');
    first.close();

    for (let n = 3; n <= 6; n++) await a.publisher.publish(message(n));
    const again = client(b);
    await again.connect();
    // Publishing continues while the socket catches up: the gateway holds those for it until the replay is sent.
    let publishing = true;
    const background = (async () => {
      for (let n = 7; publishing && n < 200; n++) await a.publisher.publish(message(n));
    })();
    const ack = await again.subscribe({ channel: 'scores', sport, lastSeq: lastSeen });
    await new Promise((r) => setTimeout(r, 50));
    publishing = false;
    await background;
    const last = Number(await a.redis.client.get(a.redis.key(...RealtimeKeys.sequence('scores', sport))));
    await eventually(() => again.messages.at(-1)?.seq === last, 5000, 'caught up to the last seq');

    expect(ack).toMatchObject({ ok: true, snapshot: false, replayed: expect.any(Number) });
    expect(again.snapshots).toEqual([]);
    const seqs = again.messages.map((m) => m.seq);
    expect(seqs).toEqual(Array.from({ length: last - lastSeen }, (_, i) => lastSeen + 1 + i));
  });

  it('starts a socket without a last seq from the acknowledged seq, missing nothing published while it joins', async () => {
    const sport = 'basketball_wnba';
    const message = (n: number): RealtimeMessage<'scores'> => ({ ...scoreUpdate(n), key: sport });
    await a.publisher.publish(message(0));
    let publishing = true;
    const background = (async () => {
      for (let n = 1; publishing && n < 300; n++) await a.publisher.publish(message(n));
    })();
    await new Promise((r) => setTimeout(r, 20));
    const socket = client(b);
    await socket.connect();
    const ack = await socket.subscribe({ channel: 'scores', sport });
    await new Promise((r) => setTimeout(r, 50));
    publishing = false;
    await background;
    const last = Number(await a.redis.client.get(a.redis.key(...RealtimeKeys.sequence('scores', sport))));
    await eventually(() => socket.messages.at(-1)?.seq === last, 5000, 'the last seq');
    expect(ack).toMatchObject({ ok: true, snapshot: false });
    if (!ack.ok) return;
    // What was published while it joined was replayed to it; then live, each seq once and in order.
    const first = ack.seq - ack.replayed + 1;
    expect(socket.messages.map((m) => m.seq)).toEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i));
  });

  // A gateway restart reconnects every client at once: their catch-ups share relay barriers, and each socket
  // still gets every seq once, in order.
  it('catches up many sockets subscribing at once, with and without a last seq, while publishing goes on', async () => {
    const sport = 'americanfootball_ufl';
    const message = (n: number): RealtimeMessage<'scores'> => ({ ...scoreUpdate(n), key: sport });
    for (let n = 1; n <= 5; n++) await a.publisher.publish(message(n));
    const sockets = Array.from({ length: 40 }, (_, i) => client(i % 2 ? a : b));
    await Promise.all(sockets.map((s) => s.connect()));
    let publishing = true;
    const background = (async () => {
      for (let n = 6; publishing && n < 400; n++) await a.publisher.publish(message(n));
    })();
    const acks = await Promise.all(
      sockets.map((s, i) =>
        s.subscribe(i % 4 < 2 ? { channel: 'scores', sport, lastSeq: 2 } : { channel: 'scores', sport }),
      ),
    );
    await new Promise((r) => setTimeout(r, 50));
    publishing = false;
    await background;
    const last = Number(await a.redis.client.get(a.redis.key(...RealtimeKeys.sequence('scores', sport))));
    await eventually(() => sockets.every((s) => s.messages.at(-1)?.seq === last), 5000, 'every socket at the last seq');
    sockets.forEach((socket, i) => {
      const ack = acks[i];
      if (!ack.ok) throw new Error(`subscribe ${i} refused: ${ack.message}`);
      const first = i % 4 < 2 ? 3 : ack.seq - ack.replayed + 1;
      expect([i, socket.messages.map((m) => m.seq)]).toEqual([
        i,
        Array.from({ length: last - first + 1 }, (_, k) => first + k),
      ]);
    });
  });

  it('sends a snapshot of the board when the gap is older than the buffer, then live diffs after it', async () => {
    const sport = 'baseball_mlb';
    const board: SportBoard = { sport_key: sport, fetched_at: '2026-11-21T07:00:00Z', events: [] };
    await a.redis.client.set(a.redis.key(...RedisKeys.board('odds', sport)), JSON.stringify(board));
    const diff = (n: number): RealtimeMessage<'odds'> => ({
      channel: 'odds',
      key: sport,
      at: new Date().toISOString(),
      type: 'board.diff',
      data: { sport_key: sport, fetched_at: `t${n}`, events: [] },
    });
    for (let n = 1; n <= 10; n++) await a.publisher.publish(diff(n), 3); // a buffer of 3: seq 8–10 kept

    const { session } = await signUp(a, 'gold');
    const gold = client(b, { token: session.access_token });
    await gold.connect();
    const ack = await gold.subscribe({ channel: 'odds', sport, lastSeq: 2 });
    expect(ack).toMatchObject({ ok: true, snapshot: true, seq: 10, replayed: 0 });
    expect(gold.snapshots).toEqual([expect.objectContaining({ channel: 'odds', key: sport, seq: 10, data: board })]);
    expect(gold.messages).toEqual([]);

    const next = await a.publisher.publish(diff(11), 3);
    await eventually(() => gold.messages.length === 1, 5000, 'live diff after the snapshot');
    expect(gold.messages[0].seq).toBe(next);

    // Within the buffer, the same channel replays instead.
    const other = client(a, { token: session.access_token });
    await other.connect();
    expect(await other.subscribe({ channel: 'odds', sport, lastSeq: 9 })).toMatchObject({
      ok: true,
      snapshot: false,
      replayed: 2,
      seq: 11,
    });
    expect(other.messages.map((m) => m.seq)).toEqual([10, 11]);
  });

  it("snapshots a scanner channel as the pipeline's current opportunities", async () => {
    const sport = 'americanfootball_ncaaf';
    const update = (id: string) => ({
      action: 'new',
      id,
      event_id: id.split('-')[0],
      time_found: '2026-11-21T07:00:00Z',
      expires_in: 1800,
    });
    await a.redis.client.hset(a.redis.key(...RedisKeys.opportunities('arbitrage', sport)), {
      'odds:e1': JSON.stringify([update('e1-a'), update('e1-b')]),
      'props:e2': JSON.stringify([update('e2-a')]),
    });
    const { session } = await signUp(a, 'platinum');
    const socket = client(b, { token: session.access_token });
    await socket.connect();
    expect(await socket.subscribe({ channel: 'arbitrage', sport, lastSeq: 0 })).toMatchObject({
      ok: true,
      snapshot: false,
      seq: 0,
    });
    await a.publisher.publish(arbitrageUpdate('e3-a', sport), 1);
    await a.publisher.publish(arbitrageUpdate('e3-b', sport), 1);
    const late = client(a, { token: session.access_token });
    await late.connect();
    expect(await late.subscribe({ channel: 'arbitrage', sport, lastSeq: 0 })).toMatchObject({
      ok: true,
      snapshot: true,
      seq: 2,
    });
    const ids = (late.snapshots[0].data as Array<{ id: string }>).map((u) => u.id).sort();
    expect(ids).toEqual(['e1-a', 'e1-b', 'e2-a']);
  });

  // Redis lost the channel's counter; its numbers started again under a new epoch
  it('sends a snapshot, not a replay, to a socket whose last seq is of an epoch the channel no longer has', async () => {
    const sport = 'tennis_atp_wimbledon';
    const message = (n: number): RealtimeMessage<'scores'> => ({ ...scoreUpdate(n), key: sport });
    for (let n = 1; n <= 3; n++) await a.publisher.publish(message(n));
    const old = await a.publisher.position('scores', sport);
    const first = client(a);
    await first.connect();
    expect(await first.subscribe({ channel: 'scores', sport, lastSeq: 1, epoch: old.epoch! })).toMatchObject({
      ok: true,
      snapshot: false,
      replayed: 2,
      seq: 3,
      epoch: old.epoch,
    });
    expect(first.messages.map((m) => [m.seq, m.epoch])).toEqual([
      [2, old.epoch],
      [3, old.epoch],
    ]);

    await deleteKeysWithPrefix(a.redis.client, a.redis.key(...RealtimeKeys.channel('scores', sport)));
    for (let n = 4; n <= 5; n++) await a.publisher.publish(message(n));
    const now = await a.publisher.position('scores', sport);
    expect(now.seq).toBe(2);
    expect(now.epoch).not.toBe(old.epoch);
    const again = client(b);
    await again.connect();
    // seq 2 of the new epoch is buffered, but it is not the message after the client's seq 1 of the old one
    expect(await again.subscribe({ channel: 'scores', sport, lastSeq: 1, epoch: old.epoch! })).toMatchObject({
      ok: true,
      snapshot: true,
      seq: 2,
      epoch: now.epoch,
    });
    expect(again.snapshots).toEqual([
      expect.objectContaining({ channel: 'scores', key: sport, seq: 2, epoch: now.epoch }),
    ]);
    expect(again.messages).toEqual([]);
    const next = await a.publisher.publish(message(6));
    await eventually(() => again.messages.length === 1, 5000, 'live after the snapshot');
    expect(again.messages[0]).toMatchObject({ seq: next, epoch: now.epoch });
  });

  it('catches up a socket that resubscribes to a room it is in, without sending anything twice', async () => {
    const sport = 'tennis_wta_wimbledon';
    const message = (n: number): RealtimeMessage<'scores'> => ({ ...scoreUpdate(n), key: sport });
    const socket = client(a);
    await socket.connect();
    const ack = await socket.subscribe({ channel: 'scores', sport });
    expect(ack).toMatchObject({ ok: true, seq: 0, epoch: null });
    for (let n = 1; n <= 3; n++) await a.publisher.publish(message(n));
    await eventually(() => socket.messages.length === 3, 5000, 'three live messages');
    let publishing = true;
    const background = (async () => {
      for (let n = 4; publishing && n < 200; n++) await a.publisher.publish(message(n));
    })();
    // the client saw a gap after seq 1 (say): it asks again from there while live messages keep coming
    const again = await socket.subscribe({ channel: 'scores', sport, lastSeq: 1, epoch: socket.messages[0].epoch });
    await new Promise((r) => setTimeout(r, 50));
    publishing = false;
    await background;
    const last = (await a.publisher.position('scores', sport)).seq;
    await eventually(() => socket.messages.at(-1)?.seq === last, 5000, 'the last seq');
    expect(again).toMatchObject({ ok: true, snapshot: false });
    // live 1–3, then the catch-up from 2 on: from then on each seq once, in order
    const seqs = socket.messages.map((m) => m.seq);
    const resumed = seqs.slice(seqs.indexOf(2, 2));
    expect(resumed).toEqual(Array.from({ length: last - 1 }, (_, i) => i + 2));
  });

  // docs/realtime.md: at most 100 subscriptions, whatever rooms the gateway keeps the socket in itself (its own id's,
  // a signed-in socket's account's)
  it('caps the subscriptions of one connection at 100, anonymous or signed in', async () => {
    // a process of its own whose event limits leave room for 2 × 102 subscribes from one address
    const limits = 100_000;
    const capped = await createGatewayApp({
      REDIS_PREFIX: `${prefix}-cap`,
      SOCKET_RATE_LIMIT_CONNECTION_MAX: limits,
      SOCKET_RATE_LIMIT_ADDRESS_MAX: limits,
    });
    try {
      const { session } = await signUp(capped, 'gold');
      for (const c of [client(capped), client(capped, { token: session.access_token })]) {
        await c.connect();
        const acks = [];
        for (let n = 0; n <= 100; n++) acks.push(await c.subscribe({ channel: 'reactions', eventId: `game-${n}` }));
        expect(acks.filter((ack) => ack.ok)).toHaveLength(100);
        expect(acks.at(-1)).toEqual({
          ok: false,
          code: 'INVALID_SUBSCRIPTION',
          message: 'At most 100 subscriptions per connection',
        });
        // one of them again is no new subscription
        expect(await c.subscribe({ channel: 'reactions', eventId: 'game-0' })).toMatchObject({ ok: true });
        c.close();
      }
    } finally {
      await capped.app.close();
      await deleteKeysWithPrefix(a.redis.client, `${prefix}-cap`);
    }
  });

  // The text rule of every REST input (TextInputPipe), answered with each event's own acknowledgement
  // (docs/realtime.md): a refusal thrown at a socket event was an `exception` event, and the client's ack never came.
  it('refuses a control character or a lone surrogate in any event with its ack, in the words REST uses', async () => {
    const { session } = await signUp(a, 'gold');
    const c = client(a, { token: session.access_token });
    await c.connect();
    const control = (field: string) => `${field}: must not contain control characters`;
    const unicode = (field: string) => `${field}: must be well-formed Unicode text`;
    const refused = (message: string) => ({ ok: false, code: 'INVALID_SUBSCRIPTION', message });
    const requests = [
      [{ channel: 'reactions', eventId: '\ud800' }, unicode('eventId')],
      [{ channel: 'reactions', eventId: 'game\u0000' }, control('eventId')],
      [{ channel: 'scores', sport: `${SPORT}\u0000` }, control('sport')],
      [{ channel: 'scores', sport: `${SPORT}\udc00` }, unicode('sport')],
      [{ channel: 'odds', sport: SPORT, note: 'a\u0001b' }, control('note')],
      [{ channel: 'odds', sport: SPORT, note: 'a\ud800b' }, unicode('note')],
    ] as const;
    for (const [request, message] of requests) {
      expect(await c.subscribe(request as never)).toEqual(refused(message));
      expect(await c.unsubscribe(request as never)).toEqual(refused(message));
    }
    const reauth = (request: Record<string, string>) => c.socket.timeout(5000).emitWithAck('reauth', request as never);
    expect(await reauth({ token: `${session.access_token}\u0000` })).toEqual({
      ok: false,
      code: 'AUTH_REQUIRED',
      message: control('token'),
    });
    expect(await reauth({ token: session.access_token, note: '\ud800' })).toEqual({
      ok: false,
      code: 'AUTH_REQUIRED',
      message: unicode('note'),
    });
    // the socket goes on as before
    expect(await reauth({ token: session.access_token })).toMatchObject({ ok: true });
    expect(await c.subscribe({ channel: 'odds', sport: SPORT })).toMatchObject({ ok: true, room: `odds:${SPORT}` });
  });

  // The subscribe's catch-up awaits Redis; an unsubscribe sent right after it is served meanwhile, and the catch-up
  // joined the room at its end all the same: the socket heard the room after its unsubscribe was acknowledged.
  it('leaves a socket out of a room it unsubscribed from while its subscribe was being served', async () => {
    const sport = 'unsubscribed_meanwhile';
    const message = (n: number): RealtimeMessage<'scores'> => ({ ...scoreUpdate(n), key: sport });
    for (let n = 1; n <= 3; n++) await a.publisher.publish(message(n));
    const c = client(a);
    await c.connect();
    let heardBeforeUnsubscribed = -1;
    const [subscribed, unsubscribed] = await Promise.all([
      c.subscribe({ channel: 'scores', sport, lastSeq: 0 }),
      c.unsubscribe({ channel: 'scores', sport }).then((ack) => {
        heardBeforeUnsubscribed = c.messages.length;
        return ack;
      }),
    ]);
    expect(unsubscribed).toEqual({ ok: true, room: `scores:${sport}` });
    expect(subscribed).toEqual({
      ok: false,
      code: 'INVALID_SUBSCRIPTION',
      message: 'Unsubscribed before the subscription completed',
    });
    const probe = client(a);
    await probe.connect();
    await probe.subscribe({ channel: 'scores', sport });
    const marker = await a.publisher.publish(message(4));
    await eventually(() => probe.messages.some((m) => m.seq === marker));
    expect(c.messages).toHaveLength(heardBeforeUnsubscribed);
  });

  it('stops delivering after unsubscribe', async () => {
    const c = client(a);
    await c.connect();
    await c.subscribe({ channel: 'scores', sport: SPORT });
    expect(await c.unsubscribe({ channel: 'scores', sport: SPORT })).toEqual({ ok: true, room: `scores:${SPORT}` });
    await a.publisher.publish(scoreUpdate(9));
    const probe = client(a);
    await probe.connect();
    await probe.subscribe({ channel: 'scores', sport: SPORT });
    const marker = await a.publisher.publish(scoreUpdate(10));
    await eventually(() => probe.messages.some((m) => m.seq === marker));
    expect(c.messages).toEqual([]);
  });
});

// A board's board.status travels through Redis like every message: with Redis away it cannot reach a socket, so the
// gateway tells its sockets itself that live updates stopped, and when they are back. A redis-server of the test's own.
describe('realtime gateway through a Redis outage', () => {
  let redis: OwnRedis;
  let t: GatewayTestApp;
  const clients: RecordingClient[] = [];
  const client = (auth: Record<string, string> = {}) => {
    const c = new RecordingClient(t.url, auth);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    redis = await OwnRedis.started();
    t = await createGatewayApp({ REDIS_URL: redis.url, REDIS_PREFIX: `${prefix}-outage` });
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await redis.start();
    await t.app.close();
    await redis.stop();
  });

  it('tells every socket of the process that live updates stopped, and that they are back, then catches it up', async () => {
    const { session } = await signUp(t, 'gold');
    const gold = client({ token: session.access_token });
    const anonymous = client();
    await Promise.all([gold.connect(), anonymous.connect()]);
    expect(await gold.subscribe({ channel: 'odds', sport: SPORT })).toMatchObject({ ok: true });
    const seq = await t.publisher.publish(scoreUpdate(1));
    expect(await gold.subscribe({ channel: 'scores', sport: SPORT, lastSeq: seq - 1 })).toMatchObject({ seq });
    expect(gold.live).toEqual([]);

    await redis.stop();
    // the anonymous socket is in no room: what it shows may be stale all the same
    await eventually(() => gold.live.length === 1 && anonymous.live.length === 1, 5000, 'the interruption');
    expect([gold.live, anonymous.live]).toEqual([[{ live: false }], [{ live: false }]]);
    const meanwhile = client();
    await meanwhile.connect();
    await eventually(() => meanwhile.live.length === 1, 5000, 'the interruption, to a socket connecting meanwhile');
    expect(meanwhile.live).toEqual([{ live: false }]);

    await redis.start();
    await eventually(() => [gold, anonymous, meanwhile].every((c) => c.live.length === 2), 10_000, 'live again');
    for (const c of [gold, anonymous]) expect(c.live).toEqual([{ live: false }, { live: true }]);
    expect(meanwhile.live).toEqual([{ live: false }, { live: true }]);
    // the client resubscribes from where it stands and is caught up: here from a snapshot, as this Redis came back empty
    const next = await t.publisher.publish(scoreUpdate(2));
    const ack = await gold.subscribe({ channel: 'scores', sport: SPORT, lastSeq: seq, epoch: gold.messages[0].epoch });
    expect(ack).toMatchObject({ ok: true, seq: next, snapshot: true });
    expect(gold.snapshots.map((s) => [s.channel, s.seq])).toEqual([['scores', next]]);
  }, 30_000);
});
