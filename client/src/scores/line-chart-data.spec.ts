import { formatAmericanOdds } from '../odds/filters/filter-settings';
import type { LineHistoryBook } from '@oddspulse/shared';
import {
  lineChart,
  marketSides,
  marketsWithHistory,
  noHistoryText,
  openingMarket,
  priceChart,
  priceChartIn,
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

// The line-movement chart: one series per book and line, never two lines (points) in one series
describe('line movement chart data', () => {
  it('lists the sides of a market', () => {
    expect(marketSides(books, 'spreads')).toEqual(['Bills', 'Dolphins']);
    expect(marketSides(books, 'totals')).toEqual([]);
  });

  it('gives each book and line its own price series, drawn only while that line is offered', () => {
    const chart = priceChart(books, 'spreads', 'Bills');
    expect(chart.times).toEqual([100, 150, 200, 300]);
    expect(chart.series).toEqual([
      { label: 'DraftKings -3.5', book: 'draftkings', values: [-110, -110, null, -108] },
      { label: 'DraftKings -4', book: 'draftkings', values: [null, null, -115, null] },
      { label: 'FanDuel -3.5', book: 'fanduel', values: [null, -112, -112, -112] },
    ]);
  });

  it('names a moneyline series by its book alone', () => {
    expect(priceChart(books, 'h2h', 'Bills').series).toEqual([
      { label: 'DraftKings', book: 'draftkings', values: [-170] },
    ]);
  });

  it("draws each book's line over time, one series per book", () => {
    const chart = lineChart(books, 'spreads', 'Bills');
    expect(chart.times).toEqual([100, 150, 200, 300]);
    expect(chart.series).toEqual([
      { label: 'DraftKings', book: 'draftkings', values: [-3.5, -3.5, -4, -3.5] },
      { label: 'FanDuel', book: 'fanduel', values: [null, -3.5, -3.5, -3.5] },
    ]);
    expect(lineChart(books, 'h2h', 'Bills').series).toEqual([]);
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

  it('says why a finished game has none, and "yet" only for a game still to come or under way', () => {
    expect(noHistoryText('spreads', [], true)).toBe(
      'No prices were recorded for this game by the books shown: it was not on the odds board while it was priced, or its prices are older than the history kept.',
    );
    expect(noHistoryText('spreads', [], false)).toBe('No history available yet for the selected parameters.');
  });
});

describe('prices in the user’s odds format (spec 001 §9)', () => {
  const data = { times: [1, 2, 3], series: [{ label: 'DraftKings', book: 'draftkings', values: [-110, 150, null] }] };

  it('keeps American prices as recorded and signs them', () => {
    const american = priceChartIn(data, 'american');
    expect(american.data).toBe(data);
    expect(american.data.series[0].values.map((v) => (v === null ? null : american.format(v)))).toEqual([
      '-110',
      '+150',
      null,
    ]);
  });

  it('draws decimal and fractional as decimal odds and labels them in the chosen format', () => {
    const decimal = priceChartIn(data, 'decimal');
    expect(decimal.data.series[0].values).toEqual([1 + 100 / 110, 2.5, null]);
    expect(decimal.format(2.5)).toBe('2.50');
    const fractional = priceChartIn(data, 'fractional');
    expect(fractional.format(2.5)).toBe('6/4');
    expect(fractional.format(fractional.data.series[0].values[0]!)).toBe('10/11');
  });

  it('formats a stored American price in any format, and leaves what is not American odds as written', () => {
    expect(formatAmericanOdds(-150, 'american')).toBe('-150');
    expect(formatAmericanOdds(-150, 'decimal')).toBe('1.67');
    expect(formatAmericanOdds(200, 'fractional')).toBe('2/1');
    expect(formatAmericanOdds(50, 'decimal')).toBe('50');
  });
});
