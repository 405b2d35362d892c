import { bookKeyOf, bookLabel, DEFAULT_SPORTSBOOKS, startingSportsbooks } from './sportsbooks';

// DECISIONS 36: the saved books are where every view starts; without any, the defaults of DECISIONS 16
describe('startingSportsbooks', () => {
  it('is the saved books when the user saved some', () => {
    const six = [...DEFAULT_SPORTSBOOKS, 'pinnacle', 'novig'];
    expect(startingSportsbooks(six)).toEqual(six);
  });

  it('is the default books for a visitor, a user who saved none, and while the saved ones are loading', () => {
    for (const saved of [undefined, null, []]) expect(startingSportsbooks(saved)).toEqual([...DEFAULT_SPORTSBOOKS]);
  });

  it('is a copy the caller may change', () => {
    const saved = ['pinnacle'];
    startingSportsbooks(saved).push('novig');
    expect(saved).toEqual(['pinnacle']);
  });
});

// one book identity (api.md "Picks as CSV"): keys in the database and in files, names on screen
describe('a pick’s book', () => {
  it('is stored as the catalogue key whether written as its key, an old key or its name, in any case', () => {
    expect(bookKeyOf('DraftKings')).toBe('draftkings');
    expect(bookKeyOf(' draftkings ')).toBe('draftkings');
    expect(bookKeyOf('Caesars')).toBe('williamhill_us');
    expect(bookKeyOf('BetOnline.ag')).toBe('betonlineag');
    expect(bookKeyOf('DK Pick6')).toBe('pick6');
    expect(bookKeyOf('DraftKings, FanDuel')).toBe('draftkings,fanduel');
    expect(bookKeyOf('Local Shop')).toBe('Local Shop');
  });

  it('shows by its name, a parlay’s books each, a book outside the catalogue as stored', () => {
    expect(bookLabel('draftkings')).toBe('DraftKings');
    expect(bookLabel('DraftKings')).toBe('DraftKings');
    expect(bookLabel('draftkings,fanduel')).toBe('DraftKings, FanDuel');
    expect(bookLabel('Local Shop')).toBe('Local Shop');
  });
});
