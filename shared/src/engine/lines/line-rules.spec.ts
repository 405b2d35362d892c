import {
  completeSideCount,
  familyNumber,
  isArbitrageLine,
  isBetterQuote,
  isDrawOutcome,
  isLowSide,
  legPointsMatch,
  lineFromReference,
  lockedDescriptions,
  lockedOutcomes,
  marketFamily,
  MarketGroupNumbers,
  moneylineCounts,
  MONEYLINE,
  onSameLine,
  outcomeKind,
  replacesHeldQuote,
  SPREAD,
  spreadReference,
  TOTAL,
} from './line-rules';

// The rules both the object path and the prepared path call
describe('line-up rules', () => {
  it('folds alternate markets into their family (spec 001 §5)', () => {
    expect(marketFamily('alternate_spreads')).toBe('spreads');
    expect(marketFamily('player_points_alternate')).toBe('player_points');
    expect(marketFamily('totals_h1')).toBe('totals_h1');
  });

  it('tells moneylines, totals and spreads apart by point and name', () => {
    expect(outcomeKind('Boston Celtics', false)).toBe(MONEYLINE);
    expect(outcomeKind('Over', true)).toBe(TOTAL);
    expect(outcomeKind('Under', true)).toBe(TOTAL);
    expect(outcomeKind('Boston Celtics', true)).toBe(SPREAD);
  });

  it('locks a market whole without players, per player with them (spec 001 §5)', () => {
    expect(
      lockedDescriptions([
        { name: 'A', price: 1.9 },
        { name: 'B', price: 0 },
      ]),
    ).toEqual(new Set(['']));
    expect(
      lockedDescriptions([
        { name: 'Over', description: 'P1', price: 0, point: 10.5 },
        { name: 'Over', description: 'P2', price: 1.9, point: 8.5 },
      ]),
    ).toEqual(new Set(['P1']));
    expect(lockedDescriptions([{ name: 'A', price: 1.9 }])).toBeNull();
  });

  it('locks a market too old whole, else its outcomes as lockedDescriptions reads them (spec 001 §5)', () => {
    const props = [
      { name: 'Over', description: 'P1', price: 0, point: 10.5 },
      { name: 'Under', description: 'P1', price: 1.9, point: 10.5 },
      { name: 'Over', description: 'P2', price: 1.9, point: 8.5 },
    ];
    const open = lockedOutcomes(props, false);
    // a locked price locks its player's other side too, and leaves the book's other players open
    expect(props.map(open)).toEqual([true, true, false]);
    expect(props.map(lockedOutcomes(props, true))).toEqual([true, true, true]);
    const game = [
      { name: 'A', price: 1.9 },
      { name: 'B', price: 60 },
    ];
    expect(game.map(lockedOutcomes(game, false))).toEqual([true, true]);
    const priced = [
      { name: 'A', price: 1.9 },
      { name: 'B', price: 2.1 },
    ];
    expect(priced.map(lockedOutcomes(priced, false))).toEqual([false, false]);
    expect(priced.map(lockedOutcomes(priced, true))).toEqual([true, true]);
  });

  it('counts a book’s outcomes per player, or for the whole market', () => {
    expect(
      moneylineCounts([
        { name: 'A', price: 2 },
        { name: 'Draw', price: 3 },
        { name: 'B', price: 4 },
      ]),
    ).toBe(3);
    expect(
      moneylineCounts([
        { name: 'Yes', description: 'P1', price: 2 },
        { name: 'No', description: 'P1', price: 2 },
        { name: 'Yes', description: 'P2', price: 2 },
      ]),
    ).toEqual(
      new Map([
        ['P1', 2],
        ['P2', 1],
      ]),
    );
  });

  it('takes the home team as a spread’s reference side, else the lowest name, and negates the other side', () => {
    expect(spreadReference(['Away', 'Home'], 0, 2, 'Home', null, 0, 0)).toBe('Home');
    expect(spreadReference(['Zeta', 'Alpha'], 0, 2, 'Home', null, 0, 0)).toBe('Alpha');
    // only names still quoted open count
    expect(spreadReference(['Away', 'Home'], 0, 2, 'Home', Float64Array.from([100, 0]), 100, 50)).toBe('Away');
    expect(lineFromReference('Home', -3.5, 'Home')).toBe(-3.5);
    expect(lineFromReference('Away', 3.5, 'Home')).toBe(-3.5);
    expect(lineFromReference('Over', 44.5, undefined)).toBe(44.5);
  });

  it('groups lines within the tolerance of the lowest (spec 001 §5: 0.05)', () => {
    expect(onSameLine(44.5, 44.55, 0.05)).toBe(true);
    expect(onSameLine(44.5, 44.56, 0.05)).toBe(false);
  });

  it('has two sides per complete market, or the outcome count of a moneyline (DECISIONS 23: 1X2 has three)', () => {
    expect(completeSideCount(TOTAL, 0)).toBe(2);
    expect(completeSideCount(MONEYLINE, 3)).toBe(3);
  });

  it('makes arbitrage of complete two-way lines and of 1X2 lines with a draw (DECISIONS 11, 23)', () => {
    expect(isArbitrageLine(SPREAD, 0, ['A', 'B'], 2)).toBe(true);
    expect(isArbitrageLine(MONEYLINE, 2, ['A', 'B'], 2)).toBe(true);
    expect(isArbitrageLine(MONEYLINE, 3, ['A', 'Draw', 'B'], 3)).toBe(true);
    expect(isArbitrageLine(MONEYLINE, 3, ['A', 'B', 'C'], 3)).toBe(false);
    // a book listing three outcomes is not a two-way market even when only two are quoted on the line
    expect(isArbitrageLine(MONEYLINE, 3, ['A', 'B'], 2)).toBe(false);
    expect(isArbitrageLine(TOTAL, 0, ['Over'], 1)).toBe(false);
    expect(isDrawOutcome('draw')).toBe(true);
  });

  it('pairs totals at equal points and spreads at opposite points, within 0.01 (spec 001 §5)', () => {
    expect(legPointsMatch(TOTAL, 44.5, 44.5)).toBe(true);
    expect(legPointsMatch(TOTAL, 44.5, 45)).toBe(false);
    expect(legPointsMatch(SPREAD, -3.5, 3.5)).toBe(true);
    expect(legPointsMatch(SPREAD, -3.5, -3.5)).toBe(false);
    expect(legPointsMatch(MONEYLINE, NaN, NaN)).toBe(true);
  });

  it('puts Over and the reference side on the low side of a middle', () => {
    expect(isLowSide(TOTAL, 'Over', undefined)).toBe(true);
    expect(isLowSide(TOTAL, 'Under', undefined)).toBe(false);
    expect(isLowSide(SPREAD, 'Home', 'Home')).toBe(true);
    expect(isLowSide(SPREAD, 'Away', 'Home')).toBe(false);
  });

  it('prefers the higher price, then the more recent quote', () => {
    expect(isBetterQuote(2.1, 0, 2.0, 10)).toBe(true);
    expect(isBetterQuote(2.0, 11, 2.0, 10)).toBe(true);
    expect(isBetterQuote(2.0, 10, 2.0, 10)).toBe(false);
  });

  it('numbers a market group per family, player/team, kind and outcome count, in the order first seen', () => {
    const numbers = new MarketGroupNumbers();
    const points = familyNumber('player_points');
    expect(familyNumber('player_points')).toBe(points);
    expect(familyNumber('h2h')).not.toBe(points);
    expect(numbers.numberOf(points, 'Jokic', TOTAL, 0)).toBe(0);
    expect(numbers.numberOf(points, 'Murray', TOTAL, 0)).toBe(1);
    expect(numbers.numberOf(points, 'Jokic', TOTAL, 0)).toBe(0);
    expect(numbers.numberOf(points, 'Jokic', SPREAD, 0)).toBe(2);
    expect(numbers.numberOf(familyNumber('h2h'), '', MONEYLINE, 2)).toBe(3);
    expect(numbers.numberOf(familyNumber('h2h'), '', MONEYLINE, 3)).toBe(4);
    expect(numbers.size).toBe(5);
    numbers.clear();
    expect(numbers.numberOf(points, 'Murray', TOTAL, 0)).toBe(0);
  });

  it('keeps one quote per book per side: a higher price replaces it, the first stays on a tie', () => {
    expect(replacesHeldQuote(2.1, 2.0)).toBe(true);
    expect(replacesHeldQuote(2.0, 2.0)).toBe(false);
    expect(replacesHeldQuote(1.9, 2.0)).toBe(false);
  });
});
