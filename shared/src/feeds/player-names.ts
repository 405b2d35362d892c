import { isPlayerPropMarket, type BoardBookmaker, type BoardMarket } from '../domain/odds';

/**
 * One name per player within an event's props. Books spell a player differently ("Nic Claxton" / "Nicolas Claxton",
 * "Lonnie Walker IV" / "Lonnie Walker"), and the engine and the odds table group a player's line by the name on the
 * board: split, one player's line makes two rows (spec 001 §5: one Over/Under row per player and line) with a fair
 * line each, or none where neither half has the 4 books a de-vig needs (DECISIONS 10). So the normaliser gives each
 * player of an event one of the books' spellings, before anything groups by it.
 *
 * - Names with one key (playerNameKey: accents, case, punctuation, hyphens and Jr/Sr/II/III/IV aside) are one player.
 * - Names whose first names are an initial or a prefix of one another's ("J. Isaac" / "Jonathan Isaac", "Cam" /
 *   "Cameron") with one last name are one player only when each is the other's only such name in the event: two
 *   players must never become one, so an initial two players of that last name could stand for stays apart.
 * - The name shown is the spelling the most books send, then the longest, then the first in code-unit order: the same
 *   for the same books on every poll.
 */

const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv']);

/** Keys by name: a board repeats its players' names in every book and market on every poll. */
const keys = new Map<string, string>();
/** Keys kept at most (the names of a few days' games): past it the memo starts again, rather than grow. */
const KEYS_KEPT = 20_000;

/** The name as compared: accents stripped, case folded, punctuation dropped, hyphens as spaces, suffixes dropped. */
export function playerNameKey(name: string): string {
  let key = keys.get(name);
  if (key === undefined) {
    if (keys.size >= KEYS_KEPT) keys.clear();
    keys.set(name, (key = nameKey(name)));
  }
  return key;
}

function nameKey(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\p{Pd}/gu, ' ')
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .split(/\s+/)
    .filter((word) => word !== '');
  while (words.length > 1 && SUFFIXES.has(words[words.length - 1])) words.pop();
  return words.join(' ');
}

/** One spelling of a player's name in the event, and how many books send it. */
interface Spelling {
  name: string;
  books: number;
  /** The last book counted (books are counted once). */
  lastBook: number;
}

/**
 * The event's books with each player's name made one across its props markets (the module's rules). The books
 * themselves when no name changes; otherwise the books, markets and outcomes that change are new objects and the rest
 * are the ones given: a book may be what a reading made before (a known book), never written to.
 */
export function oneNamePerPlayer(bookmakers: BoardBookmaker[]): BoardBookmaker[] {
  const spellings = new Map<string, Spelling>();
  for (let b = 0; b < bookmakers.length; b++) {
    for (const market of bookmakers[b].markets) {
      if (!isPropsMarket(market.key)) continue;
      for (const outcome of market.outcomes) {
        const name = outcome.description;
        if (name === undefined) continue;
        let spelling = spellings.get(name);
        if (spelling === undefined) spellings.set(name, (spelling = { name, books: 0, lastBook: -1 }));
        if (spelling.lastBook !== b) {
          spelling.books++;
          spelling.lastBook = b;
        }
      }
    }
  }
  if (spellings.size < 2) return bookmakers;
  const shown = shownNames(spellings);
  return shown === null ? bookmakers : renamed(bookmakers, shown);
}

/** Prop markets (player_, batter_, pitcher_): a game market's first letter tells it apart without the pattern. */
function isPropsMarket(key: string): boolean {
  const first = key.charCodeAt(0);
  return (first === 112 || first === 98) && isPlayerPropMarket(key);
}

/** The name each spelling is shown as, where it is not its own; null when every spelling is shown as it is. */
function shownNames(spellings: Map<string, Spelling>): Map<string, string> | null {
  // players by key, then keys by last name (every word after the first)
  const byKey = new Map<string, Spelling[]>();
  for (const spelling of spellings.values()) {
    const key = playerNameKey(spelling.name);
    const same = byKey.get(key);
    if (same) same.push(spelling);
    else byKey.set(key, [spelling]);
  }
  const byLastName = new Map<string, string[]>();
  for (const key of byKey.keys()) {
    const space = key.indexOf(' ');
    if (space < 0) continue;
    const last = key.slice(space + 1);
    const keysOfLast = byLastName.get(last);
    if (keysOfLast) keysOfLast.push(key);
    else byLastName.set(last, [key]);
  }
  const players = new Map<string, Spelling[]>();
  for (const [key, same] of byKey) players.set(key, same);
  for (const keysOfLast of byLastName.values()) {
    if (keysOfLast.length < 2) continue;
    for (const key of keysOfLast) {
      const match = onlyPrefixMatch(key, keysOfLast);
      // each the other's only match: one player, merged once (from the lesser key)
      if (match === null || key > match || onlyPrefixMatch(match, keysOfLast) !== key) continue;
      players.get(key)!.push(...players.get(match)!);
      players.delete(match);
    }
  }
  let shown: Map<string, string> | null = null;
  for (const same of players.values()) {
    if (same.length < 2) continue;
    let best = same[0];
    for (const spelling of same) if (isShownBefore(spelling, best)) best = spelling;
    for (const spelling of same) if (spelling !== best) (shown ??= new Map()).set(spelling.name, best.name);
  }
  return shown;
}

/** The one other key of `keys` whose first name is a prefix of this one's or has it as one; null for none or several. */
function onlyPrefixMatch(key: string, keys: readonly string[]): string | null {
  const first = key.slice(0, key.indexOf(' '));
  let match: string | null = null;
  for (const other of keys) {
    if (other === key) continue;
    const otherFirst = other.slice(0, other.indexOf(' '));
    if (!first.startsWith(otherFirst) && !otherFirst.startsWith(first)) continue;
    if (match !== null) return null;
    match = other;
  }
  return match;
}

/** The spelling the most books send, then the longest, then the first in code-unit order. */
function isShownBefore(a: Spelling, b: Spelling): boolean {
  if (a.books !== b.books) return a.books > b.books;
  if (a.name.length !== b.name.length) return a.name.length > b.name.length;
  return a.name < b.name;
}

function renamed(bookmakers: BoardBookmaker[], shown: Map<string, string>): BoardBookmaker[] {
  return bookmakers.map((book) => {
    let markets: BoardMarket[] | null = null;
    book.markets.forEach((market, m) => {
      if (!isPropsMarket(market.key) || !market.outcomes.some((o) => o.description && shown.has(o.description))) return;
      const outcomes = market.outcomes.map((outcome) => {
        const name = outcome.description && shown.get(outcome.description);
        return name ? { ...outcome, description: name } : outcome;
      });
      (markets ??= [...book.markets])[m] = { ...market, outcomes };
    });
    return markets ? { ...book, markets } : book;
  });
}
