import type { BoardBookmaker, BoardEvent, BoardMarket } from '../domain/odds';
import { between, seededRandom } from '../testing/seeded-random';

/**
 * A deterministic synthetic board for the engine benchmark: events × books × (h2h, spreads, totals
 * and 4 alternate lines) plus player-prop outcomes. Each book prices a hidden true probability with its own
 * margin and noise; a few books lag, so some arbitrages and middles exist, as on a real board.
 */
export interface SyntheticBoardSpec {
  events: number;
  books: number;
  propOutcomes: number;
  seed: number;
  now: number;
}

const BOOK_KEYS = [
  'draftkings',
  'fanduel',
  'betmgm',
  'williamhill_us',
  'espnbet',
  'fanatics',
  'hardrockbet',
  'pointsbetus',
  'betrivers',
  'wynnbet',
  'unibet_us',
  'pinnacle',
  'novig',
  'fliff',
  'circasports',
  'bovada',
  'betonlineag',
  'mybookieag',
  'lowvig',
  'betus',
  'superbook',
  'ballybet',
  'betparx',
  'espnbet2',
  'tipico_us',
  'si_sportsbook',
  'barstool',
  'twinspires',
  'betway',
  'sugarhouse',
];

export function syntheticBoard(spec: SyntheticBoardSpec): BoardEvent[] {
  const random = seededRandom(spec.seed);
  const books = BOOK_KEYS.slice(0, spec.books);
  const propsPerEvent = Math.ceil(spec.propOutcomes / spec.events);
  const events: BoardEvent[] = [];
  let propsLeft = spec.propOutcomes;

  const price = (probability: number, margin: number, noise: number) =>
    1 / Math.min(0.97, Math.max(0.03, probability * (1 + margin) + between(random, -noise, noise)));
  const pair = (probability: number, margin: number, noise: number): [number, number] => [
    price(probability, margin, noise),
    price(1 - probability, margin, noise),
  ];

  for (let e = 0; e < spec.events; e++) {
    const home = between(random, 0.25, 0.75);
    const spread = Math.round(between(random, -10, 10)) + 0.5;
    const total = Math.round(between(random, 38, 55)) + 0.5;
    const fairSpread = spread + between(random, -0.5, 0.5);
    const fairTotal = total + between(random, -0.5, 0.5);
    const startsIn = between(random, 10 * 60_000, 48 * 3_600_000);
    const bookmakers: BoardBookmaker[] = books.map((key, b) => {
      const lagging = random() < 0.03;
      const updated = new Date(
        spec.now - (lagging ? between(random, 120_000, 600_000) : between(random, 0, 60_000)),
      ).toISOString();
      const margin = key === 'pinnacle' || key === 'circasports' ? 0.025 : 0.045;
      const noise = lagging ? 0.015 : 0.004;
      // a lagging book still prices the game as it stood minutes ago
      const bookSpread = lagging ? fairSpread + between(random, -3, 3) : fairSpread;
      const bookTotal = lagging ? fairTotal + between(random, -3.5, 3.5) : fairTotal;
      const bookHome = lagging ? home + between(random, -0.05, 0.05) : home;
      const mainSpread = Math.round(bookSpread - 0.5) + 0.5;
      const mainTotal = Math.round(bookTotal - 0.5) + 0.5;
      const market = (marketKey: string, outcomes: BoardMarket['outcomes']): BoardMarket => ({
        key: marketKey,
        last_update: updated,
        outcomes,
      });
      // every line of every book is priced from the same truth: P(home covers at x), P(over y)
      const covers = (x: number) => Math.min(0.95, Math.max(0.05, 0.5 + (x - bookSpread) * 0.03));
      const overs = (y: number) => Math.min(0.95, Math.max(0.05, 0.5 - (y - bookTotal) * 0.025));
      const spreadOutcomes = (x: number) => {
        const [ph, pa] = pair(covers(x), margin, noise);
        return [
          { name: 'Home Team', price: ph, point: x },
          { name: 'Away Team', price: pa, point: -x },
        ];
      };
      const totalOutcomes = (y: number) => {
        const [po, pu] = pair(overs(y), margin, noise);
        return [
          { name: 'Over', price: po, point: y },
          { name: 'Under', price: pu, point: y },
        ];
      };
      const [h, a] = pair(bookHome, margin, noise);
      const markets: BoardMarket[] = [
        market('h2h', [
          { name: 'Home Team', price: h },
          { name: 'Away Team', price: a },
        ]),
        market('spreads', spreadOutcomes(mainSpread)),
        market('totals', totalOutcomes(mainTotal)),
        market('alternate_spreads', [...spreadOutcomes(mainSpread - 2), ...spreadOutcomes(mainSpread + 2)]),
        market('alternate_totals', [...totalOutcomes(mainTotal - 3), ...totalOutcomes(mainTotal + 3)]),
      ];
      if (b < 10 && propsLeft > 0) {
        const outcomes: BoardMarket['outcomes'] = [];
        for (let p = 0; p < propsPerEvent / 10 && propsLeft > 0; p += 2) {
          const [po, pu] = pair(0.5, margin, noise);
          const player = `Player ${e}-${p / 2}`;
          outcomes.push(
            { name: 'Over', description: player, price: po, point: 20.5 },
            { name: 'Under', description: player, price: pu, point: 20.5 },
          );
          propsLeft -= 2;
        }
        markets.push(market('player_points', outcomes));
      }
      return { key, title: key, last_update: updated, markets };
    });
    events.push({
      id: `synthetic-${e}`,
      sport_key: 'americanfootball_nfl',
      sport_title: 'NFL',
      commence_time: new Date(spec.now + startsIn).toISOString(),
      home_team: 'Home Team',
      away_team: 'Away Team',
      bookmakers,
    });
  }
  return events;
}
