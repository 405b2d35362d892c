import { COLLEGE_LEAGUES, findTeam, isPlaceName, normaliseTeamName, teamLeague } from './teams';

export { normaliseTeamName } from './teams';

/**
 * Team-name matching (spec 002 §5 as DECISIONS 24 sets it), used to settle picks, to join a scoreboard to the odds
 * feed and to find a pick's closing line. Names are compared as normaliseTeamName writes them (case, dots, ampersands,
 * "St."). A team matches on a name or form the team directory (teams.ts) gives it: its full name, its nickname, its
 * abbreviation or a well-known short form, its nickname after its city written any usual way ("SF 49ers", "N.Y.
 * Giants"), a school's own name ("Ohio State"); never on its city or region alone ("New York", "Chicago", "LA"). In the
 * professional leagues the directory holds every team and decides. Schools outside it (and college teams in it) also
 * match on the same name, club designators (FC, SC, CF) aside, on a whole-word ending of the full name ("Crimson
 * Tide"), or, in a college sport, on the school's name before a mascot ("Penn State" for "Penn State Nittany Lions");
 * a place at the start of a name is never enough.
 */

/** Club designators a feed may add or drop ("Seattle Sounders FC" / "Seattle Sounders"). */
const DESIGNATORS = new Set(['fc', 'sc', 'cf', 'afc']);
/** Words that name no team on their own. */
const GENERIC = new Set([
  ...DESIGNATORS,
  'united',
  'city',
  'state',
  'university',
  'college',
  'club',
  'athletic',
  'real',
  'the',
]);
/**
 * Words that continue a school's name rather than start its mascot: "Ball" is not "Ball State Cardinals", "Texas" not
 * "Texas Tech Red Raiders".
 */
const SCHOOL_WORDS = new Set([
  'state',
  'tech',
  'am',
  'college',
  'university',
  'christian',
  'international',
  'baptist',
  'southern',
  'poly',
]);

function withoutDesignators(name: string): string {
  return name
    .split(' ')
    .filter((word) => !DESIGNATORS.has(word))
    .join(' ');
}

/**
 * The first words of two-word mascots ("Crimson Tide", "Nittany Lions", "Red Storm"): after a school's name, two words
 * are its mascot only when the first is one of these, so "Southern" is not "Southern Illinois Salukis".
 */
const MASCOT_FIRST_WORDS = new Set(
  `big black blue crimson demon fighting golden great green horned mean mountain nittany orange purple ragin rainbow red
  running scarlet sea sun tar thundering white wolf yellow`.split(/\s+/),
);

/**
 * A school's own name before its mascot: `school` starts `full` and its mascot follows, one word or two of a known
 * shape ("Ohio State" in "Ohio State Buckeyes", "Penn State" in "Penn State Nittany Lions"; not "Penn", not "Ball"
 * in "Ball State Cardinals"). A full name with a hyphen or a parenthesis is a compound school ("Texas A&M-Corpus
 * Christi", "Miami (OH)"), never matched by its start.
 */
