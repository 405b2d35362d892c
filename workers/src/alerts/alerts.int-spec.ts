import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import {
  AccountMail,
  AlertsRepository,
  createDatabase,
  DevOutboxRepository,
  JobQueueService,
  MailFilesRepository,
  MailService,
  UsersRepository,
  vapidKeys,
} from '@oddspulse/core';
import { AlertMessages, alertSummary, JobName, type AlertOpportunity, type JobPayload } from '@oddspulse/shared';
import { alertArbitrage, alertLeg, evBet, middleOpportunity, staleBook, steamAlert } from '@oddspulse/shared/testing';
import {
  bearer,
  createAccountsApp,
  signUp,
  verifyEmail,
  type AccountsTestApp,
} from '../../../test/support/accounts-app';
import { PushReceiver, WebhookReceiver } from '../../../test/support/alert-receivers';
import { smtpStandIn } from '../../../test/support/smtp-stand-in';
import { AlertDeliveryService } from './alert-delivery.service';
import { AlertDigestService, DIGEST_REPEAT_NOTE } from './alert-digest.service';
import { AlertDispatcher } from './alert-dispatcher';
import { AlertEvaluationService } from './alert-evaluation.service';
import { AlertRequeueService } from './alert-requeue.service';

type Added = { name: string; data: { deliveryId: number } };

