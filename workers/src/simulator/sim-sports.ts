/** How each simulated sport plays: length, scoring, spreads of results, markets and props. */
export interface PropSpec {
  market: string;
  /** Which player of the team's list it is about (0 = the first). */
  players: number[];
  mean: [number, number];
  /** Standard deviation as a share of the mean. */
  spread: number;
  /** Yes-only markets (anytime scorer): the line is the chance of at least one. */
  yesOnly?: boolean;
}

export interface PeriodMarket {
  /** Market keys, e.g. h2h_h1. */
  keys: string[];
  /** Share of the game the period covers. */
  share: number;
}

export interface SportProfile {
  key: string;
  title: string;
  /** Minutes from the start to the final whistle. */
  durationMin: number;
  periods: number;
  /** Minutes on the game clock per period; 0 for baseball (innings). */
  periodClockMin: number;
  clockCountsDown: boolean;
  /** Scoring chances in a game; each is a Poisson draw per team. */
  slots: number;
  /** Points a score is worth, with weights. */
  scoreValues: Array<[number, number]>;
  homeAdvantage: number;
  /** Spread of the expected margin across games. */
  strengthSd: number;
  /** Standard deviation of the final margin around its expectation. */
  marginSd: number;
  totalMean: number;
  totalSd: number;
  /** Lines move in steps of this (alternates are offered at multiples). */
  altStep: number;
  threeWay: boolean;
  /** Games on the board at any time (live and upcoming). */
  gamesOnBoard: number;
  /** How far ahead games are listed, in minutes. */
  lookaheadMin: number;
  teams: string[];
  periodMarkets: PeriodMarket[];
  props: PropSpec[];
  ranked: boolean;
  /** Margins a game often ends on: spreads near one sit on it (football's 3, 7 and 10). */
  keyNumbers?: number[];
  /** Rounds of a season (one game per team a round): team records count from its first. */
  seasonGames: number;
  /** Days a round lasts: a team plays once in it (7 for football, which plays weekly; 1 for the others). */
  roundDays: number;
}

