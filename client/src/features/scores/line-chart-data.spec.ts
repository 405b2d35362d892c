import { formatAmericanOdds } from '../../format/odds-format';
import { impliedProbabilityFromAmerican, type LineHistoryBook } from '@oddspulse/shared';
import {
  formatLinePoint,
  lineChart,
  lineMoves,
  marketSides,
  marketsWithHistory,
  noHistoryText,
  openingMarket,
  percentAxisLabel,
  priceChart,
  probabilityPointsText,
  probabilityText,
  quoteText,
} from './line-chart-data';

const books: LineHistoryBook[] = [
  {
    key: 'draftkings',
    title: 'DraftKings',
    markets: [
      {
        key: 'spreads',
        outcomes: [
          {
            name: 'Bills',
            lines: [
              {
                point: -3.5,
                prices: [
                  [100, -110],
                  [300, -108],
                ],
              },
              { point: -4, prices: [[200, -115]] },
            ],
            moves: [
              [100, -3.5],
              [200, -4],
              [300, -3.5],
            ],
          },
          { name: 'Dolphins', lines: [{ point: 3.5, prices: [[100, -110]] }], moves: [[100, 3.5]] },
        ],
      },
      { key: 'h2h', outcomes: [{ name: 'Bills', lines: [{ point: null, prices: [[100, -170]] }], moves: [] }] },
    ],
  },
  {
    key: 'fanduel',
    title: 'FanDuel',
    markets: [
      {
        key: 'spreads',
        outcomes: [{ name: 'Bills', lines: [{ point: -3.5, prices: [[150, -112]] }], moves: [[150, -3.5]] }],
      },
    ],
  },
];

const pct = (american: number) => impliedProbabilityFromAmerican(american)! * 100;

// The line-movement chart: one series per book following its main line, drawn as implied probability
describe('line movement chart data', () => {
  it('lists the sides of a market', () => {
    expect(marketSides(books, 'spreads')).toEqual(['Bills', 'Dolphins']);
    expect(marketSides(books, 'totals')).toEqual([]);
  });

  it('gives each book one price series across its line changes, as implied probability, with the price behind it', () => {
    const chart = priceChart(books, 'spreads', 'Bills');
    expect(chart.times).toEqual([100, 150, 200, 300]);
    expect(chart.series.map((s) => [s.label, s.values])).toEqual([
      ['DraftKings', [pct(-110), pct(-110), pct(-115), pct(-108)]],
      ['FanDuel', [null, pct(-112), pct(-112), pct(-112)]],
    ]);
    expect(chart.series[0].quotes.map((q) => q && [q.point, q.price])).toEqual([
      [-3.5, -110],
      [-3.5, -110],
      [-4, -115],
      [-3.5, -108],
    ]);
  });

  // −105 → +102 is under two points of probability, where American odds on a linear axis drew a 200-point spike
  it('draws a move through even money as the small move it is', () => {
    const moneyline: LineHistoryBook[] = [
      {
        key: 'draftkings',
        title: 'DraftKings',
        markets: [
          {
            key: 'h2h',
            outcomes: [
              {
                name: 'Bills',
                lines: [
                  {
                    point: null,
                    prices: [
                      [100, -105],
                      [200, 102],
                    ],
                  },
                ],
                moves: [],
              },
            ],
          },
        ],
      },
    ];
    const [series] = priceChart(moneyline, 'h2h', 'Bills').series;
    expect(series.label).toBe('DraftKings');
    expect(series.values[0]! - series.values[1]!).toBeCloseTo(1.71, 2);
  });

  it('keeps the prices quoted before the start, and runs them up to it', () => {
    const chart = priceChart(books, 'spreads', 'Bills', 250);
    expect(chart.times).toEqual([100, 150, 200, 250]);
    expect(chart.series[0].values.at(-1)).toBe(pct(-115));
  });

  // A game to come whose books have not moved since it was listed has one moment: a step of no length, drawn as nothing
  it("runs each book's price up to the chart's end (now, for a game to come or live), so an unmoved book is a level", () => {
    const chart = priceChart(books, 'h2h', 'Bills', Infinity, 500);
    expect(chart.times).toEqual([100, 500]);
    expect(chart.series.map((s) => s.values)).toEqual([[pct(-170), pct(-170)]]);
    expect(lineChart(books, 'spreads', 'Bills', Infinity, 500).times).toEqual([100, 150, 200, 300, 500]);
    // an answer read later than the reader's clock says is not cut back to it
    expect(priceChart(books, 'spreads', 'Bills', Infinity, 250).times).toEqual([100, 150, 200, 300]);
  });

  // Pinnacle took the market down two days before the start: its line ran on to the end and read "Closed −125"
  it('ends the series of a book that took the line down, and lists it with no close', () => {
    const pulled: LineHistoryBook[] = [
      {
        key: 'pinnacle',
        title: 'Pinnacle',
        markets: [
          {
            key: 'h2h',
            outcomes: [
              {
                name: 'Bills',
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
              },
            ],
          },
        ],
      },
      books[0],
    ];
    const chart = priceChart(pulled, 'h2h', 'Bills', Infinity, 500);
    expect(chart.times).toEqual([100, 200, 500]);
    expect(chart.series.map((s) => [s.label, s.values])).toEqual([
      ['Pinnacle', [pct(-125), null, null]],
      ['DraftKings', [pct(-170), pct(-170), pct(-170)]],
    ]);
    const moves = lineMoves(pulled, 'h2h', 'Bills', 400);
    expect(moves.map((m) => [m.title, m.move.opening.price, m.move.closing?.price ?? null])).toEqual([
      ['Pinnacle', -125, null],
      ['DraftKings', -170, -170],
    ]);
  });

  it("draws each book's main line over time, one series per book, none for a moneyline", () => {
    const chart = lineChart(books, 'spreads', 'Bills');
    expect(chart.times).toEqual([100, 150, 200, 300]);
    expect(chart.series).toEqual([
      { label: 'DraftKings', book: 'draftkings', values: [-3.5, -3.5, -4, -3.5] },
      { label: 'FanDuel', book: 'fanduel', values: [null, -3.5, -3.5, -3.5] },
    ]);
    expect(lineChart(books, 'h2h', 'Bills').series).toEqual([]);
  });

  it("lists each book's opening and closing price", () => {
    const moves = lineMoves(books, 'spreads', 'Bills', 250);
    expect(moves.map((m) => [m.title, m.move.opening.price, m.move.closing?.price])).toEqual([
      ['DraftKings', -110, -115],
      ['FanDuel', -112, -112],
    ]);
    expect(moves[0].move.probabilityPoints).toBeCloseTo(pct(-115) - pct(-110), 10);
  });
});

