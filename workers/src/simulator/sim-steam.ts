import { uniform } from './sim-random';
import type { SimGame } from './sim-schedule';
import type { SportProfile } from './sim-sports';

/**
 * Steam comes in windows of this length (simulated seconds); a move lasts from its moment to the window's end. Half
 * an hour, not an hour: with hour windows the scanner went up to 13 minutes without a middle at its defaults (seed
 * 42: 15 % of a day's moments sampled every 10 minutes), so a newcomer could open Middles and find it empty (issue
 * 22); with these, 1.4 % of those moments, and never two minutes running in three hours sampled every minute.
 */
export const STEAM_WINDOW_SEC = 1800;
/** Share of a game's windows with a move before kick-off: about one every hour and a half of a game's listing. */
export const STEAM_CHANCE = 0.3;
/**
 * A move (and its way back) spreads over this long: books that update seconds apart then differ by a small part
 * of it, so the move leaves middles (numbers held by slow books) without handing out large arbitrages.
 */
export const STEAM_RAMP_SEC = 300;

type SteamMarket = 'spreads' | 'totals';

/** Points the market's numbers stand moved at a moment: the home margin (spreads) and the total. */
export interface SteamShift {
  margin: number;
  total: number;
}

/**
 * How far steam (news, sharp money) has moved a game's numbers at a moment (the feed never had more
 * than a one-point middle). Only the point sports move by several points at once: 2–7 on football spreads (across
 * the key numbers 3 and 7), 2–5 on basketball spreads, 2–4 on football totals and 3–7 on basketball totals. A move
 * starts at a seeded moment of its window, holds to the window's end and goes back; none after kick-off.
 */
export function steamShift(seed: number, game: SimGame, simSec: number, commenceSec: number): SteamShift {
  const shift = { margin: 0, total: 0 };
  const sizes = steamSizes(game.sport);
  if (!sizes) return shift;
  const fade = ramp(commenceSec - simSec);
  if (fade <= 0) return shift;
  const window = Math.floor(simSec / STEAM_WINDOW_SEC);
  for (const w of [window - 1, window]) {
    const move = steamMove(seed, game, w, sizes);
    if (!move) continue;
    const end = (w + 1) * STEAM_WINDOW_SEC;
    const weight = ramp(simSec - move.fromSec) * (1 - ramp(simSec - end)) * fade;
    if (move.market === 'spreads') shift.margin += move.points * weight;
    else shift.total += move.points * weight;
  }
  return shift;
}

const ramp = (sec: number) => Math.min(1, Math.max(0, sec / STEAM_RAMP_SEC));

function steamMove(seed: number, game: SimGame, window: number, sizes: Record<SteamMarket, [number, number]>) {
  if (uniform(seed, game.id, window, 'steam') >= STEAM_CHANCE) return null;
  const fromSec = (window + uniform(seed, game.id, window, 'steam-at')) * STEAM_WINDOW_SEC;
  const market: SteamMarket = uniform(seed, game.id, window, 'steam-market') < 0.6 ? 'spreads' : 'totals';
  const [lo, hi] = sizes[market];
  const size = lo + Math.floor(uniform(seed, game.id, window, 'steam-size') * (hi - lo + 1));
  const sign = uniform(seed, game.id, window, 'steam-sign') < 0.5 ? -1 : 1;
  return { market, points: sign * size, fromSec };
}

function steamSizes(profile: SportProfile): Record<SteamMarket, [number, number]> | null {
  if (profile.key.startsWith('americanfootball')) return { spreads: [2, 7], totals: [2, 4] };
  if (profile.key.startsWith('basketball')) return { spreads: [2, 5], totals: [3, 7] };
  return null;
}
