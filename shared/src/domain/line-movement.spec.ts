import { impliedProbabilityFromAmerican } from '../engine/odds/odds-format';
import type { LineHistoryOutcome } from './line-history';
import { mainLineAt, mainLinePrices, openingToClosing } from './line-movement';

const p = (american: number) => impliedProbabilityFromAmerican(american)!;

// A total that moved 6.5 → 5.5 → 6.5: the book is one series that follows its line, not one per line
const over: LineHistoryOutcome = {
  name: 'Over',
  lines: [
    {
      point: 6.5,
      prices: [
        [100, 123],
        [110, 120],
        [300, 118],
      ],
    },
    {
      point: 5.5,
      prices: [
        [200, -120],
        [250, 116],
      ],
    },
  ],
  moves: [
    [100, 6.5],
    [200, 5.5],
    [300, 6.5],
  ],
};

describe('a book’s main line', () => {
  it('is the line its market quoted at the moment, none before its first quote', () => {
    expect(mainLineAt(over, 99)).toBeUndefined();
    expect(mainLineAt(over, 150)).toBe(6.5);
    expect(mainLineAt(over, 200)).toBe(5.5);
    expect(mainLineAt(over, 1000)).toBe(6.5);
  });

  it('is no line for a moneyline', () => {
    const moneyline: LineHistoryOutcome = { name: 'Bills', lines: [{ point: null, prices: [[100, -105]] }], moves: [] };
    expect(mainLineAt(moneyline, 100)).toBeNull();
    expect(mainLineAt({ name: 'Bills', lines: [], moves: [] }, 100)).toBeUndefined();
  });
});

describe('prices along the main line', () => {
  it('follows the line across its changes, one entry per change of line or price', () => {
    expect(mainLinePrices(over)).toEqual([
      { at: 100, point: 6.5, price: 123, probability: p(123) },
      { at: 110, point: 6.5, price: 120, probability: p(120) },
      { at: 200, point: 5.5, price: -120, probability: p(-120) },
      { at: 250, point: 5.5, price: 116, probability: p(116) },
      { at: 300, point: 6.5, price: 118, probability: p(118) },
    ]);
  });

  // −105 → +102 is a move of 1.7 points of probability, not the 200 points American odds draw it as
  it('reads each price as its implied probability', () => {
    const moneyline: LineHistoryOutcome = {
      name: 'Bills',
      lines: [
        {
          point: null,
          prices: [
            [100, -105],
            [200, 102],
            [300, 0],
          ],
        },
      ],
      moves: [],
    };
    const prices = mainLinePrices(moneyline);
    expect(prices.map((x) => x.price)).toEqual([-105, 102]);
    expect(prices[0].probability).toBeCloseTo(0.5122, 4);
    expect(prices[1].probability).toBeCloseTo(0.495, 4);
  });
});

describe('opening to closing', () => {
  const prices = mainLinePrices(over);

  it('runs from the first price to the last before the start', () => {
    const move = openingToClosing(prices, 260)!;
    expect(move.opening).toEqual(prices[0]);
    expect(move.closing).toEqual(prices[3]);
    expect(move.probabilityPoints).toBeCloseTo((p(116) - p(123)) * 100, 10);
  });

  it('takes the latest price of a game still to come, and none when nothing was quoted before the start', () => {
    expect(openingToClosing(prices, Infinity)!.closing).toEqual(prices[4]);
    expect(openingToClosing(prices, 100)).toBeNull();
  });

  // DECISIONS 34: Pinnacle took the market down two days before the start; its last price read as its close
  it('ends a line the book took down, and gives no close when it was down at the start', () => {
    const pulled: LineHistoryOutcome = {
      name: 'Home',
      lines: [
        {
          point: null,
          prices: [
            [100, -125],
            [200, null],
          ],
        },
      ],
      moves: [],
    };
    const series = mainLinePrices(pulled);
    expect(series).toEqual([{ at: 100, point: null, price: -125, probability: p(-125), until: 200 }]);
    expect(openingToClosing(series, 1000)).toEqual({ opening: series[0], closing: null, probabilityPoints: null });
    expect(openingToClosing(series, Infinity)!.closing).toBeNull();
    // taken down after the start: the price standing at the start is the close
    expect(openingToClosing(series, 150)!.closing).toEqual(series[0]);
    // priced again, at the same price: a new price from then on, the close
    pulled.lines[0].prices.push([300, -125]);
    const again = mainLinePrices(pulled);
    expect(again.map((q) => [q.at, q.price, q.until])).toEqual([
      [100, -125, 200],
      [300, -125, undefined],
    ]);
    expect(openingToClosing(again, 1000)!.closing).toEqual(again[1]);
  });
});
