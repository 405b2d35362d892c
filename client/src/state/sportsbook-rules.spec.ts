import { SPORTSBOOKS } from '@oddspulse/shared';
import { groupSportsbooks, planSportsbooks } from './sportsbook-rules';

// spec 000 §2 my-sportsbooks groups
describe('groupSportsbooks', () => {
  it('puts every catalogue book in exactly one group', () => {
    const { popular, dfs, other } = groupSportsbooks();
    expect(popular.length + dfs.length + other.length).toBe(SPORTSBOOKS.length);
    expect(dfs.map((b) => b.key)).toEqual(['prizepicks', 'underdog', 'pick6', 'dabble_au']);
    expect(popular.every((b) => b.popular)).toBe(true);
    expect(other.some((b) => b.popular || b.isDFS)).toBe(false);
  });
});

// DECISIONS 27: the filters offer the books the one shared rule allows
describe('planSportsbooks', () => {
  it('offers Gold and Platinum every book, free its popular books and DFS apps', () => {
    expect(planSportsbooks({ plan: 'gold', unlimited: false })).toEqual([...SPORTSBOOKS]);
    expect(planSportsbooks({ plan: 'platinum', unlimited: false })).toEqual([...SPORTSBOOKS]);
    expect(planSportsbooks({ plan: 'free', unlimited: false }).every((b) => b.popular || b.isDFS)).toBe(true);
    expect(planSportsbooks(null)).toEqual(planSportsbooks({ plan: 'free', unlimited: false }));
  });
});
