import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allTeams, normaliseTeamName, teamLeague, type Team, type TeamLeague } from '../scores/teams';
import { findPickGame, type ResultCandidate } from './match-game';
import { settlePick, unsettledReasonMessage, type FinalGame } from './settlement';

/*
 * DECISIONS 24 on the recorded finals: every form of every team the team directory holds, written as bettors write
 * it, finds its game and settles right; a city or region alone never does. A wrong settlement is worse than a late
 * one, so every case below checks the exact game and result, never only "settled".
 */
const FIXTURES = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures');

type Game = ResultCandidate & FinalGame & { sport: string };

/** ESPN's {sport}_{league} in a recorded scoreboard's file name → the sport key. */
const ESPN_SPORTS: Record<string, string> = {
  football_nfl: 'americanfootball_nfl',
  'football_college-football': 'americanfootball_ncaaf',
  basketball_nba: 'basketball_nba',
  'basketball_mens-college-basketball': 'basketball_ncaab',
  hockey_nhl: 'icehockey_nhl',
  baseball_mlb: 'baseball_mlb',
  'soccer_usa.1': 'soccer_usa_mls',
};

interface EspnBoard {
  events: Array<{
    id: string;
    date: string;
    status: { type: { completed: boolean } };
    competitions: Array<{ competitors: Array<{ homeAway: string; score: string; team: { displayName: string } }> }>;
  }>;
}

/** Every recorded ESPN scoreboard's games, final or not, as settlement sees them. */
function recordedBoards(): Game[][] {
  const boards: Game[][] = [];
  for (const file of readdirSync(join(FIXTURES, 'espn'))) {
    const key = Object.keys(ESPN_SPORTS).find((k) => file.startsWith(`scoreboard_${k}_`));
    if (!key) continue;
    const board = JSON.parse(readFileSync(join(FIXTURES, 'espn', file), 'utf8')) as EspnBoard;
    boards.push(
      board.events.map((e) => {
        const [home, away] = ['home', 'away'].map((side) =>
          e.competitions[0].competitors.find((c) => c.homeAway === side)!,
        );
        return {
          sport: ESPN_SPORTS[key],
          game_id: e.id,
          commence_time: new Date(e.date).toISOString(),
          final: e.status.type.completed,
          home_team: home.team.displayName,
          away_team: away.team.displayName,
          home_score: Number(home.score),
          away_score: Number(away.score),
        };
      }),
    );
  }
  const scores = JSON.parse(
    readFileSync(
      join(FIXTURES, 'the-odds-api', 'v4_scores_baseball_mlb_daysFrom_completed-live-upcoming_2022-08-27.json'),
      'utf8',
    ),
  ) as Array<{
    id: string;
    completed: boolean;
    home_team: string;
    away_team: string;
    commence_time: string;
    scores: Array<{ name: string; score: string }> | null;
  }>;
  boards.push(
    scores.map((g) => {
      const score = (team: string) => Number(g.scores?.find((s) => s.name === team)?.score ?? 0);
      return {
        sport: 'baseball_mlb',
        game_id: g.id,
        event_id: g.id,
        commence_time: g.commence_time,
        final: g.completed,
        home_team: g.home_team,
        away_team: g.away_team,
        home_score: score(g.home_team),
        away_score: score(g.away_team),
      };
    }),
  );
  return boards;
}

const BOARDS = recordedBoards();
const FINALS = BOARDS.flat().filter((g) => g.final);
const SPORT_OF: Record<TeamLeague, string> = {
  NFL: 'americanfootball_nfl',
  NBA: 'basketball_nba',
  MLB: 'baseball_mlb',
  NHL: 'icehockey_nhl',
  WNBA: 'basketball_wnba',
  MLS: 'soccer_usa_mls',
  NCAAF: 'americanfootball_ncaaf',
  NCAAB: 'basketball_ncaab',
};

/**
 * The ways a bettor writes each form the directory holds: as it is, in capitals, a short city with dots ("N.Y.
 * Giants", "N. Y. Giants", "N.Y.Giants"), a school's "State" as "St." and its "AM" as "A&M".
 */
