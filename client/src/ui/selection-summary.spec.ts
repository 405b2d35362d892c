import { selectionSummary } from './selection-summary';

const books = [
  { value: 'draftkings', label: 'DraftKings' },
  { value: 'fanduel', label: 'FanDuel' },
  { value: 'betmgm', label: 'BetMGM' },
];

// spec 001 §2: the dropdown's button says what is chosen
describe('selectionSummary', () => {
  it('says what an empty selection stands for: no sports is none, no book filter is every book', () => {
    expect(selectionSummary([], books, 'None')).toBe('None');
    expect(selectionSummary([], books, 'All')).toBe('All');
  });

  it('names up to two, counts more, and says All when every option is chosen', () => {
    expect(selectionSummary(['fanduel'], books, 'None')).toBe('FanDuel');
    expect(selectionSummary(['fanduel', 'draftkings'], books, 'None')).toBe('DraftKings, FanDuel');
    expect(selectionSummary(['a', 'b', 'c'], books, 'None')).toBe('3 selected');
    expect(selectionSummary(['betmgm', 'fanduel', 'draftkings'], books, 'None')).toBe('All');
  });
});
