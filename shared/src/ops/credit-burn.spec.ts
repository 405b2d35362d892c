import { creditBurn } from './credit-burn';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-21T12:00:00.000Z');

// The Odds API credits left, the burn rate per hour and the day it runs out at this rate.
describe('creditBurn', () => {
  it('measures the last hour from the reading at its start and projects when the balance runs out', () => {
    const samples = [
      { at: NOW - 2 * HOUR, remaining: 20_000 },
      { at: NOW - HOUR, remaining: 19_700 },
      { at: NOW - HOUR / 2, remaining: 19_600 },
      { at: NOW, remaining: 19_400 },
    ];
    // 19,700 → 19,400 over the hour: 300 an hour; 19,400 left lasts 64 h 40 min
    expect(creditBurn(samples, NOW)).toEqual({ perHour: 300, runsOutAt: NOW + (19_400 / 300) * HOUR });
  });

  it('uses the first reading when the readings do not go back an hour', () => {
    const samples = [
      { at: NOW - 10 * 60_000, remaining: 500 },
      { at: NOW, remaining: 450 },
    ];
    expect(creditBurn(samples, NOW).perHour).toBe(300);
  });

  it('starts again after the balance went up (the monthly reset)', () => {
    const samples = [
      { at: NOW - HOUR, remaining: 40 },
      { at: NOW - 30 * 60_000, remaining: 20_000 },
      { at: NOW, remaining: 19_900 },
    ];
    expect(creditBurn(samples, NOW).perHour).toBe(200);
  });

  it('gives no rate from readings under a minute apart, and no end when nothing is spent', () => {
    expect(creditBurn([{ at: NOW, remaining: 10 }], NOW)).toEqual({ perHour: null, runsOutAt: null });
    expect(creditBurn([], NOW)).toEqual({ perHour: null, runsOutAt: null });
    expect(
      creditBurn(
        [
          { at: NOW - 30_000, remaining: 10 },
          { at: NOW, remaining: 9 },
        ],
        NOW,
      ).perHour,
    ).toBeNull();
    expect(
      creditBurn(
        [
          { at: NOW - HOUR, remaining: 100 },
          { at: NOW, remaining: 100 },
        ],
        NOW,
      ),
    ).toEqual({ perHour: 0, runsOutAt: null });
  });
});
