import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScanResult } from '../domain/opportunities';
import { parseScanArgs, runScan, ScanArgsError } from './scan';

const FIXTURES = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
const BOARDS = readdirSync(FIXTURES).filter((f) => f.startsWith('v4_odds_') || f.startsWith('v4_event_odds_'));

function run(argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runScan(argv, {
    readFile: (path) => readFileSync(path, 'utf8'),
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
  });
  return { code, stdout, stderr };
}

describe('scan CLI arguments', () => {
  it('parses the scan options', () => {
    expect(
      parseScanArgs([
        'board.json',
        '--bankroll',
        '500',
        '--min-profit=1.5',
        '--method',
        'shin',
        '--odds-format',
        'american',
        '--now',
        '2024-03-27T01:34:00Z',
      ]),
    ).toMatchObject({
      file: 'board.json',
      bankroll: 500,
      minProfitPct: 1.5,
      method: 'shin',
      oddsFormat: 'american',
      now: Date.parse('2024-03-27T01:34:00Z'),
    });
    // defaults: bankroll 1000 (DECISIONS 16), min profit 0.5 (spec 001 §9 scanner), multiplicative (DECISIONS 10)
    expect(parseScanArgs(['b.json'])).toMatchObject({
      bankroll: 1000,
      minProfitPct: 0.5,
      method: 'multiplicative',
      minGap: 3,
      minProbability: 15,
    });
  });

  // --commission BOOK=RATE, repeatable: a fraction or a percent, by canonical key
  it('parses commission rates', () => {
    expect(
      parseScanArgs(['b.json', '--commission', 'BETFAIR_EX_UK=0.02', '--commission=matchbook=1.5%']).commission,
    ).toEqual({
      betfair_ex_uk: 0.02,
      matchbook: 0.015,
    });
    expect(parseScanArgs(['b.json']).commission).toBeUndefined();
  });

  // The blend's methods are chosen
  it('parses the methods of a blend', () => {
    expect(parseScanArgs(['b.json', '--method', 'blend', '--blend', 'power,jensen_shannon'])).toMatchObject({
      method: 'blend',
      blend: ['power', 'jensen_shannon'],
    });
  });

  it.each([
    [[]],
    [['a', 'b']],
    [['a', '--bankroll', 'x']],
    [['a', '--method', 'magic']],
    [['a', '--odds-format', 'fractional']],
    [['a', '--now', 'yesterday']],
    [['a', '--what', '1']],
    [['a', '--bankroll']],
    [['a', '--method', 'blend', '--blend', 'power,magic']],
    [['a', '--method', 'shin', '--blend', 'power']],
    [['a', '--commission', 'betfair_ex_uk']],
    [['a', '--commission', 'betfair_ex_uk=5']],
    [['a', '--commission', '=0.02']],
    [['a', '--commission', 'matchbook=%']],
  ])('rejects %j', (argv) => {
    expect(() => parseScanArgs(argv)).toThrow(ScanArgsError);
    const result = run(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('usage: npm run scan');
  });

  it('reports an unreadable file and a payload that is not a board', () => {
    expect(run([join(FIXTURES, 'missing.json')]).code).toBe(1);
    const notBoard = run([join(FIXTURES, '..', 'SOURCES.md')]);
    expect(notBoard.code).toBe(1);
  });
});

// `npm run scan` must handle every board in ../shared/fixtures/the-odds-api
describe('scan CLI on every recorded board', () => {
  it.each(BOARDS)('%s', (file) => {
    const { code, stdout, stderr } = run([join(FIXTURES, file)]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as ScanResult;
    expect(Object.keys(result)).toEqual(['arbitrage', 'middles', 'ev']);
    for (const arb of result.arbitrage) {
      expect(arb).toEqual(
        expect.objectContaining({
          eventId: expect.any(String),
          market: expect.any(String),
          profitPct: expect.any(Number),
          flags: expect.any(Array),
        }),
      );
      expect(arb.profitPct).toBeGreaterThanOrEqual(0.5);
      for (const leg of arb.legs) {
        expect(leg).toEqual(
          expect.objectContaining({
            book: expect.any(String),
            outcome: expect.any(String),
            price: expect.any(Number),
            decimal: expect.any(Number),
            stake: expect.any(Number),
            lastUpdate: expect.any(String),
          }),
        );
      }
      // guaranteed after rounding: every leg pays back at least the total stake
      for (const leg of arb.legs) expect(leg.payout).toBeGreaterThanOrEqual(arb.totalStake);
      // Outsized in-play "arbitrages" are never clean
      if (arb.profitPct > 10) expect(arb.flags).toContain('suspect');
    }
    for (const middle of result.middles) {
      expect(middle).toEqual(
        expect.objectContaining({
          eventId: expect.any(String),
          market: expect.any(String),
          gap: expect.any(Number),
          probability: expect.any(Number),
          legs: expect.any(Array),
        }),
      );
      expect(middle.gap).toBeGreaterThanOrEqual(3);
      expect(middle.probability).toBeGreaterThanOrEqual(15);
    }
    for (const row of result.ev) {
      expect(row).toEqual(
        expect.objectContaining({
          eventId: expect.any(String),
          market: expect.any(String),
          outcome: expect.any(String),
          book: expect.any(String),
          price: expect.any(Number),
          fairProbability: expect.any(Number),
          evPct: expect.any(Number),
        }),
      );
      expect(row.fairProbability).toBeGreaterThan(0);
      expect(row.fairProbability).toBeLessThan(1);
    }
  });

  it('--odds-format overrides detection, and --now moves the clock', () => {
    const file = join(FIXTURES, 'v4_odds_upcoming_us_h2h_american_inplay_2024-03-27.json');
    const detected = JSON.parse(run([file]).stdout) as ScanResult;
    expect(detected.arbitrage.length).toBeGreaterThan(0);
    expect(JSON.parse(run([file, '--odds-format', 'american']).stdout)).toEqual(detected);
    // read as decimal, −110 is no price and +150 is decimal 150 (beyond ±5000 American): nothing survives
    expect(JSON.parse(run([file, '--odds-format', 'decimal']).stdout).arbitrage).toEqual([]);
    // an hour later every price is past the locked-market age: nothing is left
    const later = JSON.parse(run([file, '--now', '2024-03-27T02:40:00Z']).stdout) as ScanResult;
    expect(later).toEqual({ arbitrage: [], middles: [], ev: [] });
  });

  it('the recorded NFL board of 2022-08-24 gives a stable, clean pre-match arbitrage', () => {
    const file = join(
      FIXTURES,
      'v4_odds_americanfootball_nfl_us-plus-betfair_h2h-spreads-totals-h2h_lay_american_2022-08-24.json',
    );
    const { arbitrage } = JSON.parse(run([file]).stdout) as ScanResult;
    const titans = arbitrage.find((a) => a.game === 'Tennessee Titans @ Buffalo Bills')!;
    // fanduel Bills −300 (1.3333) and wynnbet Titans +320 (4.2): 1/(0.75 + 0.238095) − 1 = 1.2048 %
    expect(titans.profitPct).toBeCloseTo((1 / (0.75 + 1 / 4.2) - 1) * 100, 8);
    expect(titans.legs.map((l) => [l.book, l.price])).toEqual([
      ['fanduel', -300],
      ['wynnbet', 320],
    ]);
    expect(titans.flags).toEqual([]);
  });
});

describe('scan CLI commission', () => {
  const EPL = join(FIXTURES, 'v4_odds_soccer_epl_eu-uk_h2h-spreads-totals-h2h_lay_decimal_2025-05-02.json');
  const arbitrage = (argv: string[]) =>
    (JSON.parse(run([EPL, '--min-profit', '0', ...argv]).stdout) as ScanResult).arbitrage;

  it('prints each leg’s commission, at the defaults or at the rates given', () => {
    const byDefault = arbitrage([]);
    const legs = byDefault.flatMap((o) => o.legs);
    expect(legs.every((leg) => typeof leg.commission === 'number')).toBe(true);
    expect(legs.filter((leg) => leg.book === 'matchbook').map((leg) => leg.commission)).toContain(0.02);
    // Betfair at 0 brings its 0.72 % three-way back; Matchbook at 0 makes its own the same figure
    const gross = arbitrage(['--commission', 'betfair_ex_eu=0', '--commission', 'matchbook=0%']);
    const phantom = gross.find(
      (o) => o.kind !== 'back_lay' && o.legs.some((leg) => leg.book === 'betfair_ex_eu' && leg.decimal === 2.48),
    );
    expect(phantom?.profitPct).toBeCloseTo(0.72, 2);
    expect(gross.length).toBeGreaterThan(byDefault.length);
  });
});
