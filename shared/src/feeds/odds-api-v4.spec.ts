import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BoardBookmaker, BoardEvent } from '../domain/odds';
import {
  normaliseOddsApiV4,
  normaliseOddsApiV4Texts,
  oddsApiV4BookKey,
  oddsApiV4BookTexts,
  oddsApiV4EventId,
  oddsApiV4EventTexts,
  type BookText,
  type OddsTextsReading,
} from './odds-api-v4';

const FIXTURES = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
const load = (file: string): unknown => JSON.parse(readFileSync(join(FIXTURES, file), 'utf8'));
const oddsFiles = readdirSync(FIXTURES).filter((f) => f.startsWith('v4_odds_') || f.startsWith('v4_event_odds_'));
/** A reading that knows no text and takes each event as it is read, unless told otherwise. */
const reading = (told: Partial<OddsTextsReading> = {}): OddsTextsReading => ({
  knownEvent: () => null,
  knownBook: () => null,
  take: (event) => event,
  ...told,
});

describe('normaliseOddsApiV4', () => {
  // spec 001 §3 entities: every recorded board maps to BoardEvents with decimal prices > 1
  it.each(oddsFiles)('normalises %s', (file) => {
    const { events, oddsFormat } = normaliseOddsApiV4(load(file));
    expect(events.length).toBeGreaterThan(0);
    expect(oddsFormat).toBe(file.includes('_american') ? 'american' : 'decimal');
    for (const event of events) {
      for (const book of event.bookmakers) {
        expect(Number.isNaN(Date.parse(book.last_update))).toBe(false);
        for (const market of book.markets) {
          expect(Number.isNaN(Date.parse(market.last_update))).toBe(false);
          for (const outcome of market.outcomes) expect(outcome.price).toBeGreaterThan(1);
        }
      }
    }
  });

  it('converts American prices to unrounded decimal odds', () => {
    // NFL 2022-08-24, unibet: Buffalo Bills -133, Los Angeles Rams +110, spreads -110
    const { events } = normaliseOddsApiV4(
      load('v4_odds_americanfootball_nfl_us-plus-betfair_h2h-spreads-totals-h2h_lay_american_2022-08-24.json'),
    );
    const unibet = events[0].bookmakers.find((b) => b.key === 'unibet_us')!;
    const h2h = unibet.markets.find((m) => m.key === 'h2h')!;
    expect(h2h.outcomes[0].price).toBeCloseTo(1 + 100 / 133, 12);
    expect(h2h.outcomes[1].price).toBeCloseTo(2.1, 12);
    // the old format has last_update on the bookmaker only: markets inherit it
    expect(h2h.last_update).toBe(unibet.last_update);
  });

  it('accepts one event (the event-odds endpoint) as well as a list', () => {
    const { events } = normaliseOddsApiV4(
      load('v4_event_odds_basketball_nba_player_points_us_american_2024-02-22_ORL-at-CLE.json'),
    );
    expect(events).toHaveLength(1);
    const dk = events[0].bookmakers.find((b) => b.key === 'draftkings')!;
    // a bookmaker without last_update takes its newest market's
    expect(dk.last_update).toBe(dk.markets[0].last_update);
    expect(dk.markets[0].outcomes[0]).toMatchObject({ name: 'Over', description: 'Caris LeVert', point: 11.5 });
  });

  // spec 001 §5 row building: events with no id or sport_key are dropped
  it('drops events with no id or no sport_key', () => {
    const board = normaliseOddsApiV4([
      { id: 'a', sport_key: 'basketball_nba', commence_time: '2024-01-01T00:00:00Z', bookmakers: [] },
      { sport_key: 'basketball_nba', bookmakers: [] },
      { id: 'c', bookmakers: [] },
      { id: '', sport_key: 'x' },
    ]);
    expect(board.events.map((e) => e.id)).toEqual(['a']);
    expect(board.dropped.events).toBe(3);
  });

  // spec 001 §5: a price of 0 is ignored; American odds inside (-100, +100) are not prices
  it('drops zero and invalid prices, counting them', () => {
    const board = normaliseOddsApiV4(
      [
        {
          id: 'e',
          sport_key: 's',
          bookmakers: [
            {
              key: 'caesars',
              title: 'Caesars',
              last_update: '2024-01-01T00:00:00Z',
              markets: [
                {
                  key: 'h2h',
                  outcomes: [
                    { name: 'A', price: 0 },
                    { name: 'B', price: 50 },
                    { name: 'C', price: -120 },
                  ],
                },
              ],
            },
          ],
        },
      ],
      { oddsFormat: 'american' },
    );
    // the market is locked as a whole: its remaining price is not offered on its own
    expect(board.events[0].bookmakers).toEqual([]);
    expect(board.dropped).toEqual({ events: 0, markets: 1, outcomes: 3 });
  });

  it('keeps the key canonical and locks props per player', () => {
    const board = normaliseOddsApiV4(
      [
        {
          id: 'e',
          sport_key: 's',
          bookmakers: [
            {
              key: 'caesars',
              title: 'Caesars',
              last_update: '2024-01-01T00:00:00Z',
              markets: [
                {
                  key: 'player_points',
                  outcomes: [
                    { name: 'Over', description: 'A', price: -110, point: 20.5 },
                    { name: 'Under', description: 'A', price: 0, point: 20.5 },
                    { name: 'Over', description: 'B', price: -115, point: 10.5 },
                    { name: 'Under', description: 'B', price: -105, point: 10.5 },
                  ],
                },
              ],
            },
          ],
        },
      ],
      { oddsFormat: 'american' },
    );
    const book = board.events[0].bookmakers[0];
    expect(book.key).toBe('williamhill_us');
    expect(book.markets[0].outcomes.map((o) => o.description)).toEqual(['B', 'B']);
  });

  it('lists a book once under its canonical key and a market once in a book: the first listed, the rest counted', () => {
    const market = (key: string, price: number, lastUpdate = '2024-01-01T00:00:00Z') => ({
      key,
      last_update: lastUpdate,
      outcomes: [
        { name: 'A', price },
        { name: 'B', price: 2 },
      ],
    });
    const book = (key: string, markets: unknown[]) => ({ key, title: key, markets });
    const board = normaliseOddsApiV4(
      [
        {
          id: 'e',
          sport_key: 's',
          bookmakers: [
            // a locked market does not take its key: the open one after it is the book's
            book('caesars', [market('h2h', 0), market('h2h', 1.9), market('spreads', 1.8), market('h2h', 1.7)]),
            book('fanduel', [market('h2h', 1.95)]),
            book('williamhill_us', [market('h2h', 2.1), market('totals', 1.85)]),
          ],
        },
      ],
      { oddsFormat: 'decimal' },
    );
    const [caesars, fanduel, ...rest] = board.events[0].bookmakers;
    expect(rest).toEqual([]);
    expect(caesars.key).toBe('williamhill_us');
    expect(fanduel.key).toBe('fanduel');
    expect(caesars.markets.map((m) => [m.key, m.outcomes[0].price])).toEqual([
      ['h2h', 1.9],
      ['spreads', 1.8],
    ]);
    // markets: the locked h2h, the third h2h and the second Caesars's two; outcomes: the locked h2h's two
    expect(board.dropped).toEqual({ events: 0, markets: 4, outcomes: 2 });
  });

  // decimal board 2025-03-11 holds "price": 1 (a settled in-play line): not a price
  it('drops decimal prices of 1', () => {
    const { events, dropped } = normaliseOddsApiV4(load('v4_odds_upcoming_us_h2h_decimal_inplay_2025-03-11.json'));
    expect(dropped.outcomes).toBeGreaterThan(0);
    for (const e of events)
      for (const b of e.bookmakers)
        for (const m of b.markets) for (const o of m.outcomes) expect(o.price).toBeGreaterThan(1);
  });

  it('writes every update time in one ISO form, as toISOString without whole-second milliseconds', () => {
    const times = [
      '2024-01-01T10:00:00Z',
      '2024-01-01T10:00:00.000Z',
      '2024-01-01T10:00:00.250Z',
      '2024-02-30T10:00:00Z',
      '2024-01-01T24:00:00Z',
      '2024-01-01 10:00:00Z',
      '1969-12-31T23:59:59Z',
    ];
    const { events } = normaliseOddsApiV4(
      times.map((time, i) => ({
        id: `e${i}`,
        sport_key: 'basketball_nba',
        commence_time: time,
        home_team: 'A',
        away_team: 'B',
        bookmakers: [
          {
            key: 'fanduel',
            title: 'FanDuel',
            markets: [
              {
                key: 'h2h',
                last_update: time,
                outcomes: [
                  { name: 'A', price: 2.1 },
                  { name: 'B', price: 1.8 },
                ],
              },
            ],
          },
        ],
      })),
    );
    expect(events.map((e) => e.bookmakers[0].markets[0].last_update)).toEqual(
      times.map((time) => new Date(Date.parse(time)).toISOString().replace('.000Z', 'Z')),
    );
  });

  it('rejects a payload that is neither a list nor an event', () => {
    expect(() => normaliseOddsApiV4('nope')).toThrow('Invalid response format from server');
  });
});

