import {
  findArbitrage,
  MAX_BANKROLL,
  SCANNER_MAX_STAKE,
  type ArbitrageOpportunity,
  type OpportunityUpdate,
  type PlanAccess,
} from '@oddspulse/shared';
import { book, bookAgainstExchange, bookAgainstLay, event, NOW } from '@oddspulse/shared/testing';
import type { AppConfig, LiveStateRepository, RealtimeBus } from '@oddspulse/core';
import { parseInput } from '../validation/zod-validation.pipe';
import { arbitrageQuerySchema } from './scanners.dto';
import { ScannersService } from './scanners.service';
import { ViewCache } from '../view-cache/view-cache';
import { LiveVersions } from '../view-cache/live-versions';

const NFL = 'americanfootball_nfl';

/** Two arbitrages as detection stores them: one between popular books, one with a Pinnacle leg. */
function stored(): Array<OpportunityUpdate<ArbitrageOpportunity>> {
  const popular = event(
    [
      book('draftkings', {
        h2h: [
          ['Home', 110],
          ['Away', -130],
        ],
      }),
      book('fanduel', {
        h2h: [
          ['Home', -125],
          ['Away', 105],
        ],
      }),
    ],
    3_600_000,
    'popular',
  );
  const sharp = event(
    [
      book('draftkings', {
        h2h: [
          ['Home', 110],
          ['Away', -130],
        ],
      }),
      book('pinnacle', {
        h2h: [
          ['Home', -125],
          ['Away', 106],
        ],
      }),
    ],
    3_600_000,
    'sharp',
  );
  return [popular, sharp].flatMap((e) =>
    findArbitrage(e, { minProfitPct: 0.1, bankroll: MAX_BANKROLL, maxStake: SCANNER_MAX_STAKE }, NOW).map((o) => ({
      action: 'new' as const,
      id: o.id,
      event_id: e.id,
      board: 'odds' as const,
      time_found: o.timeFound,
      expires_in: o.expiresIn,
      opportunity: o,
    })),
  );
}

/** Where the channel stood as the stored opportunities were read: before its first message. */
const NO_POSITION = { seq: 0, epoch: null };

describe('ScannersService (stored opportunities, caller settings on top)', () => {
  const repository = {
    freshness: async (_kind: string, sports: string[]) =>
      sports.map(() => ({ fetched_at: new Date(NOW).toISOString(), stale_since: null })),
    positionedOpportunities: async () => [{ updates: stored(), position: NO_POSITION }],
  } as unknown as LiveStateRepository;
  const service = new ScannersService(
    repository,
    { FEED_SPORTS: [NFL] } as AppConfig,
    new ViewCache(),
    new LiveVersions(repository, {} as RealtimeBus),
  );
  /** GET /api/arbitrage: the query through the controller's schema, then the service. */
  const query = (raw: Record<string, string>) => parseInput(arbitrageQuerySchema, raw);
  const arbitrage = (access: PlanAccess) =>
    service.arbitrage(query({ sports: NFL, minProfit: '0.1' }), access, NOW + 1000);

  // spec 000 §5: the free plan sees its popular books only; a paid plan every book
  it('hides opportunities with a leg at a book the plan may not see', async () => {
    const platinum = await arbitrage({ plan: 'platinum', unlimited: false });
    expect(platinum.opportunities.map((o) => o.eventId).sort()).toEqual(['popular', 'sharp']);
    const free = await arbitrage({ plan: 'free', unlimited: false });
    expect(free.opportunities.map((o) => o.eventId)).toEqual(['popular']);
  });

  // spec 001 §5: total stake min(max stake, bankroll), by default 100 of a 1000 bankroll
  it('re-sizes the stored stakes for the caller, and ages them to now', async () => {
    const [o] = (
      await service.arbitrage(
        query({ sports: NFL, maxStake: '250' }),
        { plan: 'platinum', unlimited: false },
        NOW + 1000,
      )
    ).opportunities;
    expect(o.totalStake).toBe(250);
    expect(o.legs.reduce((sum, leg) => sum + Math.round(leg.stake * 100), 0)).toBe(25_000);
    expect(o.ageSeconds).toBe(11);
    expect(o.expiresIn).toBe(1799);
  });
});

