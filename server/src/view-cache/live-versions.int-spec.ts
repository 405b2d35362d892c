import { LiveStateRepository, RealtimeBus, RedisKeys, deleteKeysWithPrefix } from '@oddspulse/core';
import { bearer, signUp } from '../../../test/support/accounts-app';
import { loadFixtureBoards } from '../../../test/support/fixture-boards';
import { createGatewayApp, type GatewayTestApp } from '../../../test/support/gateway-app';
import { LiveVersions } from './live-versions';
import { WarmViews } from './warm-views';

const prefix = `${process.env.REDIS_PREFIX}-live-versions`;
const NFL = 'americanfootball_nfl';
const ODDS = `/api/odds?sports=${NFL}&markets=h2h,spreads,totals&regions=us`;

/** Until the process's versions are kept in memory (read from Redis every time before), or stop being kept. */
async function hearing(t: GatewayTestApp, heard = true): Promise<void> {
  const versions = t.get(LiveVersions);
  for (let i = 0; i < 200 && versions.hearing !== heard; i++) await new Promise((r) => setTimeout(r, 50));
  expect(versions.hearing).toBe(heard);
}

// A cached answer's version (board stamps, opportunity and scoreboard revisions) is kept in each server's
// memory, and every write of it (by the workers, here by their own repository and publisher) reaches every server at
// once; while the notices cannot be heard, versions are read from Redis as before.
describe('data versions kept in memory, across two server processes (real Redis)', () => {
  let writer: GatewayTestApp;
  let reader: GatewayTestApp;
  let fixtures: Awaited<ReturnType<typeof loadFixtureBoards>>;
  let gold: Record<string, string>;
  let platinum: Record<string, string>;

  beforeAll(async () => {
    writer = await createGatewayApp({ REDIS_PREFIX: prefix });
    reader = await createGatewayApp({ REDIS_PREFIX: prefix });
    fixtures = await loadFixtureBoards(writer.redis);
    gold = bearer((await signUp(writer, 'gold')).session);
    platinum = bearer((await signUp(writer, 'platinum')).session);
    await Promise.all([hearing(writer), hearing(reader)]);
  });

  afterAll(async () => {
    await deleteKeysWithPrefix(writer.redis.client, prefix);
    await reader.app.close();
    await writer.app.close();
  });

  afterEach(() => jest.restoreAllMocks());

  const state = () => writer.get(LiveStateRepository);
  const stampReads = () => jest.spyOn(reader.get(LiveStateRepository), 'freshness');

  /**
   * Settles once the reader has heard every notice published so far: a marker goes out after them on the same topic,
   * and Redis delivers a channel's messages to a subscriber in order. "At once" is as soon as the notice is heard; a
   * request sent before that (a loaded machine delays the subscriber) races it.
   */
  async function noticesHeard(): Promise<void> {
    const marker = `test-marker-${Math.random().toString(36).slice(2)}`;
    const heard = new Promise<void>((resolve) => {
      const stop = reader.get(LiveVersions).onChange((what) => {
        if (what !== marker) return;
        stop();
        resolve();
      });
    });
    await writer.get(RealtimeBus).publishControl(RedisKeys.liveStateChanged, marker);
    await heard;
  }

  /** The reader's answer after `write` (once its notices are heard), having served the one before it from memory. */
  async function afterWrite(path: string, auth: Record<string, string>, write: () => Promise<unknown>) {
    const before = await reader.http().get(path).set(auth).expect(200);
    await reader.http().get(path).set(auth).expect(200);
    await write();
    await noticesHeard();
    const after = await reader.http().get(path).set(auth).expect(200);
    return { before, after };
  }

  it('reads a board’s stamp from Redis once, then serves it from memory', async () => {
    // The clock stands still, so the requests fall inside the 1 s backstop however long a loaded machine takes on them.
    jest.spyOn(Date, 'now').mockReturnValue(Date.now());
    await reader.http().get(ODDS).set(gold).expect(200);
    const reads = stampReads();
    for (let i = 0; i < 3; i++) await reader.http().get(ODDS).set(gold).expect(200);
    expect(reads).not.toHaveBeenCalled();
  });

  it('serves a board saved whole at once, in the other process', async () => {
    const moved = { ...fixtures.nfl, fetched_at: new Date(Date.now() + 1000).toISOString() };
    const { before, after } = await afterWrite(ODDS, gold, () => state().saveBoard('odds', moved));
    expect(before.headers['x-board-fetched-at']).toBe(`${NFL}=${fixtures.nfl.fetched_at}`);
    expect(after.headers['x-board-fetched-at']).toBe(`${NFL}=${moved.fetched_at}`);
  });

  it('serves a board published with its diff (the pipeline’s one atomic step) at once', async () => {
    const moved = { ...fixtures.nfl, fetched_at: new Date(Date.now() + 2000).toISOString() };
    const { after } = await afterWrite(ODDS, gold, () =>
      writer.publisher.publishWith(
        {
          channel: 'odds',
          key: NFL,
          at: moved.fetched_at,
          type: 'board.diff',
          data: { sport_key: NFL, fetched_at: moved.fetched_at, events: [] },
        },
        state().boardWrites('odds', moved),
      ),
    );
    expect(after.headers['x-board-fetched-at']).toBe(`${NFL}=${moved.fetched_at}`);
  });

  it('serves a new stamp alone (a poll that changed nothing) at once, and a board turned stale', async () => {
    const stamp = (await state().boardStamp('odds', NFL))!;
    const polled = { ...stamp, fetched_at: new Date(Date.now() + 3000).toISOString() };
    const { after } = await afterWrite(ODDS, gold, () => state().saveBoardStamp('odds', NFL, polled));
    expect(after.headers['x-board-fetched-at']).toBe(`${NFL}=${polled.fetched_at}`);
    const stale = { ...polled, stale_since: polled.fetched_at };
    const marked = await afterWrite(ODDS, gold, () => state().saveBoardStamp('odds', NFL, stale));
    expect(marked.after.headers['x-board-stale-since']).toBe(`${NFL}=${stale.stale_since}`);
    await state().saveBoard('odds', fixtures.nfl);
  });

  it('reads a sport’s opportunity revision again once detection has written, and a scoreboard’s once it is saved', async () => {
    const revisions = jest.spyOn(reader.get(LiveStateRepository), 'opportunityRevisions');
    const arbitrage = `/api/arbitrage?sports=${NFL}&minProfit=0.1`;
    await afterWrite(arbitrage, platinum, () => state().saveEventOpportunities('arbitrage', NFL, [['odds:none', []]]));
    expect(revisions).toHaveBeenCalledTimes(2);

    const scoreboards = jest.spyOn(reader.get(LiveStateRepository), 'scoreboardRevision');
    const [game, ...rest] = fixtures.scores.games;
    const { after } = await afterWrite('/api/scores?sport=baseball_mlb', {}, () =>
      state().saveScoreboard({ ...fixtures.scores, games: [{ ...game, home_score: 77 }, ...rest] }),
    );
    expect((after.body as Array<{ id: string; home_score: number }>).find((g) => g.id === game.id)!.home_score).toBe(
      77,
    );
    expect(scoreboards).toHaveBeenCalledTimes(2);
    await state().saveScoreboard(fixtures.scores);
  });

  it('reads every version from Redis while its notices are not heard, then keeps them again', async () => {
    const versions = reader.get(LiveVersions);
    await versions.onApplicationShutdown();
    await hearing(reader, false);
    // a view rebuilt ahead on the last notices heard (WarmViews) reads stamps too: only the requests' reads count here
    await reader.get(WarmViews).idle();
    const reads = stampReads();
    for (let i = 0; i < 3; i++) await reader.http().get(ODDS).set(gold).expect(200);
    expect(reads).toHaveBeenCalledTimes(3);
    versions.onModuleInit();
    await hearing(reader);
    reads.mockClear();
    for (let i = 0; i < 3; i++) await reader.http().get(ODDS).set(gold).expect(200);
    expect(reads).toHaveBeenCalledTimes(1);
  });
});
