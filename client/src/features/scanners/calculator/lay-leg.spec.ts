import { liabilityLabel } from './lay-leg';

describe('liabilityLabel', () => {
  it('names what a lay leg holds at the exchange, and nothing for a back bet', () => {
    expect(liabilityLabel({ lay: true, liability: 114.31, book: 'betfair_ex_eu', bookTitle: 'Betfair' })).toBe(
      'Liability $114.31 at Betfair',
    );
    expect(liabilityLabel({ lay: true, liability: 1234.5, book: 'matchbook', bookTitle: '' })).toBe(
      'Liability $1,234.50 at Matchbook',
    );
    expect(liabilityLabel({ book: 'draftkings', bookTitle: 'DraftKings' })).toBeNull();
  });
});
