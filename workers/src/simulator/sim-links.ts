import { bookSite, SMART_LINK_BOOKS, type BoardBookmaker, type BoardMarket } from '@oddspulse/shared';
import { hash32 } from './sim-random';
import type { SimGame } from './sim-schedule';

const id = (...parts: Array<string | number>) => String(hash32(...parts) % 1_000_000_000);

/**
 * The books' own ids and links as a real feed carries them (The Odds API's sids and links, spec 001 §3), so the
 * demo's "Open in <book>" goes somewhere plausible: ids for every book, from which the pipeline's resolvers
 * build bet-slip links for the six books that have one; the event's page on the book's site for the others.
 */
export function simulatedLinks(
  seed: number,
  game: SimGame,
  book: string,
  markets: BoardMarket[],
): Pick<BoardBookmaker, 'sid' | 'link' | 'markets'> {
  const event = id(seed, book, game.id, 'event');
  const site = bookSite(book);
  const link = site && !SMART_LINK_BOOKS.includes(book) ? `${site}event/${event}` : undefined;
  return {
    sid: event,
    ...(link ? { link } : {}),
    markets: markets.map((market) => ({
      ...market,
      sid: `${hash32(seed, book, game.id, market.key) % 1000}.${id(seed, book, game.id, market.key, 'market')}`,
      outcomes: market.outcomes.map((o) => ({
        ...o,
        sid: id(seed, book, game.id, market.key, o.name, o.description ?? '', o.point ?? ''),
      })),
    })),
  };
}
