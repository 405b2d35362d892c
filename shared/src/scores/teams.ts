/**
 * The teams of the leagues settlement covers (spec 002 §5 leagues, DECISIONS 24): each team's full name as the
 * feeds spell it, its nickname, and the well-known short forms a bettor writes ("NYCFC", "KC", "LA Lakers", the
 * league's abbreviation). A team is identified by one of these, never by its city alone. One line per team:
 * `Full Name|nickname|short form, short form`.
 */
export type TeamLeague = 'NFL' | 'NBA' | 'MLB' | 'NHL' | 'WNBA' | 'MLS';

const TABLE: Record<TeamLeague, string> = {
  NFL: `
Arizona Cardinals|Cardinals|ARI, Cards
Atlanta Falcons|Falcons|ATL
Baltimore Ravens|Ravens|BAL
Buffalo Bills|Bills|BUF
Carolina Panthers|Panthers|CAR
Chicago Bears|Bears|CHI
Cincinnati Bengals|Bengals|CIN
Cleveland Browns|Browns|CLE
Dallas Cowboys|Cowboys|DAL
Denver Broncos|Broncos|DEN
Detroit Lions|Lions|DET
Green Bay Packers|Packers|GB, GB Packers
Houston Texans|Texans|HOU
Indianapolis Colts|Colts|IND
Jacksonville Jaguars|Jaguars|JAX, Jags
Kansas City Chiefs|Chiefs|KC, KC Chiefs
Las Vegas Raiders|Raiders|LV, LV Raiders, Oakland Raiders
Los Angeles Chargers|Chargers|LAC, LA Chargers
Los Angeles Rams|Rams|LAR, LA Rams
Miami Dolphins|Dolphins|MIA, Fins
Minnesota Vikings|Vikings|MIN, Vikes
New England Patriots|Patriots|NE, NE Patriots, Pats
New Orleans Saints|Saints|NO Saints
New York Giants|Giants|NYG, NY Giants
New York Jets|Jets|NYJ, NY Jets
Philadelphia Eagles|Eagles|PHI
Pittsburgh Steelers|Steelers|PIT
San Francisco 49ers|49ers|SF, SF 49ers, Niners
Seattle Seahawks|Seahawks|SEA
Tampa Bay Buccaneers|Buccaneers|TB, TB Buccaneers, Bucs
Tennessee Titans|Titans|TEN
Washington Commanders|Commanders|WSH, WAS, Washington Football Team`,
  NBA: `
Atlanta Hawks|Hawks|ATL
Boston Celtics|Celtics|BOS, Celts
Brooklyn Nets|Nets|BKN, BRK
Charlotte Hornets|Hornets|CHA
Chicago Bulls|Bulls|CHI
Cleveland Cavaliers|Cavaliers|CLE, Cavs
Dallas Mavericks|Mavericks|DAL, Mavs
Denver Nuggets|Nuggets|DEN
Detroit Pistons|Pistons|DET
Golden State Warriors|Warriors|GSW, GS Warriors
Houston Rockets|Rockets|HOU
Indiana Pacers|Pacers|IND
Los Angeles Clippers|Clippers|LAC, LA Clippers
Los Angeles Lakers|Lakers|LAL, LA Lakers
Memphis Grizzlies|Grizzlies|MEM, Grizz
Miami Heat|Heat|MIA
Milwaukee Bucks|Bucks|MIL
Minnesota Timberwolves|Timberwolves|MIN, Wolves, T-Wolves
New Orleans Pelicans|Pelicans|NOP, Pels
New York Knicks|Knicks|NYK, NY Knicks
Oklahoma City Thunder|Thunder|OKC
Orlando Magic|Magic|ORL
Philadelphia 76ers|76ers|PHI, Sixers
Phoenix Suns|Suns|PHX
Portland Trail Blazers|Trail Blazers|POR, Blazers
Sacramento Kings|Kings|SAC
San Antonio Spurs|Spurs|SAS, SA Spurs
Toronto Raptors|Raptors|TOR
Utah Jazz|Jazz|UTA
Washington Wizards|Wizards|WAS, WSH`,
  MLB: `
Arizona Diamondbacks|Diamondbacks|ARI, D-backs, Dbacks
Atlanta Braves|Braves|ATL
Baltimore Orioles|Orioles|BAL, O's
Boston Red Sox|Red Sox|BOS
Chicago Cubs|Cubs|CHC
Chicago White Sox|White Sox|CHW, CWS
Cincinnati Reds|Reds|CIN
Cleveland Guardians|Guardians|CLE
Colorado Rockies|Rockies|COL
Detroit Tigers|Tigers|DET
Houston Astros|Astros|HOU
Kansas City Royals|Royals|KC, KCR, KC Royals
Los Angeles Angels|Angels|LAA, LA Angels
Los Angeles Dodgers|Dodgers|LAD, LA Dodgers
Miami Marlins|Marlins|MIA
Milwaukee Brewers|Brewers|MIL
Minnesota Twins|Twins|MIN
New York Mets|Mets|NYM, NY Mets
New York Yankees|Yankees|NYY, NY Yankees
Oakland Athletics|Athletics|OAK, A's, Athletics
Philadelphia Phillies|Phillies|PHI
Pittsburgh Pirates|Pirates|PIT
San Diego Padres|Padres|SD, SDP
San Francisco Giants|Giants|SF, SFG, SF Giants
Seattle Mariners|Mariners|SEA
St. Louis Cardinals|Cardinals|STL
Tampa Bay Rays|Rays|TB, TBR
Texas Rangers|Rangers|TEX
Toronto Blue Jays|Blue Jays|TOR
Washington Nationals|Nationals|WSH, WAS, Nats`,
  NHL: `
Anaheim Ducks|Ducks|ANA
Arizona Coyotes|Coyotes|ARI
Boston Bruins|Bruins|BOS
Buffalo Sabres|Sabres|BUF
Calgary Flames|Flames|CGY
Carolina Hurricanes|Hurricanes|CAR, Canes
Chicago Blackhawks|Blackhawks|CHI
Colorado Avalanche|Avalanche|COL, Avs
Columbus Blue Jackets|Blue Jackets|CBJ
Dallas Stars|Stars|DAL
Detroit Red Wings|Red Wings|DET
Edmonton Oilers|Oilers|EDM
Florida Panthers|Panthers|FLA
Los Angeles Kings|Kings|LAK, LA Kings
Minnesota Wild|Wild|MIN
Montreal Canadiens|Canadiens|MTL, Habs
Nashville Predators|Predators|NSH, Preds
New Jersey Devils|Devils|NJD, NJ Devils
New York Islanders|Islanders|NYI, NY Islanders, Isles
New York Rangers|Rangers|NYR, NY Rangers
Ottawa Senators|Senators|OTT, Sens
Philadelphia Flyers|Flyers|PHI
Pittsburgh Penguins|Penguins|PIT, Pens
San Jose Sharks|Sharks|SJS, SJ Sharks
Seattle Kraken|Kraken|SEA
St. Louis Blues|Blues|STL
Tampa Bay Lightning|Lightning|TBL, Bolts
Toronto Maple Leafs|Maple Leafs|TOR, Leafs
Utah Hockey Club||UTA, Utah HC, Utah Mammoth, Mammoth
Vancouver Canucks|Canucks|VAN
Vegas Golden Knights|Golden Knights|VGK
Washington Capitals|Capitals|WSH, Caps
Winnipeg Jets|Jets|WPG`,
  WNBA: `
Atlanta Dream|Dream|ATL
Chicago Sky|Sky|CHI
Connecticut Sun|Sun|CON
Dallas Wings|Wings|DAL
Golden State Valkyries|Valkyries|GSV
Indiana Fever|Fever|IND
Las Vegas Aces|Aces|LVA, LV Aces
Los Angeles Sparks|Sparks|LAS, LA Sparks
Minnesota Lynx|Lynx|MIN
New York Liberty|Liberty|NYL, NY Liberty
Phoenix Mercury|Mercury|PHX
Seattle Storm|Storm|SEA
Washington Mystics|Mystics|WAS`,
  MLS: `
Atlanta United FC|Atlanta United|ATL UTD, Atlanta United
Austin FC||ATX, Austin FC
CF Montreal||CF Montreal, Montreal Impact
Charlotte FC||CLT, Charlotte FC
Chicago Fire FC|Fire|Chicago Fire
Colorado Rapids|Rapids|COL Rapids
Columbus Crew|Crew|Columbus Crew SC
D.C. United||DC United, DCU
FC Cincinnati||FCC, FC Cincinnati
FC Dallas||FCD, FC Dallas
Houston Dynamo FC|Dynamo|Houston Dynamo
Inter Miami CF|Inter Miami|Inter Miami
LA Galaxy|Galaxy|Los Angeles Galaxy
Los Angeles FC||LAFC
Minnesota United FC|Minnesota United|MNUFC, Loons
Nashville SC||Nashville SC
New England Revolution|Revolution|Revs
New York City FC||NYCFC, NYC FC
New York Red Bulls|Red Bulls|NYRB, RBNY
Orlando City SC|Orlando City|Orlando City
Philadelphia Union|Union|PHI Union
Portland Timbers|Timbers|POR Timbers
Real Salt Lake||RSL
San Diego FC||SDFC
San Jose Earthquakes|Earthquakes|Quakes
Seattle Sounders FC|Sounders|Seattle Sounders
Sporting Kansas City||SKC, Sporting KC
St. Louis City SC||St Louis City, STL City
Toronto FC||TFC
Vancouver Whitecaps FC|Whitecaps|Vancouver Whitecaps`,
};

