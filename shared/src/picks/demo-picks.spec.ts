import { DEMO_HISTORY_DAYS, DEMO_PICK_NOTE, DEMO_PICK_PREFIX, demoPickHistory } from './demo-picks';
import { settlementPayoutCents } from './settlement';
import { computePickStats } from '../testing/pick-stats.oracle';

const now = new Date('2026-11-26T09:00:00Z');
const history = demoPickHistory('platinum@demo.local', now, 3);

// DECISIONS 7: a demo account opens on a history that shows what the tracker and the analytics are for
describe('demo pick history', () => {
  it('is the same history for the same account and day, and another for another account', () => {
    expect(demoPickHistory('platinum@demo.local', now, 3)).toEqual(history);
    expect(demoPickHistory('gold@demo.local', now, 2)).not.toEqual(history);
  });

  it('covers 90 days with several leagues, books and markets, every pick marked as demo data', () => {
    const days = new Set(history.map((p) => p.dateAdded.slice(0, 10)));
    expect(days.size).toBeGreaterThan(80);
    expect(Math.min(...history.map((p) => Date.parse(p.dateAdded)))).toBeGreaterThanOrEqual(
      now.getTime() - (DEMO_HISTORY_DAYS + 1) * 86_400_000,
    );
    expect(Math.max(...history.map((p) => Date.parse(p.dateAdded)))).toBeLessThanOrEqual(now.getTime());
    expect(new Set(history.map((p) => p.league)).size).toBe(5);
    expect(new Set(history.map((p) => p.bookmaker)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(history.map((p) => p.market))).toEqual(
      new Set(['Point Spread', 'Run Line', 'Puck Line', 'Moneyline', 'Totals']),
    );
    expect(new Set(history.map((p) => p.stakeCents)).size).toBeGreaterThan(10);
    expect(history.every((p) => p.clientId.startsWith(DEMO_PICK_PREFIX) && p.note === DEMO_PICK_NOTE)).toBe(true);
    expect(new Set(history.map((p) => p.clientId)).size).toBe(history.length);
  });

  it('is mostly settled by the settlement rules, the games not finished yet pending, with closing lines for CLV', () => {
    const settled = history.filter((p) => p.status !== 'pending');
    expect(settled.length / history.length).toBeGreaterThan(0.9);
    expect(
      history
        .filter((p) => p.status === 'pending')
        .every((p) => Date.parse(p.commenceTime) + 4 * 3_600_000 > now.getTime()),
    ).toBe(true);
    expect([...new Set(settled.map((p) => p.status))]).toEqual(expect.arrayContaining(['won', 'lost']));
    for (const p of settled)
      expect(p.actualPayoutCents).toBe(settlementPayoutCents(p.status as 'won', p.stakeCents, p.potentialCents));
    expect(history.filter((p) => p.clv !== null).length / history.length).toBeGreaterThan(0.7);
    const stats = computePickStats(history.map((p) => ({ ...p, settledAt: p.settledDate, clv: p.clv, edge: p.edge })));
    expect(stats.totalBets).toBe(history.length);
    expect(stats.winRate).toBeGreaterThan(30);
    expect(stats.winRate).toBeLessThan(70);
  });
});
