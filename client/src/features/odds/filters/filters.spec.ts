import {
  dateLabel,
  dateOptions,
  dateSheetDone,
  filterRows,
  isLive,
  localDay,
  matchesDate,
  matchesSearch,
  passesEv,
  sportsOutsideSearch,
  toggleDateChoice,
} from './filters';
import type { OddsRow } from '../rows/rows';

const NOW = Date.parse('2030-03-10T18:00:00Z');
const HOUR = 3_600_000;

function row(overrides: Partial<OddsRow> = {}): OddsRow {
  return {
    key: 'k',
    eventId: 'e',
    sportKey: 'basketball_nba',
    sportTitle: 'NBA',
    homeTeam: 'Boston Celtics',
    awayTeam: 'Miami Heat',
    commenceTime: new Date(NOW + 2 * HOUR).toISOString(),
    market: 'spreads',
    outcome: 'Boston Celtics',
    isCombinedProp: false,
    allBooks: [],
    selectedBooks: [],
    nonSelectedBooks: [],
    best: null,
    evPct: 1.5,
    fairProbability: 0.5,
    isDfs: false,
    lastUpdate: new Date(NOW).toISOString(),
    ...overrides,
  };
}

describe('EV filter (spec 001 §5 filters)', () => {
  it('hides rows below the minimum and rows of 0 or less when positive-only; DFS rows always show', () => {
    expect(passesEv(row({ evPct: 1.5 }), 2, false)).toBe(false);
    expect(passesEv(row({ evPct: 2 }), 2, false)).toBe(true);
    expect(passesEv(row({ evPct: null }), 2, false)).toBe(false);
    expect(passesEv(row({ evPct: 0 }), null, true)).toBe(false);
    expect(passesEv(row({ evPct: -3 }), null, false)).toBe(true);
    expect(passesEv(row({ evPct: -3, isDfs: true }), 5, true)).toBe(true);
  });
});

describe('search (spec 001 §5 filters)', () => {
  it('matches player, outcome, teams, market key and sport title, ignoring case', () => {
    const r = row({ playerName: 'Jayson Tatum', outcome: 'Over', market: 'player_points' });
    for (const q of ['tatum', 'OVER', 'celtics', 'heat', 'player_points', 'nba', '  Miami '])
      expect(matchesSearch(r, q)).toBe(true);
    expect(matchesSearch(r, 'lakers')).toBe(false);
    expect(matchesSearch(r, '')).toBe(true);
  });
});

describe('date filter (spec 001 §2 date picker, §4 live window)', () => {
  it('live is from the start until 3.5 hours after', () => {
    expect(isLive(new Date(NOW - HOUR).toISOString(), NOW)).toBe(true);
    expect(isLive(new Date(NOW - 3.4 * HOUR).toISOString(), NOW)).toBe(true);
    expect(isLive(new Date(NOW - 3.6 * HOUR).toISOString(), NOW)).toBe(false);
    expect(isLive(new Date(NOW + 60_000).toISOString(), NOW)).toBe(false);
  });

  it('empty is every game, live the games in play, a day the upcoming games on it', () => {
    const later = new Date(NOW + 2 * HOUR).toISOString();
    const started = new Date(NOW - HOUR).toISOString();
    expect(matchesDate(started, '', NOW)).toBe(true);
    expect(matchesDate(started, 'live', NOW)).toBe(true);
    expect(matchesDate(later, 'live', NOW)).toBe(false);
    expect(matchesDate(later, localDay(NOW + 2 * HOUR), NOW)).toBe(true);
    expect(matchesDate(started, localDay(NOW - HOUR), NOW)).toBe(false);
    const nextWeek = NOW + 8 * 24 * HOUR;
    expect(matchesDate(new Date(nextWeek).toISOString(), localDay(NOW), NOW)).toBe(false);
  });

  it('offers All Dates, Live Games, Today and the next 7 days', () => {
    const options = dateOptions(NOW);
    expect(options.slice(0, 3).map((o) => o.label)).toEqual(['All Dates', 'Live Games', 'Today']);
    expect(options).toHaveLength(10);
    expect(new Set(options.map((o) => o.value)).size).toBe(10);
  });
});