const NFL_TEAMS = [
  'Buffalo Bills',
  'Miami Dolphins',
  'New England Patriots',
  'New York Jets',
  'Baltimore Ravens',
  'Cincinnati Bengals',
  'Cleveland Browns',
  'Pittsburgh Steelers',
  'Houston Texans',
  'Indianapolis Colts',
  'Jacksonville Jaguars',
  'Tennessee Titans',
  'Denver Broncos',
  'Kansas City Chiefs',
  'Las Vegas Raiders',
  'Los Angeles Chargers',
  'Dallas Cowboys',
  'New York Giants',
  'Philadelphia Eagles',
  'Washington Commanders',
  'Chicago Bears',
  'Detroit Lions',
  'Green Bay Packers',
  'Minnesota Vikings',
  'Atlanta Falcons',
  'Carolina Panthers',
  'New Orleans Saints',
  'Tampa Bay Buccaneers',
  'Arizona Cardinals',
  'Los Angeles Rams',
  'San Francisco 49ers',
  'Seattle Seahawks',
];
const NCAAF_TEAMS = [
  'Alabama Crimson Tide',
  'Georgia Bulldogs',
  'Ohio State Buckeyes',
  'Michigan Wolverines',
  'Texas Longhorns',
  'Oregon Ducks',
  'Penn State Nittany Lions',
  'Notre Dame Fighting Irish',
  'LSU Tigers',
  'Clemson Tigers',
  'USC Trojans',
  'Oklahoma Sooners',
  'Florida State Seminoles',
  'Tennessee Volunteers',
  'Utah Utes',
  'Iowa Hawkeyes',
  'Wisconsin Badgers',
  'Miami Hurricanes',
  'Ole Miss Rebels',
  'Kansas State Wildcats',
];
const NBA_TEAMS = [
  'Boston Celtics',
  'Brooklyn Nets',
  'New York Knicks',
  'Philadelphia 76ers',
  'Toronto Raptors',
  'Chicago Bulls',
  'Cleveland Cavaliers',
  'Detroit Pistons',
  'Indiana Pacers',
  'Milwaukee Bucks',
  'Atlanta Hawks',
  'Charlotte Hornets',
  'Miami Heat',
  'Orlando Magic',
  'Washington Wizards',
  'Denver Nuggets',
  'Minnesota Timberwolves',
  'Oklahoma City Thunder',
  'Portland Trail Blazers',
  'Utah Jazz',
  'Golden State Warriors',
  'Los Angeles Clippers',
  'Los Angeles Lakers',
  'Phoenix Suns',
  'Sacramento Kings',
  'Dallas Mavericks',
  'Houston Rockets',
  'Memphis Grizzlies',
  'New Orleans Pelicans',
  'San Antonio Spurs',
];
const NCAAB_TEAMS = [
  'Duke Blue Devils',
  'North Carolina Tar Heels',
  'Kansas Jayhawks',
  'Kentucky Wildcats',
  'Gonzaga Bulldogs',
  'Houston Cougars',
  'Purdue Boilermakers',
  'UConn Huskies',
  'Arizona Wildcats',
  'Auburn Tigers',
  'Baylor Bears',
  'Tennessee Volunteers',
  'Marquette Golden Eagles',
  'Creighton Bluejays',
  "St. John's Red Storm",
  'Illinois Fighting Illini',
  'Iowa State Cyclones',
  'Michigan State Spartans',
  'Villanova Wildcats',
  'UCLA Bruins',
];
const NHL_TEAMS = [
  'Boston Bruins',
  'Buffalo Sabres',
  'Detroit Red Wings',
  'Florida Panthers',
  'Montreal Canadiens',
  'Ottawa Senators',
  'Tampa Bay Lightning',
  'Toronto Maple Leafs',
  'Carolina Hurricanes',
  'Columbus Blue Jackets',
  'New Jersey Devils',
  'New York Islanders',
  'New York Rangers',
  'Philadelphia Flyers',
  'Pittsburgh Penguins',
  'Washington Capitals',
  'Chicago Blackhawks',
  'Colorado Avalanche',
  'Dallas Stars',
  'Minnesota Wild',
  'Nashville Predators',
  'St Louis Blues',
  'Winnipeg Jets',
  'Anaheim Ducks',
  'Calgary Flames',
  'Edmonton Oilers',
  'Los Angeles Kings',
  'San Jose Sharks',
  'Seattle Kraken',
  'Vancouver Canucks',
  'Vegas Golden Knights',
];
const MLB_TEAMS = [
  'Baltimore Orioles',
  'Boston Red Sox',
  'New York Yankees',
  'Tampa Bay Rays',
  'Toronto Blue Jays',
  'Chicago White Sox',
  'Cleveland Guardians',
  'Detroit Tigers',
  'Kansas City Royals',
  'Minnesota Twins',
  'Houston Astros',
  'Los Angeles Angels',
  'Oakland Athletics',
  'Seattle Mariners',
  'Texas Rangers',
  'Atlanta Braves',
  'Miami Marlins',
  'New York Mets',
  'Philadelphia Phillies',
  'Washington Nationals',
  'Chicago Cubs',
  'Cincinnati Reds',
  'Milwaukee Brewers',
  'Pittsburgh Pirates',
  'St. Louis Cardinals',
  'Arizona Diamondbacks',
  'Colorado Rockies',
  'Los Angeles Dodgers',
  'San Diego Padres',
  'San Francisco Giants',
];
const MLS_TEAMS = [
  'Atlanta United FC',
  'Austin FC',
  'Charlotte FC',
  'Chicago Fire',
  'FC Cincinnati',
  'Colorado Rapids',
  'Columbus Crew',
  'DC United',
  'FC Dallas',
  'Houston Dynamo',
  'Inter Miami CF',
  'LA Galaxy',
  'Los Angeles FC',
  'Minnesota United FC',
  'CF Montréal',
  'Nashville SC',
  'New England Revolution',
  'New York City FC',
  'New York Red Bulls',
  'Orlando City SC',
  'Philadelphia Union',
  'Portland Timbers',
  'Real Salt Lake',
  'San Jose Earthquakes',
  'Seattle Sounders FC',
  'Sporting Kansas City',
  'Toronto FC',
  'Vancouver Whitecaps FC',
];
const EPL_TEAMS = [
  'Arsenal',
  'Aston Villa',
  'Bournemouth',
  'Brentford',
  'Brighton and Hove Albion',
  'Chelsea',
  'Crystal Palace',
  'Everton',
  'Fulham',
  'Liverpool',
  'Manchester City',
  'Manchester United',
  'Newcastle United',
  'Nottingham Forest',
  'Tottenham Hotspur',
  'West Ham United',
  'Wolverhampton Wanderers',
  'Leicester City',
  'Ipswich Town',
  'Southampton',
];

