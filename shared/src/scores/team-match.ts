/**
 * Team-name matching of spec 002 §5, used to join a scoreboard to the odds feed and picks to games:
 * case-insensitive and punctuation-stripped; equal names, one containing the other, or a shared word
 * of more than 3 letters is a match; a game matches when both teams match, in either order.
 */

export function normaliseTeamName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** 3 equal, 2 one contains the other, 1 a shared word of more than 3 letters, 0 no match. */
export function teamMatchStrength(a: string, b: string): 0 | 1 | 2 | 3 {
  const x = normaliseTeamName(a);
  const y = normaliseTeamName(b);
  if (!x || !y) return 0;
  if (x === y) return 3;
  if (x.includes(y) || y.includes(x)) return 2;
  const words = new Set(x.split(' ').filter((w) => w.length > 3));
  return y.split(' ').some((w) => w.length > 3 && words.has(w)) ? 1 : 0;
}

export function teamsMatch(a: string, b: string): boolean {
  return teamMatchStrength(a, b) > 0;
}

export interface GameTeams {
  home_team: string;
  away_team: string;
  commence_time?: string;
}

/** How well two games' teams match (both must match, either order); 0 when they do not. */
export function gameMatchStrength(a: GameTeams, b: GameTeams): number {
  const straight = Math.min(teamMatchStrength(a.home_team, b.home_team), teamMatchStrength(a.away_team, b.away_team));
  const swapped = Math.min(teamMatchStrength(a.home_team, b.away_team), teamMatchStrength(a.away_team, b.home_team));
  if (!straight && !swapped) return 0;
  // Both orders count, but the right order is the better match.
  return straight >= swapped ? straight * 2 : swapped * 2 - 1;
}

/**
 * The candidate that is the same game: both teams match, the strongest match wins and, among equals,
 * the closest start time. Candidates more than `maxHoursApart` from the game's start are not the same game.
 */
export function findMatchingGame<T extends GameTeams>(game: GameTeams, candidates: readonly T[], maxHoursApart = 18): T | undefined {
  const start = game.commence_time ? Date.parse(game.commence_time) : NaN;
  let best: { candidate: T; strength: number; distance: number } | undefined;
  for (const candidate of candidates) {
    const strength = gameMatchStrength(game, candidate);
    if (!strength) continue;
    const other = candidate.commence_time ? Date.parse(candidate.commence_time) : NaN;
    const distance = Number.isNaN(start) || Number.isNaN(other) ? 0 : Math.abs(start - other);
    if (distance > maxHoursApart * 3_600_000) continue;
    if (!best || strength > best.strength || (strength === best.strength && distance < best.distance)) {
      best = { candidate, strength, distance };
    }
  }
  return best?.candidate;
}

/**
 * A pick's game text, "Away vs Home" (also '@', 'at', 'v'): the first team is away, the second home.
 * Anything that does not split into exactly two parts gives null (the pick is not validated).
 */
export function splitGameText(game: string): { away_team: string; home_team: string } | null {
  const parts = game.split(/\s+(?:vs\.?|@|at|v)\s+/i).map((p) => p.trim());
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  return { away_team: parts[0], home_team: parts[1] };
}
