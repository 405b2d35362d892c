import type { BoardBookmaker, BoardEvent, BoardMarket, BoardOutcome } from '../odds';
import { canonicalBookKey } from './sportsbooks';

/**
 * Deep links to the books (spec 001 §3 link fields, §7 smart links). A link from a feed is shown
 * only when it is http(s) on the book's own domain: never a `javascript:` or `data:` URL, never another site.
 */

/** Each book's site; its domain (and any subdomain of it) is where that book's links may point. */
const BOOK_SITES = new Map<string, { site: string; domains?: readonly string[] }>(
  Object.entries({
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
  }),
);

/** The last two labels of a host: sportsbook.draftkings.com → draftkings.com. */
const siteDomain = (site: string) => new URL(site).hostname.split('.').slice(-2).join('.');

// Read once: every bookmaker of every fetched board asks for its site and domains (settleBookLinks).
const SITE_HREFS = new Map([...BOOK_SITES].map(([book, { site }]) => [book, new URL(site).href]));
const SITE_DOMAINS = new Map([...BOOK_SITES].map(([book, { site, domains }]) => [book, domains ?? [siteDomain(site)]]));

function domainsOf(book: string): readonly string[] {
  return SITE_DOMAINS.get(canonicalBookKey(book)) ?? [];
}

/** The book's home page, or null for a book we know no site of. */
export function bookSite(book: string): string | null {
  return SITE_HREFS.get(canonicalBookKey(book)) ?? null;
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
const RESOLVERS = new Map<string, Resolver>(
  Object.entries({
    draftkings: {
      needs: ['event', 'outcome'],
      build: ({ event, outcome }) => `https://sportsbook.draftkings.com/event/${event}?outcomes=${outcome}`,
    },
    fanduel: {
      needs: ['market', 'outcome'],
      build: ({ market, outcome }) =>
        `https://sportsbook.fanduel.com/addToBetslip?marketId[0]=${market}&selectionId[0]=${outcome}`,
    },
    betmgm: {
      needs: ['event', 'market', 'outcome'],
      build: ({ event, market, outcome }) =>
        `https://sports.betmgm.com/en/sports/events/${event}?options=${event}-${market}-${outcome}`,
    },
    williamhill_us: {
      needs: ['outcome'],
      build: ({ outcome }) => `https://sportsbook.caesars.com/us/bet/betslip?selectionIds=${outcome}`,
    },
    pointsbetus: {
      needs: ['event', 'outcome'],
      build: ({ event, outcome }) => `https://pointsbet.com/sports/event/${event}?outcomeId=${outcome}`,
    },
    betrivers: {
      needs: ['event', 'outcome'],
      build: ({ event, outcome }) =>
        `https://www.betrivers.com/?page=sportsbook#event/${event}?coupon=single|${outcome}|`,
    },
  }),
);

/** The books a resolver builds bet-slip links for (spec 001 §7). */
export const SMART_LINK_BOOKS: readonly string[] = [...RESOLVERS.keys()];

/** The bet-slip link a resolver builds for this book and these ids; null for other books or missing ids. */
export function smartLink(book: string, ids: BookIds): string | null {
  const resolver = RESOLVERS.get(canonicalBookKey(book));
  return resolver ? resolvedLink(resolver, ids) : null;
}

function resolvedLink(resolver: Resolver, ids: BookIds): string | null {
  if (!resolver.needs.every((need) => ID.test(ids[need] ?? ''))) return null;
  // Safe by construction (a fixed address on the book's domain, ids of safe characters): no second parse per outcome.
  return resolver.build({ event: ids.event ?? '', market: ids.market ?? '', outcome: ids.outcome ?? '' });
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
 * In place, and `events` is returned: the board was just fetched and nothing else holds it, and a copy of each
 * outcome given a link cost as much as scanning the board for opportunities.
 */
export function settleBookLinks(events: BoardEvent[]): BoardEvent[] {
  for (const event of events) for (const bookmaker of event.bookmakers) settleBookmaker(bookmaker);
  return events;
}

/** Sets `item.link` to `link`, or removes it when null. */
function setLink(item: { link?: string }, link: string | null): void {
  if (link) item.link = link;
  else if (item.link !== undefined) delete item.link;
}

/**
 * One bookmaker of a fetched board settled as settleBookLinks settles each, in place. `settled(market, index)`: whether
 * a market of it is one settled before (a board's own object, handed on unmoved): it is passed over, not changed.
 */
export function settleBookmaker(
  bookmaker: BoardBookmaker,
  settled: ((market: BoardMarket, index: number) => boolean) | null = null,
): void {
  setLink(bookmaker, checkedBookUrl(bookmaker.key, bookmaker.link) ?? bookSite(bookmaker.key));
  // Looked up once per bookmaker: most books have no resolver, and most outcomes no link of their own.
  const resolver = RESOLVERS.get(canonicalBookKey(bookmaker.key));
  for (let m = 0; m < bookmaker.markets.length; m++) {
    const market = bookmaker.markets[m];
    if (settled?.(market, m)) continue;
    if (market.link !== undefined) setLink(market, checkedBookUrl(bookmaker.key, market.link));
    for (const outcome of market.outcomes) {
      if (outcome.link === undefined && !resolver) continue;
      setLink(
        outcome,
        checkedBookUrl(bookmaker.key, outcome.link) ??
          (resolver ? resolved(resolver, bookmaker, market, outcome) : null),
      );
    }
  }
}

function resolved(
  resolver: Resolver,
  bookmaker: BoardBookmaker,
  market: BoardMarket,
  outcome: BoardOutcome,
): string | null {
  return resolvedLink(resolver, { event: bookmaker.sid, market: market.sid, outcome: outcome.sid });
}
