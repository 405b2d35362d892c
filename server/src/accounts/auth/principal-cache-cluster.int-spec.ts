import type { Cluster } from 'ioredis';
import {
  ApiKeysRepository,
  parseConfig,
  PrincipalChanges,
  RealtimeBus,
  RedisKeys,
  RedisService,
  SessionsRepository,
  ShardedControl,
  type AppConfig,
  type SessionPrincipalRow,
} from '@oddspulse/core';
import { PrincipalCache } from './principal-cache';
import { signUp } from '../../../../test/support/accounts-app';
import { createGatewayApp, eventually, RecordingClient } from '../../../../test/support/gateway-app';
import { OwnRedisCluster } from '../../../../test/support/redis-cluster';

const prefix = `${process.env.REDIS_PREFIX}-cluster-control`;

/** What PostgreSQL would answer for a session: standing until the test revokes it. */
class SessionRows {
  readonly revoked = new Set<string>();
  reads = 0;
  async findPrincipal(userId: string): Promise<SessionPrincipalRow | undefined> {
    this.reads++;
    if (this.revoked.has(userId)) return undefined;
    return {
      user_id: userId,
      email: `${userId}@example.test`,
      email_verified_at: null,
      revoked_at: null,
      plan: 'gold',
      status: 'active',
      current_period_end: null,
      cancel_at_period_end: false,
      is_gifted: false,
      unlimited: false,
    };
  }
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

// docs/scaling.md "On a Redis Cluster": a listener's control topics ride one connection of its own to the primary of the
// control slot (principal-changed and plan-changed sharded there, live-state:changed classic), so losing that primary
// is `live(false)` at once, and `live(true)` waits for the subscriptions to be answered again. A principal cache trusts
// its memory only in between: a session revoked while the announcement cannot be heard is not served from it.
describe('control topics on a 3-node Redis Cluster: a listener that knows when it stopped hearing', () => {
  let cluster: OwnRedisCluster;
  let config: AppConfig;
  let server: RedisService;
  let other: RedisService;
  let cache: PrincipalCache;
  const rows = new SessionRows();
  const lives: Array<{ live: boolean; at: number }> = [];
  const heard: Array<{ topic: string; message: string }> = [];
  let closeListener: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    cluster = await OwnRedisCluster.started();
    config = { ...parseConfig(process.env), REDIS_CLUSTER_NODES: cluster.nodes, REDIS_PREFIX: prefix };
    server = new RedisService(config);
    other = new RedisService(config);
    const bus = new RealtimeBus(server);
    const subscription = bus.listen('control-test', {
      control: [
        [RedisKeys.principalChanged, (message) => heard.push({ topic: 'principal', message })],
        [RedisKeys.liveStateChanged, (message) => heard.push({ topic: 'live-state', message })],
      ],
      live: (live) => lives.push({ live, at: Date.now() }),
    });
    closeListener = () => subscription.close();
    cache = new PrincipalCache(
      rows as unknown as SessionsRepository,
      {} as ApiKeysRepository,
      new PrincipalChanges(bus),
      bus,
    );
    cache.onModuleInit();
    await subscription.ready;
    await until(() => cache.hearing, 5000, 'the principal cache hearing');
  }, 30_000);

  afterAll(async () => {
    try {
      await closeListener?.();
      await cache?.onApplicationShutdown();
      await server?.onApplicationShutdown();
      await other?.onApplicationShutdown();
    } finally {
      await cluster?.teardown();
    }
  });

  /** Nodes a test stopped and has not started again: started after it whatever happened, so the next one has a cluster. */
  const stopped = new Set<number>();
  const stop = async (port: number) => {
    stopped.add(port);
    await cluster.stop(port);
  };
  const start = async (port: number) => {
    await cluster.start(port);
    stopped.delete(port);
  };
  afterEach(async () => {
    for (const port of [...stopped]) await start(port);
    await cluster.healthy();
  });

