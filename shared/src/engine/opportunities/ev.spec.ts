import { book, event, NOW } from '../../testing/board-builder';
import { devig } from '../odds/devig';
import { DFS_FIXED_DECIMAL } from './ev';
import { findEvBets } from './finders';
import { weightedMedian } from '../odds/fair-probability';
import { americanToDecimal } from '../odds/odds-format';

const h2h = (home: number, away: number) => ({
  h2h: [
    ['Home', home],
    ['Away', away],
  ] as [string, number][],
});

describe('EV', () => {
  // DECISIONS 10: multiplicative de-vig per book, weighted median, EV% = p × decimal − 1
  it('prices each book against the weighted median of de-vigged books', () => {
    const books = [
      book('pinnacle', h2h(-105, -105)),
      book('draftkings', h2h(-110, -110)),
      book('fanduel', h2h(-112, -108)),
      book('betmgm', h2h(-108, -112)),
      book('bovada', h2h(115, -135)),
    ];
    const rows = findEvBets(event(books), { minEvPct: 0 }, NOW);
    // Home de-vigged: bovada 0.4444 (w 1), betmgm 0.4953 (1.5), pinnacle 0.5 (3), draftkings 0.5 (1.5),
    // fanduel 0.5047 (1.5): half of the weight 8.5 is passed at pinnacle's 0.5
    const bovada = rows.find((r) => r.book === 'bovada')!;
    expect(bovada).toMatchObject({
      outcome: 'Home',
      price: 115,
      fairProbability: 0.5,
      method: 'multiplicative',
      fairBooks: 5,
      books: 5,
      flags: [],
    });
    expect(bovada.evPct).toBeCloseTo((0.5 * 2.15 - 1) * 100, 10);
    expect(rows.every((r) => r.evPct > 0)).toBe(true);
  });

  // spec 001 §5: two-sided de-vigging needs a pair from at least 4 books
  it('needs a complete market from at least 4 books for the fair line', () => {
    const three = [
      book('pinnacle', h2h(-105, -105)),
      book('draftkings', h2h(-110, -110)),
      book('bovada', h2h(120, -140)),
    ];
    expect(findEvBets(event(three), {}, NOW)).toEqual([]);
    // a fourth book quoting one side only does not complete the pair
    const oneSided = [...three, book('fanduel', { h2h: [['Home', -110]] })];
    expect(findEvBets(event(oneSided), {}, NOW)).toEqual([]);
    expect(findEvBets(event([...three, book('fanduel', h2h(-110, -110))]), {}, NOW).length).toBeGreaterThan(0);
  });

  // spec 001 §5: EV needs at least 3 distinct books (quoting the outcome)
  it('needs 3 distinct books on the outcome', () => {
    const books = [
      book('pinnacle', {
        totals: [
          ['Over', -105, 45.5],
          ['Under', -105, 45.5],
        ],
      }),
      book('draftkings', {
        totals: [
          ['Over', -110, 45.5],
          ['Under', -110, 45.5],
        ],
      }),
      book('fanduel', {
        totals: [
          ['Over', -110, 45.5],
          ['Under', -110, 45.5],
        ],
      }),
      book('betmgm', {
        totals: [
          ['Over', -110, 45.5],
          ['Under', -110, 45.5],
        ],
      }),
    ];
    expect(findEvBets(event(books), { minEvPct: -100 }, NOW).length).toBe(0);
    const rows = findEvBets(
      event([
        ...books,
        book('bovada', {
          totals: [
            ['Over', 120, 45.5],
            ['Under', -140, 45.5],
          ],
        }),
      ]),
      {},
      NOW,
    );
    expect(rows.map((r) => [r.book, r.outcome, r.point])).toEqual([['bovada', 'Over', 45.5]]);
  });

  // spec 001 §5: spread line grouping tolerates a difference of 0.05
  it('groups lines within 0.05', () => {
    const books = [
      book('pinnacle', {
        spreads: [
          ['Home', -105, -3.5],
          ['Away', -105, 3.5],
        ],
      }),
      book('draftkings', {
        spreads: [
          ['Home', -110, -3.5],
          ['Away', -110, 3.5],
        ],
      }),
      book('fanduel', {
        spreads: [
          ['Home', -110, -3.49],
          ['Away', -110, 3.49],
        ],
      }),
      book('betmgm', {
        spreads: [
          ['Home', -110, -3.46],
          ['Away', -110, 3.46],
        ],
      }),
      book('bovada', {
        spreads: [
          ['Home', 120, -3.5],
          ['Away', -140, 3.5],
        ],
      }),
      book('betrivers', {
        spreads: [
          ['Home', 150, -3.0],
          ['Away', -170, 3.0],
        ],
      }),
    ];
    const rows = findEvBets(event(books), {}, NOW);
    expect(rows.map((r) => r.book)).toEqual(['bovada']);
    expect(rows[0].fairBooks).toBe(5);
  });

  // spec 001 §5: alternate lines compare with the main one; the odds table lists the book's own market key
  it('names the market family and the market the book listed the price in', () => {
    const spread = (home: number, away: number): [string, number, number][] => [
      ['Home', home, -3.5],
      ['Away', away, 3.5],
    ];
    const books = [
      book('pinnacle', { spreads: spread(-105, -105) }),
      book('draftkings', { spreads: spread(-110, -110) }),
      book('fanduel', { spreads: spread(-110, -110) }),
      book('betmgm', { spreads: spread(-110, -110) }),
      book('bovada', { alternate_spreads: spread(120, -140) }),
    ];
    const rows = findEvBets(event(books), {}, NOW);
    expect(rows.map((r) => [r.book, r.market, r.listedMarket])).toEqual([['bovada', 'spreads', 'alternate_spreads']]);
  });

  // spec 001 §5: DFS props get a fixed price of −119; DFS rows are always shown
  it('prices DFS apps at −119 and keeps their rows; DFS books stay out of the fair line', () => {
    const prop = (over: number, under: number): [string, number, number, string][] => [
      ['Over', over, 24.5, 'Player A'],
      ['Under', under, 24.5, 'Player A'],
    ];
    const books = [
      book('pinnacle', { player_points: prop(-105, -105) }),
      book('draftkings', { player_points: prop(-110, -110) }),
      book('fanduel', { player_points: prop(-110, -110) }),
      book('betmgm', { player_points: prop(-110, -110) }),
      book('prizepicks', { player_points: prop(-137, -137) }),
    ];
    const rows = findEvBets(event(books), {}, NOW);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        book: 'prizepicks',
        price: -119,
        isDfs: true,
        fairBooks: 4,
        description: 'Player A',
      });
      expect(row.decimal).toBe(DFS_FIXED_DECIMAL);
      expect(row.evPct).toBeCloseTo((0.5 * americanToDecimal(-119) - 1) * 100, 10);
    }
  });

  it('uses the chosen de-vig method', () => {
    const books = [
      book('pinnacle', h2h(-300, 240)),
      book('draftkings', h2h(-320, 250)),
      book('fanduel', h2h(-310, 245)),
      book('betmgm', h2h(-290, 235)),
      book('bovada', h2h(-330, 300)),
    ];
    const shin = findEvBets(event(books), { method: 'shin' }, NOW).find(
      (r) => r.book === 'bovada' && r.outcome === 'Away',
    )!;
    const awayShin = (home: number, away: number) => {
      const r = devig([americanToDecimal(home), americanToDecimal(away)], 'shin');
      if (!r.ok) throw new Error(r.reason);
      return r.probabilities[1];
    };
    const expected = weightedMedian(
      [awayShin(-300, 240), awayShin(-320, 250), awayShin(-310, 245), awayShin(-290, 235), awayShin(-330, 300)],
      [3, 1.5, 1.5, 1.5, 1],
    )!;
    expect(shin.method).toBe('shin');
    expect(shin.fairProbability).toBeCloseTo(expected, 12);
    expect(shin.evPct).toBeCloseTo((expected * 4 - 1) * 100, 9);
  });

  // A blend averages the chosen methods per book before the weighted median, and says which it averaged
  it('blends the chosen methods book by book', () => {
    const books = [
      book('pinnacle', h2h(-300, 240)),
      book('draftkings', h2h(-320, 250)),
      book('fanduel', h2h(-310, 245)),
      book('betmgm', h2h(-290, 235)),
      book('bovada', h2h(-330, 300)),
    ];
    const row = findEvBets(event(books), { method: 'blend', blend: ['balanced_book', 'jensen_shannon'] }, NOW).find(
      (r) => r.book === 'bovada' && r.outcome === 'Away',
    )!;
    const away = (home: number, awayPrice: number) => {
      const odds = [americanToDecimal(home), americanToDecimal(awayPrice)];
      const each = (['balanced_book', 'jensen_shannon'] as const).map((m) => devig(odds, m));
      if (!each.every((r) => r.ok)) throw new Error('de-vig failed');
      return each.reduce((sum, r) => sum + (r.ok ? r.probabilities[1] : 0), 0) / 2;
    };
    const expected = weightedMedian(
      [away(-300, 240), away(-320, 250), away(-310, 245), away(-290, 235), away(-330, 300)],
      [3, 1.5, 1.5, 1.5, 1],
    )!;
    expect(row).toMatchObject({ method: 'blend', blend: ['balanced_book', 'jensen_shannon'] });
    expect(row.fairProbability).toBeCloseTo(expected, 12);
  });

  it('hides rows below the minimum EV and applies the book filter to rows only', () => {
    const books = [
      book('pinnacle', h2h(-105, -105)),
      book('draftkings', h2h(-110, -110)),
      book('fanduel', h2h(-110, -110)),
      book('betmgm', h2h(-110, -110)),
      book('bovada', h2h(120, -140)),
    ];
    expect(findEvBets(event(books), { minEvPct: 11 }, NOW)).toEqual([]);
    expect(findEvBets(event(books), { books: ['draftkings'] }, NOW)).toEqual([]);
    expect(findEvBets(event(books), { books: ['bovada'] }, NOW)).toHaveLength(1);
    // alias keys on the board or in the filter are the same book
    const aliased = [...books.slice(0, 4), book('caesars', h2h(120, -140))];
    expect(findEvBets(event(aliased), { books: ['williamhill_us'] }, NOW)).toHaveLength(1);
  });

  it('flags live, stale and suspect rows', () => {
    const books = [
      book('pinnacle', h2h(-105, -105), 1000),
      book('draftkings', h2h(-110, -110), 1000),
      book('fanduel', h2h(-110, -110), 1000),
      book('betmgm', h2h(-110, -110), 1000),
      book('bovada', h2h(150, -170), 60_000),
    ];
    const [row] = findEvBets(event(books, -60_000), {}, NOW);
    expect(row.flags).toEqual(['live', 'stale', 'suspect']);
  });

  it('ignores underround books in the fair line instead of passing NaN on', () => {
    const books = [
      book('pinnacle', h2h(-105, -105)),
      book('draftkings', h2h(-110, -110)),
      book('fanduel', h2h(-110, -110)),
      book('betmgm', h2h(-110, -110)),
      book('bovada', h2h(120, 120)),
    ];
    const rows = findEvBets(event(books), {}, NOW);
    for (const row of rows) expect(Number.isFinite(row.fairProbability)).toBe(true);
    expect(rows.every((r) => r.fairBooks === 4)).toBe(true);
  });
});
