import { PLAN_GATES } from '@oddspulse/shared';
import { SECTIONS, sectionGate } from './sections';

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
