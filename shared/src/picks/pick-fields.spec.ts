import { inPickRange, isPickCents, PICK_EDGE_RANGE, pickOddsText, pickTimeIso } from './pick-fields';

// One rule per value of a pick, whichever door it comes through (bet slip, browser list, CSV file).
describe('pick values', () => {
  it('takes American odds as text or a number, and nothing else', () => {
    expect(['-110', ' +150 ', '-10000', '100.5'].map(pickOddsText)).toEqual(['-110', '+150', '-10000', '100.5']);
    expect([150, -110].map(pickOddsText)).toEqual(['150', '-110']);
    expect(
      [1e308, 123_456_789, Infinity, Number.NaN, 99, -99.5, 'abc', '+1x0', '1e308', '', '123456'].map(pickOddsText),
    ).toEqual(Array(11).fill(null));
  });

  it('takes money in whole cents up to $1,000,000, and an edge within its range', () => {
    expect([0, 100_000_000].map(isPickCents)).toEqual([true, true]);
    expect([-1, 100_000_001, 1.5, 1e308].map(isPickCents)).toEqual([false, false, false, false]);
    expect([-100, 0, 1000].map((edge) => inPickRange(edge, PICK_EDGE_RANGE))).toEqual([true, true, true]);
    expect([1e308, -101, Number.NaN].map((edge) => inPickRange(edge, PICK_EDGE_RANGE))).toEqual([false, false, false]);
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