/** A sport key's league in the table (settlement's leagues, spec 002 §7 sport keys). */
const SPORT_LEAGUES: Record<string, TeamLeague> = {
  americanfootball_nfl: 'NFL',
  basketball_nba: 'NBA',
  baseball_mlb: 'MLB',
  icehockey_nhl: 'NHL',
  basketball_wnba: 'WNBA',
  soccer_usa_mls: 'MLS',
  soccer_mls: 'MLS',
};

/**
 * Names of places that never identify a team on their own (DECISIONS 24): every city or region of the table (the
 * full name less the nickname), the one-club cities of MLS, and their common abbreviations.
 */
const EXTRA_PLACES = ['la', 'ny', 'nyc', 'austin', 'charlotte', 'nashville', 'cincinnati', 'salt lake', 'san diego', 'montreal'];

export interface Team {
  league: TeamLeague;
  /** As the feeds spell it. */
  name: string;
  /** Every normalised form that identifies the team: the full name, the nickname, the short forms. */
  forms: ReadonlySet<string>;
}

/**
 * Case-insensitive and punctuation-free (spec 002 §5): accents and dots dropped ("St. Louis" = "St Louis",
 * "D.C." = "DC", "Montréal" = "Montreal"), other punctuation a space.
 */
export function normaliseTeamName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const TEAMS: Team[] = [];
/** Normalised full name or short form → the teams it names (several across leagues: "KC", "PHI"). */
const BY_NAME = new Map<string, Team[]>();
const PLACES = new Set(EXTRA_PLACES);

