import { canonicalRegion, booksInRegions } from './books/book-regions';
import { bookSite, smartLink } from './books/book-links';
import { canonicalBookKey, findSportsbook, sportsbookName } from './books/sportsbooks';
import { marketLabel } from './market-labels';
import { commissionOf, exchangeName } from '../engine/odds/commission';
import { bookWeight } from '../engine/odds/fair-probability';
import { settlementSport } from '../picks/leagues';
import { findTeam, teamLeague } from '../scores/teams';

/** Names every object answers from Object.prototype: a table that is an object literal found them. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];

// A book, market, league or region key comes from outside (a query, a feed, a CSV): the shared tables know only
// their own keys, so each of these names is an unknown key, never a function or Object.prototype
describe.each(PROTOTYPE_NAMES)('the lookups, given %s', (name) => {
  it('treat it as an unknown book', () => {
    expect(canonicalBookKey(name)).toBe(name.toLowerCase());
    expect(findSportsbook(name)).toBeUndefined();
    expect(sportsbookName(name)).toEqual(expect.any(String));
    expect(bookWeight(name)).toBe(1);
    expect(commissionOf(name)).toBe(0);
    expect(exchangeName(name)).toEqual(expect.any(String));
    expect(bookSite(name)).toBeNull();
    expect(smartLink(name, { event: 'e', market: 'm', outcome: 'o' })).toBeNull();
  });

  it('treat it as an unknown market, league, sport and region', () => {
    expect(marketLabel(name)).toEqual(expect.any(String));
    expect(marketLabel(`${name}_q1`)).toEqual(expect.any(String));
    expect(settlementSport(name)).toBeNull();
    expect(teamLeague(name)).toBeNull();
    expect(findTeam('Boston Celtics', name)).toBe(findTeam('Boston Celtics'));
    expect(canonicalRegion(name)).toBeNull();
    expect(booksInRegions([name])).toEqual(new Set());
  });
});
