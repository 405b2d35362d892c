import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BoardBookmaker, BoardEvent } from '../domain/odds';
import { normaliseOddsApiV4, readOddsApiV4Event } from './odds-api-v4';
import { oneNamePerPlayer, playerNameKey } from './player-names';

const FIXTURES = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
const PROPS = 'v4_event_odds_basketball_nba_player_points_us_american_2024-02-22_';
const event = (game: string): BoardEvent =>
  normaliseOddsApiV4(JSON.parse(readFileSync(join(FIXTURES, `${PROPS}${game}.json`), 'utf8'))).events[0];
const players = (e: BoardEvent) =>
  new Set(e.bookmakers.flatMap((b) => b.markets.flatMap((m) => m.outcomes.map((o) => o.description))));
const book = (key: string, names: string[], market = 'player_points'): BoardBookmaker => ({
  key,
  title: key,
  last_update: '2024-02-22T23:00:00Z',
  markets: [
    {
      key: market,
      last_update: '2024-02-22T23:00:00Z',
      outcomes: names.flatMap((description) => [
        { name: 'Over', description, price: 1.9, point: 10.5 },
        { name: 'Under', description, price: 1.9, point: 10.5 },
      ]),
    },
  ],
});
const names = (books: BoardBookmaker[]) =>
  books.map((b) => [...new Set(b.markets.flatMap((m) => m.outcomes.map((o) => o.description)))]);

describe('playerNameKey', () => {
  it.each([
    ['Lonnie Walker IV', 'Lonnie Walker'],
    ['Wendell Carter Jr.', 'Wendell Carter'],
    ['Bruce Brown Jr', 'Bruce Brown'],
    ['Gary Trent Jr.', 'Gary Trent'],
    ['Dorian Finney-Smith', 'Dorian Finney Smith'],
    ['RJ Barrett Jr.', 'R.J. Barrett'],
    ['Dennis Schröder', 'dennis schroder'],
    ["Day'Ron Sharpe", 'Dayron Sharpe'],
    ['Otto Porter Sr', 'Otto Porter II'],
  ])('%s and %s are one key', (a, b) => {
    expect(playerNameKey(a)).toBe(playerNameKey(b));
  });

  it('keeps names apart that differ beyond accents, case, punctuation and suffixes', () => {
    expect(playerNameKey('Franz Wagner')).not.toBe(playerNameKey('Moritz Wagner'));
    expect(playerNameKey('Cam Thomas')).not.toBe(playerNameKey('Cameron Thomas'));
  });
});

describe('one name per player within an event (spec 001 §5: one row per player and line)', () => {
  // the books' own spellings in the recorded NBA props: each pair is one player, under one name
  it.each([
    ['BKN-at-TOR', 'Lonnie Walker IV', 'Lonnie Walker'],
    ['BKN-at-TOR', 'Nic Claxton', 'Nicolas Claxton'],
    ['BKN-at-TOR', 'Cam Thomas', 'Cameron Thomas'],
    ['BKN-at-TOR', 'Cam Johnson', 'Cameron Johnson'],
    ['BKN-at-TOR', 'Bruce Brown Jr', 'Bruce Brown'],
    ['BKN-at-TOR', 'Gary Trent', 'Gary Trent Jr.'],
    ['BKN-at-TOR', 'Dorian Finney Smith', 'Dorian Finney-Smith'],
    ['BKN-at-TOR', 'RJ Barrett Jr.', 'RJ Barrett'],
    ['ORL-at-CLE', 'J. Isaac', 'Jonathan Isaac'],
    ['ORL-at-CLE', 'Wendell Carter', 'Wendell Carter Jr.'],
  ])('%s: %s and %s are one player', (game, a, b) => {
    const named = players(event(game));
    expect(Number(named.has(a)) + Number(named.has(b))).toBe(1);
  });

  it('shows the spelling most books send, then the longest', () => {
    const bkn = players(event('BKN-at-TOR'));
    // 3 books against 1; 5 against 3; 5 against 5, the longer
    expect(bkn.has('Lonnie Walker IV')).toBe(true);
    expect(bkn.has('Cam Thomas')).toBe(true);
    expect(bkn.has('Nicolas Claxton')).toBe(true);
  });

  it('keeps two players of one last name apart', () => {
    const cle = players(event('ORL-at-CLE'));
    expect(cle.has('Franz Wagner') && cle.has('Moritz Wagner')).toBe(true);
    const books = [book('a', ['Cam Thomas', 'Max Thomas']), book('b', ['Cameron Thomas', 'Maxwell Thomas'])];
    // each a player of their own, under the longer of their two spellings
    expect(names(oneNamePerPlayer(books))).toEqual([
      ['Cameron Thomas', 'Maxwell Thomas'],
      ['Cameron Thomas', 'Maxwell Thomas'],
    ]);
    const apart = [book('a', ['Cam Thomas']), book('b', ['Khris Thomas'])];
    expect(oneNamePerPlayer(apart)).toBe(apart);
  });

  it('keeps an initial apart when it could stand for two players', () => {
    const books = [book('a', ['J. Smith', 'Jalen Smith']), book('b', ['Jonathan Smith'])];
    expect(oneNamePerPlayer(books)).toBe(books);
  });

  it('names a player alike whatever the order of the books, and leaves game markets alone', () => {
    const books = [
      book('a', ['Nic Claxton']),
      book('b', ['Nicolas Claxton']),
      book('c', ['Nic Claxton'], 'team_totals'),
    ];
    const forward = names(oneNamePerPlayer(books));
    const backward = names(oneNamePerPlayer([...books].reverse()).reverse());
    expect(forward).toEqual([['Nicolas Claxton'], ['Nicolas Claxton'], ['Nic Claxton']]);
    expect(backward).toEqual(forward);
  });

  it('makes new objects of what it renames and leaves a known book as it was made (the stream reads known books)', () => {
    const known = book('fanduel', ['Nic Claxton']);
    const raw = {
      id: 'e1',
      sport_key: 'basketball_nba',
      bookmakers: [
        null,
        {
          key: 'draftkings',
          markets: [
            {
              key: 'player_points',
              last_update: '2024-02-22T23:00:00Z',
              outcomes: [
                { name: 'Over', description: 'Nicolas Claxton', price: 1.9, point: 10.5 },
                { name: 'Under', description: 'Nicolas Claxton', price: 1.9, point: 10.5 },
              ],
            },
          ],
        },
      ],
    };
    const read = readOddsApiV4Event(raw, 'decimal', [known, null])!;
    expect(names(read.event.bookmakers)).toEqual([['Nicolas Claxton'], ['Nicolas Claxton']]);
    expect(read.event.bookmakers[0]).not.toBe(known);
    expect(names([known])).toEqual([['Nic Claxton']]);
  });
});
