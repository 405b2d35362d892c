import {
  defaultFilters,
  parseBoardFilters,
  parseFilters,
  parseStoredFilters,
  serialiseFilters,
  storedPart,
  withSports,
} from './filter-settings';

const DAY = 86_400_000;

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
      savedAt: 1000,
    });
    const filters = parseStoredFilters(stored, storedPart(defaultFilters()), 2000);
    expect(filters.propMarkets).toEqual(['player_reception_yds']);
    expect(filters.minEv).toBe(2);
  });

  // spec 001 §2: the picker offers All Dates, Live Games, today and the next 7 days; the default is no date
  it('reads a day chosen before as no date once it has passed, and keeps today, a later day and live games', () => {
    const now = new Date(2026, 11, 1, 9).getTime();
    const read = (date: unknown) =>
      parseStoredFilters(JSON.stringify({ date, savedAt: now }), storedPart(defaultFilters()), now).date;
    expect(['2026-11-30', '2025-12-31', 'tomorrow', 7, null].map(read)).toEqual(['', '', '', '', '']);
    expect(['2026-12-01', '2026-12-08', 'live', ''].map(read)).toEqual(['2026-12-01', '2026-12-08', 'live', '']);
  });

  // DECISIONS 36: a page's books start from the saved books each visit, so books once kept here are not read back
  it('keeps everything but the books, and reads no books kept before', () => {
    expect(storedPart(defaultFilters(['pinnacle']))).not.toHaveProperty('books');
    expect(parseFilters(JSON.stringify({ books: ['pick6'], minEv: 1 }))).not.toHaveProperty('books');
  });

  // spec 000 §9: sports, markets and the like are preferences (30 days); the date and minimum EV session values (1 day)
  describe('each part lasts its lifetime from the Apply that saved it', () => {
    const saved = new Date(2026, 11, 1, 9).getTime();
    const applied = {
      ...storedPart(defaultFilters()),
      sports: ['basketball_nba'],
      markets: ['h2h'],
      propMarkets: ['player_points'],
      date: 'live',
      minEv: 3,
      positiveOnly: true,
    };
    const raw = serialiseFilters(applied, saved);
    const read = (now: number) => parseStoredFilters(raw, storedPart(defaultFilters()), now);
    const defaults = storedPart(defaultFilters());

    it('keeps everything within a day', () => {
      expect(JSON.parse(raw)).toMatchObject({ savedAt: saved });
      expect(read(saved + DAY)).toEqual(applied);
    });

    it('after a day, keeps the sports and markets but drops the date, minimum EV and +EV only', () => {
      expect(read(saved + DAY + 1)).toEqual({
        ...applied,
        date: defaults.date,
        minEv: defaults.minEv,
        positiveOnly: defaults.positiveOnly,
      });
      expect(read(saved + 30 * DAY).sports).toEqual(['basketball_nba']);
    });

    it("after 30 days, is the defaults, on the boot script's read too", () => {
      expect(read(saved + 30 * DAY + 1)).toEqual(defaults);
      expect(parseBoardFilters(raw, saved + 30 * DAY)).toEqual({ sports: ['basketball_nba'], markets: ['h2h'] });
      expect(parseBoardFilters(raw, saved + 30 * DAY + 1)).toEqual({
        sports: defaults.sports,
        markets: defaults.markets,
      });
    });

    it('reads filters kept without their time with the session values ended and the preferences kept', () => {
      const { savedAt: _savedAt, ...untimed } = JSON.parse(raw) as Record<string, unknown>;
      expect(parseStoredFilters(JSON.stringify(untimed), defaults, saved)).toEqual({
        ...applied,
        date: '',
        minEv: null,
        positiveOnly: false,
      });
    });
  });

  it('changing sports resets the props markets to the first 3 valid ones', () => {
    expect(withSports(defaultFilters(), ['basketball_nba']).propMarkets).toEqual([
      'player_points',
      'player_rebounds',
      'player_assists',
    ]);
  });
});
