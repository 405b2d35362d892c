import { sql } from 'kysely';
import { documentsGameKey, reactionsTopic, type ScoreboardEvent } from '@oddspulse/shared';
import { bearer, signUp } from '../../../test/support/accounts-app';
import { loadFixtureBoards } from '../../../test/support/fixture-boards';
import { createGatewayApp, eventually, RecordingClient, type GatewayTestApp } from '../../../test/support/gateway-app';
import {
  deleteKeysWithPrefix,
  gameResultOf,
  GameResultsRepository,
  ReactionsRepository,
  RealtimeKeys,
} from '@oddspulse/core';

const prefix = `${process.env.REDIS_PREFIX}-reactions`;
const pathOf = (gameKey: string) => `/api/reactions/${encodeURIComponent(gameKey)}`;

// spec 002 §3, §4, §7 reactions; DECISIONS 22
describe('reactions (real PostgreSQL and Redis)', () => {
  let t: GatewayTestApp;
  const clients: RecordingClient[] = [];
  /** The recorded MLB scoreboard's games: each has its event id (The Odds API's scores share the odds ids). */
  let games: ScoreboardEvent[];
  let GAME: string;
  let path: string;

  beforeAll(async () => {
    t = await createGatewayApp({ REDIS_PREFIX: prefix });
    games = (await loadFixtureBoards(t.redis)).scores.games;
    GAME = games[0].event_id!;
    path = pathOf(GAME);
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    // Before close: the app's Redis connection is the one that deletes.
    await deleteKeysWithPrefix(t.redis.client, prefix);
    await t.app.close();
  });

  it('lists every emoji to anyone, and refuses a visitor who tries to react', async () => {
    const res = await t.http().get(path);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      gameKey: GAME,
      reactions: { fire: [], money: [], confident: [], thinking: [], nervous: [], electric: [] },
      userReaction: null,
    });
    const post = await t.http().post(path).send({ emoji: 'fire', action: 'add' });
    expect([post.status, post.body.message]).toEqual([401, 'Authentication required']);
  });

  it('keeps one reaction per user per game: adding another replaces it, removing clears it', async () => {
    const { session } = await signUp(t, 'free');
    const auth = bearer(session);
    // The body's userId is never trusted: the reactor is the token's user.
    const added = await t
      .http()
      .post(path)
      .set(auth)
      .send({ userId: 'someone-else', username: 'spoof', emoji: '🔥', action: 'add' });
    expect(added.status).toBe(200);
    expect(added.body.reactions.fire).toEqual([
      { userId: session.user.id, username: session.user.email.split('@')[0] },
    ]);
    expect(added.body.userReaction).toBe('fire');

    const changed = await t.http().post(path).set(auth).send({ emoji: 'money', action: 'add' });
    expect(changed.body.reactions.fire).toEqual([]);
    expect(changed.body.reactions.money).toHaveLength(1);

    const removed = await t.http().post(path).set(auth).send({ emoji: 'money', action: 'remove' });
    expect(removed.body.reactions.money).toEqual([]);
    expect(removed.body.userReaction).toBeNull();
  });

  it('enforces one reaction per user per game in the database itself', async () => {
    const { session } = await signUp(t, 'free');
    await sql`INSERT INTO reactions (game_key, user_id, emoji) VALUES (${GAME}, ${session.user.id}, 'fire')`.execute(
      t.db,
    );
    await expect(
      sql`INSERT INTO reactions (game_key, user_id, emoji) VALUES (${GAME}, ${session.user.id}, 'money')`.execute(t.db),
    ).rejects.toMatchObject({
      code: '23505',
    });
    await expect(
      sql`INSERT INTO reactions (game_key, user_id, emoji) VALUES ('other-game', ${session.user.id}, 'thumbs')`.execute(
        t.db,
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('answers 400 for an emoji outside the six, or an unknown action', async () => {
    const auth = bearer((await signUp(t, 'free')).session);
    const bad = await t.http().post(path).set(auth).send({ emoji: '👍', action: 'add' });
    expect([bad.status, bad.body.message]).toEqual([
      400,
      'Unknown reaction: use one of fire, money, confident, thinking, nervous, electric',
    ]);
    const action = await t.http().post(path).set(auth).send({ emoji: 'fire', action: 'toggle' });
    expect([action.status, action.body.message]).toEqual([400, 'Reaction action must be add or remove']);
  });

  // Reactions pushed to the game's room
  it("pushes a reaction to sockets in the game's room, and sends the reactions as a snapshot on catch-up", async () => {
    const socket = new RecordingClient(t.url);
    clients.push(socket);
    await socket.connect();
    expect(await socket.subscribe({ channel: 'reactions', eventId: GAME })).toMatchObject({
      ok: true,
      room: `reactions:${reactionsTopic(GAME)}`,
    });
    const auth = bearer((await signUp(t, 'gold')).session);
    await t.http().post(path).set(auth).send({ emoji: 'electric', action: 'add' });
    await eventually(() => socket.messages.length === 1, 5000, 'reaction message');
    expect(socket.messages[0]).toMatchObject({
      channel: 'reactions',
      type: 'reactions.update',
      data: { gameKey: GAME },
    });
    expect((socket.messages[0].data as { reactions: { electric: unknown[] } }).reactions.electric).toHaveLength(1);

    const late = new RecordingClient(t.url);
    clients.push(late);
    await late.connect();
    await t.redis.client.del(t.redis.key(...RealtimeKeys.buffer('reactions', reactionsTopic(GAME))));
    const ack = await late.subscribe({ channel: 'reactions', eventId: GAME, lastSeq: 0 });
    expect(ack).toMatchObject({ ok: true, snapshot: true });
    expect(late.snapshots[0].data).toMatchObject({ gameKey: GAME, reactions: { electric: [expect.any(Object)] } });
  });

  // Two reactions to one game at once: each pushes the counts it read, and a viewer keeps the last push it gets
  it("pushes a game's counts in the order of its writes, so the last push carries the count stored", async () => {
    const game = games[1].event_id!;
    const socket = new RecordingClient(t.url);
    clients.push(socket);
    await socket.connect();
    await socket.subscribe({ channel: 'reactions', eventId: game });
    const [first, second] = await Promise.all([signUp(t, 'free'), signUp(t, 'free')]);
    const find = ReactionsRepository.prototype.find;
    let reads = 0;
    let firstRead = () => {};
    const firstReadDone = new Promise<void>((resolve) => (firstRead = resolve));
    // the first request's read is slow to answer (a busy pool, a pause): the second request is sent once it has read
    const slowFirstRead = jest.spyOn(ReactionsRepository.prototype, 'find').mockImplementation(async function (
      this: ReactionsRepository,
      ...args
    ) {
      const rows = await find.apply(this, args);
      if (++reads === 1) {
        firstRead();
        await new Promise((r) => setTimeout(r, 500));
      }
      return rows;
    });
    try {
      const react = (session: typeof first.session) =>
        t.http().post(`/api/reactions/${game}`).set(bearer(session)).send({ emoji: 'fire', action: 'add' });
      // supertest sends a request once it is awaited: then() sends the first one now
      const one = react(first.session).then((res) => res);
      await firstReadDone;
      await Promise.all([one, react(second.session)]);
    } finally {
      slowFirstRead.mockRestore();
    }
    await eventually(() => socket.messages.length >= 2, 5000, 'two pushes');
    await new Promise((r) => setTimeout(r, 300));
    const pushed = socket.messages.map((m) => (m.data as { reactions: { fire: unknown[] } }).reactions.fire.length);
    const stored = (await t.http().get(`/api/reactions/${game}`)).body.reactions.fire.length;
    expect([pushed, stored]).toEqual([[1, 2], 2]);
  });

  it('reads a game held by a change in flight as that change leaves it: its push goes out before it commits', async () => {
    const game = games[2].event_id!;
    const { session } = await signUp(t, 'free');
    const reactions = t.app.get(ReactionsRepository);
    let commit = () => {};
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let held = () => {};
    const lockHeld = new Promise<void>((resolve) => (held = resolve));
    const change = reactions.transaction(async (trx) => {
      await reactions.lockGame(game, trx);
      await reactions.set(game, session.user.id, 'money', trx);
      held();
      await committing;
    });
    await lockHeld;
    let answered = false;
    const read = t
      .http()
      .get(`/api/reactions/${game}`)
      .then((res) => ((answered = true), res));
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false);
    commit();
    await change;
    expect((await read).body.reactions.money).toHaveLength(1);
  });

  // DECISIONS 22: a reaction is to a game, known by its event id or by the documents' gameKey
  describe('the game reacted to', () => {
    it('refuses to add a reaction to a game no scoreboard has, and lists any key as before', async () => {
      const auth = bearer((await signUp(t, 'free')).session);
      for (const key of ['not-a-game-at-all', `${documentsGameKey(games[0])}x`]) {
        const res = await t.http().post(pathOf(key)).set(auth).send({ emoji: 'money', action: 'add' });
        expect([key, res.status, res.body]).toEqual([
          key,
          404,
          {
            statusCode: 404,
            code: 'GAME_NOT_FOUND',
            message:
              'No game on the scoreboard has this key: use its event id, or its away team, home team and start time joined by _',
          },
        ]);
      }
      const stored = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM reactions WHERE game_key = 'not-a-game-at-all'`.execute(t.db);
      expect(stored.rows[0].n).toBe(0);
      const listed = await t.http().get(pathOf('not-a-game-at-all'));
      expect([listed.status, listed.body.reactions.money]).toEqual([200, []]);
    });

    it("keeps a reaction sent under a game's gameKey under its event id, where its page reads it", async () => {
      const game = games[2];
      const { session } = await signUp(t, 'free');
      const res = await t
        .http()
        .post(pathOf(documentsGameKey(game)))
        .set(bearer(session))
        .send({ emoji: 'nervous', action: 'add' });
      expect([res.status, res.body.gameKey, res.body.userReaction]).toEqual([200, game.event_id, 'nervous']);
      const read = await t.http().get(pathOf(game.event_id!)).set(bearer(session));
      expect(read.body.userReaction).toBe('nervous');
      // one reaction, under the event id: sent again under the event id, it is replaced, not added beside
      await t.http().post(pathOf(game.event_id!)).set(bearer(session)).send({ emoji: 'fire', action: 'add' });
      const rows = await sql<{ game_key: string; emoji: string }>`
        SELECT game_key, emoji FROM reactions WHERE user_id = ${session.user.id}`.execute(t.db);
      expect(rows.rows).toEqual([{ game_key: game.event_id, emoji: 'fire' }]);
    });

    // The finals settlement keeps (GET /api/scores answers past days from them) are games too, with or without an event id
    it('takes a reaction to a final kept after the scoreboard moved on', async () => {
      const final = {
        ...games.find((g) => g.status === 'final')!,
        id: 'kept-final',
        commence_time: '2022-08-20T20:10:00Z',
      };
      const keyed = { ...final, id: 'kept-keyed', event_id: 'kept-event-id' };
      delete (final as Partial<ScoreboardEvent>).event_id;
      await t
        .get(GameResultsRepository)
        .save([gameResultOf('baseball_mlb', final, 'espn')!, gameResultOf('baseball_mlb', keyed, 'espn')!]);
      const auth = bearer((await signUp(t, 'free')).session);
      const byGameKey = await t
        .http()
        .post(pathOf(documentsGameKey(final)))
        .set(auth)
        .send({ emoji: 'fire' });
      expect([byGameKey.status, byGameKey.body.gameKey]).toEqual([200, documentsGameKey(final)]);
      const byEvent = await t.http().post(pathOf('kept-event-id')).set(auth).send({ emoji: 'money' });
      expect([byEvent.status, byEvent.body.gameKey]).toEqual([200, 'kept-event-id']);
    });

    it("removes one's own reaction from a game no scoreboard has any more", async () => {
      const { session } = await signUp(t, 'free');
      await sql`INSERT INTO reactions (game_key, user_id, emoji) VALUES ('a-game-gone', ${session.user.id}, 'fire')`.execute(
        t.db,
      );
      const res = await t
        .http()
        .post(pathOf('a-game-gone'))
        .set(bearer(session))
        .send({ emoji: 'fire', action: 'remove' });
      expect([res.status, res.body.reactions.fire, res.body.userReaction]).toEqual([200, [], null]);
    });
  });
});
