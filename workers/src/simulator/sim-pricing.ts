import { americanToDecimal, decimalToAmericanRounded, type BoardMarket, type BoardOutcome } from '@oddspulse/shared';
import type { BookProfile } from './sim-books';
import type { SimClock } from './sim-clock';
import type { GameProgress } from './sim-game-state';
import { normalCdf, poissonPmf, stepNoise } from './sim-random';
import type { SimGame } from './sim-schedule';
import { steamShift } from './sim-steam';

/** How long a book's own noise holds before it is redrawn (simulated seconds). */
export const BIAS_WINDOW_SEC = 3600;
/** The truth moves in small steps (news, sharp money) about this often (simulated seconds). */
export const DRIFT_PERIOD_SEC = 600;
/** Books mostly copy the market: their own views wander only this share of their noise. */
const NOISE_SCALE = 0.5;

export const roundHalf = (x: number) => Math.floor(x) + 0.5;

/**
 * The number a book hangs for an expected value: the key number itself when the value is near one (football
 * spreads sit on 3, 7 and 10, with pushes possible), else the nearest half point.
 */
export function keyLine(x: number, keys: readonly number[] = []): number {
  const key = keys.find((k) => Math.abs(Math.abs(x) - k) <= KEY_PULL);
  return key === undefined ? roundHalf(x) : Math.sign(x) * key;
}
const KEY_PULL = 0.3;
export const clampP = (p: number) => Math.min(0.985, Math.max(0.015, p));

/** What a book (or the truth) believes about the rest of a game at one moment. */
export interface GameView {
  diff: number;
  scored: number;
  homeScore: number;
  awayScore: number;
  marginLeft: number;
  marginSd: number;
  totalLeft: number;
  totalSd: number;
}

/**
 * The truth (book = null) or a book's view of the rest of the game: the score and clock at `clockSec`, the
 * strength as it was known at `simSec` (a lagging book runs its model on an old read of the game). The truth
 * drifts in steps, and before kick-off moves by several points now and then (sim-steam, known at `steamSec`: the
 * news reaches every book at its next update, not after its lag); each book adds its own noise, redrawn every bias window.
 */
export function gameView(
  clock: SimClock,
  progress: GameProgress,
  game: SimGame,
  simSec: number,
  book: BookProfile | null,
  clockSec = simSec,
  steamSec = simSec,
): GameView {
  const seed = clock.seed;
  const profile = game.sport;
  const state = progress.state(game, clock.realMs(clockSec));
  const left = 1 - state.played;
  let margin = game.strength + 0.03 * profile.marginSd * stepNoise(simSec, DRIFT_PERIOD_SEC, seed, game.id, 'drift');
  let total = game.total + 0.015 * profile.totalSd * stepNoise(simSec, DRIFT_PERIOD_SEC, seed, game.id, 'drift-total');
  const steam = steamShift(seed, game, steamSec, clock.simSec(game.commence));
  margin += steam.margin;
  total += steam.total;
  if (book) {
    margin +=
      NOISE_SCALE * book.noise * profile.marginSd * stepNoise(simSec, BIAS_WINDOW_SEC, seed, book.key, game.id, 'bias');
    total +=
      NOISE_SCALE *
      book.noise *
      profile.totalSd *
      stepNoise(simSec, BIAS_WINDOW_SEC, seed, book.key, game.id, 'bias-total');
  }
  return {
    diff: state.home - state.away,
    scored: state.home + state.away,
    homeScore: state.home,
    awayScore: state.away,
    marginLeft: margin * left,
    marginSd: Math.max(1e-6, profile.marginSd * Math.sqrt(left)),
    totalLeft: Math.max(0, total * left),
    totalSd: Math.max(1e-6, profile.totalSd * Math.sqrt(left)),
  };
}

/** Remaining goals for each side (soccer): Poisson means from the expected margin and total. */
function goalMeans(view: GameView, share = 1): [number, number] {
  const total = view.totalLeft * share;
  const margin = view.marginLeft * share;
  return [Math.max(0.02, (total + margin) / 2), Math.max(0.02, (total - margin) / 2)];
}

function drawProbability(ph: number[], pa: number[], diff: number): number {
  let p = 0;
  for (let i = 0; i < ph.length; i++) {
    const j = i + diff;
    if (j >= 0 && j < pa.length) p += ph[i] * pa[j];
  }
  return p;
}

/**
 * P(home final margin + line > 0), P(total > line) and the result (home win, or home / draw / away for a
 * three-way sport) over `share` of what is left of the game: goal by goal for soccer, normal elsewhere.
 */