// An answer read event by event is the answer read whole (TheOddsApiOddsProvider); one not of the API's form is read whole.
describe('oddsApiV4EventTexts and normaliseOddsApiV4Texts', () => {
  const listFiles = oddsFiles.filter((f) => f.startsWith('v4_odds_'));
  // the API's compact JSON, as it is sent
  const sent = (file: string) => JSON.stringify(load(file));
  const formatOf = (file: string) => (file.includes('_american') ? 'american' : 'decimal');

  it.each(listFiles)('cuts %s into its events', (file) => {
    const events = load(file) as unknown[];
    const texts = oddsApiV4EventTexts(sent(file));
    expect(texts).toHaveLength(events.length);
    expect(texts!.map((text) => JSON.parse(text))).toEqual(events);
  });

  it.each(listFiles)('reads %s event by event, in the format asked, as it reads it whole', (file) => {
    const taken: string[] = [];
    const board = normaliseOddsApiV4Texts(
      oddsApiV4EventTexts(sent(file))!,
      reading({
        take: (event) => {
          taken.push(event.id);
          return event;
        },
      }),
      formatOf(file),
    );
    expect(board).toEqual(normaliseOddsApiV4(load(file)));
    expect(taken).toEqual(board!.events.map((e) => e.id));
  });

  it('hands over each event as the intake returns it', () => {
    const file = listFiles.find((f) => f.includes('_decimal'))!;
    const board = normaliseOddsApiV4Texts(
      oddsApiV4EventTexts(sent(file))!,
      reading({ take: (event): BoardEvent => ({ ...event, completed: true }) }),
      'decimal',
    );
    expect(board!.events.every((e) => e.completed)).toBe(true);
  });

  it('does not parse a text read before: hands on what it was read as, and reads the rest in decimal', () => {
    const file = listFiles.find((f) => f.includes('_decimal'))!;
    const texts = oddsApiV4EventTexts(sent(file))!;
    const whole = normaliseOddsApiV4(load(file)).events;
    // the first text known, as one that does not parse: were it parsed, the read would throw
    const held: BoardEvent = { ...whole[0], home_team: 'held' };
    const taken: string[] = [];
    const board = normaliseOddsApiV4Texts(
      ['{"id":"not json', ...texts.slice(1)],
      reading({
        take: (event, text) => {
          taken.push(text);
          return event;
        },
        knownEvent: (text) => (text === '{"id":"not json' ? held : null),
      }),
      'decimal',
    );
    expect(board!.events[0]).toBe(held);
    expect(board!.events.slice(1)).toEqual(whole.slice(1));
    expect(board!.oddsFormat).toBe('decimal');
    expect(taken).toEqual(texts.slice(1));
    // every text known: nothing parsed, still a board
    expect(normaliseOddsApiV4Texts(['x', 'y'], reading({ knownEvent: () => held }), 'decimal')!.events).toEqual([
      held,
      held,
    ]);
  });

  it.each(listFiles)('leaves %s, asked for in the other format, to be read whole', (file) => {
    const other = formatOf(file) === 'american' ? 'decimal' : 'american';
    expect(normaliseOddsApiV4Texts(oddsApiV4EventTexts(sent(file))!, reading(), other)).toBeNull();
  });

  it('does not cut a body of another form: spaced, empty, one event, cut short or followed by more', () => {
    const file = listFiles[0];
    expect(oddsApiV4EventTexts(readFileSync(join(FIXTURES, file), 'utf8'))).toBeNull();
    expect(oddsApiV4EventTexts(JSON.stringify(load(file), null, 1))).toBeNull();
    expect(oddsApiV4EventTexts('[]')).toBeNull();
    expect(oddsApiV4EventTexts('{"id":"e1","sport_key":"x"}')).toBeNull();
    expect(oddsApiV4EventTexts(sent(file).slice(0, -1))).toBeNull();
    expect(oddsApiV4EventTexts(`${sent(file)},[]`)).toBeNull();
    expect(oddsApiV4EventTexts('[{"id":"a"} {"id":"b"}]')).toBeNull();
  });

  it('throws where a cut fell inside an event, as a body that is not JSON does', () => {
    const nested = '[{"id":"e1","sport_key":"x","bookmakers":[{"key":"a"},{"id":"b1","key":"k"}]}]';
    const texts = oddsApiV4EventTexts(nested);
    expect(texts).toHaveLength(2);
    expect(() => normaliseOddsApiV4Texts(texts!, reading(), 'decimal')).toThrow(SyntaxError);
  });
});

