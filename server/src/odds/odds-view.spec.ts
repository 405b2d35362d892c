import { booksInRegions, gameDay, type BoardEvent } from '@oddspulse/shared';
import { formatPrice, toApiGame } from '@oddspulse/shared';
import { dateFilter, list, priceFormat, regionList } from './odds.dto';
import { dateFilterHoldsUntil, filterEvents, withoutBookIds } from './odds-view';

/** Region names to the books they cover, as GET /api/odds reads them (an unknown region is refused). */
const regionBooks = (regions: string[]) => booksInRegions(regionList.parse(regions));

const event = (id: string, commence: string, books: Array<[string, string[]]>): BoardEvent => ({
  id,
  sport_key: 'basketball_nba',
  sport_title: 'NBA',
  commence_time: commence,
  home_team: 'Home',
  away_team: 'Away',
  bookmakers: books.map(([key, markets]) => ({
    key,
    title: key,
    last_update: commence,
    markets: markets.map((m) => ({
      key: m,
      last_update: commence,
      outcomes: [
        { name: 'Home', price: 1.909090909 },
        { name: 'Away', price: 2.1 },
      ],
    })),
  })),
});

describe('odds view', () => {
  const now = Date.parse('2026-11-21T15:00:00Z');

  it('reads comma lists and repeated parameters', () => {
    expect(list('h2h, spreads,,h2h')).toEqual(['h2h', 'spreads']);
    expect(list(['us', 'uk,eu'])).toEqual(['us', 'uk', 'eu']);
    expect(list(undefined)).toEqual([]);
  });

  // spec 001 §2: American is the default format; the board is decimal
  it('converts decimal prices at the edge', () => {
    expect(priceFormat.parse(undefined)).toBe('american');
    expect(formatPrice(1.909090909, 'american')).toBe(-110);
    expect(formatPrice(2.5, 'american')).toBe(150);
    // decimal is the board's price as it is (the odds page's first load must match the pushed diffs)
    expect(formatPrice(1 + 100 / 110, 'decimal')).toBe(1 + 100 / 110);
    expect(formatPrice(2.37, 'decimal')).toBe(2.37);
    expect(() => priceFormat.parse('fractional')).toThrow();
  });

  // spec 001 §4 date filter
  it('reads the date filter: all, live, today or a day', () => {
    expect(dateFilter.parse(undefined)).toEqual({ kind: 'all' });
    expect(dateFilter.parse('live')).toEqual({ kind: 'live' });
    expect(dateFilter.parse('today')).toEqual({ kind: 'today' });
    expect(dateFilter.parse('2026-11-22')).toEqual({ kind: 'day', day: '2026-11-22' });
    expect(() => dateFilter.parse('22/11/2026')).toThrow();
  });

  it('uses US Eastern game days (a 00:30 UTC tip-off is the evening before)', () => {
    expect(gameDay('2026-11-22T00:30:00Z')).toBe('2026-11-21');
  });

  it('keeps upcoming games of the day, live games, and the books and markets asked for', () => {
    const events = [
      event('started', '2026-11-21T14:00:00Z', [['draftkings', ['h2h']]]),
      event('tonight', '2026-11-22T00:30:00Z', [
        ['draftkings', ['h2h', 'totals']],
        ['pinnacle', ['h2h']],
      ]),
      event('tomorrow', '2026-11-22T20:00:00Z', [['fanduel', ['h2h']]]),
    ];
    expect(filterEvents(events, { date: { kind: 'day', day: '2026-11-21' }, now }).map((e) => e.id)).toEqual([
      'tonight',
    ]);
    // today is the game day of now: 2026-11-21
    expect(filterEvents(events, { date: { kind: 'today' }, now }).map((e) => e.id)).toEqual(['tonight']);
    expect(filterEvents(events, { date: { kind: 'live' }, now }).map((e) => e.id)).toEqual(['started']);
    const narrowed = filterEvents(events, { markets: ['totals'], books: new Set(['draftkings']), now });
    expect(narrowed.map((e) => e.id)).toEqual(['tonight']);
    expect(narrowed[0].bookmakers).toHaveLength(1);
    expect(narrowed[0].bookmakers[0].markets.map((m) => m.key)).toEqual(['totals']);
  });

  // spec 001 §7 regions; the documents' us_exchanges is The Odds API's us_ex
  it('maps regions to their books', () => {
    const us = regionBooks(['us']);
    expect(us.has('draftkings')).toBe(true);
    expect(us.has('pinnacle')).toBe(false);
    expect(regionBooks(['us_exchanges']).has('novig')).toBe(true);
    expect(() => regionBooks(['moon'])).toThrow();
  });

  it('writes unix times when asked', () => {
    const game = toApiGame(event('e', '2026-11-22T00:30:00Z', [['draftkings', ['h2h']]]), 'american', 'unix');
    expect(game.commence_time).toBe(Date.parse('2026-11-22T00:30:00Z') / 1000);
    expect(game.bookmakers[0].markets[0].outcomes.map((o) => o.price)).toEqual([-110, 110]);
  });
});

// A cached date-filtered answer holds until the next game starts (a minute at most), a second across the day's turn
// The first load does not carry the books' ids; the links made from them and everything else stay
describe('withoutBookIds', () => {
  it('drops sid from bookmakers, markets and outcomes and keeps every other field', () => {
    const [plain] = [event('e1', '2026-11-21T20:00:00Z', [['fanduel', ['h2h']]])];
    const book = plain.bookmakers[0];
    const withIds: BoardEvent = {
      ...plain,
      bookmakers: [
        {
          ...book,
          sid: 'ev-1',
          link: 'https://sportsbook.fanduel.com/',
          markets: book.markets.map((m) => ({
            ...m,
            sid: 'm-1',
            outcomes: m.outcomes.map((o) => ({ ...o, sid: `o-${o.name}`, link: `https://x/${o.name}`, point: 1.5 })),
          })),
        },
      ],
    };
    const [stripped] = withoutBookIds([withIds]);
    expect(JSON.stringify(stripped)).not.toContain('"sid"');
    expect(stripped).toEqual({
      ...plain,
      bookmakers: [
        {
          ...book,
          link: 'https://sportsbook.fanduel.com/',
          markets: book.markets.map((m) => ({
            ...m,
            outcomes: m.outcomes.map((o) => ({ ...o, link: `https://x/${o.name}`, point: 1.5 })),
          })),
        },
      ],
    });
  });
});

describe('dateFilterHoldsUntil', () => {
  const at = (iso: string) => ({ commence_time: iso }) as BoardEvent;
  const now = Date.parse('2026-11-22T17:00:00Z');
  it('holds for ever without a date filter, and until the next start with one', () => {
    const events = [at('2026-11-22T16:00:00Z'), at('2026-11-22T17:00:30Z'), at('2026-11-22T17:00:10Z')];
    expect(dateFilterHoldsUntil(events, { kind: 'all' }, now)).toBe(Infinity);
    expect(dateFilterHoldsUntil(events, { kind: 'live' }, now)).toBe(Date.parse('2026-11-22T17:00:10Z'));
    expect(dateFilterHoldsUntil([], { kind: 'today' }, now)).toBe(now + 60_000);
  });
  it('holds a second at most when the US Eastern day turns within the minute', () => {
    const late = Date.parse('2026-11-23T04:59:30Z');
    expect(dateFilterHoldsUntil([], { kind: 'today' }, late)).toBe(late + 1_000);
  });
});
