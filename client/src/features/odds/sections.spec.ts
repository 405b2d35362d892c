import { PLAN_GATES } from '@oddspulse/shared';
import { SECTIONS, sectionGate, sectionParams } from './sections';

describe('odds sections and the plan-gate table (spec 000 §6, 001 §2)', () => {
  it('marks Platinum exactly the sections the shared table gates on Platinum', () => {
    for (const s of SECTIONS) expect(s.platinum).toBe(PLAN_GATES[s.feature] === 'platinum');
  });

  it('names the plan the address asks for: a scanner needs Platinum, not "Gold or Platinum"', () => {
    const gate = (query: string) => sectionGate(new URLSearchParams(query));
    expect(gate('mode=arbitrage')).toBe('platinum');
    expect(gate('mode=middles')).toBe('platinum');
    expect(gate('mode=steam&q=x')).toBe('platinum');
    expect(gate('mode=props')).toBe('paid');
    expect(gate('')).toBe('paid');
    expect(gate('mode=nonsense')).toBe('paid');
  });
});

// Spec 001 §2: changing section rewrites the URL; an alert's target belongs to the section it opened
describe('sectionParams', () => {
  const link = new URLSearchParams(
    'mode=arbitrage&sport=basketball_nba&market=spreads&books=fanduel,betmgm&q=Lakers&opportunity=arb:x&page=2',
  );

  it("leaves an alert link's target behind and keeps the search", () => {
    expect(sectionParams(link, 'middles').toString()).toBe('mode=middles&q=Lakers&page=2');
    expect(sectionParams(link, 'game').toString()).toBe('q=Lakers&page=2');
  });

  it('changes only the mode of an address without a link', () => {
    expect(sectionParams(new URLSearchParams('q=Celtics'), 'steam').toString()).toBe('q=Celtics&mode=steam');
    expect(sectionParams(new URLSearchParams('mode=props'), 'game').toString()).toBe('');
  });

  it('does not change the address it is given', () => {
    sectionParams(link, 'game');
    expect(link.get('opportunity')).toBe('arb:x');
  });
});
