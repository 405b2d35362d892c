import { buildLineHistory as wire, decodeLineHistory, type LineHistoryRow } from './line-history';

/** The answer with absolute times, as the client decodes it. */
const buildLineHistory = (rows: LineHistoryRow[]) => decodeLineHistory(wire(rows));

const row = (
  at: string,
  name: string,
  price: number | null,
  point: number | null = null,
  market = 'spreads',
  book = 'draftkings',
): LineHistoryRow => ({
  bookmaker_key: book,
  bookmaker_title: book === 'draftkings' ? 'DraftKings' : 'FanDuel',
  market_key: market,
  outcome_name: name,
  description: '',
  price,
  point,
  recorded_at: new Date(at),
});

const s = (iso: string) => Date.parse(iso) / 1000;

// The line-movement chart's compact history: one series per line, never two lines mixed, changes only
describe('buildLineHistory', () => {
  it('splits an outcome by line, records its moves, and keeps a price only when it changed', () => {
    const [book] = buildLineHistory([
      row('2026-11-21T10:00:00Z', 'Bills', -110, -3.5),
      row('2026-11-21T10:01:00Z', 'Bills', -110, -3.5),
      row('2026-11-21T10:02:00Z', 'Bills', -105, -3.5),
      row('2026-11-21T10:03:00Z', 'Bills', -115, -4),
      row('2026-11-21T10:04:00Z', 'Bills', -108, -3.5),
    ]);
    const [outcome] = book.markets[0].outcomes;
    expect(outcome.name).toBe('Bills');
    expect(outcome.lines).toEqual([
      {
        point: -3.5,
        prices: [
          [s('2026-11-21T10:00:00Z'), -110],
          [s('2026-11-21T10:02:00Z'), -105],
          [s('2026-11-21T10:04:00Z'), -108],
        ],
      },
      { point: -4, prices: [[s('2026-11-21T10:03:00Z'), -115]] },
    ]);
    expect(outcome.moves).toEqual([
      [s('2026-11-21T10:00:00Z'), -3.5],
      [s('2026-11-21T10:03:00Z'), -4],
      [s('2026-11-21T10:04:00Z'), -3.5],
    ]);
  });

  // the book took the spread down, then priced it again: its line ends, then starts again, its moves unbroken
  it('keeps a withdrawal as a null price on the line taken down', () => {
    const [book] = buildLineHistory([
      row('2026-11-21T10:00:00Z', 'Bills', -110, -3.5),
      row('2026-11-21T10:01:00Z', 'Bills', null, -3.5),
      row('2026-11-21T10:02:00Z', 'Bills', -110, -3.5),
    ]);
    const [outcome] = book.markets[0].outcomes;
    expect(outcome.lines).toEqual([
      {
        point: -3.5,
        prices: [
          [s('2026-11-21T10:00:00Z'), -110],
          [s('2026-11-21T10:01:00Z'), null],
          [s('2026-11-21T10:02:00Z'), -110],
        ],
      },
    ]);
    expect(outcome.moves).toEqual([[s('2026-11-21T10:00:00Z'), -3.5]]);
  });

  it('keeps books, markets and outcomes apart; moneylines have no moves; one poll is one moment', () => {
    const books = buildLineHistory([
      row('2026-11-21T10:00:00Z', 'Bills', 150, null, 'h2h'),
      row('2026-11-21T10:00:00Z', 'Bills', 155, null, 'h2h'),
      row('2026-11-21T10:00:00Z', 'Dolphins', -170, null, 'h2h'),
      row('2026-11-21T10:00:00Z', 'Bills', 160, null, 'h2h', 'fanduel'),
    ]);
    expect(books.map((b) => b.title)).toEqual(['DraftKings', 'FanDuel']);
    expect(books[0].markets[0].outcomes).toEqual([
      { name: 'Bills', lines: [{ point: null, prices: [[s('2026-11-21T10:00:00Z'), 155]] }], moves: [] },
      { name: 'Dolphins', lines: [{ point: null, prices: [[s('2026-11-21T10:00:00Z'), -170]] }], moves: [] },
    ]);
    expect(buildLineHistory([])).toEqual([]);
  });

  it('sends every time after the first of a list as the seconds since the one before', () => {
    const [book] = wire([
      row('2026-11-21T10:00:00Z', 'Bills', -110, -3.5),
      row('2026-11-21T10:02:00Z', 'Bills', -105, -3.5),
      row('2026-11-21T10:03:00Z', 'Bills', -115, -4),
    ]);
    const [outcome] = book.markets[0].outcomes;
    expect(outcome.lines[0].prices).toEqual([
      [s('2026-11-21T10:00:00Z'), -110],
      [120, -105],
    ]);
    expect(outcome.moves).toEqual([
      [s('2026-11-21T10:00:00Z'), -3.5],
      [180, -4],
    ]);
  });
});
