import { buildHistory } from './odds-history.service';
import type { OddsHistoryRow } from '@oddspulse/core';

const row = (
  recordedAt: string,
  name: string,
  price: number | null,
  point: number | null = null,
  market = 'h2h',
): OddsHistoryRow => ({
  bookmaker_key: 'draftkings',
  bookmaker_title: 'DraftKings',
  market_key: market,
  outcome_name: name,
  description: '',
  price,
  point,
  last_update: new Date(recordedAt),
  recorded_at: new Date(recordedAt),
});

// spec 002 §7 odds history: bookmakers, each with markets, each with a history of outcomes
describe('buildHistory', () => {
  it('carries unchanged outcomes forward and joins the rows of one poll into one moment', () => {
    const rows = [
      row('2026-11-21T10:00:00Z', 'Home', 1.909090909),
      row('2026-11-21T10:00:00Z', 'Away', 2),
      row('2026-11-21T10:05:00Z', 'Home', 2.2),
    ];
    const [book] = buildHistory(rows, 'american');
    expect(book.key).toBe('draftkings');
    expect(book.markets).toHaveLength(1);
    const history = book.markets[0].history;
    expect(history).toHaveLength(2);
    expect(history[0].outcomes.map((o) => [o.name, o.price])).toEqual([
      ['Home', -110],
      ['Away', 100],
    ]);
    expect(history[1].outcomes.map((o) => [o.name, o.price])).toEqual([
      ['Home', 120],
      ['Away', 100],
    ]);
    expect(book.markets[0].last_update).toBe('2026-11-21T10:05:00.000Z');
  });

  // a book that took the market down: its prices end there, not carried forward as if still quoted
  it('leaves a withdrawn outcome out of the moments from its withdrawal', () => {
    const [book] = buildHistory(
      [
        row('2026-11-21T10:00:00Z', 'Home', 1.8),
        row('2026-11-21T10:00:00Z', 'Away', 2.1),
        row('2026-11-21T10:05:00Z', 'Home', null),
        row('2026-11-21T10:05:00Z', 'Away', null),
      ],
      'american',
    );
    expect(book.markets[0].history.map((h) => h.outcomes.map((o) => [o.name, o.price]))).toEqual([
      [
        ['Home', -125],
        ['Away', 110],
      ],
      [],
    ]);
  });

  it('keeps markets apart and empty rows give an empty list', () => {
    const books = buildHistory(
      [row('2026-11-21T10:00:00Z', 'Over', 1.9, 220.5, 'totals'), row('2026-11-21T10:00:00Z', 'Home', 1.9)],
      'decimal',
    );
    expect(books[0].markets.map((m) => m.key)).toEqual(['totals', 'h2h']);
    expect(books[0].markets[0].history[0].outcomes[0]).toEqual({
      name: 'Over',
      description: '',
      price: 1.9,
      point: 220.5,
    });
    expect(buildHistory([], 'american')).toEqual([]);
  });
});
