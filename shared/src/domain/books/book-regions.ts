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

/** The bookmakers covered by any of these (canonical) regions. */
export function booksInRegions(regions: readonly string[]): Set<string> {
  const books = new Set<string>();
  for (const region of regions) for (const key of BOOK_REGIONS.get(region) ?? []) books.add(canonicalBookKey(key));
  return books;
}