// Rule evaluation (one alert per opportunity per rule, rate cap, quiet
// hours, plan gates) and each delivery channel against a local receiver.
describe('alerts in the workers', () => {
  let t: AccountsTestApp;
  let repo: AlertsRepository;
  let added: Added[];
  let evaluation: AlertEvaluationService;
  let delivery: AlertDeliveryService;
  const webhook = new WebhookReceiver();
  const push = new PushReceiver();
  let webhookUrl: string;
  const NOW = Date.parse('2026-01-10T18:00:00Z');

  beforeAll(async () => {
    t = await createAccountsApp({ ALERT_RATE_CAP_PER_HOUR: 3, ALERT_WEBHOOK_FAILURE_LIMIT: 2, DEV_OUTBOX: true });
    repo = t.get(AlertsRepository);
    const jobs = {
      add: async (name: string, data: { deliveryId: number }) => void added.push({ name, data }),
    } as unknown as JobQueueService;
    evaluation = new AlertEvaluationService(repo, new AlertDispatcher(repo, jobs, t.config));
    delivery = new AlertDeliveryService(repo, t.config);
    webhookUrl = await webhook.start('/hook');
    await push.start();
  });

  beforeEach(() => {
    added = [];
    webhook.received.length = 0;
    push.received.length = 0;
    webhook.status = 204;
    push.status = 201;
  });

  afterAll(async () => {
    await webhook.stop();
    await push.stop();
    await t.app.close();
  });

  // Each test's rules are the only ones in the run's database (what earlier tests and other spec files left is cleared
  // first), so no other rule fires; they name a sport of the catalogue, as the API asks, and the opportunities are of it.
  const sport = 'basketball_nba';
  beforeEach(async () => {
    await t.db.deleteFrom('alert_rules').execute();
  });

  async function userWithRule(plan: 'free' | 'gold' | 'platinum', rule: Record<string, unknown>) {
    const { session } = await signUp(t, plan === 'free' ? 'platinum' : plan);
    const res = await t
      .http()
      .post('/api/alerts')
      .set(bearer(session))
      .send({ sports: [sport], ...rule });
    expect(res.status).toBe(201);
    if (plan === 'free') await t.plans.changePlan(session.user.id, { plan: 'free', status: 'active' });
    return { session, userId: session.user.id, rule: res.body as { id: string; secret?: string } };
  }

  const batch = (
    kind: 'arbitrage' | 'middle' | 'ev' | 'steam',
    opportunities: AlertOpportunity[],
    at = NOW,
  ): JobPayload<typeof JobName.AlertsEvaluate> => ({
    kind,
    sport,
    at,
    opportunities: opportunities.map((o) => ({ ...o, sport })),
  });

  /** A try of a delivery by a job allowed `attempts` tries (each of a job's tries, or a requeued job's first). */
  /** The address a user's mail goes to. */
  const emailOf = async (userId: string) =>
    (await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;
  const deliver = (id: number, attempts = 1) => delivery.deliver({ deliveryId: id }, { opts: { attempts } });

  it('alerts an opportunity once per rule however often detection updates it, and delivers a signed webhook', async () => {
    const { userId, rule } = await userWithRule('platinum', { kind: 'arbitrage', min: 2, webhookUrl });
    expect(rule.secret).toMatch(/^whsec_/);
    const opportunity = alertArbitrage({ id: `arb-once-${userId}` });
    await evaluation.evaluate(batch('arbitrage', [opportunity]), undefined, NOW);
    await evaluation.evaluate(batch('arbitrage', [{ ...opportunity, profitPct: 3 }]), undefined, NOW + 30_000);
    const mine = added.filter((a) => a.name === JobName.AlertsDeliver);
    expect(mine).toHaveLength(1);

    await expect(deliver(mine[0].data.deliveryId)).resolves.toBe('sent');
    expect(webhook.received).toHaveLength(1);
    const received = webhook.received[0];
    expect(WebhookReceiver.verifies(received, rule.secret!)).toBe(true);
    expect(WebhookReceiver.verifies(received, `whsec_${Buffer.alloc(32, 7).toString('base64')}`)).toBe(false);
    expect(received.headers['webhook-id']).toBe(`alert_${mine[0].data.deliveryId}`);
    const body = JSON.parse(received.body.toString('utf8'));
    // Discord reads `content`, Slack reads `text`.
    expect(body.content).toContain('Arbitrage 2.5%: Boston Celtics @ Los Angeles Lakers');
    expect(body.text).toBe(body.content);
    expect(body.alert).toMatchObject({ ruleId: rule.id, kind: 'arbitrage', opportunityId: opportunity.id });

    const deliveries = await repo.deliveries(userId, rule.id);
    expect(deliveries).toEqual([
      expect.objectContaining({ channel: 'webhook', status: 'sent', attempts: 1, opportunity_id: opportunity.id }),
    ]);
  });

  it('signs with the old and the new secret for 24 hours after the user replaces it, then with the new one only', async () => {
    const { session, userId, rule } = await userWithRule('platinum', { kind: 'arbitrage', min: 1, webhookUrl });
    const rotated = await t.http().post('/api/alerts/secret').set(bearer(session));
    expect(rotated.status).toBe(201);
    const fresh = rotated.body.secret as string;
    const sendOne = async (n: number) => {
      added = [];
      webhook.received.length = 0;
      await evaluation.evaluate(
        batch('arbitrage', [alertArbitrage({ id: `arb-rotate-${n}-${userId}` })]),
        undefined,
        NOW,
      );
      await expect(deliver(added[0].data.deliveryId)).resolves.toBe('sent');
      return webhook.received[0];
    };

    const during = await sendOne(1);
    expect(WebhookReceiver.verifies(during, fresh)).toBe(true);
    expect(WebhookReceiver.verifies(during, rule.secret!)).toBe(true);
    const [{ until }] = await sql<{ until: string }>`
      SELECT round(extract(epoch FROM previous_valid_until - now()))::text AS until FROM alert_secrets WHERE user_id = ${userId}`
      .execute(t.db)
      .then((r) => r.rows);
    expect(Number(until)).toBe(24 * 3600);

    // A day later: the overlap is over.
    await t.db
      .updateTable('alert_secrets')
      .set({ previous_valid_until: new Date(Date.now() - 1000) })
      .where('user_id', '=', userId)
      .execute();
    const after = await sendOne(2);
    expect(WebhookReceiver.verifies(after, fresh)).toBe(true);
    expect(WebhookReceiver.verifies(after, rule.secret!)).toBe(false);
  });

  // An exchange leg is judged at the user's own commission rate (My Sportsbooks), not detection's default
  it('judges an exchange leg at the user’s own commission rate', async () => {
    const byDefault = await userWithRule('platinum', { kind: 'arbitrage', min: 1, webhookUrl });
    const dear = await userWithRule('platinum', { kind: 'arbitrage', min: 1, webhookUrl });
    await t
      .http()
      .put('/api/preferences')
      .set(bearer(dear.session))
      .send({ commissions: { betfair_ex_uk: 0.2 } })
      .expect(200);
    // draftkings +110 against Betfair +110 at its default 5 %: 1/(1/2.1 + 1/2.045) − 1 = 3.61 % net
    const opportunity = alertArbitrage({
      id: `arb-commission-${byDefault.userId}`,
      profitPct: (1 / (1 / 2.1 + 1 / 2.045) - 1) * 100,
      legs: [
        alertLeg('draftkings', 'Los Angeles Lakers', 110),
        { ...alertLeg('betfair_ex_uk', 'Boston Celtics', 110), commission: 0.05 },
      ],
    });
    await evaluation.evaluate(batch('arbitrage', [opportunity]), undefined, NOW);
    expect(await repo.deliveries(byDefault.userId, byDefault.rule.id)).toHaveLength(1);
    // at 20 % the Betfair leg pays as 1.88: no arbitrage for this user
    expect(await repo.deliveries(dear.userId, dear.rule.id)).toEqual([]);
  });

  it('judges a steam alert at the rule’s books only: their best stale price’s EV, named in the message', async () => {
    // api.md "Alerts": for steam, the minimum is the EV % of the best price still at the old number, among the books
    const fanduelOnly = await userWithRule('platinum', { kind: 'steam', min: 2, books: ['fanduel'], webhookUrl });
    const aboveFanduel = await userWithRule('platinum', { kind: 'steam', min: 3, books: ['fanduel'], webhookUrl });
    const alert = steamAlert({
      id: `steam-books-${fanduelOnly.userId}`,
      staleBooks: [staleBook('draftkings', -150, 3.88), staleBook('fanduel', -155, 2.54)],
      bestEvPct: 3.88,
    });
    await evaluation.evaluate(batch('steam', [alert]), undefined, NOW);
    const [delivery] = await repo.deliveries(fanduelOnly.userId, fanduelOnly.rule.id);
    expect(delivery.summary.value).toBe(2.54);
    expect(delivery.summary.text).toContain('still -155 at fanduel (EV 2.54%)');
    expect(delivery.summary.text).not.toContain('draftkings');
    // draftkings' 3.88 % is not this user's to take
    expect(await repo.deliveries(aboveFanduel.userId, aboveFanduel.rule.id)).toEqual([]);
  });

  it('caps the alerts a user receives in an hour, recording the rest as skipped', async () => {
    const { userId, rule } = await userWithRule('platinum', { kind: 'arbitrage', min: 1, webhookUrl });
    const opportunities = [1, 2, 3, 4, 5].map((n) => alertArbitrage({ id: `arb-cap-${n}-${userId}` }));
    const result = await evaluation.evaluate(batch('arbitrage', opportunities), undefined, NOW);
    expect(result).toEqual(expect.objectContaining({ capped: 2 }));
    const rows = await repo.deliveries(userId, rule.id);
    expect(rows.filter((r) => r.status === 'skipped').map((r) => r.reason)).toEqual([
      'Rate cap: at most 3 alerts an hour',
      'Rate cap: at most 3 alerts an hour',
    ]);
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(3);
  });

  it('stays quiet in quiet hours of the user’s time zone and alerts outside them', async () => {
    // 18:00 UTC is 03:00 in Tokyo.
    const { userId, rule } = await userWithRule('platinum', {
      kind: 'arbitrage',
      min: 1,
      webhookUrl,
      quietHours: { start: '22:00', end: '07:00', timeZone: 'Asia/Tokyo' },
    });
    const opportunity = alertArbitrage({ id: `arb-quiet-${userId}` });
    await evaluation.evaluate(batch('arbitrage', [opportunity]), undefined, NOW);
    expect(await repo.deliveries(userId, rule.id)).toEqual([]);
    // 23:00 UTC is 08:00 in Tokyo.
    await evaluation.evaluate(batch('arbitrage', [opportunity]), undefined, Date.parse('2026-01-10T23:00:00Z'));
    expect(await repo.deliveries(userId, rule.id)).toHaveLength(1);
  });

  it('alerts by plan: a user who fell to free gets none, Gold gets +EV', async () => {
    const lapsed = await userWithRule('free', { kind: 'arbitrage', min: 1, webhookUrl });
    await evaluation.evaluate(
      batch('arbitrage', [alertArbitrage({ id: `arb-plan-${lapsed.userId}` })]),
      undefined,
      NOW,
    );
    expect(await repo.deliveries(lapsed.userId, lapsed.rule.id)).toEqual([]);

    const gold = await userWithRule('gold', { kind: 'ev', min: 5, webhookUrl });
    await evaluation.evaluate(batch('ev', [evBet({ id: `ev-plan-${gold.userId}` })]), undefined, NOW);
    expect(await repo.deliveries(gold.userId, gold.rule.id)).toHaveLength(1);
    const middle = await userWithRule('platinum', { kind: 'middle', min: 10, webhookUrl });
    await evaluation.evaluate(
      batch('middle', [middleOpportunity({ id: `mid-plan-${middle.userId}` })]),
      undefined,
      NOW,
    );
    expect(await repo.deliveries(middle.userId, middle.rule.id)).toHaveLength(1);
  });

  // The plan gates the kinds (api.md "Alerts"): a user who fell to free between evaluation and delivery (a retry's
  // backoff, the requeue sweep, the digest's interval) is sent no Platinum alert.
  it('checks the plan again at delivery: an alert claimed before a downgrade is skipped on every channel', async () => {
    const { session, userId, rule } = await userWithRule('platinum', {
      kind: 'arbitrage',
      min: 1,
      webhookUrl,
      email: true,
    });
    await evaluation.evaluate(batch('arbitrage', [alertArbitrage({ id: `arb-lapsed-${userId}` })]), undefined, NOW);
    const [job] = added.filter((a) => a.name === JobName.AlertsDeliver);
    await verifyEmail(t, userId);
    await t.plans.changePlan(session.user.id, { plan: 'free', status: 'active' });

    await expect(deliver(job.data.deliveryId)).resolves.toBe('skipped');
    expect(webhook.received).toEqual([]);
    const digest = new AlertDigestService(repo, t.get(AccountMail), {} as JobQueueService, t.config);
    await digest.sendDigests();
    const email = await emailOf(userId);
    const mails = (await t.get(DevOutboxRepository).list()).filter(
      (m) => m.to === email && m.subject.startsWith('OddsPulse alerts'),
    );
    expect(mails).toEqual([]);
    const rows = await repo.deliveries(userId, rule.id);
    expect(rows.map((r) => [r.channel, r.status, r.reason]).sort()).toEqual([
      ['email', 'skipped', AlertMessages.platinumRequired],
      ['webhook', 'skipped', AlertMessages.platinumRequired],
    ]);
  });

  it('retries a failing webhook, records why, and disables it after repeated failures with a notice', async () => {
    const { userId, rule } = await userWithRule('platinum', { kind: 'arbitrage', min: 1, webhookUrl });
    webhook.status = 500;
    const deliveryIds: number[] = [];
    for (const n of [1, 2]) {
      added = [];
      await evaluation.evaluate(
        batch('arbitrage', [alertArbitrage({ id: `arb-fail-${n}-${userId}` })]),
        undefined,
        NOW,
      );
      const id = added[0].data.deliveryId;
      deliveryIds.push(id);
      await expect(deliver(id, 2)).rejects.toThrow('Webhook answered HTTP 500');
      await expect(deliver(id, 2)).resolves.toBe('failed');
    }
    // Each retry is the same message to the receiver, which drops a repeat by its id (at-least-once delivery).
    expect(webhook.received.map((r) => r.headers['webhook-id'])).toEqual([
      `alert_${deliveryIds[0]}`,
      `alert_${deliveryIds[0]}`,
      `alert_${deliveryIds[1]}`,
      `alert_${deliveryIds[1]}`,
    ]);
    const rows = await repo.deliveries(userId, rule.id);
    expect(rows.map((r) => [r.status, r.reason, r.attempts])).toEqual([
      ['failed', 'Webhook answered HTTP 500', 2],
      ['failed', 'Webhook answered HTTP 500', 2],
    ]);
    const saved = await repo.findRule(userId, rule.id);
    expect(saved?.webhook_disabled_at).not.toBeNull();
    expect(saved?.notice).toBe(
      'The webhook was disabled after 2 failed deliveries in a row (last: Webhook answered HTTP 500). Save the rule to turn it back on.',
    );
    added = [];
    await evaluation.evaluate(batch('arbitrage', [alertArbitrage({ id: `arb-fail-3-${userId}` })]), undefined, NOW);
    expect(added).toEqual([]);
  });

  it('delivers Web Push encrypted to the subscription’s keys with a VAPID authorization', async () => {
    const { session, userId, rule } = await userWithRule('platinum', { kind: 'arbitrage', min: 1, push: true });
    const key = await t.http().get('/api/alerts/push/key').set(bearer(session));
    expect(key.body.publicKey).toBe(vapidKeys(t.config)?.publicKey);
    expect(
      (await t.http().post('/api/alerts/push/subscriptions').set(bearer(session)).send(push.subscription())).status,
    ).toBe(204);

    const opportunity = alertArbitrage({ id: `arb-push-${userId}` });
    await evaluation.evaluate(batch('arbitrage', [opportunity]), undefined, NOW);
    await expect(deliver(added[0].data.deliveryId)).resolves.toBe('sent');
    expect(push.received).toHaveLength(1);
    const received = push.received[0];
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(push.verifyVapid(received, key.body.publicKey)).toMatchObject({ sub: t.config.VAPID_SUBJECT });
    expect(JSON.parse(push.decrypt(received))).toEqual({
      title: 'Arbitrage 2.5%: Boston Celtics @ Los Angeles Lakers',
      body: expect.stringContaining('at draftkings'),
      url: `/sportsbooks?mode=arbitrage&sport=${sport}&market=h2h&books=draftkings,fanduel&q=Los%20Angeles%20Lakers&opportunity=${encodeURIComponent(opportunity.id)}`,
      tag: `alert-${opportunity.id}`,
    });
    expect((await repo.deliveries(userId, rule.id))[0]).toMatchObject({ channel: 'push', status: 'sent' });

    // A push service answering 410 Gone: the subscription is dropped and the delivery recorded failed.
    push.status = 410;
    added = [];
    await evaluation.evaluate(batch('arbitrage', [alertArbitrage({ id: `arb-push-gone-${userId}` })]), undefined, NOW);
    await expect(deliver(added[0].data.deliveryId)).resolves.toBe('failed');
    expect(await repo.pushSubscriptions(userId)).toEqual([]);
  });

  it('queues again a delivery left pending with no job (a worker stopped between claiming and queueing it)', async () => {
    const { userId, rule } = await userWithRule('platinum', { kind: 'arbitrage', min: 1, webhookUrl });
    const opportunity = alertArbitrage({ id: `arb-stranded-${userId}`, sport });
    const [claimed] = await repo.claim([
      {
        rule_id: rule.id,
        user_id: userId,
        opportunity_id: opportunity.id,
        channel: 'webhook',
        summary: alertSummary(opportunity),
      },
    ]);
    const requeue = new AlertRequeueService(
      repo,
      {
        add: async (name: string, data: { deliveryId: number }) => void added.push({ name, data }),
      } as unknown as JobQueueService,
      t.config,
    );
    // Fresh: its job may still be on the way.
    await requeue.requeue(undefined, undefined, Date.now());
    expect(added.filter((a) => a.data.deliveryId === claimed.id)).toEqual([]);
    await requeue.requeue(undefined, undefined, Date.now() + requeue.staleAfterMs + 1000);
    expect(added.filter((a) => a.data.deliveryId === claimed.id)).toEqual([
      { name: JobName.AlertsDeliver, data: { deliveryId: claimed.id } },
    ]);
    await expect(deliver(claimed.id)).resolves.toBe('sent');
    added = [];
    await requeue.requeue(undefined, undefined, Date.now() + requeue.staleAfterMs + 1000);
    expect(added.filter((a) => a.data.deliveryId === claimed.id)).toEqual([]);
  });

  // A requeued delivery's job counted its tries from 1 again: a delivery whose job was lost after two of its three
  // tries got three more, and one losing its job each time was tried for good, never reaching the give-up limit.
  it('carries a delivery’s tries through a requeue, giving up at the limit', async () => {
    const { userId, rule } = await userWithRule('platinum', { kind: 'arbitrage', min: 1, webhookUrl });
    webhook.status = 500;
    await evaluation.evaluate(batch('arbitrage', [alertArbitrage({ id: `arb-requeued-${userId}` })]), undefined, NOW);
    const id = added[0].data.deliveryId;
    await expect(deliver(id, 3)).rejects.toThrow('Webhook answered HTTP 500');
    await expect(deliver(id, 3)).rejects.toThrow('Webhook answered HTTP 500');
    // its job lost, the requeue sweep queues a new one, which starts at no attempt made
    await expect(deliver(id, 3)).resolves.toBe('failed');
    expect((await repo.deliveries(userId, rule.id)).map((r) => [r.status, r.reason, r.attempts])).toEqual([
      ['failed', 'Webhook answered HTTP 500', 3],
    ]);
  });

  // A try was counted when it ended: one during which the worker died (a crash, out of memory, a hang the supervisor
  // killed) was never counted, so a delivery whose tries each killed the worker was requeued and tried for good.
  it('counts a try its worker died during, once, and gives the delivery up at the limit after a requeue', async () => {
    const { userId, rule } = await userWithRule('platinum', { kind: 'arbitrage', min: 1, webhookUrl });
    webhook.status = 500;
    await evaluation.evaluate(batch('arbitrage', [alertArbitrage({ id: `arb-died-${userId}` })]), undefined, NOW);
    const id = added[0].data.deliveryId;
    const requeue = new AlertRequeueService(
      repo,
      {
        add: async (name: string, data: { deliveryId: number }) => void added.push({ name, data }),
      } as unknown as JobQueueService,
      t.config,
    );
    const requeued = async () => {
      added = [];
      await requeue.requeue(undefined, undefined, Date.now() + requeue.staleAfterMs + 1000);
      return added.some((a) => a.data.deliveryId === id);
    };
    // The worker dies once the webhook has the request: the try's end is never written, and its job is never settled.
    const dyingTry = () =>
      new Promise<void>((tried) => {
        // a worker that died holds no claim on the delivery: PostgreSQL ends its transaction with its connection
        const dying: AlertsRepository = Object.assign(Object.create(repo) as AlertsRepository, {
          claimDelivery: (_id: number, attempt: (claimed: AlertsRepository) => Promise<string>) => attempt(dying),
          finishDeliveries: () => {
            tried();
            return new Promise<void>(() => undefined);
          },
        });
        void new AlertDeliveryService(dying, t.config).deliver({ deliveryId: id }, { opts: { attempts: 3 } });
      });
    const recorded = async () =>
      (await repo.deliveries(userId, rule.id)).map((r) => [r.status, r.reason, r.attempts] as const);

    await dyingTry();
    expect(await recorded()).toEqual([['pending', null, 1]]);
    expect(await requeued()).toBe(true);
    // A try that ends is counted once, when it starts, not again when its outcome is written.
    await expect(deliver(id, 3)).rejects.toThrow('Webhook answered HTTP 500');
    expect(await recorded()).toEqual([['pending', 'Webhook answered HTTP 500 (retrying)', 2]]);
    await dyingTry();
    expect(await recorded()).toEqual([['pending', 'Webhook answered HTTP 500 (retrying)', 3]]);
    expect(webhook.received).toHaveLength(3);

    expect(await requeued()).toBe(true);
    await expect(deliver(id, 3)).resolves.toBe('failed');
    expect(webhook.received).toHaveLength(3);
    expect(await recorded()).toEqual([['failed', 'Gave up after 3 tries: the last one never finished', 3]]);
    expect(await requeued()).toBe(false);
  });

  // A try started whenever its delivery was pending: two jobs of one delivery running at once (its job, late behind a
  // backlog, and the one the requeue sweep queued meanwhile; or BullMQ's stalled-job check running the job again while
  // it still runs) each counted a try and each posted the alert, and a push alert, which no receiver can drop by its
  // id, was shown twice.
  it('makes one try at a time of a delivery two jobs run at once, the other job leaving it to the try in flight', async () => {
    const { userId, rule } = await userWithRule('platinum', { kind: 'arbitrage', min: 1, webhookUrl });
    await evaluation.evaluate(batch('arbitrage', [alertArbitrage({ id: `arb-twice-${userId}` })]), undefined, NOW);
    const id = added[0].data.deliveryId;
    // the first job's try is slow once the receiver has answered: its end is not written yet
    let finish!: () => void;
    const finishing = new Promise<void>((resolve) => (finish = resolve));
    let ending!: () => void;
    const ended = new Promise<void>((resolve) => (ending = resolve));
    const slow = Object.assign(Object.create(repo) as AlertsRepository, {
      claimDelivery: (deliveryId: number, attempt: (claimed: AlertsRepository) => Promise<string>) =>
        repo.claimDelivery(deliveryId, (claimed) =>
          attempt(
            Object.assign(Object.create(claimed) as AlertsRepository, {
              finishDeliveries: async (...args: Parameters<AlertsRepository['finishDeliveries']>) => {
                ending();
                await finishing;
                return claimed.finishDeliveries(...args);
              },
            }),
          ),
        ),
    });
    const first = new AlertDeliveryService(slow, t.config).deliver({ deliveryId: id }, { opts: { attempts: 3 } });
    try {
      await ended;
      await expect(deliver(id, 3)).resolves.toBe('done');
    } finally {
      finish();
    }
    await expect(first).resolves.toBe('sent');
    expect(webhook.received).toHaveLength(1);
    expect((await repo.deliveries(userId, rule.id)).map((r) => [r.status, r.reason, r.attempts])).toEqual([
      ['sent', null, 1],
    ]);
  });

  // The claim is a lock of a pooled connection's session: an unlock that failed on a connection still open (here, one
  // its try left in a failed transaction) gave that connection back to the pool holding it, and every later try of the
  // delivery on another connection was left to a try in flight that no longer was, for as long as that connection lived.
  it('leaves no claim behind on the pool when giving it back fails: the session holding it ends instead', async () => {
    const key = 2_000_000_001;
    const broken = repo.claimDelivery(key, async (claimed) => {
      const conn = (claimed as unknown as { db: typeof t.db }).db;
      await sql`BEGIN`.execute(conn);
      await sql`SELECT 1 / 0`.execute(conn).catch(() => undefined);
      return 'sent';
    });
    await expect(broken).rejects.toThrow('current transaction is aborted');
    const other = createDatabase(t.config.DATABASE_URL, 1);
    try {
      await other.connection().execute(async (conn) => {
        await sql`SET lock_timeout = '2s'`.execute(conn);
        await expect(
          sql`SELECT pg_advisory_lock(${0x646c}, hashtext(${String(key)}))`.execute(conn),
        ).resolves.toBeDefined();
        await sql`SELECT pg_advisory_unlock(${0x646c}, hashtext(${String(key)}))`.execute(conn);
      });
    } finally {
      await other.destroy();
    }
  });

  // The end of a try was written whatever the delivery's state: a try that hung while the sweep requeued the delivery
  // and the limit gave it up turned `failed` back into `pending` or `sent` when it finished late.
  it('keeps a delivery given up at the limit as failed when a hung try of it ends late', async () => {
    const { userId, rule } = await userWithRule('platinum', { kind: 'arbitrage', min: 1, webhookUrl });
    await evaluation.evaluate(batch('arbitrage', [alertArbitrage({ id: `arb-late-${userId}` })]), undefined, NOW);
    const id = added[0].data.deliveryId;
    /**
     * A try that hangs once the receiver has answered, until `finish` lets it write its end. Its claim on the delivery
     * was lost (its connection to PostgreSQL closed while its worker went on), so other tries go ahead meanwhile.
     */
    const hungTry = async () => {
      let finish!: () => void;
      const finishing = new Promise<void>((resolve) => (finish = resolve));
      let ending!: () => void;
      const ended = new Promise<void>((resolve) => (ending = resolve));
      const hanging: AlertsRepository = Object.assign(Object.create(repo) as AlertsRepository, {
        claimDelivery: (_id: number, attempt: (claimed: AlertsRepository) => Promise<string>) => attempt(hanging),
        finishDeliveries: async (...args: Parameters<AlertsRepository['finishDeliveries']>) => {
          ending();
          await finishing;
          return repo.finishDeliveries(...args);
        },
      });
      const outcome = new AlertDeliveryService(hanging, t.config).deliver(
        { deliveryId: id },
        { opts: { attempts: 2 } },
      );
      await ended;
      return { finish, outcome };
    };
    const recorded = async () =>
      (await repo.deliveries(userId, rule.id)).map((r) => [r.status, r.reason, r.attempts] as const);
    const failures = async () => (await repo.findRule(userId, rule.id))?.webhook_failures;

    webhook.status = 500;
    const retrying = await hungTry();
    webhook.status = 204;
    const sending = await hungTry();
    expect(webhook.received).toHaveLength(2);
    // the sweep's job finds both tries counted and gives the delivery up, counting the webhook's failure once
    await expect(deliver(id, 2)).resolves.toBe('failed');
    const gaveUp = [['failed', 'Gave up after 2 tries: the last one never finished', 2]];
    expect(await recorded()).toEqual(gaveUp);
    expect(await failures()).toBe(1);

    // The late ends change nothing: no retry is thrown, no outcome is counted on the webhook.
    retrying.finish();
    await expect(retrying.outcome).resolves.toBe('done');
    sending.finish();
    await expect(sending.outcome).resolves.toBe('done');
    expect(await recorded()).toEqual(gaveUp);
    expect(await failures()).toBe(1);
  });

  it('sends the e-mail digest through the mailer, one mail per user', async () => {
    const { userId, rule } = await userWithRule('platinum', { kind: 'arbitrage', min: 1, email: true });
    await evaluation.evaluate(
      batch('arbitrage', [
        alertArbitrage({ id: `arb-mail-1-${userId}` }),
        alertArbitrage({ id: `arb-mail-2-${userId}` }),
      ]),
      undefined,
      NOW,
    );
    expect(added).toEqual([]);
    await verifyEmail(t, userId);
    const digest = new AlertDigestService(repo, t.get(AccountMail), {} as JobQueueService, t.config);
    await digest.sendDigests();
    const rows = await repo.deliveries(userId, rule.id);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    const email = await emailOf(userId);
    const mails = (await t.get(DevOutboxRepository).list()).filter(
      (m) => m.to === email && m.subject.startsWith('OddsPulse alerts'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('OddsPulse alerts: 2 new opportunities');
    expect(mails[0].text).toContain('/sportsbooks?mode=arbitrage');
  });

  it('says in the next digest how many e-mail alerts the hourly cap held, with the best of them, once', async () => {
    const { userId, rule } = await userWithRule('platinum', { kind: 'arbitrage', min: 1, email: true });
    const profits = [2, 3, 4, 5, 6, 7, 8];
    await evaluation.evaluate(
      batch(
        'arbitrage',
        profits.map((profitPct) => alertArbitrage({ id: `arb-held-${profitPct}-${userId}`, profitPct })),
      ),
      undefined,
      NOW,
    );
    await verifyEmail(t, userId);
    const digest = new AlertDigestService(repo, t.get(AccountMail), {} as JobQueueService, t.config);
    await digest.sendDigests();
    const rows = await repo.deliveries(userId, rule.id);
    expect(rows.map((r) => r.status).sort()).toEqual([
      'sent',
      'sent',
      'sent',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
    ]);
    const email = await emailOf(userId);
    const mine = async () =>
      (await t.get(DevOutboxRepository).list()).filter(
        (m) => m.to === email && m.subject.startsWith('OddsPulse alerts'),
      );
    const [mail] = await mine();
    expect(mail.subject).toBe('OddsPulse alerts: 3 new opportunities, 4 more held');
    const held = mail.text.slice(mail.text.indexOf('4 more alerts held by the 3-an-hour cap; the best 3:'));
    expect(held).not.toBe(mail.text);
    expect([...held.matchAll(/^- Arbitrage (\d+)%/gm)].map((m) => Number(m[1]))).toEqual([8, 7, 6]);
    await digest.sendDigests();
    expect(await mine()).toHaveLength(1);
  });

  // A digest was recorded sent after its send, with no try counted before it: a worker that died once the server had
  // the mail, before the record, left its alerts pending, and the next run mailed them again as new; one whose send
  // killed its worker every time was tried at every run for good.
  describe('a digest whose worker dies', () => {
    /** A user with an e-mail rule whose alerts are pending (and, past the hourly cap of 3, held). */
    async function pendingDigest(alerts: number) {
      const { userId, rule } = await userWithRule('platinum', { kind: 'arbitrage', min: 1, email: true });
      await evaluation.evaluate(
        batch(
          'arbitrage',
          Array.from({ length: alerts }, (_, n) => alertArbitrage({ id: `arb-dies-${n}-${userId}`, profitPct: 2 + n })),
        ),
        undefined,
        NOW,
      );
      await verifyEmail(t, userId);
      const email = await emailOf(userId);
      return {
        recorded: async () =>
          (await repo.deliveries(userId, rule.id)).map((r) => [r.status, r.reason, r.attempts] as const).sort(),
        mails: async () =>
          (await t.get(DevOutboxRepository).list())
            .filter((m) => m.to === email && m.subject.startsWith('OddsPulse alerts'))
            .reverse(),
      };
    }
    /**
     * A digest run with these stand-ins, until its worker 'dies': its send or its end never returns. A worker that died
     * holds no claim on the digest: PostgreSQL ends its transaction, and the lock with it, when its connection closes.
     */
    const dyingRun = (alerts: AlertsRepository, mail: (died: () => void) => AccountMail) =>
      new Promise<void>((died) => {
        const unclaimed: AlertsRepository = Object.assign(Object.create(alerts) as AlertsRepository, {
          claimDigest: (_userId: string, send: (claimed: AlertsRepository) => Promise<boolean>) => send(unclaimed),
        });
        void new AlertDigestService(unclaimed, mail(died), {} as JobQueueService, t.config).sendDigests();
      });
    const digest = () => new AlertDigestService(repo, t.get(AccountMail), {} as JobQueueService, t.config);

    // At least once (AlertDigestService): the alerts of a digest whose end is unknown go out again, saying so.
    it('sends a digest the server took but whose end was never written again at the next run, saying it may repeat', async () => {
      const user = await pendingDigest(1);
      // The server takes the mail (the outbox has it), then the worker dies before the end is written.
      await dyingRun(
        Object.assign(Object.create(repo) as AlertsRepository, {
          finishDeliveries: () => new Promise<number[]>(() => undefined),
        }),
        (died) =>
          Object.assign(Object.create(t.get(AccountMail)) as AccountMail, {
            send: async (...args: Parameters<AccountMail['send']>) => {
              await t.get(AccountMail).send(...args);
              died();
            },
          }),
      );
      expect(await user.recorded()).toEqual([['pending', null, 1]]);
      expect(await user.mails()).toHaveLength(1);

      await digest().sendDigests();
      expect(await user.recorded()).toEqual([['sent', null, 2]]);
      const [first, again] = await user.mails();
      expect(first.text).not.toContain(DIGEST_REPEAT_NOTE);
      expect(again.text.startsWith(`${DIGEST_REPEAT_NOTE}\n`)).toBe(true);
      expect(again.text.slice(DIGEST_REPEAT_NOTE.length + 2)).toBe(first.text);
      await digest().sendDigests();
      expect(await user.mails()).toHaveLength(2);
    });

    it('gives a digest whose send kills its worker every time up at the limit, its held alerts with it', async () => {
      const user = await pendingDigest(4);
      const limit = t.config.ALERT_DELIVERY_ATTEMPTS;
      let sends = 0;
      const dyingSend = (died: () => void) =>
        ({
          send: () => {
            sends += 1;
            died();
            return new Promise<void>(() => undefined);
          },
        }) as unknown as AccountMail;
      for (let tries = 1; tries <= limit; tries++) {
        await dyingRun(repo, dyingSend);
        const skipped = ['skipped', 'Rate cap: at most 3 alerts an hour', tries] as const;
        expect(await user.recorded()).toEqual([...Array(3).fill(['pending', null, tries]), skipped]);
      }
      await expect(digest().sendDigests()).resolves.toEqual({ mails: 0, alerts: 3, held: 1 });
      expect(sends).toBe(limit);
      const gaveUp = ['failed', `Gave up after ${limit} tries: the last one never finished`, limit] as const;
      expect(await user.recorded()).toEqual([
        ...Array(3).fill(gaveUp),
        ['skipped', 'Rate cap: at most 3 alerts an hour', limit],
      ]);
      // nothing of it is pending or held any more: no run mails it
      await digest().sendDigests();
      expect(await user.mails()).toEqual([]);
    });
  });

  // Nothing but the verification link goes to an address its owner has not verified.
  it('records a digest to an unverified address as not sent, and mails it nothing', async () => {
    const { userId, rule } = await userWithRule('platinum', { kind: 'arbitrage', min: 1, email: true });
    await evaluation.evaluate(batch('arbitrage', [alertArbitrage({ id: `arb-unverified-${userId}` })]), undefined, NOW);
    await new AlertDigestService(repo, t.get(AccountMail), {} as JobQueueService, t.config).sendDigests();
    expect(await repo.deliveries(userId, rule.id)).toMatchObject([
      { status: 'failed', reason: 'E-mail is sent once the address is verified' },
    ]);
    const email = await emailOf(userId);
    expect(
      (await t.get(DevOutboxRepository).list()).filter(
        (m) => m.subject.startsWith('OddsPulse alerts') && m.to === email,
      ),
    ).toEqual([]);
  });

  // One address the mail server will never take must not hold up everyone's digest after it for good.
  describe('through an SMTP server', () => {
    const received: Array<{ from: string; to: string[]; data: string }> = [];
    let reply: (rcpt: string) => string | null;
    let dataReply: (data: string) => string | null | Promise<string | null> = () => null;
    let smtp: Awaited<ReturnType<typeof smtpStandIn>>;
    let digest: AlertDigestService;
    beforeAll(async () => {
      smtp = await smtpStandIn(
        received,
        (rcpt) => reply(rcpt),
        (data) => dataReply(data),
      );
      const config = { ...t.config, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
      const mail = new MailService(config, t.get(DevOutboxRepository), new MailFilesRepository(config));
      digest = new AlertDigestService(
        repo,
        new AccountMail(mail, t.get(UsersRepository)),
        {} as JobQueueService,
        config,
      );
    });
    afterAll(() => new Promise((resolve) => smtp.server.close(resolve)));

    /** Users with an e-mail rule, each with one alert of the same opportunity pending. */
    async function pendingDigests(users: number) {
      const made = [];
      for (let i = 0; i < users; i++) {
        const { userId, rule } = await userWithRule('platinum', { kind: 'arbitrage', min: 1, email: true });
        await verifyEmail(t, userId);
        const email = await emailOf(userId);
        made.push({ email, deliveries: () => repo.deliveries(userId, rule.id) });
      }
      await evaluation.evaluate(batch('arbitrage', [alertArbitrage({ id: `arb-smtp-${sport}` })]), undefined, NOW);
      return made;
    }

    it('records the digest of an address it refuses (5xx) as failed with its reply, and mails the other users', async () => {
      const [refused, other] = await pendingDigests(2);
      reply = (rcpt) => (rcpt.includes(refused.email) ? '550 5.1.1 mailbox unavailable' : null);
      await digest.sendDigests();
      expect(await refused.deliveries()).toMatchObject([
        { status: 'failed', reason: 'The mail server refused the address: 550 5.1.1 mailbox unavailable' },
      ]);
      expect((await other.deliveries()).map((row) => row.status)).toEqual(['sent']);
      expect(received.filter((mail) => mail.to.join().includes(other.email))).toHaveLength(1);
    });

    it('fails the job, leaving the digests pending, while the server defers (4xx): BullMQ tries it again', async () => {
      const [deferred] = await pendingDigests(1);
      reply = () => '451 4.3.0 try again later';
      await expect(digest.sendDigests()).rejects.toThrow(/451 4\.3\.0/);
      expect((await deferred.deliveries()).map((row) => row.status)).toEqual(['pending']);
      reply = () => null;
      await digest.sendDigests();
      // a try the server refused is no try of unknown end: it is not counted toward the limit
      expect((await deferred.deliveries()).map((row) => [row.status, row.attempts])).toEqual([['sent', 1]]);
    });

    it('counts no try while the mail server hangs up before its greeting, however many runs that lasts', async () => {
      const [waiting] = await pendingDigests(1);
      const away = createServer((socket) => socket.destroy());
      await new Promise<void>((resolve) => away.listen(0, '127.0.0.1', resolve));
      const config = { ...t.config, SMTP_URL: `smtp://127.0.0.1:${(away.address() as AddressInfo).port}` };
      const mail = new MailService(config, t.get(DevOutboxRepository), new MailFilesRepository(config));
      const outage = new AlertDigestService(
        repo,
        new AccountMail(mail, t.get(UsersRepository)),
        {} as JobQueueService,
        config,
      );
      try {
        for (let run = 0; run < t.config.ALERT_DELIVERY_ATTEMPTS + 1; run++)
          await expect(outage.sendDigests()).rejects.toThrow();
      } finally {
        await new Promise((resolve) => away.close(resolve));
      }
      expect((await waiting.deliveries()).map((row) => [row.status, row.attempts])).toEqual([['pending', 0]]);
      reply = () => null;
      await digest.sendDigests();
      expect((await waiting.deliveries()).map((row) => [row.status, row.attempts])).toEqual([['sent', 1]]);
    });

    // Each run read the pending alerts and mailed them: two runs at once (two worker processes, or BullMQ's stalled-job
    // check running the job again while its first run still sends) both mailed the same digest.
    it('mails a digest once when a second run starts while the first is still sending it', async () => {
      const [user] = await pendingDigests(1);
      reply = () => null;
      let arrived!: () => void;
      const sending = new Promise<void>((resolve) => (arrived = resolve));
      let answer!: (reply: null) => void;
      const answered = new Promise<null>((resolve) => (answer = resolve));
      let held = false;
      // the server holds its answer to the first run's mail until the second run is over
      dataReply = (data) => {
        if (held || !data.includes(user.email)) return null;
        held = true;
        arrived();
        return answered;
      };
      try {
        const first = digest.sendDigests();
        await sending;
        await expect(digest.sendDigests()).resolves.toMatchObject({ mails: 0 });
        answer(null);
        await expect(first).resolves.toMatchObject({ mails: 1 });
      } finally {
        answer(null);
        dataReply = () => null;
      }
      expect(received.filter((mail) => mail.to.join().includes(user.email))).toHaveLength(1);
      expect((await user.deliveries()).map((row) => [row.status, row.attempts])).toEqual([['sent', 1]]);
    });

    it('mails a digest once when two runs start together', async () => {
      const [user] = await pendingDigests(1);
      reply = () => null;
      await Promise.all([digest.sendDigests(), digest.sendDigests()]);
      expect(received.filter((mail) => mail.to.join().includes(user.email))).toHaveLength(1);
      expect((await user.deliveries()).map((row) => [row.status, row.attempts])).toEqual([['sent', 1]]);
    });

    it('fails the digest of a message the server refuses for good (5xx to its data) with its reply, and mails the others', async () => {
      const [refused, other] = await pendingDigests(2);
      reply = () => null;
      dataReply = (data) => (data.includes(refused.email) ? '554 5.6.0 message refused' : null);
      try {
        await digest.sendDigests();
      } finally {
        dataReply = () => null;
      }
      expect(await refused.deliveries()).toMatchObject([
        { status: 'failed', reason: 'The mail server refused the message: 554 5.6.0 message refused' },
      ]);
      expect((await other.deliveries()).map((row) => row.status)).toEqual(['sent']);
    });
  });

  // DECISIONS 33: without SMTP and without the opt-in outbox, a development digest is an .eml file, not a failure.
  it('writes the digest as an .eml file when local mail goes to files', async () => {
    const { userId, rule } = await userWithRule('platinum', { kind: 'arbitrage', min: 1, email: true });
    await evaluation.evaluate(batch('arbitrage', [alertArbitrage({ id: `arb-file-${userId}` })]), undefined, NOW);
    const config = {
      ...t.config,
      NODE_ENV: 'development' as const,
      SMTP_URL: undefined,
      DEV_OUTBOX: false,
      DATA_DIR: await mkdtemp(join(tmpdir(), 'oddspulse-mail-')),
    };
    try {
      const mail = new MailService(config, t.get(DevOutboxRepository), new MailFilesRepository(config));
      await verifyEmail(t, userId);
      await new AlertDigestService(
        repo,
        new AccountMail(mail, t.get(UsersRepository)),
        {} as JobQueueService,
        config,
      ).sendDigests();
      expect((await repo.deliveries(userId, rule.id)).map((r) => r.status)).toEqual(['sent']);
      const folder = join(config.DATA_DIR, 'mail');
      const files = await Promise.all((await readdir(folder)).map((name) => readFile(join(folder, name), 'utf8')));
      const email = await emailOf(userId);
      expect(files.filter((file) => file.includes(`To: ${email}`))).toEqual([
        expect.stringContaining('Subject: OddsPulse alerts: 1 new opportunity'),
      ]);
    } finally {
      await rm(config.DATA_DIR, { recursive: true, force: true });
    }
  });
});
