import type { BoardEvent } from '../../domain/odds';
import {
  isEventLive,
  isLockedMarket,
  isLockedMarketAt,
  isLockedPrice,
  isStaleAt,
  isStaleUpdate,
  lockedMarketReader,
  staleFrom,
} from './locked-market';
import { americanToDecimal } from '../odds/odds-format';

const NOW = Date.parse('2026-01-10T18:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

// spec 001 §5 filters, §9: a market is locked if odds are missing or 0, |odds| > 5000, or the last update is
// older than 15 minutes (5 minutes in live mode)
describe('locked-market rule', () => {
  it('locks missing, zero and non-prices', () => {
    expect(isLockedPrice(undefined)).toBe(true);
    expect(isLockedPrice(null)).toBe(true);
    expect(isLockedPrice(0)).toBe(true);
    expect(isLockedPrice(1)).toBe(true);
    expect(isLockedPrice(Number.NaN)).toBe(true);
  });

  it('locks absolute American odds above 5000, not at 5000', () => {
    expect(isLockedPrice(americanToDecimal(5000))).toBe(false);
    expect(isLockedPrice(americanToDecimal(-5000))).toBe(false);
    expect(isLockedPrice(americanToDecimal(5001))).toBe(true);
    expect(isLockedPrice(americanToDecimal(-8000))).toBe(true);
    expect(isLockedPrice(americanToDecimal(-110))).toBe(false);
  });

  it('locks updates older than 15 min pre-match and 5 min live', () => {
    expect(isStaleUpdate(ago(15 * 60_000), NOW, false)).toBe(false);
    expect(isStaleUpdate(ago(15 * 60_000 + 1), NOW, false)).toBe(true);
    expect(isStaleUpdate(ago(5 * 60_000), NOW, true)).toBe(false);
    expect(isStaleUpdate(ago(5 * 60_000 + 1), NOW, true)).toBe(true);
    expect(isStaleUpdate('not a time', NOW, false)).toBe(true);
    // a book clock ahead of ours is age 0, never too old
    expect(isStaleUpdate(ago(-5000), NOW, true)).toBe(false);
  });

  it('a market is locked when any of its prices is, or when it is stale', () => {
    const open = [americanToDecimal(-110), americanToDecimal(-110)];
    expect(isLockedMarket(open, ago(60_000), NOW, false)).toBe(false);
    expect(isLockedMarket([open[0], 0], ago(60_000), NOW, false)).toBe(true);
    expect(isLockedMarket([], ago(60_000), NOW, false)).toBe(true);
    expect(isLockedMarket(open, ago(6 * 60_000), NOW, true)).toBe(true);
  });

  // Detection scans a game again when its first price passes its age: the millisecond the rule turns
  it('names the first time a price is past its age', () => {
    for (const updatedAt of [NOW, NOW - 7_000, NOW + 0.5])
      for (const live of [false, true]) {
        expect(isStaleAt(updatedAt, staleFrom(updatedAt, live) - 1, live)).toBe(false);
        expect(isStaleAt(updatedAt, staleFrom(updatedAt, live), live)).toBe(true);
      }
    expect(staleFrom(NaN, false)).toBeNaN();
  });

  // The same rule for a time already read, so a board's times are parsed once
  it('reads the same from a time already parsed', () => {
    for (const iso of [ago(15 * 60_000), ago(15 * 60_000 + 1), ago(5 * 60_000 + 1), ago(-5000), 'not a time']) {
      for (const live of [false, true]) {
        expect(isStaleAt(Date.parse(iso), NOW, live)).toBe(isStaleUpdate(iso, NOW, live));
        for (const prices of [[1.91, 1.91], [1.91, 0], []])
          expect(isLockedMarketAt(prices, Date.parse(iso), NOW, live)).toBe(isLockedMarket(prices, iso, NOW, live));
      }
    }
  });

  // The diff asks it of every market of two boards: the same answers, each time string read once
  it('answers as isLockedMarket() for a market of a board', () => {
    const locked = lockedMarketReader();
    for (const start of [ago(-3_600_000), ago(60_000), 'not a time']) {
      const event = { commence_time: start } as BoardEvent;
      for (const iso of [ago(60_000), ago(6 * 60_000), ago(16 * 60_000), 'not a time'])
        for (const prices of [[1.91, 1.91], [1.91, 0], [1.91, 60], []]) {
          const market = {
            key: 'h2h',
            last_update: iso,
            outcomes: prices.map((price, i) => ({ name: `o${i}`, price })),
          };
          expect(locked(market, event, NOW)).toBe(isLockedMarket(prices, iso, NOW, isEventLive(event, NOW)));
        }
    }
  });

  // spec 001 §4: a game is LIVE from its start time
  it('an event is live once started; an unknown start counts as live', () => {
    expect(isEventLive({ commence_time: ago(1) }, NOW)).toBe(true);
    expect(isEventLive({ commence_time: ago(-60_000) }, NOW)).toBe(false);
    expect(isEventLive({ commence_time: '' }, NOW)).toBe(true);
  });
});