const FOOTBALL_PROPS: PropSpec[] = [
  { market: 'player_pass_yds', players: [0], mean: [205, 285], spread: 0.22 },
  { market: 'player_rush_yds', players: [1], mean: [45, 95], spread: 0.38 },
  { market: 'player_receptions', players: [2, 3], mean: [3.5, 7.5], spread: 0.4 },
  { market: 'player_anytime_td', players: [1, 2, 3], mean: [0.25, 0.55], spread: 0, yesOnly: true },
];
const BASKETBALL_PROPS: PropSpec[] = [
  { market: 'player_points', players: [0, 1, 2], mean: [12, 30], spread: 0.25 },
  { market: 'player_rebounds', players: [0, 1, 2], mean: [3.5, 11.5], spread: 0.35 },
  { market: 'player_assists', players: [0, 1, 2], mean: [2.5, 9.5], spread: 0.4 },
];
const HOCKEY_PROPS: PropSpec[] = [
  { market: 'player_points', players: [0, 1], mean: [0.6, 1.3], spread: 0.9 },
  { market: 'player_shots_on_goal', players: [0, 1, 2], mean: [2.2, 4.2], spread: 0.5 },
];
const BASEBALL_PROPS: PropSpec[] = [
  { market: 'pitcher_strikeouts', players: [0], mean: [4.5, 8.5], spread: 0.3 },
  { market: 'batter_hits', players: [1, 2], mean: [0.8, 1.4], spread: 0.8 },
];
const SOCCER_PROPS: PropSpec[] = [
  { market: 'player_shots', players: [0, 1], mean: [1.5, 3.5], spread: 0.6 },
  { market: 'player_goal_scorer_anytime', players: [0, 1], mean: [0.2, 0.45], spread: 0, yesOnly: true },
];

const FOOTBALL_PERIODS: PeriodMarket[] = [
  { keys: ['h2h_h1', 'spreads_h1', 'totals_h1'], share: 0.5 },
  { keys: ['h2h_q1', 'spreads_q1', 'totals_q1'], share: 0.25 },
];
const BASKETBALL_PERIODS = FOOTBALL_PERIODS;

const football = {
  periods: 4,
  periodClockMin: 15,
  clockCountsDown: true,
  scoreValues: [
    [7, 0.62],
    [3, 0.38],
  ] as Array<[number, number]>,
  threeWay: false,
  keyNumbers: [3, 7, 10],
  props: FOOTBALL_PROPS,
  periodMarkets: FOOTBALL_PERIODS,
  roundDays: 7,
};

/** A soccer match: two 45-minute halves on a clock counting up, goals one at a time, and the draw a third outcome. */
const soccer = {
  durationMin: 110,
  periods: 2,
  periodClockMin: 45,
  clockCountsDown: false,
  slots: 90,
  scoreValues: [[1, 1]] as Array<[number, number]>,
  marginSd: 1.6,
  totalSd: 1.6,
  altStep: 1,
  threeWay: true,
  periodMarkets: [{ keys: ['h2h_h1', 'totals_h1'], share: 0.5 }],
  props: SOCCER_PROPS,
  roundDays: 1,
};

