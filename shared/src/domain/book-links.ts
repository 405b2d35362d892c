import type { BoardBookmaker, BoardEvent, BoardMarket, BoardOutcome } from './odds';
import { canonicalBookKey } from './sportsbooks';

/**
 * Deep links to the books (spec 001 §3 link fields, §7 smart links). A link from a feed is shown
 * only when it is http(s) on the book's own domain: never a `javascript:` or `data:` URL, never another site.
 */

/** Each book's site; its domain (and any subdomain of it) is where that book's links may point. */
const BOOK_SITES: Readonly<Record<string, { site: string; domains?: readonly string[] }>> = {
  draftkings: { site: 'https://sportsbook.draftkings.com' },
  fanduel: { site: 'https://sportsbook.fanduel.com' },
  betmgm: { site: 'https://sports.betmgm.com' },
  williamhill_us: { site: 'https://sportsbook.caesars.com', domains: ['caesars.com', 'williamhill.com'] },
  pointsbetus: { site: 'https://pointsbet.com' },
  betrivers: { site: 'https://www.betrivers.com' },
  espnbet: { site: 'https://espnbet.com' },
  fanatics: { site: 'https://sportsbook.fanatics.com' },
  hardrockbet: { site: 'https://www.hardrock.bet', domains: ['hardrock.bet'] },
  wynnbet: { site: 'https://www.wynnbet.com' },
  unibet_us: { site: 'https://www.unibet.com' },
  pinnacle: { site: 'https://www.pinnacle.com' },
  novig: { site: 'https://www.novig.us', domains: ['novig.us'] },
  prophetx: { site: 'https://www.prophetx.co', domains: ['prophetx.co'] },
  rebet: { site: 'https://www.rebet.app', domains: ['rebet.app'] },
  betopenly: { site: 'https://www.betopenly.com' },
  fliff: { site: 'https://www.getfliff.com', domains: ['getfliff.com'] },
  circasports: { site: 'https://www.circasports.com' },
  bovada: { site: 'https://www.bovada.lv', domains: ['bovada.lv'] },
  betonlineag: { site: 'https://www.betonline.ag', domains: ['betonline.ag'] },
  mybookieag: { site: 'https://www.mybookie.ag', domains: ['mybookie.ag'] },
  lowvig: { site: 'https://www.lowvig.ag', domains: ['lowvig.ag'] },
  prizepicks: { site: 'https://app.prizepicks.com' },
  underdog: { site: 'https://underdogfantasy.com' },
  pick6: { site: 'https://pick6.draftkings.com' },
  dabble_au: { site: 'https://dabble.com' },
  sleeper: { site: 'https://sleeper.com' },
};

/** The last two labels of a host: sportsbook.draftkings.com → draftkings.com. */
const siteDomain = (site: string) => new URL(site).hostname.split('.').slice(-2).join('.');

function domainsOf(book: string): readonly string[] {
  const entry = BOOK_SITES[canonicalBookKey(book)];
  return entry ? (entry.domains ?? [siteDomain(entry.site)]) : [];
}

/** The book's home page, or null for a book we know no site of. */
export function bookSite(book: string): string | null {
  const entry = BOOK_SITES[canonicalBookKey(book)];
  return entry ? new URL(entry.site).href : null;
}

/**
 * `url` when it is an http(s) address on `book`'s own domain (or a subdomain of it), with no credentials in it;
 * null otherwise (a `javascript:` URL, another site, a malformed address, a book we know no domain of).
 */
export function checkedBookUrl(book: string, url: unknown): string | null {
  if (typeof url !== 'string' || url.length > 2048) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.username || parsed.password) return null;
  const host = parsed.hostname.toLowerCase();
  return domainsOf(book).some((domain) => host === domain || host.endsWith(`.${domain}`)) ? parsed.href : null;
}

/** The books' own ids for an outcome (The Odds API's `sid`s: the event's on the bookmaker, the market's, the outcome's). */
export interface BookIds {
  event?: string;
  market?: string;
  outcome?: string;
}

/** An id as it may go into a path or query: the feeds' ids are letters, digits and . _ - only. */
const ID = /^[A-Za-z0-9._-]{1,128}$/;

interface Resolver {
  needs: ReadonlyArray<keyof BookIds>;
  build(ids: Required<BookIds>): string;
}

/**
 * The smart-link resolvers of spec 001 §7: each builds the book's bet-slip link from the ids it needs. The address
 * shapes are the books' public deep-link formats as The Odds API documents them (DraftKings, FanDuel) or as the books'
 * own sites use them.
 */
