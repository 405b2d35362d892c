import { AlertsRepository, JobQueueService, LiveStateRepository } from '@oddspulse/core';
import { AlertMessages, type BoardEvent, type SportBoard } from '@oddspulse/shared';
import { book, NOW } from '@oddspulse/shared/testing';
import { bearer, createAccountsApp, signUp, type AccountsTestApp } from '../../../test/support/accounts-app';
import { AlertDispatcher } from './alert-dispatcher';
import { PriceTargetService } from './price-target.service';

const SPORT = 'basketball_nba';

// A price target rule (issue: "tell me when the Celtics moneyline is +150 or better at any of my books"), saved through
// the API and checked by the workers on every change of its game: it fires once per crossing, and again only after the
// target stopped being met and is met once more.
describe('price target alerts (real PostgreSQL and Redis)', () => {
  let t: AccountsTestApp;
  let service: PriceTargetService;
  let queued: string[];
  /** Set, the next queueing throws (Redis gone after the crossing committed). */
  let failNextQueue: boolean;
  let eventId: string;

  /** The board with each book's Celtics moneyline (FanDuel's with its deep link). */
  async function saveBoard(prices: Record<string, number>) {
    const event: BoardEvent = {
      id: eventId,
      sport_key: SPORT,
      sport_title: 'NBA',
      commence_time: new Date(NOW + 3_600_000).toISOString(),
      home_team: 'Boston Celtics',
      away_team: 'Miami Heat',
      bookmakers: Object.entries(prices).map(([key, american]) =>
        book(key, {
          h2h: [
            ['Boston Celtics', american],
            ['Miami Heat', -170],
          ],
        }),
      ),
    };
    const fanduel = event.bookmakers.find((b) => b.key === 'fanduel');
    if (fanduel) fanduel.markets[0].outcomes[0].link = 'https://sportsbook.fanduel.com/addToBetslip?marketId=1';
    const board: SportBoard = { sport_key: SPORT, fetched_at: new Date(NOW).toISOString(), events: [event] };
    await t.get(LiveStateRepository).saveBoard('odds', board);
  }

  const check = () => service.check({ sport: SPORT, at: NOW, eventIds: [eventId] }, undefined, NOW);
  const deliveries = (ruleId: string) =>
    t.db
      .selectFrom('alert_deliveries')
      .select(['id', 'opportunity_id', 'channel', 'summary'])
      .where('rule_id', '=', ruleId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createAccountsApp();
    const jobs = {
      add: async (_name: string, data: { deliveryId: number }) => {
        if (failNextQueue) {
          failNextQueue = false;
          throw new Error('Connection is closed.');
        }
        queued.push(String(data.deliveryId));
      },
    };
    const repo = t.get(AlertsRepository);
    service = new PriceTargetService(
      repo,
      t.get(LiveStateRepository),
      new AlertDispatcher(repo, jobs as unknown as JobQueueService, t.config),
    );
    eventId = `target-spec-${Date.now().toString(36)}`;
  });

  beforeEach(() => {
    queued = [];
    failNextQueue = false;
  });

  afterAll(async () => {
    await t.app.close();
  });

  async function ruleFor(plan: 'gold' | 'platinum', target: Record<string, unknown>, books: string[] = []) {
    const { session } = await signUp(t, plan);
    return t
      .http()
      .post('/api/alerts')
      .set(bearer(session))
      .send({ kind: 'price_target', books, push: true, email: true, target: { sport: SPORT, eventId, ...target } });
  }

  it('saves a target against the game on the board, and refuses one it cannot be', async () => {
    await saveBoard({ draftkings: 140, fanduel: 145, betmgm: 130 });
    const created = await ruleFor('gold', { market: 'h2h', outcome: 'Boston Celtics', price: 150 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'price_target',
      min: 0,
      sports: [SPORT],
      target: {
        sport: SPORT,
        eventId,
        game: 'Miami Heat @ Boston Celtics',
        homeTeam: 'Boston Celtics',
        market: 'h2h',
        outcome: 'Boston Celtics',
        point: null,
        price: 150,
      },
    });
    const refused = async (target: Record<string, unknown>, message: string) => {
      const res = await ruleFor('gold', target);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    };
    await refused({ market: 'h2h', outcome: 'Los Angeles Lakers', price: 150 }, AlertMessages.targetOutcomeInvalid);
    await refused(
      { eventId: 'no-such-game', market: 'h2h', outcome: 'Boston Celtics', price: 150 },
      AlertMessages.targetGameNotFound,
    );
    await refused({ market: 'spreads', outcome: 'Boston Celtics', price: -110 }, AlertMessages.targetPointRequired);
    const { session } = await signUp(t, 'free');
    const free = await t
      .http()
      .post('/api/alerts')
      .set(bearer(session))
      .send({
        kind: 'price_target',
        email: true,
        target: { sport: SPORT, eventId, market: 'h2h', outcome: 'Miami Heat', price: -150 },
      });
    expect(free.status).toBe(402);
    const { session: platinum } = await signUp(t, 'platinum');
    const noTarget = await t
      .http()
      .post('/api/alerts')
      .set(bearer(platinum))
      .send({ kind: 'price_target', email: true });
    expect(noTarget.body.message).toBe(AlertMessages.targetRequired);
    const stray = await t
      .http()
      .post('/api/alerts')
      .set(bearer(platinum))
      .send({
        kind: 'steam',
        min: 1,
        email: true,
        target: { sport: SPORT, eventId, market: 'h2h', outcome: 'Miami Heat', price: -150 },
      });
    expect(stray.body.message).toBe(AlertMessages.targetNotAllowed);
  });

  it('fires once per crossing, and again after it uncrosses and crosses again', async () => {
    await saveBoard({ draftkings: 140, fanduel: 145, betmgm: 130 });
    const rule = (
      await ruleFor('gold', { market: 'h2h', outcome: 'Boston Celtics', price: 150 }, ['draftkings', 'fanduel'])
    ).body as { id: string };
    expect(await check()).toMatchObject({ crossed: 0 });
    expect(await deliveries(rule.id)).toEqual([]);

    // FanDuel goes to +155 (BetMGM's +160 is not one of the rule's books): the target is met, and fires once
    await saveBoard({ draftkings: 140, fanduel: 155, betmgm: 160 });
    expect((await check()).crossed).toBeGreaterThanOrEqual(1);
    const first = await deliveries(rule.id);
    expect(first.map((d) => [d.opportunity_id, d.channel])).toEqual([
      [`price-target:${rule.id}:1`, 'push'],
      [`price-target:${rule.id}:1`, 'email'],
    ]);
    expect(first[0].summary).toMatchObject({
      kind: 'price_target',
      title: 'Price target: Boston Celtics moneyline +150 or better',
      text: 'Price target: Boston Celtics moneyline +150 or better (Miami Heat @ Boston Celtics): +155 at fanduel https://sportsbook.fanduel.com/addToBetslip?marketId=1',
      link: 'https://sportsbook.fanduel.com/addToBetslip?marketId=1',
    });
    // push is queued at once; e-mail waits for the digest
    expect(queued).toContain(String(first[0].id));
    expect(queued).not.toContain(String(first[1].id));

    // still met, at a better price: nothing more
    await saveBoard({ draftkings: 150, fanduel: 160, betmgm: 160 });
    await check();
    expect(await deliveries(rule.id)).toHaveLength(2);

    // met nowhere: it uncrosses without a message
    await saveBoard({ draftkings: 140, fanduel: 145, betmgm: 160 });
    await check();
    expect(await deliveries(rule.id)).toHaveLength(2);

    // met again, by two workers at once: the second crossing fires once
    await saveBoard({ draftkings: 150, fanduel: 145, betmgm: 160 });
    await Promise.all([check(), check()]);
    const second = await deliveries(rule.id);
    expect(second.map((d) => d.opportunity_id)).toEqual([
      `price-target:${rule.id}:1`,
      `price-target:${rule.id}:1`,
      `price-target:${rule.id}:2`,
      `price-target:${rule.id}:2`,
    ]);
    expect(second[2].summary.text).toContain('+150 at draftkings');
  });

  const ruleRow = (ruleId: string) =>
    t.db
      .selectFrom('alert_rules')
      .select(['target_crossed', 'target_crossings'])
      .where('id', '=', ruleId)
      .executeTakeFirstOrThrow();

  // The rules of the tests above want +150 at DraftKings or FanDuel (or any book), and stay crossed at these boards;
  // each test below has a rule of its own wanting +165 at one book, met when that book goes to +170.
  const boardWith = (prices: { betmgm: number; caesars: number }) =>
    saveBoard({ draftkings: 150, fanduel: 150, ...prices });
  /** A rule of its own wanting the Celtics moneyline at +165 or better at one book. */
  const ruleAt = async (bookKey: string) =>
    (await ruleFor('gold', { market: 'h2h', outcome: 'Boston Celtics', price: 165 }, [bookKey])).body as { id: string };

  it("rolls a crossing back when claiming its deliveries fails, so the job's retry delivers it once", async () => {
    await boardWith({ betmgm: 160, caesars: 160 });
    const rule = await ruleAt('betmgm');
    await check();
    // PostgreSQL drops the connection as this rule's deliveries are claimed: the job fails and BullMQ retries it
    const repo = t.get(AlertsRepository);
    const claim = repo.claim.bind(repo);
    let failed = 0;
    const spy = jest.spyOn(repo, 'claim').mockImplementation((...args: Parameters<AlertsRepository['claim']>) => {
      if (args[0][0]?.rule_id === rule.id && !failed++) return Promise.reject(new Error('Connection terminated'));
      return claim(...args);
    });
    try {
      await boardWith({ betmgm: 170, caesars: 160 });
      await expect(check()).rejects.toThrow('Connection terminated');
      expect(failed).toBe(1);
      // nothing was delivered, and the rule is not crossed: the crossing is still to fire
      expect(await deliveries(rule.id)).toEqual([]);
      expect(await ruleRow(rule.id)).toEqual({ target_crossed: false, target_crossings: 0 });

      const retried = await check();
      expect(retried.crossed).toBe(1);
    } finally {
      spy.mockRestore();
    }
    const delivered = await deliveries(rule.id);
    expect(delivered.map((d) => [d.opportunity_id, d.channel])).toEqual([
      [`price-target:${rule.id}:1`, 'push'],
      [`price-target:${rule.id}:1`, 'email'],
    ]);
    expect(delivered[0].summary.text).toContain('+170 at betmgm');
    expect(queued).toEqual([String(delivered[0].id)]);
    expect(await ruleRow(rule.id)).toEqual({ target_crossed: true, target_crossings: 1 });

    // and a further retry (or the next change) finds it crossed: nothing twice
    expect((await check()).crossed).toBe(0);
    expect(await deliveries(rule.id)).toHaveLength(2);
    expect(queued).toHaveLength(1);
  });

  it('delivers a committed crossing once however often its job runs again', async () => {
    await boardWith({ betmgm: 170, caesars: 160 });
    const rule = await ruleAt('caesars');
    await check();
    await boardWith({ betmgm: 170, caesars: 170 });
    expect((await check()).crossed).toBe(1);
    const first = await deliveries(rule.id);
    expect(first).toHaveLength(2);
    expect(queued).toEqual([String(first[0].id)]);
    // the job run again after it succeeded (a stalled job BullMQ hands out twice): no second delivery
    expect((await check()).crossed).toBe(0);
    expect(await deliveries(rule.id)).toEqual(first);
    expect(queued).toHaveLength(1);

    // the next crossing commits, then its queueing fails (Redis gone): the retry claims nothing again, and the push
    // delivery stays pending for the requeue sweep (AlertRequeueService)
    await boardWith({ betmgm: 170, caesars: 160 });
    await check();
    await boardWith({ betmgm: 170, caesars: 170 });
    failNextQueue = true;
    await expect(check()).rejects.toThrow('Connection is closed.');
    const second = await deliveries(rule.id);
    expect(second.map((d) => d.opportunity_id)).toEqual([
      `price-target:${rule.id}:1`,
      `price-target:${rule.id}:1`,
      `price-target:${rule.id}:2`,
      `price-target:${rule.id}:2`,
    ]);
    expect((await check()).crossed).toBe(0);
    expect(await deliveries(rule.id)).toEqual(second);
    expect(queued).toHaveLength(1);
    expect(await ruleRow(rule.id)).toEqual({ target_crossed: true, target_crossings: 2 });
    expect(await t.get(AlertsRepository).stalePending(new Date(Date.now() + 1_000))).toContain(Number(second[2].id));
  });
});
