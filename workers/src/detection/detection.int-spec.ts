import {
  AlertsOutboxRepository,
  LiveStateRepository,
  MetricsService,
  OpportunityCountersRepository,
  RealtimePublisher,
  type JobQueueService,
} from '@oddspulse/core';
import { JobName, utcDay, type AlertsEvaluatePayload, type SportBoard } from '@oddspulse/shared';
import { book, event, NOW } from '@oddspulse/shared/testing';
import { createAccountsApp, type AccountsTestApp } from '../../../test/support/accounts-app';
import { AlertBatches } from '../alerts/alert-batches';
import type { SteamDetectionService } from '../steam/steam-detection.service';
import { DetectionService } from './detection.service';

// docs/api.md: "The workers check the rules each time detection finds or updates opportunities" — whatever stops a
// run after it saved what it found, on the real Redis.
describe("detection's hand-off to the alert rules (real Redis)", () => {
  let t: AccountsTestApp;
  let evaluations: AlertsEvaluatePayload[];
  /** The alerts queue refuses the next add, as it does when Redis blips or the worker stops on it. */
  let refuseNext: boolean;
  let sports = 0;

  const detection = () =>
    new DetectionService(
      t.get(LiveStateRepository),
      t.get(RealtimePublisher),
      t.config,
      new AlertBatches(
        {
          add: async (name: string, data: AlertsEvaluatePayload) => {
            if (name !== JobName.AlertsEvaluate) return;
            if (refuseNext) {
              refuseNext = false;
              throw new Error('the alerts queue is away');
            }
            evaluations.push(data);
          },
        } as unknown as JobQueueService,
        t.get(AlertsOutboxRepository),
        t.get(OpportunityCountersRepository),
        new MetricsService(),
      ),
      { detect: async () => ({ raised: 0, updated: 0, expired: 0 }) } as unknown as SteamDetectionService,
    );

  /**
   * A board of its own sport with one game whose moneyline is an arbitrage between DraftKings and FanDuel: of 11 % unless
   * told (one flagged suspect), or the prices given.
   */
  function arbitrageBoard([home, away]: [number, number] = [120, 125]): SportBoard {
    sports += 1;
    const sport = `detect_alerts_${Date.now().toString(36)}_${sports}`;
    const game = event(
      [
        book('draftkings', {
          h2h: [
            ['Home', home],
            ['Away', -130],
          ],
        }),
        book('fanduel', {
          h2h: [
            ['Home', -140],
            ['Away', away],
          ],
        }),
        book('betmgm', {
          h2h: [
            ['Home', -135],
            ['Away', 110],
          ],
        }),
      ],
      3_600_000,
      `evt-${sport}`,
    );
    game.sport_key = sport;
    return { sport_key: sport, fetched_at: new Date(NOW).toISOString(), events: [game] };
  }

  const arbitrages = () => evaluations.filter((e) => e.kind === 'arbitrage');

  beforeAll(async () => {
    t = await createAccountsApp();
  });

  beforeEach(() => {
    evaluations = [];
    refuseNext = false;
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('hands each batch it publishes to the rules once, and nothing for an unchanged one', async () => {
    const board = arbitrageBoard();
    const ids = board.events.map((e) => e.id);
    const first = await detection().detect('odds', board, ids, NOW, null);
    expect(first.published.arbitrage).toBe(1);
    expect(arbitrages()).toHaveLength(1);
    expect(arbitrages()[0]).toMatchObject({ sport: board.sport_key, at: NOW, opportunities: [{ type: 'arbitrage' }] });
    await detection().detect('odds', board, ids, NOW + 1000, board.fetched_at);
    expect(arbitrages()).toHaveLength(1);
    expect(await t.get(AlertsOutboxRepository).waiting(['arbitrage', 'middles', 'ev'], board.sport_key)).toEqual([
      0, 0, 0,
    ]);
  });

  it('hands an arbitrage it saved while the alerts queue failed to the rules on the next run, though nothing changed', async () => {
    const board = arbitrageBoard();
    refuseNext = true;
    await expect(detection().detect('odds', board, [board.events[0].id], NOW, null)).rejects.toThrow(
      'the alerts queue is away',
    );
    expect(arbitrages()).toHaveLength(0);
    // the next poll (another worker's, or the job tried again) finds the board as saved: no game changed
    const next = { ...board, fetched_at: new Date(NOW + 30_000).toISOString() };
    await detection().detect('odds', next, [], NOW + 30_000, board.fetched_at);
    expect(arbitrages()).toHaveLength(1);
    expect(arbitrages()[0]).toMatchObject({ sport: board.sport_key, at: NOW, opportunities: [{ type: 'arbitrage' }] });
    // and once only
    await detection().detect('odds', next, [], NOW + 31_000, next.fetched_at);
    expect(arbitrages()).toHaveLength(1);
  });

  // DECISIONS 17: the landing page's "found today" counts each opportunity found that day once, however a run ends.
  it('counts an arbitrage it saved in "found today" on the next run when the run stopped before counting it, once', async () => {
    // a 1 % arbitrage: one the landing page counts (spec 001 §5's defaults, not suspect)
    const board = arbitrageBoard([102, 102]);
    const counters = t.get(OpportunityCountersRepository);
    const day = utcDay(NOW);
    const found = async () => Number((await counters.day(day))['arbitrage:found'] ?? 0);
    const before = await found();
    const publisher = t.get(RealtimePublisher);
    // the worker stops once the opportunities are saved: its publish (the next step) never happens
    const stopped = jest.spyOn(publisher, 'publish').mockRejectedValueOnce(new Error('worker stopped'));
    await expect(detection().detect('odds', board, [board.events[0].id], NOW, null)).rejects.toThrow('worker stopped');
    stopped.mockRestore();
    expect(await found()).toBe(before);
    const next = { ...board, fetched_at: new Date(NOW + 30_000).toISOString() };
    await detection().detect('odds', next, [], NOW + 30_000, board.fetched_at);
    expect(await found()).toBe(before + 1);
    await detection().detect('odds', next, [], NOW + 31_000, next.fetched_at);
    expect(await found()).toBe(before + 1);
  });
});
