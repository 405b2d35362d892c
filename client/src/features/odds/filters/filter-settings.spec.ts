import { defaultFilters, parseFilters, parseStoredFilters, storedPart, withSports } from './filter-settings';

describe('odds filters (spec 001 §4 filter draft versus applied, reset, migrations)', () => {
  it('resets to NFL and NCAAF, no date, the default books and markets', () => {
    const filters = defaultFilters();
    expect(filters.sports).toEqual(['americanfootball_nfl', 'americanfootball_ncaaf']);
    expect(filters.books).toEqual(['draftkings', 'fanduel', 'betmgm', 'williamhill_us']);
    expect(filters.date).toBe('');
    expect(filters.markets).toEqual(expect.arrayContaining(['h2h', 'spreads', 'totals']));
    expect(filters.propMarkets).toEqual([
      'player_pass_yds',
      'player_rush_yds',
      'player_receptions',
      'player_anytime_td',
    ]);
  });

  it('resets to the books it is given: the starting books (DECISIONS 36)', () => {
    expect(defaultFilters(['pinnacle', 'novig']).books).toEqual(['pinnacle', 'novig']);
  });

  it('migrates stored values: receiving → reception, 2+ TD dropped', () => {
    const stored = JSON.stringify({
      sports: ['americanfootball_nfl'],
      propMarkets: ['player_receiving_yds', 'player_2+_tds'],
      books: ['draftkings_pick6', 'fanduel'],
      minEv: 2,
    });
    const filters = parseStoredFilters(stored, storedPart(defaultFilters()), Date.now());
    expect(filters.propMarkets).toEqual(['player_reception_yds']);
    expect(filters.minEv).toBe(2);
  });

  // spec 001 §2: the picker offers All Dates, Live Games, today and the next 7 days; the default is no date
  it('reads a day chosen before as no date once it has passed, and keeps today, a later day and live games', () => {
    const now = new Date(2026, 11, 1, 9).getTime();
    const read = (date: unknown) =>
      parseStoredFilters(JSON.stringify({ date }), storedPart(defaultFilters()), now).date;
    expect(['2026-11-30', '2025-12-31', 'tomorrow', 7, null].map(read)).toEqual(['', '', '', '', '']);
    expect(['2026-12-01', '2026-12-08', 'live', ''].map(read)).toEqual(['2026-12-01', '2026-12-08', 'live', '']);
  });

  // DECISIONS 36: a page's books start from the saved books each visit, so books once kept here are not read back
  it('keeps everything but the books, and reads no books kept before', () => {
    expect(storedPart(defaultFilters(['pinnacle']))).not.toHaveProperty('books');
    expect(parseFilters(JSON.stringify({ books: ['pick6'], minEv: 1 }))).not.toHaveProperty('books');
  });

  it('changing sports resets the props markets to the first 3 valid ones', () => {
    expect(withSports(defaultFilters(), ['basketball_nba']).propMarkets).toEqual([
      'player_points',
      'player_rebounds',
      'player_assists',
    ]);
  });
});
