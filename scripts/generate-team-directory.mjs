// `npm run generate:teams` (node scripts/generate-team-directory.mjs [fixtures folder]): writes
// shared/src/scores/feed-teams.generated.json, the feeds' own team records (DECISIONS 24 team matching) taken from the
// recorded responses in ../shared/fixtures: every ESPN scoreboard competitor (displayName, shortDisplayName,
// abbreviation, location, name) and every team name The Odds API used, for the leagues settlement covers (spec 002 §5).
// The fixtures are not in the repository at run time, so the generated file is committed; run this again when fixtures
// are added (shared/src/scores/teams.spec.ts fails while a recorded team is missing). shared/src/scores/teams.ts merges
// these records with its reviewed table into the one team directory that matching and settlement read.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const FIXTURES = process.argv[2] ?? join(ROOT, '..', 'shared', 'fixtures');
const OUT = join(ROOT, 'shared', 'src', 'scores', 'feed-teams.generated.json');

/** ESPN's {sport}_{league} in a recorded scoreboard's file name → the odds feed's sport key (spec 002 §7). */
const ESPN_SPORTS = {
  football_nfl: 'americanfootball_nfl',
  'football_college-football': 'americanfootball_ncaaf',
  basketball_nba: 'basketball_nba',
  'basketball_mens-college-basketball': 'basketball_ncaab',
  basketball_wnba: 'basketball_wnba',
  hockey_nhl: 'icehockey_nhl',
  baseball_mlb: 'baseball_mlb',
  'soccer_usa.1': 'soccer_usa_mls',
};
const SPORTS = new Set(Object.values(ESPN_SPORTS));

/** sport key → name → record; a later file adds the fields an earlier one lacked. */
const bySport = new Map();
function add(sport, record) {
  const teams = bySport.get(sport) ?? new Map();
  bySport.set(sport, teams);
  const known = teams.get(record.name) ?? { name: record.name };
  for (const [key, value] of Object.entries(record)) if (value && !known[key]) known[key] = value;
  teams.set(record.name, known);
}

const espnFolder = join(FIXTURES, 'espn');
for (const file of readdirSync(espnFolder).sort()) {
  const key = Object.keys(ESPN_SPORTS).find((k) => file.startsWith(`scoreboard_${k}_`));
  if (!key) continue;
  const board = JSON.parse(readFileSync(join(espnFolder, file), 'utf8'));
  for (const event of board.events ?? []) {
    for (const competitor of event.competitions?.[0]?.competitors ?? []) {
      const team = competitor.team ?? {};
      if (!team.displayName) continue;
      add(ESPN_SPORTS[key], {
        name: team.displayName,
        location: team.location,
        nickname: team.name,
        abbreviation: team.abbreviation,
        short: team.shortDisplayName,
      });
    }
  }
}

const oddsFolder = join(FIXTURES, 'the-odds-api');
for (const file of readdirSync(oddsFolder).sort()) {
  const body = JSON.parse(readFileSync(join(oddsFolder, file), 'utf8'));
  for (const event of Array.isArray(body) ? body : []) {
    if (!SPORTS.has(event.sport_key)) continue;
    for (const name of [event.home_team, event.away_team])
      if (typeof name === 'string' && name) add(event.sport_key, { name });
  }
}

// A record as a FeedTeamRow (shared/src/scores/feed-team-record.ts): its fields in this order, '' for one a feed did not
// give, the empty ones at the end left off, so that the table holds one line a team.
const ROW_FIELDS = ['name', 'location', 'nickname', 'abbreviation', 'short'];
function row(record) {
  const values = ROW_FIELDS.map((field) => record[field] ?? '');
  while (!values.at(-1)) values.pop();
  return values;
}

const rows = Object.fromEntries(
  [...bySport.keys()]
    .sort()
    .map((sport) => [sport, [...bySport.get(sport).values()].sort((a, b) => a.name.localeCompare(b.name)).map(row)]),
);
// Data, not code (shared/src/scores/feed-teams.ts reads it), written one line a team so that a new fixture's teams
// show as lines in a diff.
const teamLine = (team) => `    [${team.map((value) => JSON.stringify(value)).join(', ')}]`;
const sportBlock = ([sport, teams]) => `  ${JSON.stringify(sport)}: [\n${teams.map(teamLine).join(',\n')}\n  ]`;
writeFileSync(OUT, `{\n${Object.entries(rows).map(sportBlock).join(',\n')}\n}\n`);
console.log(`${OUT}: ${[...bySport].map(([sport, teams]) => `${sport} ${teams.size}`).join(', ')}`);
