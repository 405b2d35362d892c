/** A sportsbook catalogue entry (spec 000 §3, 001 §3). Keys are The Odds API's bookmaker keys. */
export interface Sportsbook {
  key: string;
  name: string;
  popular: boolean;
  tier: 1 | 2 | 3;
  isDFS: boolean;
  isExchange: boolean;
  offshore: boolean;
}

const book = (
  key: string,
  name: string,
  tier: 1 | 2 | 3,
  flags: Partial<Omit<Sportsbook, 'key' | 'name' | 'tier'>> = {},
): Sportsbook => ({
  key,
  name,
  tier,
  popular: false,
  isDFS: false,
  isExchange: false,
  offshore: false,
  ...flags,
});

/**
 * The catalogue of spec 001 §3. Caesars is `williamhill_us` in the feeds and shows as "Caesars";
 * Dabble is `dabble_au`. `popular` is the dropdown's popular category.
 */
export const SPORTSBOOKS: readonly Sportsbook[] = [
  book('draftkings', 'DraftKings', 1, { popular: true }),
  book('fanduel', 'FanDuel', 1, { popular: true }),
  book('betmgm', 'BetMGM', 1, { popular: true }),
  book('williamhill_us', 'Caesars', 1, { popular: true }),
  book('prizepicks', 'PrizePicks', 1, { isDFS: true }),
  book('underdog', 'Underdog', 1, { isDFS: true }),
  book('pick6', 'DK Pick6', 1, { isDFS: true }),
  book('dabble_au', 'Dabble', 1, { isDFS: true }),
  book('espnbet', 'ESPN BET', 2),
  book('fanatics', 'Fanatics', 2),
  book('hardrockbet', 'Hard Rock Bet', 2),
  book('pointsbetus', 'PointsBet', 2, { popular: true }),
  book('betrivers', 'BetRivers', 2),
  book('wynnbet', 'WynnBET', 2),
  book('unibet_us', 'Unibet', 2),
  book('pinnacle', 'Pinnacle', 2),
  book('novig', 'Novig', 2, { isExchange: true }),
  book('prophetx', 'ProphetX', 3, { isExchange: true }),
  book('rebet', 'ReBet', 3, { isExchange: true }),
  book('betopenly', 'BetOpenly', 3, { isExchange: true }),
  book('fliff', 'Fliff', 3),
  book('circasports', 'Circa Sports', 3),
  book('bovada', 'Bovada', 3, { offshore: true }),
  book('betonlineag', 'BetOnline.ag', 3, { offshore: true }),
  book('mybookieag', 'MyBookie.ag', 3, { offshore: true }),
  book('lowvig', 'LowVig.ag', 3, { offshore: true }),
];

/**
 * Old or alternative keys seen in stored preferences, the documents and the feeds, mapped to the catalogue's (the
 * Betfair exchange, outside the catalogue, to The Odds API's key for it on the US board: the odds stream's
 * "Betfair Exchange" is that exchange, its commission and its steam role, DECISIONS 34).
 */
const ALIASES = new Map<string, string>(
  Object.entries({
    caesars: 'williamhill_us',
    draftkings_pick6: 'pick6',
    pointsbet: 'pointsbetus',
    unibet: 'unibet_us',
    betonline: 'betonlineag',
    circa: 'circasports',
    hardrock: 'hardrockbet',
    prophet_exchange: 'prophetx',
    betfair_exchange: 'betfair',
  }),
);

export function canonicalBookKey(key: string): string {
  const lowered = key.trim().toLowerCase();
  return ALIASES.get(lowered) ?? lowered;
}

const BY_KEY = new Map(SPORTSBOOKS.map((b) => [b.key, b]));

export function findSportsbook(key: string): Sportsbook | undefined {
  return BY_KEY.get(canonicalBookKey(key));
}

/** Display name, with the overrides of spec 001 §3 (dabble_au → Dabble, williamhill_us → Caesars). */
export function sportsbookName(key: string, fallback?: string): string {
  return findSportsbook(key)?.name ?? fallback ?? key;
}

const BY_NAME = new Map(SPORTSBOOKS.map((b) => [b.name.toLowerCase(), b.key]));

/**
 * One book identity (api.md "Picks as CSV"): what a pick's bookmaker is stored and exported as. A catalogue key, an
 * alias or a display name in any case ("DraftKings", "draftkings", "Caesars") is the catalogue's key; a parlay's
 * books, comma-separated, each; a book outside the catalogue stays as written.
 */
export function bookKeyOf(text: string): string {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => BY_NAME.get(part.toLowerCase()) ?? findSportsbook(part)?.key ?? part)
    .join(',');
}

/** How a stored bookmaker shows on screen: each catalogue key by its name ("DraftKings, FanDuel"), others as stored. */
export function bookLabel(stored: string): string {
  return stored
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => sportsbookName(bookKeyOf(part), part))
    .join(', ');
}

/** DFS and pick'em apps: never in arbitrage, priced at −119 for EV (spec 001 §5). */
export const DFS_BOOKS: readonly string[] = ['prizepicks', 'underdog', 'pick6', 'dabble_au', 'sleeper'];

export function isDfsBook(key: string): boolean {
  return DFS_BOOKS.includes(canonicalBookKey(key));
}

/** Default selected sportsbooks for every plan (DECISIONS 16). */
export const DEFAULT_SPORTSBOOKS: readonly string[] = ['draftkings', 'fanduel', 'betmgm', 'williamhill_us'];

/**
 * The books every table, scanner, count, hint, alert rule and recommendation starts from (DECISIONS 36): the books the
 * user saved on My Sportsbooks; the defaults (DECISIONS 16) for a visitor, a user who never saved or saved none, and
 * while the saved ones are not known.
 */
export function startingSportsbooks(saved: readonly string[] | null | undefined): string[] {
  return [...(saved?.length ? saved : DEFAULT_SPORTSBOOKS)];
}

/** Preferred book order for tables (spec 001 §5). */
export const PREFERRED_BOOK_ORDER: readonly string[] = [
  'draftkings',
  'fanduel',
  'williamhill_us',
  'betmgm',
  'pinnacle',
  'novig',
  'prophetx',
];

/** Default bankroll everywhere (DECISIONS 16), in whole dollars. */
export const DEFAULT_BANKROLL = 1000;