export function probabilities(
  game: SimGame,
  view: GameView,
  share = 1,
  base = { diff: view.diff, scored: view.scored },
) {
  if (game.sport.threeWay) {
    const [lh, la] = goalMeans(view, share);
    const ph = poissonPmf(lh, 12);
    const pa = poissonPmf(la, 12);
    const margin = (line: number) => {
      let p = 0;
      for (let i = 0; i <= 12; i++) for (let j = 0; j <= 12; j++) if (base.diff + i - j + line > 0) p += ph[i] * pa[j];
      return p;
    };
    const total = (line: number) => {
      const pt = poissonPmf(lh + la, 24);
      let p = 0;
      for (let k = 0; k <= 24; k++) if (base.scored + k > line) p += pt[k];
      return p;
    };
    const win = margin(0);
    const loss = 1 - margin(0) - drawProbability(ph, pa, base.diff);
    return { cover: margin, over: total, result: [win, Math.max(0, 1 - win - loss), Math.max(0, loss)] as number[] };
  }
  const mu = view.marginLeft * share;
  const sd = game.sport.marginSd * Math.sqrt(share) * (view.marginSd / game.sport.marginSd);
  const tMu = view.totalLeft * share;
  const tSd = game.sport.totalSd * Math.sqrt(share) * (view.totalSd / game.sport.totalSd);
  return {
    cover: (line: number) => normalCdf((base.diff + mu + line) / sd),
    over: (line: number) => normalCdf((base.scored + tMu - line) / tSd),
    result: [normalCdf((base.diff + mu) / sd)],
  };
}

/**
 * The exchanges' price ladder (Betfair's published price increments; Matchbook and Smarkets quote on like ladders):
 * up to each price, the step between two prices. Prices run from 1.01 to 1000.
 */
const LADDER: readonly (readonly [upTo: number, step: number])[] = [
  [2, 0.01],
  [3, 0.02],
  [4, 0.05],
  [6, 0.1],
  [10, 0.2],
  [20, 0.5],
  [30, 1],
  [50, 2],
  [100, 5],
  [1000, 10],
];
const LADDER_MIN = 1.01;
const LADDER_MAX = 1000;

/** The ladder price at or below `decimal` ('down', what an exchange offers to back) or at or above it ('up', to lay). */
export function ladderPrice(decimal: number, direction: 'down' | 'up'): number {
  if (decimal <= LADDER_MIN) return LADDER_MIN;
  if (decimal >= LADDER_MAX) return LADDER_MAX;
  let from = 1;
  for (const [upTo, step] of LADDER) {
    if (decimal <= upTo) {
      // in steps from the band's start; a hair of float error never moves a price already on the ladder
      const steps = (decimal - from) / step;
      const n = direction === 'down' ? Math.floor(steps + 1e-9) : Math.ceil(steps - 1e-9);
      return Math.max(LADDER_MIN, Math.round((from + n * step) * 100) / 100);
    }
    from = upTo;
  }
  return LADDER_MAX;
}

/** The ladder price one step above a ladder price: the tightest an exchange's lay sits over its back. */
export function nextLadderPrice(price: number): number {
  return ladderPrice(ladderPrice(price, 'up') + 1e-6, 'up');
}

/** Fair probabilities → the book's prices: its margin spread over the outcomes, then its rounding. */
export function bookPrices(book: BookProfile, fair: number[]): number[] {
  const clamped = fair.map(clampP);
  const sum = clamped.reduce((s, p) => s + p, 0);
  return clamped.map((p) => {
    const implied = Math.min(0.995, (p / sum) * (1 + book.margin));
    const decimal = 1 / implied;
    if (book.rounding === 'ladder') return ladderPrice(decimal, 'down');
    if (book.rounding === 'decimal2') return Math.max(1.01, Math.floor(decimal * 100) / 100);
    return americanToDecimal(decimalToAmericanRounded(decimal));
  });
}

/**
 * An exchange's lay prices for the same fair probabilities, outcome by outcome as bookPrices gives its back prices:
 * the margin the other way (the lay side's book is under 100 %), up the ladder, and always at least a step above the
 * back price, as a matched market's best lay sits above its best back.
 */
export function layPrices(book: BookProfile, fair: number[]): number[] {
  const clamped = fair.map(clampP);
  const sum = clamped.reduce((s, p) => s + p, 0);
  const backs = bookPrices(book, fair);
  return clamped.map((p, i) => {
    const decimal = 1 / ((p / sum) * (1 - book.margin));
    return Math.max(ladderPrice(decimal, 'up'), nextLadderPrice(backs[i]));
  });
}

/** A two-outcome market at the book's prices for P(first outcome) = p. */
export function twoWay(
  book: BookProfile,
  key: string,
  names: [string, string],
  p: number,
  points?: [number, number],
  description?: string,
): BoardMarket {
  const [a, b] = bookPrices(book, [p, 1 - p]);
  const outcome = (name: string, price: number, point?: number): BoardOutcome => {
    const o: BoardOutcome = { name, price };
    if (description) o.description = description;
    if (point !== undefined) o.point = point;
    return o;
  };
  return { key, last_update: '', outcomes: [outcome(names[0], a, points?.[0]), outcome(names[1], b, points?.[1])] };
}