describe('ScannersService at the caller’s commission rates', () => {
  // a book at +110 against Betfair at +110: 3.61 % net of Betfair's default 5 %
  const exchange = bookAgainstExchange();
  const repository = {
    freshness: async (_kind: string, sports: string[]) =>
      sports.map(() => ({ fetched_at: new Date(NOW).toISOString(), stale_since: null })),
    positionedOpportunities: async () => [
      {
        position: NO_POSITION,
        updates: findArbitrage(
          exchange,
          { minProfitPct: 0.1, bankroll: MAX_BANKROLL, maxStake: SCANNER_MAX_STAKE },
          NOW,
        ).map((o) => ({
          action: 'new' as const,
          id: o.id,
          event_id: exchange.id,
          board: 'odds' as const,
          time_found: o.timeFound,
          expires_in: o.expiresIn,
          opportunity: o,
        })),
      },
    ],
  } as unknown as LiveStateRepository;
  const service = new ScannersService(
    repository,
    { FEED_SPORTS: [NFL] } as AppConfig,
    new ViewCache(),
    new LiveVersions(repository, {} as RealtimeBus),
  );
  const platinum: PlanAccess = { plan: 'platinum', unlimited: false };
  const arbitrage = (raw: Record<string, string>) =>
    service.arbitrage(
      parseInput(arbitrageQuerySchema, { sports: NFL, minProfit: '0.1', ...raw }),
      platinum,
      NOW + 1000,
    );

  it('re-prices each exchange leg at the rate the caller sends, and hides what is no longer an arbitrage', async () => {
    const [byDefault] = (await arbitrage({})).opportunities;
    expect(byDefault.legs.map((leg) => leg.commission)).toEqual([0, 0.05]);
    const [mine] = (await arbitrage({ commission: 'betfair_ex_uk:0.02' })).opportunities;
    expect(mine.legs[1].commission).toBe(0.02);
    expect(mine.profitPct).toBeGreaterThan(byDefault.profitPct);
    expect(mine.profitAmount).toBeGreaterThan(byDefault.profitAmount);
    expect((await arbitrage({ commission: 'betfair_ex_uk:0.2' })).opportunities).toEqual([]);
  });

  it('answers a clear 400 for a rate that is not a fraction or a book that is not an exchange', () => {
    expect(() => parseInput(arbitrageQuerySchema, { commission: 'betfair_ex_uk:5' })).toThrow(
      'Commission must be a fraction from 0 to below 1: betfair_ex_uk:5',
    );
    expect(() => parseInput(arbitrageQuerySchema, { commission: 'draftkings:0.01' })).toThrow(
      'Not an exchange: draftkings',
    );
  });
});

describe('ScannersService: a back/lay arbitrage', () => {
  // a book's Home at +120 (2.20) laid at Matchbook at 2.06 (2 %): 5.69 % on the back stake either way
  const layBoard = bookAgainstLay();
  const repository = {
    freshness: async (_kind: string, sports: string[]) =>
      sports.map(() => ({ fetched_at: new Date(NOW).toISOString(), stale_since: null })),
    positionedOpportunities: async () => [
      {
        position: NO_POSITION,
        updates: findArbitrage(
          layBoard,
          { minProfitPct: 0.1, bankroll: MAX_BANKROLL, maxStake: SCANNER_MAX_STAKE },
          NOW,
        ).map((o) => ({
          action: 'new' as const,
          id: o.id,
          event_id: layBoard.id,
          board: 'odds' as const,
          time_found: o.timeFound,
          expires_in: o.expiresIn,
          opportunity: o,
        })),
      },
    ],
  } as unknown as LiveStateRepository;
  const service = new ScannersService(
    repository,
    { FEED_SPORTS: [NFL] } as AppConfig,
    new ViewCache(),
    new LiveVersions(repository, {} as RealtimeBus),
  );
  const arbitrage = (raw: Record<string, string>) =>
    service.arbitrage(
      parseInput(arbitrageQuerySchema, { sports: NFL, minProfit: '0.1', ...raw }),
      { plan: 'platinum', unlimited: false },
      NOW + 1000,
    );

  it('is served at the caller’s stake with the lay leg’s liability, and re-priced at their commission', async () => {
    const [o] = (await arbitrage({ maxStake: '250' })).opportunities;
    expect(o).toMatchObject({ kind: 'back_lay', totalStake: 250 });
    // back stake and liability within the $250 (spec 001 §5): $116.65 backed, lay stake 116.65 × 2.2 / 2.04 = $125.80,
    // liability × 1.06 = $133.35 (back-lay.spec.ts)
    expect(o.legs.map((leg) => [leg.book, leg.lay ?? false, leg.stake, leg.liability])).toEqual([
      ['draftkings', false, 116.65, undefined],
      ['matchbook', true, 125.8, 133.35],
    ]);
    // at 8 %: 2.222 % of the back stake, 1.020 % of it and its liability
    const [mine] = (await arbitrage({ commission: 'matchbook:0.08' })).opportunities;
    expect(mine.profitPct).toBeCloseTo(1.0204, 4);
    expect((await arbitrage({ commission: 'matchbook:0.12' })).opportunities).toEqual([]);
  });
});