function writtenForms(team: Team): string[] {
  const written = new Set<string>();
  for (const form of team.forms) {
    written.add(form);
    written.add(form.toUpperCase());
    const [first, ...rest] = form.split(' ');
    if (rest.length && /^[a-z]{2,3}$/.test(first)) {
      const letters = first.toUpperCase().split('');
      written.add(`${letters.join('.')}. ${rest.join(' ')}`);
      // spaced ("L. A. Rams") and run on ("L.A.Rams"): one short form however the dots fall
      written.add(`${letters.join('. ')}. ${rest.join(' ')}`);
      written.add(`${letters.join('.')}.${rest.join(' ')}`);
    }
    if (/ state\b/.test(form)) written.add(form.replace(/ state\b/, ' St.'));
    if (/\bam\b/.test(form)) written.add(form.replace(/\bam\b/, 'A&M'));
  }
  for (const form of written)
    expect([team.name, form, team.forms.has(normaliseTeamName(form))]).toEqual([team.name, form, true]);
  return [...written];
}

function expected(margin: number, line: number): 'won' | 'lost' | 'push' {
  return margin + line > 0 ? 'won' : margin + line < 0 ? 'lost' : 'push';
}

/** One pick per written form of each team of `game`, on `board`: the game found, spread and moneyline settled right. */
function checkForms(game: Game, board: readonly Game[], team: Team, side: 'home' | 'away'): number {
  const margin = side === 'home' ? game.home_score - game.away_score : game.away_score - game.home_score;
  const at = Date.parse(game.commence_time);
  let checked = 0;
  for (const form of writtenForms(team)) {
    const text = side === 'home' ? `${game.away_team} @ ${form}` : `${form} @ ${game.home_team}`;
    const pick = {
      game: text,
      commenceTime: game.commence_time,
      dateAdded: new Date(at - 3_600_000).toISOString(),
      sport: game.sport,
    };
    const found = findPickGame(pick, board);
    expect([text, found.game?.game_id]).toEqual([text, game.game_id]);
    expect([
      text,
      settlePick({ game: text, market: 'Point Spread', selection: `${form} +0.5`, sport: game.sport }, game),
    ]).toEqual([text, { settled: true, status: expected(margin, 0.5), confidence: 95 }]);
    if (!game.sport.startsWith('soccer')) {
      expect([
        text,
        settlePick({ game: text, market: 'Moneyline', selection: form, sport: game.sport }, game),
      ]).toMatchObject([text, { settled: true, status: expected(margin, 0) }]);
    }
    checked += 1;
  }
  return checked;
}

function teamOf(name: string, sport: string): Team {
  const league = teamLeague(sport);
  const team = allTeams().find((t) => t.league === league && t.forms.has(normaliseTeamName(name)));
  expect([name, team?.league]).toEqual([name, league]);
  return team!;
}

describe('every form of the recorded finals’ teams settles right on its recorded board (DECISIONS 24)', () => {
  it('has finals of every recorded league', () => {
    expect(new Set(FINALS.map((g) => g.sport))).toEqual(
      new Set([
        'americanfootball_nfl',
        'americanfootball_ncaaf',
        'basketball_nba',
        'icehockey_nhl',
        'baseball_mlb',
        'soccer_usa_mls',
      ]),
    );
  });

  for (const game of FINALS) {
    it(`${game.away_team} ${game.away_score} @ ${game.home_team} ${game.home_score} (${game.sport})`, () => {
      const board = BOARDS.find((b) => b.includes(game))!;
      const checked =
        checkForms(game, board, teamOf(game.home_team, game.sport), 'home') +
        checkForms(game, board, teamOf(game.away_team, game.sport), 'away');
      expect(checked).toBeGreaterThanOrEqual(4);
    });
  }
});

/**
 * Every team of every league the directory holds, on one day's slate where every team plays (team 1 at team 2, 3 at
 * 4, …) and every game is final, with the scores of the recorded finals in turn: each written form finds its team's
 * game among all the league's games, and settles right.
 */
describe('every form of every team of every league settles right on a full slate (DECISIONS 24)', () => {
  const leagues = [...new Set(allTeams().map((t) => t.league))];
  it('covers the eight leagues settlement supports (spec 002 §5)', () => {
    expect(leagues.sort()).toEqual(['MLB', 'MLS', 'NBA', 'NCAAB', 'NCAAF', 'NFL', 'NHL', 'WNBA']);
  });

  for (const league of leagues) {
    it(`${league}: every team, every form`, () => {
      const teams = allTeams().filter((t) => t.league === league);
      const sport = SPORT_OF[league];
      const slate: Array<Game & { teams: [Team, Team] }> = [];
      for (let i = 0; i < teams.length; i += 2) {
        // an odd team out plays the first team the next day
        const [away, home] = i + 1 < teams.length ? [teams[i], teams[i + 1]] : [teams[i], teams[0]];
        const score = FINALS[(i / 2) % FINALS.length];
        slate.push({
          sport,
          teams: [away, home],
          game_id: `${league}-${i / 2}`,
          commence_time: i + 1 < teams.length ? '2026-10-04T17:00:00.000Z' : '2026-10-05T17:00:00.000Z',
          final: true,
          home_team: home.name,
          away_team: away.name,
          home_score: score.home_score,
          away_score: score.away_score,
        });
      }
      let checked = 0;
      for (const game of slate)
        checked += checkForms(game, slate, game.teams[1], 'home') + checkForms(game, slate, game.teams[0], 'away');
      expect(checked).toBeGreaterThanOrEqual(teams.length * 2);
    });
  }
});