function isSchoolOf(school: string, full: string, rawFull: string): boolean {
  if (/[-(]/.test(rawFull) || !full.startsWith(`${school} `) || GENERIC.has(school)) return false;
  const mascot = full.slice(school.length + 1).split(' ');
  if (mascot.length === 1) return !SCHOOL_WORDS.has(mascot[0]);
  return mascot.length === 2 && MASCOT_FIRST_WORDS.has(mascot[0]);
}

/**
 * 3 the same name, 2 a name or form of it, 0 no match. `sport` (a sport key) narrows the directory to its league ("KC"
 * is the Chiefs in the NFL, the Royals in MLB) and tells a college sport.
 */
export function teamMatchStrength(a: string, b: string, sport?: string | null): 0 | 2 | 3 {
  const x = normaliseTeamName(a);
  const y = normaliseTeamName(b);
  if (!x || !y) return 0;
  if (x === y) return 3;
  if (isPlaceName(x) || isPlaceName(y)) return 0;
  const league = teamLeague(sport);
  const college = league !== null && COLLEGE_LEAGUES.has(league);
  const teamX = findTeam(x, sport);
  const teamY = findTeam(y, sport);
  if (teamX && teamY) return teamX === teamY ? 2 : 0;
  if (teamY?.forms.has(x) || teamX?.forms.has(y)) return 2;
  if ((teamX || teamY) && !college) return 0;
  const plainX = withoutDesignators(x);
  const plainY = withoutDesignators(y);
  if (plainX && plainX === plainY) return 3;
  const [short, long, rawLong] = plainX.length <= plainY.length ? [plainX, plainY, b] : [plainY, plainX, a];
  if (!short || GENERIC.has(short) || isPlaceName(short)) return 0;
  if (college && isSchoolOf(short, long, rawLong)) return 2;
  return long.endsWith(` ${short}`) ? 2 : 0;
}

export function teamsMatch(a: string, b: string, sport?: string | null): boolean {
  return teamMatchStrength(a, b, sport) > 0;
}

export interface GameTeams {
  home_team: string;
  away_team: string;
  commence_time?: string;
}

/** How well two games' teams match (both must match, either order); 0 when they do not. */
export function gameMatchStrength(a: GameTeams, b: GameTeams, sport?: string | null): number {
  const straight = Math.min(
    teamMatchStrength(a.home_team, b.home_team, sport),
    teamMatchStrength(a.away_team, b.away_team, sport),
  );
  const swapped = Math.min(
    teamMatchStrength(a.home_team, b.away_team, sport),
    teamMatchStrength(a.away_team, b.home_team, sport),
  );
  if (!straight && !swapped) return 0;
  // Both orders count, but the right order is the better match.
  return straight >= swapped ? straight * 2 : swapped * 2 - 1;
}

/** How well `candidate` is `game`: its match strength and start-time distance, or null when it is not the same game. */
function sameGame(
  game: GameTeams,
  candidate: GameTeams,
  maxHoursApart: number,
): { strength: number; distance: number } | null {
  const strength = gameMatchStrength(game, candidate);
  if (!strength) return null;
  const start = game.commence_time ? Date.parse(game.commence_time) : NaN;
  const other = candidate.commence_time ? Date.parse(candidate.commence_time) : NaN;
  const distance = Number.isNaN(start) || Number.isNaN(other) ? 0 : Math.abs(start - other);
  return distance > maxHoursApart * 3_600_000 ? null : { strength, distance };
}

/** The stronger match first, and among equals the closer start. */
function better(a: { strength: number; distance: number }, b: { strength: number; distance: number }): boolean {
  return a.strength > b.strength || (a.strength === b.strength && a.distance < b.distance);
}

/**
 * The candidate that is the same game: both teams match, the strongest match wins and, among equals,
 * the closest start time. Candidates more than `maxHoursApart` from the game's start are not the same game.
 */
export function findMatchingGame<T extends GameTeams>(
  game: GameTeams,
  candidates: readonly T[],
  maxHoursApart = 18,
): T | undefined {
  let best: { candidate: T; strength: number; distance: number } | undefined;
  for (const candidate of candidates) {
    const match = sameGame(game, candidate, maxHoursApart);
    if (match && (!best || better(match, best))) best = { candidate, ...match };
  }
  return best?.candidate;
}

/**
 * Each game paired with at most one candidate and each candidate with at most one game, as findMatchingGame judges
 * them, the best pairs first: two games of the same teams (a doubleheader, a series' next game) are never both the
 * same candidate, and the one whose start is closer has it. The pairs by the games' index.
 */
export function matchGamesOneToOne<T extends GameTeams>(
  games: readonly GameTeams[],
  candidates: readonly T[],
  maxHoursApart = 18,
): Map<number, T> {
  const pairs: Array<{ game: number; candidate: number; strength: number; distance: number }> = [];
  games.forEach((game, g) =>
    candidates.forEach((candidate, c) => {
      const match = sameGame(game, candidate, maxHoursApart);
      if (match) pairs.push({ game: g, candidate: c, ...match });
    }),
  );
  pairs.sort((a, b) => b.strength - a.strength || a.distance - b.distance);
  const paired = new Map<number, T>();
  const taken = new Set<number>();
  for (const pair of pairs) {
    if (paired.has(pair.game) || taken.has(pair.candidate)) continue;
    paired.set(pair.game, candidates[pair.candidate]);
    taken.add(pair.candidate);
  }
  return paired;
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
