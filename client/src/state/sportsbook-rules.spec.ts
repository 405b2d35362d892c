import { findSportsbook, SPORTSBOOKS } from '@oddspulse/shared';
import { bankrollProblem, canToggleBook, groupSportsbooks } from './sportsbook-rules';

const book = (key: string) => findSportsbook(key)!;

// spec 000 §5 sportsbook selection
describe('canToggleBook', () => {
  it('lets free and gold toggle popular books and DFS apps only', () => {
    for (const plan of ['free', 'gold'] as const) {
      expect(canToggleBook(book('draftkings'), plan, false)).toBe(true);
      expect(canToggleBook(book('prizepicks'), plan, false)).toBe(true);
      expect(canToggleBook(book('pinnacle'), plan, false)).toBe(false);
    }
  });

  it('lets Platinum (or an unlimited plan) toggle any book', () => {
    expect(canToggleBook(book('pinnacle'), 'platinum', false)).toBe(true);
    expect(canToggleBook(book('bovada'), 'gold', true)).toBe(true);
  });
});

describe('groupSportsbooks', () => {
  it('puts every catalogue book in exactly one group', () => {
    const { popular, dfs, other } = groupSportsbooks();
    expect(popular.length + dfs.length + other.length).toBe(SPORTSBOOKS.length);
    expect(dfs.map((b) => b.key)).toEqual(['prizepicks', 'underdog', 'pick6', 'dabble_au']);
  });
});

// spec 000 §5 bankroll
describe('bankrollProblem', () => {
  it('gives the spec messages', () => {
    expect(bankrollProblem(Number.NaN)).toBe('Bankroll must be a valid number');
    expect(bankrollProblem(-1)).toBe('Bankroll cannot be negative');
    expect(bankrollProblem(1_000_001)).toBe('Bankroll cannot exceed $1,000,000');
    expect(bankrollProblem(0)).toBeNull();
    expect(bankrollProblem(1_000_000)).toBeNull();
  });
});
