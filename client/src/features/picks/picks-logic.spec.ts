import { formatMoney, type UserPick } from '@oddspulse/shared';
import {
  applySettledPicks,
  autoValidatedMessage,
  cumulativeProfitSeries,
  describeProfitPoints,
  formatPickOdds,
  localPicksImportedToast,
  profitChartData,
  readLocalPicks,
  payoutHint,
  readStakeInput,
} from './picks-logic';

function pick(overrides: Partial<UserPick>): UserPick {
  return {
    id: 'p1',
    game: 'Chiefs @ Bills',
    league: 'NFL',
    sport: 'americanfootball_nfl',
    market: 'Moneyline',
    selection: 'Bills',
    odds: '-110',
    bookmaker: null,
    stakeCents: 1000,
    potentialCents: 1909,
    actualPayoutCents: null,
    status: 'pending',
    type: 'single',
    edge: null,
    note: null,
    eventId: null,
    commenceTime: null,
    dateAdded: '2026-11-01T12:00:00.000Z',
    settledDate: null,
    validatedAt: null,
    validatedBy: null,
    validationConfidence: null,
    espnGameId: null,
    closingOdds: null,
    clv: null,
    unsettledReason: null,
    ...overrides,
  };
}

describe('cumulative profit series', () => {
  it('adds settled picks in order of settlement, skipping pending ones', () => {
    const series = cumulativeProfitSeries([
      pick({ id: 'a', status: 'won', actualPayoutCents: 2000, settledDate: '2026-11-03T00:00:00.000Z' }),
      pick({ id: 'b', status: 'pending' }),
      pick({ id: 'c', status: 'lost', validatedAt: '2026-11-02T00:00:00.000Z' }),
      pick({ id: 'd', status: 'push', settledDate: '2026-11-04T00:00:00.000Z' }),
    ]);
    expect(series.map((p) => [p.pickId, p.profitCents, p.cumulativeCents])).toEqual([
      ['c', -1000, -1000],
      ['a', 1000, 0],
      ['d', 0, 0],
    ]);
  });

  it('is empty without settled picks', () => {
    expect(cumulativeProfitSeries([pick({})])).toEqual([]);
  });
});

describe('applying settled picks to the list on screen', () => {
  const list = [pick({ id: 'a' }), pick({ id: 'b' })];
  const settled = pick({ id: 'a', status: 'won', settledDate: '2026-11-02T00:00:00.000Z' });

  it('replaces a pick in place when the filter admits the new status', () => {
    expect(applySettledPicks(list, [settled], 'all').map((p) => [p.id, p.status])).toEqual([
      ['a', 'won'],
      ['b', 'pending'],
    ]);
  });

  it('drops it when the status filter no longer admits it, and ignores picks not on screen', () => {
    expect(applySettledPicks(list, [settled, pick({ id: 'z', status: 'lost' })], 'pending').map((p) => p.id)).toEqual([
      'b',
    ]);
  });
});

describe('texts', () => {
  // spec 002 §2 banner
  it('says Auto-validated N bet(s)', () => {
    expect(autoValidatedMessage(2)).toBe('Auto-validated 2 bet(s)');
  });

  it('formats cents as dollars', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(-500)).toBe('\u2212$5.00');
    expect(formatMoney(500, { signed: true })).toBe('+$5.00');
    expect(formatMoney(0, { signed: true })).toBe('$0.00');
  });
});