// A total was labelled like a spread ("+256.5")
describe('line and price labels', () => {
  it('signs a spread and leaves a total as it is', () => {
    expect(formatLinePoint('spreads', 3.5)).toBe('+3.5');
    expect(formatLinePoint('spreads', 0)).toBe('PK');
    expect(formatLinePoint('totals', 256.5)).toBe('256.5');
  });

  it('writes a price with its line in the user’s odds format', () => {
    const quote = { at: 1, point: 256.5, price: -120, probability: pct(-120) / 100 };
    expect(quoteText(quote, 'totals', 'american')).toBe('256.5 -120');
    expect(quoteText({ ...quote, point: -3.5 }, 'spreads', 'decimal')).toBe('-3.5 1.83');
    expect(quoteText({ ...quote, point: null, price: 150 }, 'h2h', 'fractional')).toBe('6/4');
    expect(probabilityText(quote.probability)).toBe('54.5%');
  });

  it('writes a move in points of probability and a percent axis at its ticks’ precision', () => {
    expect(probabilityPointsText(3.24)).toBe('+3.2 pts');
    expect(probabilityPointsText(-0.81)).toBe('\u22120.8 pts');
    expect(probabilityPointsText(0.02)).toBe('0.0 pts');
    expect(percentAxisLabel(52, 2)).toBe('52%');
    expect(percentAxisLabel(52.5, 0.5)).toBe('52.5%');
  });
});

// spec 002 §2: the tab opens on a market the books priced, and says why a market (or the whole game) has no prices
describe('line movement without prices', () => {
  const h2hOnly: LineHistoryBook[] = [{ key: 'draftkings', title: 'DraftKings', markets: [books[0].markets[1]] }];

  it('lists the markets with history, in the tab order', () => {
    expect(marketsWithHistory(books)).toEqual(['h2h', 'spreads']);
    expect(marketsWithHistory(h2hOnly)).toEqual(['h2h']);
    expect(marketsWithHistory([])).toEqual([]);
  });

  it('opens on the spread when it has prices, else on the first market that has, and keeps a market chosen', () => {
    expect(openingMarket(null, ['h2h', 'spreads'])).toBe('spreads');
    expect(openingMarket(null, ['h2h'])).toBe('h2h');
    expect(openingMarket(null, [])).toBe('spreads');
    expect(openingMarket('totals', ['h2h'])).toBe('totals');
  });

  it('names the markets that do have prices', () => {
    expect(noHistoryText('totals', ['h2h', 'spreads'], true)).toBe(
      'No Total prices were recorded for this game by the books shown; Moneyline and Spread have history.',
    );
    expect(noHistoryText('spreads', ['h2h'], false)).toBe(
      'No Spread prices were recorded for this game by the books shown; Moneyline has history.',
    );
  });

  it('says where a market priced only from the start on has its prices, when only those before it are shown', () => {
    expect(noHistoryText('h2h', ['h2h', 'spreads', 'totals'], true, true)).toBe(
      'No Moneyline prices before the start were recorded for this game by the books shown; its prices from the start on are under “Before and during the game”.',
    );
    expect(noHistoryText('totals', ['h2h'], true, true)).toBe(
      'No Total prices were recorded for this game by the books shown; Moneyline has history.',
    );
  });

  it('says why a finished game has none, and "yet" only for a game still to come or under way', () => {
    expect(noHistoryText('spreads', [], true)).toBe(
      'No prices were recorded for this game by the books shown: it was not on the odds board while it was priced, or its prices are older than the history kept.',
    );
    expect(noHistoryText('spreads', [], false)).toBe('No history available yet for the selected parameters.');
  });
});

describe('a stored American price in any format (spec 001 §9)', () => {
  it('formats it, and leaves what is not American odds as written', () => {
    expect(formatAmericanOdds(-150, 'american')).toBe('-150');
    expect(formatAmericanOdds(-150, 'decimal')).toBe('1.67');
    expect(formatAmericanOdds(200, 'fractional')).toBe('2/1');
    expect(formatAmericanOdds(50, 'decimal')).toBe('50');
  });
});
