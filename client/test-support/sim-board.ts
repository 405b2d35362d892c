import type { BoardBookmaker, BoardEvent, BoardMarket, BoardOutcome } from '@oddspulse/shared';
import { seededRandom } from '@oddspulse/shared/testing';

/**
 * Boards shaped like the simulator's straight bets, as `/sportsbooks` loads them: 22 books in the
 * simulator's order, exchanges quoting only the moneyline, most books spreads and totals, and alternate spreads,
 * alternate totals and team totals on games not yet started; some games live. Prices come from a hidden truth with
 * each book's margin and noise, updated within the last minute (a few books lag). With `props`, player props too
 * (Over/Under lines and Yes/No markets per player), DFS apps among the books. Deterministic for a seed. For tests and
 * the row benchmark (`npm run bench:rows`); the app never imports it.
 */
export interface SimBoardSpec {
  events: number;
  seed: number;
  now: number;
  props?: boolean;
}

const BOOKS: ReadonlyArray<[key: string, title: string]> = [
  ['pinnacle', 'Pinnacle'],
  ['circasports', 'Circa Sports'],
  ['novig', 'Novig'],
  ['prophetx', 'ProphetX'],
  ['rebet', 'ReBet'],
  ['betopenly', 'BetOpenly'],
  ['lowvig', 'LowVig.ag'],
  ['draftkings', 'DraftKings'],
  ['fanduel', 'FanDuel'],
  ['betmgm', 'BetMGM'],
  ['williamhill_us', 'Caesars'],
  ['espnbet', 'ESPN BET'],
  ['fanatics', 'Fanatics'],
  ['hardrockbet', 'Hard Rock Bet'],
  ['pointsbetus', 'PointsBet'],
  ['betrivers', 'BetRivers'],
  ['wynnbet', 'WynnBET'],
  ['unibet_us', 'Unibet'],
  ['fliff', 'Fliff'],
  ['bovada', 'Bovada'],
  ['betonlineag', 'BetOnline.ag'],
  ['mybookieag', 'MyBookie.ag'],
];
const EXCHANGES = new Set(['novig', 'prophetx', 'rebet', 'betopenly']);
const DFS_APPS: ReadonlyArray<[key: string, title: string]> = [
  ['prizepicks', 'PrizePicks'],
  ['underdog', 'Underdog'],
];
const TEAMS = [
  'Hawks',
  'Bears',
  'Owls',
  'Lions',
  'Wolves',
  'Rams',
  'Foxes',
  'Bulls',
  'Crows',
  'Sharks',
  'Eagles',
  'Tigers',
  'Moose',
  'Cats',
];

