import type { OddsFormat } from '../../engine/odds/odds-format';
import { canonicalBookKey } from './sportsbooks';

/**
 * The Odds API's regions (spec 001 §7: us, uk, eu, au; straight bets use us, us2 and us_exchanges, props us and
 * us_dfs) and the bookmakers each covers, so the boards — which keep books, not regions — can answer a
 * `regions` filter. A book may sit in several regions.
 */
const BOOK_REGIONS = new Map<string, readonly string[]>(
  Object.entries({
    us: [
      'betonlineag',
      'betmgm',
      'betrivers',
      'betus',
      'bovada',
      'williamhill_us',
      'draftkings',
      'fanatics',
      'fanduel',
      'lowvig',
      'mybookieag',
      'pointsbetus',
      'wynnbet',
      'unibet_us',
      'superbook',
      'twinspires',
      'circasports',
      'sugarhouse',
      'barstool',
      'betfair',
      'foxbet',
    ],
    us2: ['ballybet', 'betanysports', 'betparx', 'espnbet', 'fliff', 'hardrockbet', 'rebet', 'windcreek'],
    us_dfs: ['betr_us_dfs', 'pick6', 'prizepicks', 'underdog', 'dabble_au', 'sleeper'],
    us_ex: ['betopenly', 'kalshi', 'novig', 'prophetx', 'polymarket'],
    uk: [
      'betfair_ex_uk',
      'betfair_sb_uk',
      'betvictor',
      'betway',
      'boylesports',
      'casumo',
      'coral',
      'grosvenor',
      'ladbrokes_uk',
      'leovegas',
      'livescorebet',
      'matchbook',
      'paddypower',
      'skybet',
      'smarkets',
      'sport888',
      'unibet_uk',
      'virginbet',
      'williamhill',
      'betclic',
    ],
    eu: [
      'betclic_fr',
      'betanysports',
      'betfair_ex_eu',
      'betonlineag',
      'betsson',
      'coolbet',
      'everygame',
      'gtbets',
      'marathonbet',
      'matchbook',
      'mybookieag',
      'nordicbet',
      'onexbet',
      'pinnacle',
      'pmu_fr',
      'suprabets',
      'tipico_de',
      'unibet_eu',
      'unibet_fr',
      'unibet_it',
      'unibet_nl',
      'unibet_se',
      'williamhill',
      'winamax_de',
      'winamax_fr',
      'betfair',
      'sport888',
      'lowvig',
    ],
    au: [
      'betfair_ex_au',
      'betr_au',
      'betright',
      'bet365_au',
      'boombet',
      'dabble_au',
      'ladbrokes_au',
      'neds',
      'playup',
      'pointsbetau',
      'sportsbet',
      'tab',
      'tabtouch',
      'unibet',
      'topsport',
      'bluebet',
    ],
  }),
);

/** Names the documents use for the same regions. */
const REGION_ALIASES = new Map<string, string>(Object.entries({ us_exchanges: 'us_ex' }));

export function canonicalRegion(region: string): string | null {
  const key = region.trim().toLowerCase();
  const canonical = REGION_ALIASES.get(key) ?? key;
  return BOOK_REGIONS.has(canonical) ? canonical : null;
}

/** The regions whose books quote American odds: the US books, DFS apps and exchanges (uk, eu and au books quote decimal). */
const AMERICAN_REGIONS = new Set(['us', 'us2', 'us_dfs', 'us_ex']);

/**
 * The odds format to ask The Odds API for over `regions`: the one their books quote, since a price the API converts
 * arrives rounded (a US book's −110 as decimal 1.91, paying $191.00 on $100 where the book pays $190.91, DECISIONS 25;
 * so −108/+108 read as 1.93/2.08, an arbitrage that is not there). American when any region is a US one, decimal
 * otherwise (Betfair's and the other uk, eu and au books' ticks). One call still covers all the regions: split by
 * format it would cost the same credits (markets × regions) but twice the requests under the API's frequency limit,
 * and two answers to join per poll. So a call mixing US with other regions gets the others' prices as whole American
 * numbers (1.95 as −105: 1.952), the product's US books (spec 001 §9) read exact.
 */
export function feedOddsFormat(regions: readonly string[]): OddsFormat {
  return regions.some((region) => AMERICAN_REGIONS.has(canonicalRegion(region) ?? '')) ? 'american' : 'decimal';
}

/** The bookmakers covered by any of these (canonical) regions. */
export function booksInRegions(regions: readonly string[]): Set<string> {
  const books = new Set<string>();
  for (const region of regions) for (const key of BOOK_REGIONS.get(region) ?? []) books.add(canonicalBookKey(key));
  return books;
}
