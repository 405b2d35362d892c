import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { Worker } from 'bullmq';
import { JobName, QueueName, type OpsOverview } from '@oddspulse/shared';
import { bullConnectionOptions, JobQueueService, parseConfig, WorkerHeartbeatRepository } from '@oddspulse/core';
import {
  bearer,
  createAccountsApp,
  signUp,
  signUpStaff,
  TEST_PASSWORD,
  uniqueEmail,
  type AccountsTestApp,
} from '../../../test/support/accounts-app';
import { TcpProxy } from '../../../test/support/tcp-proxy';

const METRICS_TOKEN = 'scraper-token-0123456789abcdefghij';
const INDEX_HTML = '<!doctype html><title>OddsPulse</title><div id="root"></div>';

type Agent = ReturnType<typeof request.agent>;

// The role gates on every operations route — visitor 401, user 403, ops 200,
// API key 403 — through bearer tokens and cookie sessions alike, the web app's /ops page included.
describe('operations routes (real PostgreSQL and Redis)', () => {
  // A prefix of this spec's own: the queue counts it checks are its jobs alone.
  const prefix = `${parseConfig(process.env).REDIS_PREFIX}-ops`;
  const opsEmail = uniqueEmail('ops');
  const viewerEmail = uniqueEmail('viewer');
  const keyOwnerEmail = uniqueEmail('ops-key-owner');
  const goldEmail = uniqueEmail('gold');
  const dist = mkdtempSync(join(tmpdir(), 'oddspulse-web-'));
  let t: AccountsTestApp;
  let tokens: { ops: string; viewer: string; platinum: string };
  let apiKey: string;
  let worker: Worker | undefined;

  const signIn = async (email: string): Promise<Agent> => {
    const agent = request.agent(t.app.getHttpServer());
    const res = await agent.post('/api/auth/login').send({ email, password: TEST_PASSWORD });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
    return agent;
  };
  const csrfOf = (agent: Agent) =>
    (agent as unknown as { jar: { getCookie(name: string, access: object): { value: string } } }).jar.getCookie(
      'op_csrf',
      {
        path: '/',
        domain: '127.0.0.1',
        secure: false,
        script: false,
      },
    ).value;

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    t = await createAccountsApp(
      {
        REDIS_PREFIX: prefix,
        OPS_EMAILS: [opsEmail, keyOwnerEmail],
        OPS_VIEWER_EMAILS: [viewerEmail],
        METRICS_TOKEN,
        DEMO_MODE: false,
      },
      { clientIndex: join(dist, 'index.html') },
    );
    const [ops, viewer, platinum, keyOwner] = await Promise.all([
      signUpStaff(t, opsEmail),
      signUpStaff(t, viewerEmail),
      signUp(t, 'platinum'),
      signUpStaff(t, keyOwnerEmail, 'platinum'),
      signUp(t, 'gold', goldEmail),
    ]);
    tokens = {
      ops: ops.session.access_token,
      viewer: viewer.session.access_token,
      platinum: platinum.session.access_token,
    };
    // A key of an ops user: keys never carry the role.
    apiKey = (await t.http().post('/api/api-keys').set(bearer(keyOwner.session)).send({ name: 'scripts' })).body
      .key as string;
  });

  afterAll(async () => {
    await worker?.close();
    await t.app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  describe.each([
    ['GET /api/ops/overview', '/api/ops/overview'],
    ['the queue console', '/ops/queues'],
    ["the queue console's API", '/ops/queues/api/queues'],
    ['the metrics', '/metrics'],
  ])('%s', (_name, path) => {
    it('answers a visitor 401, a Platinum user 403, an API key 403 (even an ops user’s), and ops 200', async () => {
      const results = {
        visitor: await t.http().get(path),
        platinum: await t.http().get(path).set(auth(tokens.platinum)),
        apiKey: await t.http().get(path).set('x-api-key', apiKey),
        ops: await t.http().get(path).set(auth(tokens.ops)),
        viewer: await t.http().get(path).set(auth(tokens.viewer)),
      };
      expect(Object.fromEntries(Object.entries(results).map(([who, res]) => [who, res.status]))).toEqual({
        visitor: 401,
        platinum: 403,
        apiKey: 403,
        ops: 200,
        viewer: 200,
      });
      expect(results.visitor.body).toMatchObject({ code: 'AUTH_REQUIRED', message: 'Authentication required' });
      expect(results.platinum.body).toMatchObject({
        code: 'OPS_REQUIRED',
        message: 'This is for operations staff only.',
      });
      expect(results.apiKey.body).toMatchObject({ code: 'API_KEY_NOT_ALLOWED' });
    });

    it('answers the same through the cookie session a browser holds (a Gold user 403)', async () => {
      expect((await (await signIn(opsEmail)).get(path)).status).toBe(200);
      expect((await (await signIn(goldEmail)).get(path)).status).toBe(403);
    });
  });

  it('serves the web app at /ops to operations staff only, with the refusal’s status otherwise (the app then says why)', async () => {
    const page = (agent: Agent | null) =>
      (agent ?? t.http()).get('/ops').set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    const ops = await page(await signIn(opsEmail));
    expect([ops.status, ops.text]).toEqual([200, INDEX_HTML]);
    expect((await page(await signIn(goldEmail))).status).toBe(403);
    const visitor = await page(null);
    expect([visitor.status, visitor.text]).toEqual([401, INDEX_HTML]);
    expect((await page(null).set('x-api-key', apiKey)).status).toBe(403);
    expect((await t.http().get('/ops/queues').set('Accept', 'text/html').set(auth(tokens.platinum))).status).toBe(403);
  });

  it('lets a scraper read the metrics with METRICS_TOKEN as a bearer, and nobody with another token', async () => {
    const scrape = await t.http().get('/metrics').set(auth(METRICS_TOKEN));
    expect(scrape.status).toBe(200);
    expect(scrape.headers['content-type']).toContain('text/plain');
    expect(scrape.text).toContain('# TYPE oddspulse_http_request_duration_seconds histogram');
    expect(
      (
        await t
          .http()
          .get('/metrics')
          .set(auth(`${METRICS_TOKEN}x`))
      ).status,
    ).toBe(401);
  });

  // Worker processes, not connections: a BullMQ worker connected to every queue with no heartbeat is not counted, a
  // process beating is, and one whose heartbeat lapsed (a stalled or killed process) no longer is
  it('counts the workers by their heartbeats, not by connections to the queues', async () => {
    const config = parseConfig(process.env);
    const heartbeats = t.get(WorkerHeartbeatRepository);
    const connected = new Worker(QueueName.Feeds, async () => undefined, {
      connection: bullConnectionOptions(config.REDIS_URL),
      prefix: `${prefix}:bull`,
    });
    worker = connected;
    await connected.waitUntilReady();
    const workers = async () =>
      ((await t.http().get('/api/ops/overview').set(auth(tokens.ops))).body as OpsOverview).workers;
    expect(await workers()).toBe(0);

    const at = new Date().toISOString();
    const beat = (id: string, ttlMs: number) =>
      heartbeats.beat({ id, host: 'ops-spec', pid: 1, started_at: at, beat_at: at, last_job_at: null }, ttlMs);
    await beat('ops-spec:live', 60_000);
    await beat('ops-spec:lapsing', 300);
    expect(await workers()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await workers()).toBe(1);

    await connected.close();
    worker = undefined;
    await heartbeats.remove('ops-spec:live');
    await heartbeats.remove('ops-spec:lapsing');
  });

  // A killed worker must not just drop out of the count (two became one, nothing red): the overview names it gone, and
  // one that beats but takes no job while jobs wait, with health's own sentences (docs/operating.md, Health).
  it('names a worker gone silent and one that takes no job while jobs wait, as health does', async () => {
    const heartbeats = t.get(WorkerHeartbeatRepository);
    const overview = async () => (await t.http().get('/api/ops/overview').set(auth(tokens.ops))).body as OpsOverview;
    const at = new Date().toISOString();
    const longAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await heartbeats.beat(
      { id: 'ops-spec:killed', host: 'ops-spec', pid: 2, started_at: at, beat_at: at, last_job_at: at },
      300,
    );
    await heartbeats.beat(
      { id: 'ops-spec:stuck', host: 'ops-spec', pid: 3, started_at: longAgo, beat_at: at, last_job_at: longAgo },
      60_000,
    );
    const waiting = await t.get(JobQueueService).add(JobName.ScoresPoll, { sport: 'ops_spec_waiting', tick: 0 });
    await new Promise((resolve) => setTimeout(resolve, 500));

    const seen = await overview();
    expect(seen.workers).toBe(1);
    expect(seen.worker_problems).toEqual([
      `Worker ops-spec:killed is silent since ${at}`,
      `Worker ops-spec:stuck has taken no job since ${longAgo} while 1 jobs wait`,
    ]);

    await waiting?.remove();
    await heartbeats.remove('ops-spec:killed');
    await heartbeats.remove('ops-spec:stuck');
    expect((await overview()).worker_problems).toEqual([
      'No worker is running: no worker process has a live heartbeat',
    ]);
  });

  describe('the queue console', () => {
    it('retries failed jobs for ops, and shows them the failures of the last hour on the overview', async () => {
      const config = parseConfig(process.env);
      const jobs = t.get(JobQueueService);
      const failing = new Worker(
        QueueName.Feeds,
        async (): Promise<void> => {
          throw new Error('feed exploded');
        },
        { connection: bullConnectionOptions(config.REDIS_URL), prefix: `${prefix}:bull` },
      );
      worker = failing;
      const failed = new Promise((resolve) => failing.once('failed', resolve));
      // a scores poll: on the feeds queue every worker takes (an odds poll goes to its sport's feed lane)
      await jobs.add(
        JobName.ScoresPoll,
        { sport: 'basketball_nba', tick: 1 },
        { jobId: 'ops-spec-failing', attempts: 1 },
      );
      await failed;
      await failing.close();
      worker = undefined;

      const before = (await t.http().get('/api/ops/overview').set(auth(tokens.ops))).body as OpsOverview;
      expect(before.queues?.find((q) => q.name === QueueName.Feeds)).toMatchObject({ failed: 1, failed_last_hour: 1 });
      const listed = await t.http().get('/ops/queues/api/queues?activeQueue=feeds&status=failed').set(auth(tokens.ops));
      expect(JSON.stringify(listed.body)).toContain('feed exploded');

      const retried = await t.http().put('/ops/queues/api/queues/feeds/retry/failed').set(auth(tokens.ops));
      expect(retried.status).toBe(200);
      const after = (await t.http().get('/api/ops/overview').set(auth(tokens.ops))).body as OpsOverview;
      expect(after.queues?.find((q) => q.name === QueueName.Feeds)).toMatchObject({ failed: 0, waiting: 1 });
    });

    it('is read-only for ops_viewer: the board shows no actions and the server refuses them', async () => {
      const board = await t.http().get('/ops/queues/api/queues').set(auth(tokens.viewer));
      expect((board.body as { queues: Array<{ readOnlyMode: boolean }> }).queues.every((q) => q.readOnlyMode)).toBe(
        true,
      );
      const paused = await t.http().put('/ops/queues/api/queues/feeds/pause').set(auth(tokens.viewer));
      expect(paused.status).toBe(403);
      expect(paused.body).toMatchObject({ code: 'OPS_OPERATE_REQUIRED' });
      const ops = await t.http().get('/ops/queues/api/queues').set(auth(tokens.ops));
      expect((ops.body as { queues: Array<{ readOnlyMode: boolean }> }).queues.some((q) => q.readOnlyMode)).toBe(false);
    });

    it("applies the session's CSRF rule to a browser's changes, with the token bull-board's page echoes", async () => {
      const agent = await signIn(opsEmail);
      const page = await agent.get('/ops/queues');
      expect(String(page.headers['set-cookie'])).toContain('XSRF-TOKEN=');
      expect((await agent.put('/ops/queues/api/queues/billing/pause')).body).toMatchObject({
        statusCode: 403,
        code: 'CSRF_FAILED',
      });
      expect((await agent.put('/ops/queues/api/queues/billing/pause').set('x-xsrf-token', 'forged')).status).toBe(403);
      expect((await agent.put('/ops/queues/api/queues/billing/pause').set('x-xsrf-token', csrfOf(agent))).status).toBe(
        200,
      );
      expect(await t.get(JobQueueService).queue(QueueName.Billing).isPaused()).toBe(true);
      expect((await agent.put('/ops/queues/api/queues/billing/resume').set('x-csrf-token', csrfOf(agent))).status).toBe(
        200,
      );
      expect(await t.get(JobQueueService).queue(QueueName.Billing).isPaused()).toBe(false);
    });

    // The audit log keeps the operators' actions: who, what, from where, how it ended.
    it('records every action an operator takes in the console, refused ones included', async () => {
      const opsId = (
        await t.db.selectFrom('users').select('id').where('email', '=', opsEmail).executeTakeFirstOrThrow()
      ).id;
      // this test's requests by their user agent: the same operator's actions of the test before are written once
      // their answers have gone, and can land after this one has started
      const agent = `ops-audit-${Date.now()}`;
      for (const action of ['pause', 'obliterate', 'resume'])
        await t.http().put(`/ops/queues/api/queues/billing/${action}`).set(auth(tokens.ops)).set('User-Agent', agent);
      // each is written once its answer has gone, so the last may still be on its way, and one may be written after
      // the next request's: read until three are there (or 5 s), compared by path
      const recordedSince = () =>
        t.db
          .selectFrom('audit_log')
          .select(['action', 'user_id', 'actor_id', 'details'])
          .where('actor_id', '=', opsId)
          .where('user_agent', '=', agent)
          .execute();
      let rows = await recordedSince();
      for (
        const deadline = Date.now() + 5_000;
        rows.length < 3 && Date.now() < deadline;
        rows = await recordedSince()
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const recorded = rows.map((row) => [
        row.action,
        row.user_id,
        (row.details as { path: string }).path,
        (row.details as { status: number }).status,
      ]);
      expect(recorded.sort((a, b) => String(a[2]).localeCompare(String(b[2])))).toEqual([
        ['ops.queue_action', null, '/ops/queues/api/queues/billing/obliterate', 403],
        ['ops.queue_action', null, '/ops/queues/api/queues/billing/pause', 200],
        ['ops.queue_action', null, '/ops/queues/api/queues/billing/resume', 200],
      ]);
    });

    it('refuses what would lose work or add untyped jobs, even to ops', async () => {
      for (const [method, path] of [
        ['put', '/ops/queues/api/queues/feeds/obliterate'],
        ['put', '/ops/queues/api/queues/feeds/empty'],
        // cleaning what waits empties the queue as surely
        ['put', '/ops/queues/api/queues/feeds/clean/wait'],
        ['put', '/ops/queues/api/queues/feeds/clean/delayed'],
        ['post', '/ops/queues/api/queues/feeds/add'],
      ] as const) {
        const res = await t.http()[method](path).set(auth(tokens.ops)).send({});
        expect([path, res.status, res.body.message]).toEqual([
          path,
          403,
          'This action is not offered in the OddsPulse queue console.',
        ]);
      }
    });

    // bull-board writes its errors in its own shape, the stack included when NODE_ENV is development
    it("answers the console's errors in the API's shape, keeping bull-board's key, and never with a stack", async () => {
      const nodeEnv = process.env.NODE_ENV;
      process.env.NODE_ENV = 'development';
      try {
        const missing = await t.http().put('/ops/queues/api/queues/no-such-queue/pause').set(auth(tokens.ops));
        expect(missing.status).toBe(404);
        expect(missing.body).toEqual({
          statusCode: 404,
          code: 'QUEUE_NOT_FOUND',
          message: 'QUEUE_NOT_FOUND',
          error: { key: 'ERRORS.QUEUE_NOT_FOUND' },
        });
        const undecodable = await t.http().get('/ops/queues/api/queues/feeds/%E0').set(auth(tokens.ops));
        expect(undecodable.status).toBe(400);
        expect(undecodable.body).toMatchObject({
          statusCode: 400,
          code: 'BAD_REQUEST',
          message: "Failed to decode param '%E0'",
        });
        expect(undecodable.text).not.toMatch(/URIError|\bat \w/);
        const refused = await t.http().put('/ops/queues/api/queues/feeds/obliterate').set(auth(tokens.ops));
        expect(refused.body).toMatchObject({
          statusCode: 403,
          message: 'This action is not offered in the OddsPulse queue console.',
        });
      } finally {
        process.env.NODE_ENV = nodeEnv;
      }
    });
  });
});

// The console keeps working while Redis is briefly down, and says so.
describe('the operations overview while Redis is away (real PostgreSQL, Redis through a proxy)', () => {
  const base = parseConfig(process.env);
  const redisProxy = new TcpProxy(Number(new URL(base.REDIS_URL).port || 6379), new URL(base.REDIS_URL).hostname);
  const opsEmail = uniqueEmail('ops');
  let t: AccountsTestApp;
  let token: string;

  beforeAll(async () => {
    const port = await redisProxy.start();
    t = await createAccountsApp({ REDIS_URL: `redis://127.0.0.1:${port}`, OPS_EMAILS: [opsEmail] });
    token = (await signUpStaff(t, opsEmail)).session.access_token;
  });

  afterAll(async () => {
    await t.app.close();
    await redisProxy.stop();
  });

  it('answers at once with Redis named down and nothing stale passed off as current, then recovers', async () => {
    const overview = () => t.http().get('/api/ops/overview').set('Authorization', `Bearer ${token}`);
    expect((await overview()).body).toMatchObject({ dependencies: { postgres: 'up', redis: 'up' }, problems: [] });

    await redisProxy.stop();
    const started = Date.now();
    const down = await overview();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({
      dependencies: { postgres: 'up', redis: 'down' },
      feeds: null,
      queues: null,
      sockets: null,
    });
    expect((down.body as OpsOverview).problems.join(' ')).toContain('Redis is not answering');

    await redisProxy.start();
    const deadline = Date.now() + 20_000;
    let up = await overview();
    while ((up.body as OpsOverview).dependencies.redis !== 'up' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      up = await overview();
    }
    expect(up.body).toMatchObject({
      dependencies: { redis: 'up' },
      feeds: expect.any(Array),
      queues: expect.any(Array),
    });
  }, 45_000);
});