describe('oddsApiV4BookTexts, and an event read book by book', () => {
  const listFiles = oddsFiles.filter((f) => f.startsWith('v4_odds_'));
  const decimalFile = listFiles.find((f) => f.includes('_decimal'))!;
  const eventTexts = (file: string) => oddsApiV4EventTexts(JSON.stringify(load(file)))!;

  it.each(listFiles)("cuts each event of %s into its header and its books' texts", (file) => {
    for (const [i, text] of eventTexts(file).entries()) {
      const { bookmakers, ...header } = (load(file) as Array<{ bookmakers: unknown[] }>)[i];
      const cut = oddsApiV4BookTexts(text)!;
      expect(JSON.parse(cut.header)).toEqual({ ...header, bookmakers: [] });
      expect(cut.books.map((book) => JSON.parse(book.text))).toEqual(bookmakers);
      for (const book of cut.books) expect(text.slice(book.at, book.at + book.text.length)).toBe(book.text);
      expect(oddsApiV4EventId(text)).toBe((load(file) as Array<{ id: string }>)[i].id);
      expect(cut.books.map((book) => oddsApiV4BookKey(book.text))).toEqual(
        bookmakers.map((b) => (b as { key: string }).key),
      );
    }
  });

  it('cuts only where a book begins, whatever order a market writes its fields in, and not an event of another form', () => {
    const market = '{"key":"h2h","outcomes":[{"name":"A","price":2}],"sid":"m1"}';
    const books = [
      `{"key":"a","title":"A","markets":[${market},${market}]}`,
      `{"key":"b","title":"B","markets":[${market}]}`,
    ];
    const text = `{"id":"e1","sport_key":"x","bookmakers":[${books.join(',')}]}`;
    expect(oddsApiV4BookTexts(text)).toEqual({
      header: '{"id":"e1","sport_key":"x","bookmakers":[]}',
      books: books.map((book) => ({ text: book, at: text.indexOf(book) })),
    });
    expect(oddsApiV4BookTexts('{"id":"e1","sport_key":"x","bookmakers":[]}')!.books).toEqual([]);
    expect(oddsApiV4BookTexts(`{"id":"e1","bookmakers":[${books[0]}],"sport_key":"x"}`)).toBeNull();
    expect(oddsApiV4BookTexts('{"id":"e1","sport_key":"x"}')).toBeNull();
  });

  it('reads an event book by book as it reads it whole, and says which text each book was read from', () => {
    const texts = eventTexts(decimalFile);
    const taken: Array<readonly BookText[] | null> = [];
    const board = normaliseOddsApiV4Texts(
      texts,
      reading({ take: (event, _text, bookTexts) => (taken.push(bookTexts), event) }),
      'decimal',
    )!;
    expect(board).toEqual(normaliseOddsApiV4(load(decimalFile)));
    board.events.forEach((event, i) => {
      expect(taken[i]).toHaveLength(event.bookmakers.length);
      taken[i]!.forEach((bookText, j) => {
        const { bookmakers, ...header } = event;
        expect(texts[i].slice(bookText.at, bookText.at + bookText.text.length)).toBe(bookText.text);
        expect(normaliseOddsApiV4({ ...header, bookmakers: [JSON.parse(bookText.text)] }).events[0].bookmakers).toEqual(
          [bookmakers[j]],
        );
      });
    });
  });

  it('does not parse a book read before: hands on what it was read as, and reads the rest of the event', () => {
    const texts = eventTexts(decimalFile);
    const whole = normaliseOddsApiV4(load(decimalFile)).events;
    const cut = oddsApiV4BookTexts(texts[0])!;
    const held: BoardBookmaker = { ...whole[0].bookmakers[1], title: 'held' };
    const parse = jest.spyOn(JSON, 'parse');
    try {
      const board = normaliseOddsApiV4Texts(
        texts,
        reading({ knownBook: (id, text) => (id === whole[0].id && text === cut.books[1].text ? held : null) }),
        'decimal',
      )!;
      expect(board.events[0].bookmakers[1]).toBe(held);
      expect(board.events[0]).toEqual({
        ...whole[0],
        bookmakers: whole[0].bookmakers.map((b, i) => (i === 1 ? held : b)),
      });
      expect(board.events.slice(1)).toEqual(whole.slice(1));
      expect(parse.mock.calls.map(([text]) => text)).not.toContain(cut.books[1].text);
    } finally {
      parse.mockRestore();
    }
  });

  it('reads an event whole where a cut does not parse (a market written with a title), and throws for one not JSON', () => {
    const market = (key: string) =>
      `{"key":"${key}","title":"${key}","last_update":"2026-03-01T18:00:00Z","outcomes":[{"name":"A","price":2}]}`;
    const text = `{"id":"e1","sport_key":"x","bookmakers":[{"key":"a","title":"A","markets":[${market('h2h')},${market('totals')}]}]}`;
    expect(oddsApiV4BookTexts(text)!.books).toHaveLength(2);
    const board = normaliseOddsApiV4Texts([text], reading(), 'decimal')!;
    expect(board).toEqual(normaliseOddsApiV4(JSON.parse(text)));
    expect(board.events[0].bookmakers[0].markets).toHaveLength(2);
    expect(() =>
      normaliseOddsApiV4Texts([text.replace('"price":2}]}]}]}', '"price":2}]}]}x]}')], reading(), 'decimal'),
    ).toThrow(SyntaxError);
  });
});
