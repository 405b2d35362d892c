import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normaliseOddsApiV4 } from '../../feeds/odds-api-v4';
import { DEFAULT_COMMISSIONS, LOWEST_COMMISSIONS } from '../odds/commission';
import { newestUpdate, scanSettings } from '../opportunities/scan';
import { prepareEvent, readEvent, repriceEvent } from './prepared-event';
import { scanPreparedEvent } from './prepared-scan';

const FIXTURES = join(__dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
// the recorded boards with an exchange, its lay prices among them
const BOARDS = readdirSync(FIXTURES).filter(
  (f) => (f.startsWith('v4_odds_') || f.startsWith('v4_event_odds_')) && /betfair|eu-uk|uk-eu/.test(f),
);
const ALL_BOARDS = readdirSync(FIXTURES).filter((f) => f.startsWith('v4_odds_') || f.startsWith('v4_event_odds_'));
const recorded = (file: string) => normaliseOddsApiV4(JSON.parse(readFileSync(join(FIXTURES, file), 'utf8'))).events;

describe('repriceEvent', () => {
  it.each(BOARDS)('%s: an event priced again at other rates scans as the event read at those rates', (file) => {
    const events = recorded(file);
    const newest = newestUpdate(events)!;
    const settings = scanSettings({ arbitrage: { minProfitPct: -5 } });
    for (const event of events) {
      const published = prepareEvent(event, DEFAULT_COMMISSIONS);
      const repriced = repriceEvent(published, LOWEST_COMMISSIONS);
      const read = prepareEvent(event, LOWEST_COMMISSIONS);
      for (const now of [newest, newest + 16 * 60_000]) {
        expect(scanPreparedEvent(repriced, settings, now)).toEqual(scanPreparedEvent(read, settings, now));
        // the event it was priced from still scans at its own rates
        expect(scanPreparedEvent(published, settings, now)).toEqual(
          scanPreparedEvent(prepareEvent(event, DEFAULT_COMMISSIONS), settings, now),
        );
      }
    }
  });
});

describe('readEvent', () => {
  it.each(ALL_BOARDS)('%s: an event read for one scan scans as the event kept prepared', (file) => {
    const events = recorded(file);
    const newest = newestUpdate(events)!;
    const settings = scanSettings({ arbitrage: { minProfitPct: -5 }, ev: { minEvPct: -5 } });
    // each event read right after another, so nothing the reader held from the event before may show
    for (const event of [...events, ...events.slice().reverse()]) {
      for (const now of [newest, newest + 16 * 60_000]) {
        const kept = scanPreparedEvent(prepareEvent(event), settings, now);
        expect(scanPreparedEvent(readEvent(event), settings, now)).toEqual(kept);
      }
    }
  });

  it("lends the reader's columns: good until the next event is read", () => {
    const [first, second] = recorded('v4_odds_soccer_epl_eu-uk_h2h-spreads-totals-h2h_lay_decimal_2025-05-02.json');
    const lent = readEvent(first);
    const decimals = Array.from(lent.qDecimal.subarray(0, lent.quoteCount));
    expect(lent.linesPrepared).toBe(false);
    readEvent(second);
    expect(Array.from(lent.qDecimal.subarray(0, lent.quoteCount))).not.toEqual(decimals);
    // a moneyline's quotes have no line, whatever the event read before held in those places
    const [game] = recorded('v4_odds_upcoming_us_h2h_decimal_inplay_2025-03-11.json');
    const moneylines = readEvent(game);
    expect(Array.from(moneylines.qLine.subarray(0, moneylines.quoteCount)).every((line) => line === 0)).toBe(true);
    const kept = prepareEvent(first);
    expect(kept.linesPrepared).toBe(true);
    expect(kept.qDecimal).toHaveLength(kept.quoteCount);
  });
});
