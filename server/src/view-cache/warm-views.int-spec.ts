import { LiveStateRepository, deleteKeysWithPrefix } from '@oddspulse/core';
import { unpackBoards } from '@oddspulse/shared';
import { bearer, signUp } from '../../../test/support/accounts-app';
import { loadFixtureBoards } from '../../../test/support/fixture-boards';
import { createGatewayApp, type GatewayTestApp } from '../../../test/support/gateway-app';
import { OddsService } from '../odds/odds.service';
import { LiveVersions } from './live-versions';
import { WarmViews } from './warm-views';

const prefix = `${process.env.REDIS_PREFIX}-warm-views`;
const NFL = 'americanfootball_nfl';
const BOARDS = `/api/boards?kind=odds&sports=${NFL}&markets=h2h,spreads&format=packed`;

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!check()) throw new Error(`Timed out waiting until ${what}`);
}

// A view asked for is built again as the board behind it changes (in every server process, each hearing the
// workers' notice), so the next first load is served from the cache instead of waiting for the build.
describe('views rebuilt ahead when their board changes (real Redis, two server processes)', () => {
  let writer: GatewayTestApp;
  let reader: GatewayTestApp;
  let fixtures: Awaited<ReturnType<typeof loadFixtureBoards>>;
  let gold: Record<string, string>;

  beforeAll(async () => {
    writer = await createGatewayApp({ REDIS_PREFIX: prefix });
    reader = await createGatewayApp({ REDIS_PREFIX: prefix });
    fixtures = await loadFixtureBoards(writer.redis);
    gold = bearer((await signUp(writer, 'gold')).session);
    await until(() => reader.get(LiveVersions).hearing, 'the reader hears notices');
  });

  afterAll(async () => {
    await deleteKeysWithPrefix(writer.redis.client, prefix);
    await reader.app.close();
    await writer.app.close();
  });

  afterEach(() => jest.restoreAllMocks());

  it('builds the view of the new board as the change is heard, and serves the next request from it', async () => {
    const first = await reader.http().get(BOARDS).set(gold).expect(200);
    expect(reader.get(WarmViews).size).toBeGreaterThan(0);
    const builds = jest.spyOn(reader.get(OddsService), 'storedBoards');

    const moved = structuredClone(fixtures.nfl);
    moved.fetched_at = new Date(Date.now() + 1000).toISOString();
    const outcome = moved.events[0].bookmakers[0].markets[0].outcomes[0];
    outcome.price = Math.round((outcome.price + 0.1) * 100) / 100;
    await writer.get(LiveStateRepository).saveBoard('odds', moved);

    // no request meanwhile: the reader builds it on hearing the notice
    await until(() => builds.mock.calls.length === 1, 'the view is rebuilt ahead');
    await new Promise((r) => setTimeout(r, 100));
    const next = await reader.http().get(BOARDS).set(gold).expect(200);
    expect(builds).toHaveBeenCalledTimes(1);
    expect(next.headers.etag).not.toBe(first.headers.etag);
    expect(next.headers['x-board-fetched-at']).toBe(`${NFL}=${moved.fetched_at}`);
    const [board] = unpackBoards(next.body);
    expect(
      board.events[0].bookmakers.find((b) => b.key === moved.events[0].bookmakers[0].key)?.markets[0].outcomes[0].price,
    ).toBe(outcome.price);
  });

  it('does not build views of boards that did not change', async () => {
    await reader.http().get(BOARDS).set(gold).expect(200);
    const builds = jest.spyOn(reader.get(OddsService), 'storedBoards');
    const other = { sport_key: 'americanfootball_ncaaf', fetched_at: new Date().toISOString(), events: [] };
    await writer.get(LiveStateRepository).saveBoard('odds', other);
    await new Promise((r) => setTimeout(r, 300));
    expect(builds).not.toHaveBeenCalled();
  });
});
