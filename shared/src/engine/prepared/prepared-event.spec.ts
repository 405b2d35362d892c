import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normaliseOddsApiV4 } from '../../feeds/odds-api-v4';
import { DEFAULT_COMMISSIONS, LOWEST_COMMISSIONS } from '../odds/commission';
import { newestUpdate, scanSettings } from '../opportunities/scan';
import { prepareEvent, repriceEvent } from './prepared-event';
import { scanPreparedEvent } from './prepared-scan';

const FIXTURES = join(__dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
// the recorded boards with an exchange, its lay prices among them
const BOARDS = readdirSync(FIXTURES).filter(
  (f) => (f.startsWith('v4_odds_') || f.startsWith('v4_event_odds_')) && /betfair|eu-uk|uk-eu/.test(f),
);
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