const RESOLVERS: Readonly<Record<string, Resolver>> = {
  draftkings: { needs: ['event', 'outcome'], build: ({ event, outcome }) => `https://sportsbook.draftkings.com/event/${event}?outcomes=${outcome}` },
  fanduel: {
    needs: ['market', 'outcome'],
    build: ({ market, outcome }) => `https://sportsbook.fanduel.com/addToBetslip?marketId[0]=${market}&selectionId[0]=${outcome}`,
  },
  betmgm: {
    needs: ['event', 'market', 'outcome'],
    build: ({ event, market, outcome }) => `https://sports.betmgm.com/en/sports/events/${event}?options=${event}-${market}-${outcome}`,
  },
  williamhill_us: { needs: ['outcome'], build: ({ outcome }) => `https://sportsbook.caesars.com/us/bet/betslip?selectionIds=${outcome}` },
  pointsbetus: { needs: ['event', 'outcome'], build: ({ event, outcome }) => `https://pointsbet.com/sports/event/${event}?outcomeId=${outcome}` },
  betrivers: {
    needs: ['event', 'outcome'],
    build: ({ event, outcome }) => `https://www.betrivers.com/?page=sportsbook#event/${event}?coupon=single|${outcome}|`,
  },
};

/** The books a resolver builds bet-slip links for (spec 001 §7). */
export const SMART_LINK_BOOKS: readonly string[] = Object.keys(RESOLVERS);

/** The bet-slip link a resolver builds for this book and these ids; null for other books or missing ids. */
export function smartLink(book: string, ids: BookIds): string | null {
  const resolver = RESOLVERS[canonicalBookKey(book)];
  if (!resolver || !resolver.needs.every((need) => ID.test(ids[need] ?? ''))) return null;
  // Safe by construction (a fixed address on the book's domain, ids of safe characters): no second parse per outcome.
  return resolver.build({ event: '', market: '', outcome: '', ...ids });
}

export type BookLinkKind = 'betslip' | 'market' | 'book';
export interface BookLink {
  url: string;
  kind: BookLinkKind;
}

/** Where a feed may say to go for one price: the outcome's bet-slip link, the market's, the bookmaker's, and the ids. */
export interface LinkSources {
  betslip?: string;
  market?: string;
  book?: string;
  ids?: BookIds;
}

/**
 * Where "Open in <book>" goes: the outcome's bet-slip link when there is one, else the one a
 * resolver builds (001 §7), else the market link, else the bookmaker's link, else the book's site. Every candidate is
 * checked; an unsafe one is skipped, never shown.
 */
export function resolveBookLink(book: string, sources: LinkSources): BookLink | null {
  const betslip = checkedBookUrl(book, sources.betslip) ?? (sources.ids ? smartLink(book, sources.ids) : null);
  if (betslip) return { url: betslip, kind: 'betslip' };
  const market = checkedBookUrl(book, sources.market);
  if (market) return { url: market, kind: 'market' };
  const site = checkedBookUrl(book, sources.book) ?? bookSite(book);
  return site ? { url: site, kind: 'book' } : null;
}

/**
 * A fetched board with its links settled once, where the pipeline takes it in: each outcome's link is its checked
 * bet-slip link (or the resolver's), each market's its checked market link, each bookmaker's its checked link or the
 * book's site. Downstream, `outcome.link ?? market.link ?? bookmaker.link` is the resolver's order and is always safe.
 * Copy on write: an outcome, market, bookmaker or event whose links are already settled is the same object in the
 * result (the input is never changed), so a board of settled links costs a walk, not a copy of every price.
 */
export function withBookLinks(events: readonly BoardEvent[]): BoardEvent[] {
  return events.map((event) => {
    const bookmakers = mapSame(event.bookmakers, bookmakerLinks);
    return bookmakers === event.bookmakers ? event : { ...event, bookmakers };
  });
}

/** `items` mapped by `fn`, or `items` itself when `fn` returned every item unchanged. */
function mapSame<T>(items: T[], fn: (item: T) => T): T[] {
  let out: T[] | null = null;
  for (let i = 0; i < items.length; i++) {
    const item = fn(items[i]);
    if (out) out.push(item);
    else if (item !== items[i]) {
      out = items.slice(0, i);
      out.push(item);
    }
  }
  return out ?? items;
}

/** `item` with `link` as given (absent when null), or `item` itself when that is its link already. */
function withLink<T extends { link?: string }>(item: T, link: string | null): T {
  if ((item.link ?? null) === link) return item;
  const { link: _replaced, ...rest } = item;
  return (link ? { ...rest, link } : rest) as T;
}

function bookmakerLinks(bookmaker: BoardBookmaker): BoardBookmaker {
  const link = checkedBookUrl(bookmaker.key, bookmaker.link) ?? bookSite(bookmaker.key);
  const markets = mapSame(bookmaker.markets, (market) => marketLinks(bookmaker, market));
  const settled = withLink(bookmaker, link);
  return markets === bookmaker.markets ? settled : { ...settled, markets };
}

function marketLinks(bookmaker: BoardBookmaker, market: BoardMarket): BoardMarket {
  const link = checkedBookUrl(bookmaker.key, market.link);
  const outcomes = mapSame(market.outcomes, (outcome) => outcomeLinks(bookmaker, market, outcome));
  const settled = withLink(market, link);
  return outcomes === market.outcomes ? settled : { ...settled, outcomes };
}

function outcomeLinks(bookmaker: BoardBookmaker, market: BoardMarket, outcome: BoardOutcome): BoardOutcome {
  const link = checkedBookUrl(bookmaker.key, outcome.link) ?? smartLink(bookmaker.key, { event: bookmaker.sid, market: market.sid, outcome: outcome.sid });
  return withLink(outcome, link);
}