export const SPORT_PROFILES: ReadonlyMap<string, SportProfile> = new Map(
  Object.entries({
    americanfootball_nfl: {
      ...football,
      key: 'americanfootball_nfl',
      title: 'NFL',
      durationMin: 195,
      slots: 60,
      homeAdvantage: 1.8,
      strengthSd: 5.5,
      marginSd: 13.5,
      totalMean: 44,
      totalSd: 10,
      altStep: 3,
      gamesOnBoard: 8,
      lookaheadMin: 360,
      teams: NFL_TEAMS,
      ranked: false,
      seasonGames: 17,
    },
    americanfootball_ncaaf: {
      ...football,
      key: 'americanfootball_ncaaf',
      title: 'NCAAF',
      durationMin: 210,
      slots: 60,
      homeAdvantage: 2.8,
      strengthSd: 11,
      marginSd: 15,
      totalMean: 53,
      totalSd: 12,
      altStep: 3,
      gamesOnBoard: 6,
      lookaheadMin: 420,
      teams: NCAAF_TEAMS,
      ranked: true,
      seasonGames: 12,
    },
    basketball_nba: {
      key: 'basketball_nba',
      title: 'NBA',
      durationMin: 150,
      periods: 4,
      periodClockMin: 12,
      clockCountsDown: true,
      slots: 48,
      scoreValues: [
        [2, 0.58],
        [3, 0.3],
        [1, 0.12],
      ],
      homeAdvantage: 2.5,
      strengthSd: 5.5,
      marginSd: 12.5,
      totalMean: 226,
      totalSd: 18,
      altStep: 2,
      threeWay: false,
      gamesOnBoard: 10,
      lookaheadMin: 300,
      teams: NBA_TEAMS,
      periodMarkets: BASKETBALL_PERIODS,
      props: BASKETBALL_PROPS,
      ranked: false,
      seasonGames: 82,
      roundDays: 1,
    },
    basketball_ncaab: {
      key: 'basketball_ncaab',
      title: 'NCAAB',
      durationMin: 130,
      periods: 2,
      periodClockMin: 20,
      clockCountsDown: true,
      slots: 40,
      scoreValues: [
        [2, 0.6],
        [3, 0.28],
        [1, 0.12],
      ],
      homeAdvantage: 3.2,
      strengthSd: 8,
      marginSd: 11,
      totalMean: 142,
      totalSd: 15,
      altStep: 2,
      threeWay: false,
      gamesOnBoard: 12,
      lookaheadMin: 300,
      teams: NCAAB_TEAMS,
      periodMarkets: [{ keys: ['h2h_h1', 'spreads_h1', 'totals_h1'], share: 0.5 }],
      props: BASKETBALL_PROPS,
      ranked: true,
      seasonGames: 31,
      roundDays: 1,
    },
    icehockey_nhl: {
      key: 'icehockey_nhl',
      title: 'NHL',
      durationMin: 150,
      periods: 3,
      periodClockMin: 20,
      clockCountsDown: true,
      slots: 60,
      scoreValues: [[1, 1]],
      homeAdvantage: 0.25,
      strengthSd: 0.6,
      marginSd: 2.3,
      totalMean: 6,
      totalSd: 2.3,
      altStep: 1,
      threeWay: false,
      gamesOnBoard: 10,
      lookaheadMin: 300,
      teams: NHL_TEAMS,
      periodMarkets: [{ keys: ['h2h_p1', 'totals_p1'], share: 1 / 3 }],
      props: HOCKEY_PROPS,
      ranked: false,
      seasonGames: 82,
      roundDays: 1,
    },
    baseball_mlb: {
      key: 'baseball_mlb',
      title: 'MLB',
      durationMin: 180,
      periods: 9,
      periodClockMin: 0,
      clockCountsDown: false,
      slots: 9,
      scoreValues: [
        [1, 0.7],
        [2, 0.2],
        [3, 0.07],
        [4, 0.03],
      ],
      homeAdvantage: 0.2,
      strengthSd: 0.9,
      marginSd: 4.2,
      totalMean: 8.6,
      totalSd: 4.2,
      altStep: 1,
      threeWay: false,
      gamesOnBoard: 12,
      lookaheadMin: 360,
      teams: MLB_TEAMS,
      periodMarkets: [{ keys: ['h2h_1st_5_innings', 'totals_1st_5_innings'], share: 5 / 9 }],
      props: BASEBALL_PROPS,
      ranked: false,
      seasonGames: 162,
      roundDays: 1,
    },
    soccer_usa_mls: {
      ...soccer,
      key: 'soccer_usa_mls',
      title: 'MLS',
      homeAdvantage: 0.35,
      strengthSd: 0.45,
      totalMean: 2.9,
      gamesOnBoard: 8,
      lookaheadMin: 360,
      teams: MLS_TEAMS,
      ranked: false,
      seasonGames: 34,
    },
    soccer_epl: {
      ...soccer,
      key: 'soccer_epl',
      title: 'EPL',
      homeAdvantage: 0.3,
      strengthSd: 0.55,
      totalMean: 2.8,
      gamesOnBoard: 10,
      lookaheadMin: 420,
      teams: EPL_TEAMS,
      ranked: false,
      seasonGames: 38,
    },
  }),
);

const FIRST_NAMES = [
  'Jalen',
  'Marcus',
  'Tyler',
  'Jordan',
  'Caleb',
  'Devin',
  'Isaiah',
  'Cameron',
  'Malik',
  'Trevor',
  'Bryce',
  'Derek',
  'Andre',
  'Luka',
  'Mason',
  'Elijah',
  'Nico',
  'Dominic',
  'Xavier',
  'Kendrick',
  'Austin',
  'Julian',
  'Terrell',
  'Connor',
  'Rashad',
  'Mateo',
  'Oliver',
  'Samuel',
  'Adrian',
  'Miles',
];
const LAST_NAMES = [
  'Carter',
  'Brooks',
  'Hughes',
  'Mitchell',
  'Walker',
  'Reed',
  'Coleman',
  'Hayes',
  'Bennett',
  'Griffin',
  'Foster',
  'Simmons',
  'Porter',
  'Warren',
  'Jenkins',
  'Bryant',
  'Russell',
  'Sullivan',
  'Ellis',
  'Fisher',
  'Henderson',
  'Wallace',
  'Barnes',
  'Powell',
  'Jordan',
  'Patterson',
  'Morales',
  'Ramsey',
  'Vaughn',
  'Okafor',
];

export function playerName(hash: (n: string | number) => number): string {
  return `${FIRST_NAMES[hash('first') % FIRST_NAMES.length]} ${LAST_NAMES[hash('last') % LAST_NAMES.length]}`;
}