describe('the browser list to import (DECISIONS 18)', () => {
  it('is a non-empty array, else nothing to import', () => {
    expect(readLocalPicks(null)).toBeNull();
    expect(readLocalPicks('[]')).toBeNull();
    expect(readLocalPicks('{"a":1}')).toBeNull();
    expect(readLocalPicks('[{"game":"A @ B"}]')).toEqual([{ game: 'A @ B' }]);
  });

  it('tells the user what the import did: picks added, all there already, or none readable', () => {
    expect(localPicksImportedToast(3, { imported: 3, skipped: 0, alreadyImported: false })).toEqual({
      type: 'success',
      message: 'Imported 3 pick(s) from this browser into My Picks',
    });
    expect(localPicksImportedToast(3, { imported: 2, skipped: 1, alreadyImported: false })).toEqual({
      type: 'success',
      message: 'Imported 2 pick(s) from this browser into My Picks (1 already there or unreadable, skipped)',
    });
    expect(localPicksImportedToast(3, { imported: 0, skipped: 3, alreadyImported: true })).toEqual({
      type: 'info',
      message: 'The picks saved in this browser were already in My Picks',
    });
    expect(localPicksImportedToast(2, { imported: 0, skipped: 2, alreadyImported: false })).toEqual({
      type: 'warning',
      message: 'None of the 2 pick(s) saved in this browser could be read: none was imported',
    });
  });

  it('leaves unreadable text alone', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readLocalPicks('not json')).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

// A pick saved without a stake gets one later, by the slip's $1 minimum (spec 001 §5)
describe('readStakeInput', () => {
  it('takes dollars as typed, at least $1, for the server to round once (DECISIONS 25)', () => {
    expect(readStakeInput(' 25 ')).toEqual({ stake: 25 });
    expect(readStakeInput('12.345')).toEqual({ stake: 12.345 });
    expect(readStakeInput('1.005')).toEqual({ stake: 1.005 });
    expect(readStakeInput('1')).toEqual({ stake: 1 });
    expect(readStakeInput('0.99')).toEqual({ error: 'Minimum bet is $1' });
    expect(readStakeInput('')).toEqual({ error: 'Enter a stake' });
    expect(readStakeInput('ten')).toEqual({ error: 'Enter a stake in dollars, such as 25 or 12.50' });
  });

  // the minimum is the stake as it is recorded: 0.995 rounds half-up to $1.00 (DECISIONS 25), 0.994 to $0.99
  it('holds the $1 minimum on the stake rounded to the cent, as the server does', () => {
    expect(readStakeInput('0.995')).toEqual({ stake: 0.995 });
    expect(readStakeInput('0.994')).toEqual({ error: 'Minimum bet is $1' });
  });
});

describe('a pick’s odds in the user’s format', () => {
  it('converts stored American odds and leaves unreadable odds as written', () => {
    expect(formatPickOdds('+150', 'decimal')).toBe('2.50');
    expect(formatPickOdds('-110', 'fractional')).toBe('10/11');
    expect(formatPickOdds('-110', 'american')).toBe('-110');
    expect(formatPickOdds('evens', 'decimal')).toBe('evens');
  });
});

describe('the profit chart’s data', () => {
  const series = cumulativeProfitSeries([
    pick({
      id: 'a',
      status: 'won',
      selection: 'Bills',
      odds: '-110',
      actualPayoutCents: 1909,
      settledDate: '2026-11-03T00:00:00.000Z',
    }),
    pick({ id: 'c', status: 'lost', selection: 'SF 49ers', odds: '+150', validatedAt: '2026-11-02T12:00:00.000Z' }),
  ]);

  it('puts each settlement at its time in epoch seconds with the running total', () => {
    expect(profitChartData(series)).toEqual({
      times: [Date.UTC(2026, 10, 2, 12) / 1000, Date.UTC(2026, 10, 3) / 1000],
      totals: [-1000, -91],
      settlements: [[series[0]], [series[1]]],
    });
  });

  // A "Validate now" settles several picks in one instant: drawn at one x, they were a vertical line
  it('draws the picks settled in one instant as one point, the total after them all', () => {
    const together = cumulativeProfitSeries([
      pick({ id: 'a', status: 'won', actualPayoutCents: 1909, settledDate: '2026-11-03T00:00:00.000Z' }),
      pick({ id: 'b', status: 'lost', selection: 'Jets', settledDate: '2026-11-03T00:00:00.120Z' }),
      pick({ id: 'c', status: 'won', actualPayoutCents: 2000, settledDate: '2026-11-04T00:00:00.000Z' }),
    ]);
    const data = profitChartData(together);
    expect(data.times).toEqual([Date.UTC(2026, 10, 3) / 1000, Date.UTC(2026, 10, 4) / 1000]);
    expect(data.totals).toEqual([-91, 909]);
    expect(describeProfitPoints(data.settlements[0], 'american')).toBe(
      'Bills -110 won +$9.09; Jets -110 lost −$10.00, total −$0.91',
    );
  });

  it('describes the point under the crosshair with its odds in the user’s format', () => {
    expect(describeProfitPoints([series[0]], 'american')).toBe('SF 49ers +150 lost −$10.00, total −$10.00');
    expect(describeProfitPoints([series[1]], 'fractional')).toBe('Bills 10/11 won +$9.09, total −$0.91');
  });
});

// spec 002 §4, §9: a payout entered by hand on a win is a whole number (the input steps by cents); the card said
// nothing, and $190.60 typed was recorded as $191.00
describe('payoutHint', () => {
  it('says the payout is kept to whole dollars, and what the typed one records, as the server rounds it', () => {
    expect(payoutHint('')).toBe('Kept to whole dollars');
    expect(payoutHint('190.60')).toBe('Kept to whole dollars: recorded as $191.00');
    expect(payoutHint('10.499')).toBe('Kept to whole dollars: recorded as $10.00');
    expect(payoutHint('55')).toBe('Kept to whole dollars: recorded as $55.00');
    expect(payoutHint('abc')).toBe('Kept to whole dollars');
  });
});