export function simBoard(spec: SimBoardSpec): BoardEvent[] {
  const random = seededRandom(spec.seed);
  const between = (low: number, high: number) => low + (high - low) * random();
  const iso = (ms: number) => new Date(Math.round(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  const events: BoardEvent[] = [];
  for (let e = 0; e < spec.events; e++) {
    const sport = e % 2 === 0 ? ['americanfootball_nfl', 'NFL'] : ['americanfootball_ncaaf', 'NCAAF'];
    const home = `${TEAMS[e % TEAMS.length]} ${e}`;
    const away = `${TEAMS[(e + 5) % TEAMS.length]} ${e}`;
    const live = random() < 0.2;
    const start = live ? spec.now - between(0, 3 * 3_600_000) : spec.now + between(10 * 60_000, 48 * 3_600_000);
    const homeWins = between(0.2, 0.8);
    const spread = Math.round((0.5 - homeWins) * 20) + 0.5;
    const total = Math.round(between(38, 56)) + 0.5;
    const books: ReadonlyArray<[string, string]> = spec.props ? [...BOOKS, ...DFS_APPS] : BOOKS;
    const bookmakers: BoardBookmaker[] = [];
    for (const [key, title] of books) {
      const lagging = random() < 0.03;
      const updated = iso(spec.now - (lagging ? between(120_000, 600_000) : between(0, 60_000)));
      const margin = key === 'pinnacle' || key === 'circasports' || EXCHANGES.has(key) ? 0.02 : 0.045;
      const noise = lagging ? 0.015 : 0.004;
      const price = (p: number) =>
        Math.round(100 / Math.min(0.97, Math.max(0.03, p * (1 + margin) + between(-noise, noise)))) / 100;
      const link =
        key === 'draftkings' || key === 'fanduel'
          ? (n: number) => `https://${key}.example/event/${e}?outcome=${n}`
          : null;
      const outcome = (name: string, p: number, point?: number, description?: string): BoardOutcome => {
        const o: BoardOutcome = { name, price: price(p) };
        if (description !== undefined) o.description = description;
        if (point !== undefined) o.point = point;
        if (link) o.link = link(Math.floor(random() * 1e9));
        return o;
      };
      const market = (marketKey: string, outcomes: BoardOutcome[]): BoardMarket => ({
        key: marketKey,
        last_update: updated,
        outcomes,
      });
      // every line is priced from the same truth: P(home covers at x), P(over y)
      const covers = (x: number) => Math.min(0.95, Math.max(0.05, 0.5 + (x - spread) * 0.03));
      const overs = (y: number, at = total) => Math.min(0.95, Math.max(0.05, 0.5 - (y - at) * 0.025));
      const spreadPair = (x: number) => [outcome(home, covers(x), x), outcome(away, 1 - covers(x), -x)];
      const totalPair = (y: number, at = total, description?: string) => [
        outcome('Over', overs(y, at), y, description),
        outcome('Under', 1 - overs(y, at), y, description),
      ];
      const markets: BoardMarket[] = [];
      if (key === 'prizepicks' || key === 'underdog') {
        markets.push(...playerProps(e, outcome, market, between));
        bookmakers.push({ key, title, last_update: updated, markets });
        continue;
      }
      markets.push(market('h2h', [outcome(home, homeWins), outcome(away, 1 - homeWins)]));
      if (!EXCHANGES.has(key)) {
        if (random() < 0.85) markets.push(market('spreads', spreadPair(spread)), market('totals', totalPair(total)));
        if (!live && random() < 0.85) {
          const shift = Math.round(between(-1, 1));
          markets.push(
            market(
              'alternate_spreads',
              [spread - 6, spread - 3, spread + 3, spread + 6].flatMap((x) => spreadPair(x + shift)),
            ),
            market(
              'alternate_totals',
              [total - 6, total - 3, total + 3, total + 6].flatMap((y) => totalPair(y + shift)),
            ),
          );
        }
        if (!live && random() < 0.8) {
          const teamTotal = Math.round(total / 2) + 0.5;
          markets.push(
            market('team_totals', [
              ...totalPair(teamTotal - 1, teamTotal - 1, home),
              ...totalPair(teamTotal + 1, teamTotal + 1, away),
            ]),
          );
        }
        if (spec.props && bookmakers.length % 3 !== 2) markets.push(...playerProps(e, outcome, market, between));
      }
      bookmakers.push({ key, title, last_update: updated, markets });
    }
    events.push({
      id: `sim-${spec.seed}-${e}`,
      sport_key: sport[0],
      sport_title: sport[1],
      commence_time: iso(start),
      home_team: home,
      away_team: away,
      bookmakers,
    });
  }
  return events;
}

/** Six players' passing yards (Over/Under at two lines) and anytime touchdown (Yes/No). */
function playerProps(
  e: number,
  outcome: (name: string, p: number, point?: number, description?: string) => BoardOutcome,
  market: (key: string, outcomes: BoardOutcome[]) => BoardMarket,
  between: (low: number, high: number) => number,
): BoardMarket[] {
  const yards: BoardOutcome[] = [];
  const touchdowns: BoardOutcome[] = [];
  for (let player = 0; player < 6; player++) {
    const name = `Player ${e}-${player}`;
    for (const line of [189.5, 224.5]) {
      const over = between(0.4, 0.6) - (line - 200) * 0.004;
      yards.push(outcome('Over', over, line, name), outcome('Under', 1 - over, line, name));
    }
    const scores = between(0.2, 0.6);
    touchdowns.push(outcome('Yes', scores, undefined, name), outcome('No', 1 - scores, undefined, name));
  }
  return [market('player_pass_yds', yards), market('player_anytime_td', touchdowns)];
}