describe('filterRows', () => {
  it('applies EV, search and date together', () => {
    const rows = [
      row({ key: 'a', evPct: 4 }),
      row({ key: 'b', evPct: -1 }),
      row({ key: 'c', evPct: 6, homeTeam: 'Lakers', awayTeam: 'Suns', outcome: 'Lakers' }),
      row({ key: 'd', evPct: 5, commenceTime: new Date(NOW - HOUR).toISOString() }),
    ];
    expect(
      filterRows(rows, { minEv: null, positiveOnly: true, search: 'celtics', date: '' }, NOW).map((r) => r.key),
    ).toEqual(['a', 'd']);
    expect(
      filterRows(rows, { minEv: 4.5, positiveOnly: false, search: '', date: 'live' }, NOW).map((r) => r.key),
    ).toEqual(['d']);
  });
});

// spec 001 §2 mobile search modal: its tips name team names, markets and combinations
describe('search words', () => {
  it('matches a combination when every word is in one of the searched fields', () => {
    const r = row({ market: 'spreads', playerName: undefined });
    expect(matchesSearch(r, 'celtics spreads')).toBe(true);
    expect(matchesSearch(r, '  Celtics   SPREADS ')).toBe(true);
    expect(matchesSearch(r, 'boston celtics')).toBe(true);
    expect(matchesSearch(r, 'celtics totals')).toBe(false);
    expect(
      matchesSearch(row({ market: 'player_points', playerName: 'Jayson Tatum', outcome: 'Over' }), 'tatum points'),
    ).toBe(true);
  });
});

// spec 001 §2 date picker: on mobile a 'Select Dates' sheet, multi-select, Done keeps only the first choice
describe('mobile date sheet', () => {
  it('keeps the first choice on Done, in the order chosen', () => {
    const [, live, today, tomorrow] = dateOptions(NOW).map((o) => o.value);
    let choices = toggleDateChoice([], tomorrow);
    choices = toggleDateChoice(choices, live);
    expect(choices).toEqual([tomorrow, live]);
    expect(dateSheetDone(choices, today)).toBe(tomorrow);
    // unticking the first makes the next one first
    expect(dateSheetDone(toggleDateChoice(choices, tomorrow), today)).toBe(live);
    // 'All Dates' is a choice like any other
    expect(dateSheetDone(toggleDateChoice([], ''), today)).toBe('');
  });

  it('keeps the current filter when Done is pressed with no choice', () => {
    expect(dateSheetDone([], 'live')).toBe('live');
  });

  it('labels the current value as the picker lists it', () => {
    expect(dateLabel('', NOW)).toBe('All Dates');
    expect(dateLabel('live', NOW)).toBe('Live Games');
    expect(dateLabel(localDay(NOW), NOW)).toBe('Today');
    expect(dateLabel('2001-01-01', NOW)).toBe('2001-01-01');
  });
});

// Search stayed inside the selected sports with no hint; the page offers to search all sports
describe('sportsOutsideSearch', () => {
  const available = [{ key: 'americanfootball_nfl' }, { key: 'americanfootball_ncaaf' }, { key: 'basketball_nba' }];
  it('names the sports a search leaves out, only while searching', () => {
    expect(sportsOutsideSearch('lakers', ['americanfootball_nfl', 'americanfootball_ncaaf'], available)).toEqual([
      'basketball_nba',
    ]);
    expect(sportsOutsideSearch('  ', ['americanfootball_nfl'], available)).toBeNull();
    expect(
      sportsOutsideSearch(
        'lakers',
        available.map((s) => s.key),
        available,
      ),
    ).toBeNull();
  });
});
