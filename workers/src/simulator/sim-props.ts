import { americanToDecimal, type BoardMarket, type BoardOutcome } from '@oddspulse/shared';
import type { BookProfile } from './sim-books';
import { BIAS_WINDOW_SEC, bookPrices, clampP, DRIFT_PERIOD_SEC, roundHalf } from './sim-pricing';
import { hash32, normalCdf, stepNoise, uniform } from './sim-random';
import type { SimGame } from './sim-schedule';
import { playerName, type PropSpec } from './sim-sports';

/** DFS apps price every pick at −119 (spec 001 §5). */
export const DFS_DECIMAL = americanToDecimal(-119);
/** Prop lines are set on a player mean; books disagree on it less than on a game (as a share of their noise). */
const PROP_NOISE_SCALE = 0.25;
/**
 * A DFS app posts a pick only where its line is near a coin flip: at −119 both ways it cannot shade the price, so
 * a line far from the median (0.5 hits on a 0.9 mean) would hand +20 % EV to every player. Within this
 * distance of 50 %, the better side is worth at most about +3 % against a fair line, the other about −19 %.
 */
export const DFS_COIN_FLIP = 0.06;

/** A player's true mean for a prop at a moment: seeded per team and slot, drifting like the game's truth. */
function propMean(seed: number, game: SimGame, team: string, player: number, spec: PropSpec, simSec: number): number {
  const [lo, hi] = spec.mean;
  const base = lo + (hi - lo) * uniform(seed, game.sport.key, team, player, spec.market);
  return base * (1 + 0.015 * stepNoise(simSec, DRIFT_PERIOD_SEC, seed, game.id, team, player, spec.market));
}

/**
 * The players of a game's props, by team and slot: the same team keeps its names from game to game; a
 * visitor whose name is already taken in this game gets another, so no two players share a name.
 */
export function playerNames(seed: number, game: SimGame): Map<string, string> {
  const profile = game.sport;
  const slots = [...new Set(profile.props.flatMap((spec) => spec.players))];
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const team of [game.home, game.away]) {
    for (const player of slots) {
      let name = '';
      for (let salt = 0; !name || taken.has(name); salt++) {
        name = playerName((part) => hash32(seed, profile.key, team, player, part, salt || ''));
      }
      taken.add(name);
      names.set(`${team}#${player}`, name);
    }
  }
  return names;
}

/**
 * A book's player props for a game as it saw them at `atSec`: over/under lines on its noisy read of each
 * player's mean (a DFS app at its fixed −119, near-even lines only, without yes-only markets), yes-only markets priced as a chance.
 */
export function propMarkets(
  seed: number,
  game: SimGame,
  book: BookProfile,
  names: Map<string, string>,
  atSec: number,
  lastUpdate: string,
): BoardMarket[] {
  const markets: BoardMarket[] = [];
  for (const spec of game.sport.props) {
    if (spec.yesOnly && book.dfs) continue;
    const outcomes: BoardOutcome[] = [];
    for (const team of [game.home, game.away]) {
      for (const player of spec.players) {
        const name = names.get(`${team}#${player}`)!;
        const truth = propMean(seed, game, team, player, spec, atSec);
        const bias =
          1 +
          PROP_NOISE_SCALE *
            book.noise *
            stepNoise(atSec, BIAS_WINDOW_SEC, seed, book.key, game.id, team, player, spec.market);
        if (spec.yesOnly) {
          const [price] = bookPrices(book, [clampP(truth * bias), 1 - clampP(truth * bias)]);
          outcomes.push({ name: 'Yes', description: name, price });
          continue;
        }
        const mean = truth * bias;
        const line = roundHalf(mean);
        const over = 1 - normalCdf((line - mean) / Math.max(0.3, spec.spread * truth));
        if (book.dfs && Math.abs(over - 0.5) > DFS_COIN_FLIP) continue;
        const [overPrice, underPrice] = book.dfs ? [DFS_DECIMAL, DFS_DECIMAL] : bookPrices(book, [over, 1 - over]);
        outcomes.push({ name: 'Over', description: name, price: overPrice, point: line });
        outcomes.push({ name: 'Under', description: name, price: underPrice, point: line });
      }
    }
    if (outcomes.length) markets.push({ key: spec.market, last_update: lastUpdate, outcomes });
  }
  return markets;
}
