import type { AlertRule } from '@oddspulse/shared';
import { describeRule, formOf, inputOf, missingBooks } from './alert-form';

const rule: AlertRule = {
  id: 'r1',
  kind: 'arbitrage',
  min: 1.5,
  sports: ['basketball_nba'],
  books: ['draftkings', 'fanduel'],
  maxLegAgeSeconds: 60,
  quietHours: { start: 22 * 60, end: 7 * 60, timeZone: 'Europe/Paris' },
  webhookUrl: 'https://example.com/hook',
  push: true,
  email: false,
  webhookDisabledAt: null,
  notice: null,
  createdAt: '2026-01-10T18:00:00Z',
  target: null,
};

const target = {
  sport: 'basketball_nba',
  eventId: 'evt-1',
  game: 'Miami Heat @ Boston Celtics',
  homeTeam: 'Boston Celtics',
  commenceTime: '2026-01-10T20:00:00Z',
  market: 'spreads' as const,
  outcome: 'Boston Celtics',
  point: -3.5,
  price: -105,
};

// An NBA/WNBA deployment's sports (GET /api/sports): no NFL board here
const SPORTS = [
  { key: 'basketball_wnba', title: 'WNBA', group: 'Basketball', active: true },
  { key: 'basketball_nba', title: 'NBA', group: 'Basketball', active: false },
];

// The sports' names as useAlertSports gives them
const NAMES = Object.fromEntries(SPORTS.map((sport) => [sport.key, sport.title]));

// The form reads a rule and gives back its input
describe('alert rule form', () => {
  it('reads a rule into the form and back', () => {
    expect(inputOf(formOf(rule, 'ev', [], SPORTS))).toEqual({
      kind: 'arbitrage',
      min: 1.5,
      sports: ['basketball_nba'],
      books: ['draftkings', 'fanduel'],
      maxLegAgeSeconds: 60,
      quietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Paris' },
      webhookUrl: 'https://example.com/hook',
      push: true,
      email: false,
      target: null,
    });
  });

  it('saves only the books the kind fires at: a DFS app of the starting books on +EV, not on arbitrage', () => {
    const starting = ['draftkings', 'prizepicks', 'pinnacle'];
    expect(inputOf(formOf(null, 'arbitrage', starting, SPORTS)).books).toEqual(['draftkings', 'pinnacle']);
    expect(inputOf(formOf(null, 'ev', starting, SPORTS)).books).toEqual(starting);
    expect(inputOf(formOf(null, 'steam', starting, SPORTS)).books).toEqual(['draftkings']);
    expect(inputOf({ ...formOf(null, 'ev', starting, SPORTS), kind: 'middle' }).books).toEqual([
      'draftkings',
      'pinnacle',
    ]);
  });

  // DECISIONS 36: a rule widens from the saved books to any book only when the user chooses "Any book"
  it('asks for a book, or "Any book", when the kind fires at none of the form’s books', () => {
    const steam = formOf(null, 'steam', ['pinnacle', 'prizepicks'], SPORTS);
    expect(missingBooks(steam)).toBe(
      'Steam alerts fire at none of your books. Pick at least one, or choose "Any book".',
    );
    expect(missingBooks({ ...steam, books: [] })).toBe('Pick at least one book, or choose "Any book".');
    expect(missingBooks({ ...steam, books: ['draftkings'] })).toBeNull();
    expect(missingBooks({ ...steam, anyBook: true })).toBeNull();
    expect(inputOf({ ...steam, anyBook: true }).books).toEqual([]);
  });

  it('reads a rule saved with no book as "Any book"', () => {
    const any = formOf({ ...rule, books: [] }, 'ev', ['draftkings'], SPORTS);
    expect(any.anyBook).toBe(true);
    expect(missingBooks(any)).toBeNull();
    expect(inputOf(any).books).toEqual([]);
    expect(formOf(rule, 'ev', [], SPORTS).anyBook).toBe(false);
  });

  it('reads a price target into the form and back, without its game’s name', () => {
    const priceTarget: AlertRule = { ...rule, kind: 'price_target', min: 0, sports: ['basketball_nba'], target };
    expect(inputOf(formOf(priceTarget, 'ev', [], SPORTS)).target).toEqual({
      sport: 'basketball_nba',
      eventId: 'evt-1',
      market: 'spreads',
      outcome: 'Boston Celtics',
      point: -3.5,
      price: -105,
    });
    const moneyline = formOf(null, 'price_target', [], SPORTS);
    moneyline.target = { ...moneyline.target, eventId: 'evt-1', outcome: 'Miami Heat', point: '2.5', price: '150' };
    expect(inputOf(moneyline).target).toEqual({
      sport: moneyline.target.sport,
      eventId: 'evt-1',
      market: 'h2h',
      outcome: 'Miami Heat',
      point: null,
      price: 150,
    });
  });

  it('starts a new rule at 20 % for middles, 1 % otherwise, without quiet hours', () => {
    expect(formOf(null, 'middle', [], SPORTS).min).toBe('20');
    expect(inputOf(formOf(null, 'ev', [], SPORTS))).toMatchObject({
      kind: 'ev',
      min: 1,
      quietHours: null,
      webhookUrl: null,
      maxLegAgeSeconds: null,
    });
  });

  // a new price target started on the core list's first sport (NFL), which an NBA/WNBA deployment never polls, so
  // the rule saved as it stood could never fire
  it("starts a new price target at the deployment's first sport, and a rule's at its own", () => {
    expect(formOf(null, 'price_target', [], SPORTS).target.sport).toBe('basketball_wnba');
    expect(formOf({ ...rule, kind: 'price_target', target }, 'ev', [], SPORTS).target.sport).toBe('basketball_nba');
  });

  // DECISIONS 36: a new rule's books start from the user's saved books; a rule's own stay its own
  it("starts a new rule's books at the starting books", () => {
    expect(formOf(null, 'ev', ['draftkings', 'pinnacle'], SPORTS).books).toEqual(['draftkings', 'pinnacle']);
    expect(formOf(rule, 'ev', ['draftkings', 'pinnacle'], SPORTS).books).toEqual(rule.books);
  });

  it('sums a rule up in one line', () => {
    expect(describeRule(rule, NAMES)).toBe(
      'Arbitrage ≥ 1.5% · NBA · 2 books · legs ≤ 60s old · quiet 22:00–07:00 Europe/Paris · by webhook, push',
    );
    expect(
      describeRule({ ...rule, kind: 'price_target', target, maxLegAgeSeconds: null, quietHours: null }, NAMES),
    ).toBe(
      'Price target: Boston Celtics -3.5 at -105 or better · Miami Heat @ Boston Celtics · 2 books · by webhook, push',
    );
  });

  // a WNBA rule read "basketball_wnba": the names came from the core sports, not the deployment's
  it("names a rule's sports as the deployment does, and a sport no longer named by its key", () => {
    expect(describeRule({ ...rule, sports: ['basketball_wnba', 'tennis_atp'] }, NAMES)).toMatch(
      /^Arbitrage ≥ 1.5% · WNBA, tennis_atp · /,
    );
  });
});
