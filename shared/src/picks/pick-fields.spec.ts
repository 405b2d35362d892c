import {
  inPickRange,
  isPickCents,
  PICK_EDGE_RANGE,
  PICK_MAX_CENTS,
  PICK_MAX_PAYOUT_CENTS,
  pickOddsText,
  pickTimeIso,
} from './pick-fields';
import { pickPayoutCents } from './pick';

// One rule per value of a pick, whichever door it comes through (bet slip, browser list, CSV file).
describe('pick values', () => {
  it('takes American odds as text or a number, and nothing else', () => {
    expect(['-110', ' +150 ', '-10000', '100.5'].map(pickOddsText)).toEqual(['-110', '+150', '-10000', '100.5']);
    expect([150, -110].map(pickOddsText)).toEqual(['150', '-110']);
    expect(
      [1e308, 123_456_789, Infinity, Number.NaN, 99, -99.5, 'abc', '+1x0', '1e308', '', '123456'].map(pickOddsText),
    ).toEqual(Array(11).fill(null));
  });

  it('takes a stake in whole cents up to $1,000,000, and an edge within its range', () => {
    const stake = (cents: number) => isPickCents(cents, PICK_MAX_CENTS);
    expect([0, 100_000_000].map(stake)).toEqual([true, true]);
    expect([-1, 100_000_001, 1.5, 1e308].map(stake)).toEqual([false, false, false, false]);
    expect([-100, 0, 1000].map((edge) => inPickRange(edge, PICK_EDGE_RANGE))).toEqual([true, true, true]);
    expect([1e308, -101, Number.NaN].map((edge) => inPickRange(edge, PICK_EDGE_RANGE))).toEqual([false, false, false]);
  });

  it('takes a payout up to the largest stake at the longest odds any door takes: every payout worked out fits', () => {
    const payout = (cents: number) => isPickCents(cents, PICK_MAX_PAYOUT_CENTS);
    expect([0, 100_100_000_000].map(payout)).toEqual([true, true]);
    expect([-1, 100_100_000_001, 1.5].map(payout)).toEqual([false, false, false]);
    // $1,000,000 at the longest odds pickOddsText takes, and a $10,000 bet at +10000 ($1,010,000)
    expect(payout(pickPayoutCents(PICK_MAX_CENTS, pickOddsText('+99999.99')!)!)).toBe(true);
    expect(pickPayoutCents(1_000_000, '+10000')).toBe(101_000_000);
  });

  it('takes ISO 8601 times from 1970 to 2099 as UTC, a time without offset as UTC', () => {
    expect(pickTimeIso('2026-11-01')).toBe('2026-11-01T00:00:00.000Z');
    expect(pickTimeIso('2026-11-01 18:30')).toBe('2026-11-01T18:30:00.000Z');
    expect(pickTimeIso('2026-11-01T18:30:00-05:00')).toBe('2026-11-01T23:30:00.000Z');
    for (const refused of [
      '0000-01-01',
      '1969-12-31T23:59:59Z',
      '2100-01-01',
      '9999-12-31',
      '11/02/2026',
      '2026-13-01',
    ])
      expect([refused, pickTimeIso(refused)]).toEqual([refused, null]);
  });
});