  // Another process's announcement: after a primary restart, its own connection to that primary may still be
  // reconnecting (up to 1 s apart), so the announcement goes on a retry (ANNOUNCE_RETRY_DELAYS_MS) and is waited for
  // longer than one that goes at once.
  const announce = (userId: string) => new PrincipalChanges(new RealtimeBus(other)).announce(userId);
  /** A classic live-state notice from another process, tried again while its connection to a node reconnects. */
  const publishLiveState = async (message: string) => {
    const channel = `${prefix}:${RedisKeys.liveStateChanged.join(':')}`;
    for (let attempt = 1; ; attempt++) {
      try {
        return await other.client.publish(channel, message);
      } catch (error) {
        if (attempt === 40) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  const cached = async (userId: string) => {
    const before = rows.reads;
    await cache.session(userId, 'family');
    return rows.reads === before;
  };

  it('is told at once when the control slot’s primary stops, hears again only once re-subscribed, and never serves a revocation it may have missed', async () => {
    const commands = server.client as Cluster;
    const slot = Number(await commands.cluster('KEYSLOT', ShardedControl.tag));
    const carrier = commands.slots[slot][0];
    const port = Number(carrier.split(':')[1]);
    const sharded = `${prefix}:${ShardedControl.tag}:${RedisKeys.principalChanged.join(':')}`;
    const subscribersOnCarrier = async () =>
      Number(((await cluster.onNode(port, (node) => node.pubsub('SHARDNUMSUB', sharded))) as [string, number])[1]);
    // this listener and the cache's, both on the slot's primary, sharded
    expect(await subscribersOnCarrier()).toBe(2);

    // Heard while live: a sharded principal change from another process, a classic live-state notice.
    await announce('user-a');
    await publishLiveState('board:odds:basketball_nba');
    await until(() => heard.length === 2, 2000, 'both control topics heard');
    expect(heard).toEqual([
      { topic: 'principal', message: 'user-a' },
      { topic: 'live-state', message: 'board:odds:basketball_nba' },
    ]);

    // A session kept in memory while the topic is heard.
    expect(await cached('user-b')).toBe(false);
    expect(await cached('user-b')).toBe(true);

    // The primary carrying the control subscriptions stops.
    const stoppedAt = Date.now();
    await stop(port);
    await until(() => lives.length === 2, 2000, 'live(false)');
    const lostAfter = lives[1].at - stoppedAt;
    expect(lives.map((l) => l.live)).toEqual([true, false]);
    expect(lostAfter).toBeLessThan(1000);
    // the cache's own listener, on a connection of its own to the same primary, is told as promptly
    await until(() => !cache.hearing, 1000, 'the principal cache no longer hearing');

    // Revoked while no announcement can be heard (nor published: its slot's primary is away): not served from memory.
    rows.revoked.add('user-b');
    expect(await cache.session('user-b', 'family')).toBeUndefined();
    expect(await cache.session('user-b', 'family')).toBeUndefined();

    // Back (empty, the same slots): live again only once the subscriptions are answered on it.
    const startedAt = Date.now();
    await start(port);
    await until(() => lives.length === 3, 15_000, 'live(true)');
    const recoveredAfter = lives[2].at - startedAt;
    expect(lives.map((l) => l.live)).toEqual([true, false, true]);
    expect(lives[2].at).toBeGreaterThanOrEqual(startedAt);
    await until(() => cache.hearing, 2000, 'the principal cache hearing again');
    expect(await subscribersOnCarrier()).toBe(2);

    // Nothing kept from before the loss; a revocation published after recovery is heard and honoured.
    expect(await cache.session('user-b', 'family')).toBeUndefined();
    expect(await cached('user-c')).toBe(false);
    expect(await cached('user-c')).toBe(true);
    rows.revoked.add('user-c');
    const count = heard.length;
    await announce('user-c');
    await until(() => heard.length > count, 6000, 'the principal change after recovery');
    expect(heard.at(-1)).toEqual({ topic: 'principal', message: 'user-c' });
    expect(await cache.session('user-c', 'family')).toBeUndefined();
    await publishLiveState('scores:basketball_nba');
    await until(() => heard.at(-1)?.topic === 'live-state', 2000, 'the live-state notice after recovery');

    process.stdout.write(
      `control listener: live(false) ${lostAfter} ms after the primary stopped; live(true) ${recoveredAfter} ms after it was started again\n`,
    );
  });

  it('stays live when a primary that carries none of its subscriptions stops', async () => {
    const commands = server.client as Cluster;
    const slot = Number(await commands.cluster('KEYSLOT', ShardedControl.tag));
    const carrier = commands.slots[slot][0];
    const port = cluster.ports.find((p) => !carrier.endsWith(`:${p}`))!;
    const before = lives.length;
    await stop(port);
    await new Promise((r) => setTimeout(r, 300));
    const count = heard.length;
    await announce('user-d');
    await until(() => heard.length > count, 2000, 'a principal change while another primary is away');
    expect(lives).toHaveLength(before);
    expect(cache.hearing).toBe(true);
    await start(port);
  });

  it('follows the control slot to the primary it moves to (resharding): lost at once, live again once subscribed there', async () => {
    const commands = server.client as Cluster;
    const slot = Number(await commands.cluster('KEYSLOT', ShardedControl.tag));
    const from = commands.slots[slot][0];
    const masters = commands.nodes('master');
    const source = masters.find((n) => from === `${n.options.host}:${n.options.port}`)!;
    const target = masters.find((n) => n !== source)!;
    const targetId = await target.cluster('MYID');
    const before = lives.length;
    const movedAt = Date.now();
    // an empty slot handed over: the new owner first, then the old one (which pushes SUNSUBSCRIBE to its subscribers)
    for (const node of [target, source, ...masters.filter((n) => n !== source && n !== target)])
      await node.cluster('SETSLOT', slot, 'NODE', targetId);
    await until(() => lives.length === before + 2, 10_000, 'live(false) then live(true)');
    expect(lives.slice(before).map((l) => l.live)).toEqual([false, true]);
    const sharded = `${prefix}:${ShardedControl.tag}:${RedisKeys.principalChanged.join(':')}`;
    const subscribers = async () => Number(((await target.pubsub('SHARDNUMSUB', sharded)) as [string, number])[1]);
    // the cache's listener moves on its own connection: both are there within moments
    for (let wait = 0; wait < 40 && (await subscribers()) < 2; wait++) await new Promise((r) => setTimeout(r, 50));
    expect(await subscribers()).toBe(2);
    expect(cache.hearing).toBe(true);
    const count = heard.length;
    await announce('user-e');
    await until(() => heard.length > count, 2000, 'a principal change on the slot’s new primary');
    process.stdout.write(
      `control slot moved: live(false) after ${lives[before].at - movedAt} ms, live(true) after ${lives[before + 1].at - movedAt} ms\n`,
    );
  });

  it('closes a socket whose session was revoked, and evicts one whose plan was downgraded, while the control topics were not heard, once they are again', async () => {
    const gateway = await createGatewayApp({ REDIS_CLUSTER_NODES: cluster.nodes, REDIS_PREFIX: prefix });
    try {
      const revoked = (await signUp(gateway, 'gold')).session;
      const kept = (await signUp(gateway, 'gold')).session;
      const downgraded = (await signUp(gateway, 'platinum')).session;
      const sockets = [new RecordingClient(gateway.url, { token: revoked.access_token })];
      sockets.push(new RecordingClient(gateway.url, { token: kept.access_token }));
      sockets.push(new RecordingClient(gateway.url, { token: downgraded.access_token }));
      for (const socket of sockets) await socket.connect();
      expect(await sockets[2].subscribe({ channel: 'arbitrage', sport: 'basketball_nba' })).toMatchObject({ ok: true });
      const commands = server.client as Cluster;
      const slot = Number(await commands.cluster('KEYSLOT', ShardedControl.tag));
      const port = Number(commands.slots[slot][0].split(':')[1]);
      const before = lives.length;
      await stop(port);
      await until(() => lives.length === before + 1, 2000, 'live(false)');
      // revoked with no announcement possible: the control slot's primary is away
      await gateway.db
        .updateTable('session_families')
        .set({ revoked_at: new Date(), revoke_reason: 'logout' })
        .where('user_id', '=', revoked.user.id)
        .execute();
      // and a plan downgraded, the change unheard for the same reason
      await gateway.db
        .updateTable('plan_states')
        .set({ plan: 'free' })
        .where('user_id', '=', downgraded.user.id)
        .execute();
      await start(port);
      await eventually(() => !sockets[0].socket.connected, 10_000, 'the revoked session’s socket closed');
      expect(sockets[1].socket.connected).toBe(true);
      await eventually(() => sockets[2].notices.length === 1, 10_000, 'the downgraded socket told');
      expect(sockets[2].notices[0]).toEqual({ plan: 'free', unlimited: false, removed: ['arbitrage:basketball_nba'] });
      expect(sockets[2].socket.connected).toBe(true);
      for (const socket of sockets) socket.close();
    } finally {
      await gateway.app.close();
    }
  });
});
