import { SPORTSBOOKS } from '@oddspulse/shared';
import { groupSportsbooks } from './sportsbook-rules';

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
