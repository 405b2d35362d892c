import { DEFAULT_SPORTSBOOKS, startingSportsbooks } from './sportsbooks';

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