for (const [league, text] of Object.entries(TABLE) as Array<[TeamLeague, string]>) {
  for (const line of text.trim().split('\n')) {
    const [name, nickname, shortForms] = line.split('|');
    const full = normaliseTeamName(name);
    const nick = normaliseTeamName(nickname);
    const aliases = (shortForms ?? '').split(',').map(normaliseTeamName).filter(Boolean);
    const team: Team = { league, name, forms: new Set([full, ...aliases, ...(nick ? [nick] : [])]) };
    TEAMS.push(team);
    for (const key of [full, ...aliases]) BY_NAME.set(key, [...(BY_NAME.get(key) ?? []), team]);
    if (nick && full.endsWith(` ${nick}`)) PLACES.add(full.slice(0, -nick.length - 1));
  }
}

/** The league of a sport key, when the table has it. */
export function teamLeague(sport: string | null | undefined): TeamLeague | null {
  return sport ? (SPORT_LEAGUES[sport.toLowerCase()] ?? null) : null;
}

/** The table's team a name (full name or short form) is, within the sport's league when given; null when unknown or ambiguous. */
export function findTeam(name: string, sport?: string | null): Team | null {
  const league = teamLeague(sport);
  const teams = (BY_NAME.get(normaliseTeamName(name)) ?? []).filter((t) => !league || t.league === league);
  return teams.length === 1 ? teams[0] : null;
}

/** A city or region (or its abbreviation) of the table: never a team on its own (DECISIONS 24). */
export function isPlaceName(name: string): boolean {
  return PLACES.has(normaliseTeamName(name));
}

/** Every team of the table (for tests and documentation). */
export function allTeams(): readonly Team[] {
  return TEAMS;
}