describe('a city or region alone stays pending and says why (DECISIONS 24)', () => {
  // NFL 2022 week 1 as a slate where both Los Angeles teams are final the same day, and both New York teams
  const day = '2022-09-11T17:00:00.000Z';
  const slate: Game[] = [
    ['Buffalo Bills', 'Los Angeles Rams', 31, 10],
    ['Las Vegas Raiders', 'Los Angeles Chargers', 19, 24],
    ['Baltimore Ravens', 'New York Jets', 24, 9],
    ['New York Giants', 'Tennessee Titans', 21, 20],
    ['San Francisco 49ers', 'Chicago Bears', 10, 19],
  ].map(([away, home, awayScore, homeScore], i) => ({
    sport: 'americanfootball_nfl',
    game_id: `g${i}`,
    commence_time: day,
    final: true,
    home_team: String(home),
    away_team: String(away),
    home_score: Number(homeScore),
    away_score: Number(awayScore),
  }));
  const dateAdded = '2022-09-11T12:00:00.000Z';

  it.each(['LA', 'L.A.', 'Los Angeles', 'NY', 'N.Y.', 'New York', 'Chicago', 'CHI'])(
    '"%s" in the game text finds no game, and says to name the team',
    (place) => {
      for (const text of [
        `Buffalo Bills @ ${place}`,
        `${place} @ Tennessee Titans`,
        `San Francisco 49ers @ ${place}`,
      ]) {
        const pick = { game: text, dateAdded, sport: 'americanfootball_nfl' };
        const found = findPickGame(pick, slate);
        // "CHI" is the Bears' own abbreviation: it finds their game and no other
        if (place !== 'CHI') expect([text, found]).toEqual([text, { game: null, reason: 'game_text' }]);
        else if (text.startsWith('San Francisco')) expect(found.game?.game_id).toBe('g4');
        else expect([text, found]).toEqual([text, { game: null, reason: 'game_not_found' }]);
      }
    },
  );

  it('says why a city alone leaves the pick pending', () => {
    expect(unsettledReasonMessage({ code: 'game_text' })).toBe(
      'Unreadable game: name the two teams as "Away @ Home" (a city alone, such as "LA", is not a team)',
    );
  });

  it.each(['LA', 'L.A.', 'Los Angeles'])('"%s +3.5" as the selection on the Rams’ game names neither team', (place) => {
    const outcome = settlePick(
      {
        game: 'Buffalo Bills @ Los Angeles Rams',
        market: 'Spread',
        selection: `${place} +3.5`,
        sport: 'americanfootball_nfl',
      },
      slate[0],
    );
    expect(outcome).toEqual({ settled: false, reason: 'team_not_found' });
    expect(unsettledReasonMessage({ code: outcome.settled ? 'ambiguous' : outcome.reason })).toBe(
      'The selection names neither team of this game',
    );
  });

  it('a team that could be on two final games stays pending as ambiguous', () => {
    // "Giants" with no sport is the New York Giants and the San Francisco Giants: one per league, so the league decides
    const twoDays: Game[] = [
      { ...slate[3], game_id: 'sun' },
      // within the week after the pick was added that a pick without a start time is matched over (findPickGame)
      { ...slate[3], game_id: 'next', commence_time: '2022-09-16T00:15:00.000Z' },
    ];
    const found = findPickGame({ game: 'NY Giants @ TEN Titans', dateAdded, sport: 'americanfootball_nfl' }, twoDays);
    expect(found).toEqual({ game: null, reason: 'ambiguous', games: 2 });
    expect(unsettledReasonMessage({ code: 'ambiguous', games: 2 })).toBe('Ambiguous: 2 games match');
  });
});
