import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Cluster } from 'ioredis';
import type { RealtimeEnvelope } from '@oddspulse/shared';
import calculateSlot from 'cluster-key-slot';
import { JobName } from '@oddspulse/shared';
import {
  APP_CONFIG,
  bullPrefix,
  JobQueueService,
  LiveStateRepository,
  RealtimeKeys,
  type AppConfig,
} from '@oddspulse/core';
import { CLOCK, OddsPipelineService, SettlementService, WorkersModule } from '@oddspulse/workers';
import { bearer, signUp } from '../support/accounts-app';
import { finalGame } from '../support/fixture-boards';
import { createGatewayApp, eventually, RecordingClient, type GatewayTestApp } from '../support/gateway-app';
import { OwnRedisCluster } from '../support/redis-cluster';

const prefix = `${process.env.REDIS_PREFIX}-cluster`;
const SPORT = 'basketball_nba';
const T0 = Date.parse('2026-03-01T20:00:00Z');

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// docs/scaling.md "On a Redis Cluster": the stack on three primaries of its own (REDIS_CLUSTER_NODES), keys
// hash-tagged by what one command touches, BullMQ under a braced prefix, socket.io's sharded adapter.
describe('the stack on a 3-node Redis Cluster (own redis-server nodes, real PostgreSQL)', () => {
  let cluster: OwnRedisCluster;
  let gateway: GatewayTestApp;
  let second: GatewayTestApp;
  let worker: INestApplicationContext;
  let clock = T0;
  const sockets: RecordingClient[] = [];
  let polls = 0;

  beforeAll(async () => {
    cluster = await OwnRedisCluster.started();
    gateway = await createGatewayApp({
      REDIS_CLUSTER_NODES: cluster.nodes,
      REDIS_PREFIX: prefix,
      FREE_MONTHLY_QUOTA: 6,
    });
    second = await createGatewayApp(gateway.config);
    const config: AppConfig = {
      ...gateway.config,
      ODDS_PROVIDER: 'simulator',
      SIMULATOR_SEED: 7,
      FEED_SPORTS: [],
      SCHEDULER_TICK_MS: 60_000,
    };
    const moduleRef = await Test.createTestingModule({ imports: [WorkersModule] })
      .overrideProvider(APP_CONFIG)
      .useValue(config)
      .overrideProvider(CLOCK)
      .useValue(() => clock)
      .compile();
    moduleRef.useLogger(false);
    worker = await moduleRef.init();
  }, 60_000);

  afterAll(async () => {
    try {
      for (const socket of sockets) socket.close();
      await worker?.close();
      await gateway?.app.close();
      await second?.app.close();
    } finally {
      await cluster?.teardown();
    }
  }, 60_000);

  async function poll(): Promise<string> {
    clock += 30_000;
    return (await worker.get(OddsPipelineService).pollOdds({ sport: SPORT, tick: ++polls })).outcome;
  }

  async function connected(token: string, app = gateway): Promise<RecordingClient> {
    const socket = new RecordingClient(app.url, { token });
    sockets.push(socket);
    await socket.connect();
    return socket;
  }

  it('starts, polls, pushes to a socket, settles once and holds the free quota; recovers a primary that restarts', async () => {
    // A poll: the board, its diff, the outbox and the room's counters in one script, in the room's slot.
    expect(await poll()).toMatch(/updated/);
    const { session } = await signUp(gateway, 'gold');
    const events = await gateway.http().get(`/api/events?sport=${SPORT}`).set(bearer(session));
    expect(events.status).toBe(200);
    expect(events.body.length).toBeGreaterThan(0);
    expect((await gateway.http().get(`/api/scores?sport=${SPORT}`).set(bearer(session))).status).not.toBe(500);

    // A push: a socket on each server joins the room and hears the next poll's diff, once, next in sequence, through
    // the room's sharded channel (heard by both servers on the primary of the room's slot).
    const socket = await connected(session.access_token);
    const other = await connected(session.access_token, second);
    const ack = (await socket.subscribe({ channel: 'odds', sport: SPORT })) as { ok: boolean; seq: number };
    expect(ack.ok).toBe(true);
    expect(await other.subscribe({ channel: 'odds', sport: SPORT })).toMatchObject({ ok: true, seq: ack.seq });
    const roomChannel = gateway.redis.key(...RealtimeKeys.channel('odds', SPORT));
    const roomSubscribers = async () =>
      (
        await Promise.all(
          (gateway.redis.client as Cluster)
            .nodes('master')
            .map(async (node) => Number(((await node.pubsub('SHARDNUMSUB', roomChannel)) as [string, number])[1])),
        )
      ).reduce((a, b) => a + b, 0);
    expect(await roomSubscribers()).toBe(2);
    expect(await poll()).toMatch(/updated|unchanged/);
    await eventually(
      () => [socket, other].every((s) => s.messages.some((m) => m.type === 'board.diff')),
      5000,
      'the diff pushed to both sockets',
    );
    const diffs = () => socket.messages.filter((m) => m.channel === 'odds');
    expect(diffs()[0].seq).toBe(ack.seq + 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(other.messages.filter((m) => m.channel === 'odds').map((m) => m.seq)).toEqual(diffs().map((m) => m.seq));
    // The second server's last socket in the room leaves: that server stops hearing the room.
    other.close();
    for (let wait = 0; wait < 50 && (await roomSubscribers()) !== 1; wait++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await roomSubscribers()).toBe(1);

    // A settlement: run twice (a redelivered job), the pick is settled once and its owner hears it once.
    const pick = await gateway.http().post('/api/picks').set(bearer(session)).send({
      game: 'Boston Celtics @ Miami Heat',
      league: 'NBA',
      sport: SPORT,
      market: 'Moneyline',
      selection: 'Miami Heat',
      odds: '+150',
      stakeCents: 1000,
    });
    expect(pick.status).toBe(201);
    expect(await socket.subscribe({ channel: 'user' })).toMatchObject({ ok: true });
    const game = finalGame({
      id: `cluster-${Date.now()}`,
      sport_key: SPORT,
      league: 'NBA',
      commence_time: new Date(Date.now() - 3 * 3600_000).toISOString(),
      home_team: 'Miami Heat',
      away_team: 'Boston Celtics',
    });
    const settlement = worker.get(SettlementService);
    clock = Date.now();
    expect((await settlement.settleGame({ sport: SPORT, game })).settled).toBe(1);
    expect((await settlement.settleGame({ sport: SPORT, game })).settled).toBe(0);
    const mine = await gateway.http().get('/api/picks').set(bearer(session));
    expect(mine.body.picks.find((p: { id: string }) => p.id === pick.body.id)).toMatchObject({ status: 'won' });
    await eventually(
      () => socket.messages.some((m) => m.type === 'picks.settled'),
      5000,
      'the settlement pushed to its owner',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(socket.messages.filter((m) => m.type === 'picks.settled')).toHaveLength(1);

    // The free quota: twelve calls at once, six answered (the count is PostgreSQL's; the limiters are Redis's).
    const free = bearer((await signUp(gateway, 'free')).session);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => gateway.http().get(`/api/events?sport=${SPORT}`).set(free)),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(6);
    expect(answers.filter((r) => r.status === 402).every((r) => r.body.code === 'QUOTA_EXCEEDED')).toBe(true);

    // A primary stops: what its slots hold cannot be served until it is back, and the cluster answers CLUSTERDOWN on
    // every node. The primary stopped is not the one of the queues' slot (their jobs stay), the case that left every
    // BullMQ worker connected and idle for good (docs/scaling.md, "A primary that fails").
    const jobs = worker.get(JobQueueService);
    const queueSlot = calculateSlot(bullPrefix(gateway.config));
    const slots = await (gateway.redis.client as Cluster).cluster('SLOTS');
    const queuePort = slots.find(([from, to]) => queueSlot >= from && queueSlot <= to)![2][1];
    const port = cluster.ports.find((p) => p !== queuePort)!;
    await cluster.stop(port);
    const stopped = Date.now();
    const survivor = (gateway.redis.client as Cluster).nodes('master').find((node) => node.options.port !== port)!;
    await until(
      async () => (await survivor.cluster('INFO')).includes('cluster_state:fail'),
      10_000,
      'CLUSTERDOWN (the node timeout, 2 s)',
    );
    // REST during the outage, for the 15 s it lasts (as in the drill that found workers idle for good after it): every
    // Redis-backed read answers 503 with Retry-After at once (before, 8–10 s or no answer within 15 s), and health within
    // a second. The goal of 200 ms is a figure, printed here and kept in docs/scaling.md with its load: on two cores at
    // load 10–12 the same reads took up to 415 ms, all of it waiting for the CPU, so the spec bounds what is a
    // behaviour (an answer well before any client gives up), not the machine's speed.
    const took: number[] = [];
    while (Date.now() < stopped + 15_000) {
      for (const path of ['/api/sports', `/api/odds?sport=${SPORT}`]) {
        const started = Date.now();
        const answer = await gateway.http().get(path).set(bearer(session));
        took.push(Date.now() - started);
        expect({ path, status: answer.status, retryAfter: answer.headers['retry-after'] }).toEqual({
          path,
          status: 503,
          retryAfter: expect.any(String),
        });
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    took.sort((x, y) => x - y);
    process.stdout.write(
      `503 during the outage: ${took.length} reads, min ${took[0]} / median ${took[took.length >> 1]} / max ${took.at(-1)} ms\n`,
    );
    expect(took.at(-1)).toBeLessThanOrEqual(1500);
    const healthStarted = Date.now();
    await gateway.http().get('/api/health');
    expect(Date.now() - healthStarted).toBeLessThan(1000);

    // Restarted (empty, same slots): the workers take jobs again within a cadence of cluster_state:ok, without a
    // restart, through the queue (BullMQ's worker loop, not the poll function called directly), and the socket hears
    // the poll.
    await cluster.start(port);
    await cluster.healthy();
    const back = Date.now();
    const heard = diffs().length + socket.snapshots.length;
    clock += 30_000;
    const job = await jobs.add(
      JobName.OddsPoll,
      // a tick of now: a poll job past its cadence would complete without polling
      { sport: SPORT, tick: clock },
      { jobId: `cluster-restart-${++polls}` },
    );
    await until(async () => (await job.getState()) === 'completed', 5000, 'the poll job run by the worker');
    const ranAfterMs = Date.now() - back;
    expect(await gateway.get(LiveStateRepository).board('odds', SPORT)).not.toBeNull();
    await eventually(
      () => diffs().length + socket.snapshots.length > heard,
      10_000,
      'the socket in step after the restart',
    );
    await until(
      async () => (await gateway.http().get(`/api/odds?sport=${SPORT}`).set(bearer(session))).status === 200,
      5000,
      'REST answering 200 again',
    );
    expect((await gateway.http().get('/api/sports').set(bearer(session))).status).toBe(200);
    const seqs = diffs().map((m: RealtimeEnvelope) => `${m.epoch}:${m.seq}`);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(ranAfterMs).toBeLessThan(5000);
  }, 120_000);
});
