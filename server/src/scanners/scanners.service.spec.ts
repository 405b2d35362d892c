import { findArbitrage, MAX_BANKROLL, SCANNER_MAX_STAKE, type ArbitrageOpportunity, type OpportunityUpdate, type PlanAccess } from '@oddspulse/shared';
import { book, event, NOW } from '../../../shared/src/testing/board-builder';
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

describe('ScannersService (stored opportunities, caller settings on top)', () => {
  const repository = {
    freshness: async (_kind: string, sports: string[]) => sports.map(() => ({ fetched_at: new Date(NOW).toISOString(), stale_since: null })),
    opportunitiesOf: async () => stored(),
  } as unknown as LiveStateRepository;
  const service = new ScannersService(repository, { FEED_SPORTS: [NFL] } as AppConfig, new ViewCache(), new LiveVersions(repository, {} as RealtimeBus));
  /** GET /api/arbitrage: the query through the controller's schema, then the service. */
  const query = (raw: Record<string, string>) => parseInput(arbitrageQuerySchema, raw);
  const arbitrage = (access: PlanAccess) => service.arbitrage(query({ sports: NFL, minProfit: '0.1' }), access, NOW + 1000);

  // spec 000 §5: the free plan sees its popular books only; a paid plan every book
  it('hides opportunities with a leg at a book the plan may not see', async () => {
    const platinum = await arbitrage({ plan: 'platinum', unlimited: false });
    expect(platinum.opportunities.map((o) => o.eventId).sort()).toEqual(['popular', 'sharp']);
    const free = await arbitrage({ plan: 'free', unlimited: false });
    expect(free.opportunities.map((o) => o.eventId)).toEqual(['popular']);
  });

  // spec 001 §5: total stake min(max stake, bankroll), by default 100 of a 1000 bankroll
  it('re-sizes the stored stakes for the caller, and ages them to now', async () => {
    const [o] = (await service.arbitrage(query({ sports: NFL, maxStake: '250' }), { plan: 'platinum', unlimited: false }, NOW + 1000)).opportunities;
    expect(o.totalStake).toBe(250);
    expect(o.legs.reduce((sum, leg) => sum + Math.round(leg.stake * 100), 0)).toBe(25_000);
    expect(o.ageSeconds).toBe(11);
    expect(o.expiresIn).toBe(1799);
  });
});
