import { FEED_TEAMS } from './feed-teams';

/**
 * The team directory (DECISIONS 24): one per league settlement covers (spec 002 §5), built from data. For each team it
 * holds the names that identify it (its full names as the feeds spell them, the league's abbreviation, the well-known
 * short forms, and its nickname after its city written any usual way: "SF 49ers", "N.Y. Giants", "CHI Bears") and the
 * forms that identify it within a game (its nickname). Three sources: the reviewed table below (every team of the
 * professional leagues, with the short forms bettors write), the feeds' own team records (feed-teams.ts,
 * generated from the recorded ESPN scoreboards and Odds API responses: ESPN's displayName, shortDisplayName,
 * abbreviation, location and name), and the reviewed city abbreviations and punctuation rules (dots, ampersands,
 * apostrophes, "St."/"State"). A city or region alone never identifies a team, and a form two teams of one league
 * could have is neither's. Matching (team-match.ts) and so settlement read this directory only.
 *
 * Reviewed table, one line per team: `Full Name|nickname|short form, short form`.
 */
export type TeamLeague = 'NFL' | 'NBA' | 'MLB' | 'NHL' | 'WNBA' | 'MLS' | 'NCAAF' | 'NCAAB';
type ProLeague = Exclude<TeamLeague, 'NCAAF' | 'NCAAB'>;

const TABLE: Record<ProLeague, string> = {
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

/** A sport key's league in the directory (settlement's leagues, spec 002 §5, §7 sport keys). */
const SPORT_LEAGUES = new Map<string, TeamLeague>(
  Object.entries({
    americanfootball_nfl: 'NFL',
    basketball_nba: 'NBA',
    baseball_mlb: 'MLB',
    icehockey_nhl: 'NHL',
    basketball_wnba: 'WNBA',
    soccer_usa_mls: 'MLS',
    soccer_mls: 'MLS',
    americanfootball_ncaaf: 'NCAAF',
    basketball_ncaab: 'NCAAB',
  } as const),
);
/**
 * College leagues: hundreds of schools, of which the feeds' records hold a few, so their directory adds names but
 * never vetoes (team-match.ts keeps its rules for schools outside it), and a school's own short name ("Ohio State",
 * "Texas A&M") is a name of it where the professional leagues' cities are not.
 */
export const COLLEGE_LEAGUES: ReadonlySet<TeamLeague> = new Set(['NCAAF', 'NCAAB']);

/**
 * Reviewed: how bettors and books write a city or region before a nickname ("LA Rams", "N.Y. Giants", "SF 49ers",
 * "TB Rays", "CHI Bears", "KC Chiefs"). Each group is one place; a team's own league abbreviation ("CHC Cubs", "LAR
 * Rams") is added per team. Dots are dropped by normaliseTeamName, so "L.A." is "LA".
 */
const CITY_FORMS: readonly string[][] = [
  ['los angeles', 'la'],
  ['new york', 'ny', 'nyc'],
  ['san francisco', 'sf'],
  ['san diego', 'sd'],
  ['kansas city', 'kc'],
  ['tampa bay', 'tb', 'tampa'],
  ['green bay', 'gb'],
  ['new england', 'ne'],
  ['new orleans', 'no', 'nola'],
  ['chicago', 'chi'],
  ['las vegas', 'lv', 'vegas'],
  ['san jose', 'sj'],
  ['san antonio', 'sa'],
  ['golden state', 'gs'],
  ['new jersey', 'nj'],
  ['st louis', 'stl'],
  ['oklahoma city', 'okc'],
  ['washington', 'was', 'wsh', 'dc'],
  ['philadelphia', 'phi', 'philly'],
  ['boston', 'bos'],
  ['brooklyn', 'bkn'],
  ['dallas', 'dal'],
  ['detroit', 'det'],
  ['houston', 'hou'],
  ['miami', 'mia'],
  ['minnesota', 'min'],
  ['toronto', 'tor'],
  ['seattle', 'sea'],
  ['pittsburgh', 'pit'],
  ['jacksonville', 'jax'],
  ['indianapolis', 'indy', 'ind'],
  ['cleveland', 'cle'],
  ['cincinnati', 'cin'],
  ['baltimore', 'bal'],
  ['atlanta', 'atl'],
  ['denver', 'den'],
  ['phoenix', 'phx'],
  ['arizona', 'ari', 'az'],
  ['carolina', 'car'],
  ['colorado', 'col'],
  ['milwaukee', 'mil'],
  ['montreal', 'mtl'],
];

/**
 * Places that never identify a team alone (DECISIONS 24), beside every professional team's city or region: the
 * abbreviations of a city with several teams ("LA", "NY"), those that are words ("NO"), and the states (a college
 * named for its state, "Alabama", is not told from the other schools of the state by it: "Alabama State").
 */
const NEVER_ALONE = [
  'la',
  'ny',
  'nyc',
  'no',
  'nola',
  'dc',
  'philly',
  'tampa',
  'vegas',
  'indy',
  'austin',
  'charlotte',
  'nashville',
  'salt lake',
];
const STATES =
  `alabama alaska arizona arkansas california colorado connecticut delaware florida georgia hawaii idaho illinois indiana
iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi missouri montana nebraska nevada
new_hampshire new_jersey new_mexico new_york north_carolina north_dakota ohio oklahoma oregon pennsylvania rhode_island
south_carolina south_dakota tennessee texas utah vermont virginia washington west_virginia wisconsin wyoming`
    .split(/\s+/)
    .map((state) => state.replace('_', ' '));

export interface Team {
  league: TeamLeague;
  /** As the feeds spell it. */
  name: string;
  /** Every normalised name that identifies the team on its own: full names, abbreviation, short forms, "city nickname". */
  names: ReadonlySet<string>;
  /** `names` and the forms that identify it within its game (its nickname): what a pick's text may say for it. */
  forms: ReadonlySet<string>;
}

/**
 * Case-insensitive and punctuation-free (spec 002 §5), so each way of writing a name gives one text: accents, dots
 * and apostrophes dropped ("St. Louis" = "St Louis", "N.Y." = "N. Y." = "NY", "St. John's" = "St Johns", "Montréal" =
 * "Montreal"), a dot between a short form and the next word a space ("L.A.Rams" = "LA Rams"); an ampersand between letters joins them ("Texas A&M" = "Texas AM"), else it is "and" ("Brighton &
 * Hove" = "Brighton and Hove"); "St"/"Saint" first is Saint ("st"), later it is State ("Ohio St" = "Ohio State");
 * other punctuation is a space.
 */
export function normaliseTeamName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\b([a-z])\.\s*(?=[a-z]\.)/g, '$1')
    .replace(/\.(?=[a-z0-9]{2})/g, ' ')
    .replace(/[.'\u2019]/g, '')
    .replace(/\b([a-z])\s*&\s*([a-z])\b/g, '$1$2')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((word, i) => (word === 'st' || word === 'saint' ? (i === 0 ? 'st' : 'state') : word))
    .join(' ');
}

interface Draft {
  league: TeamLeague;
  name: string;
  names: Set<string>;
  nicknames: Set<string>;
  locations: Set<string>;
  abbreviations: Set<string>;
}

const PLACES = new Set([...NEVER_ALONE, ...STATES]);
const CITY_GROUP = new Map<string, readonly string[]>();
for (const group of CITY_FORMS) for (const place of group) CITY_GROUP.set(place, group);

function draftsOf(): Draft[] {
  const drafts: Draft[] = [];
  for (const [league, text] of Object.entries(TABLE) as Array<[ProLeague, string]>) {
    for (const line of text.trim().split('\n')) {
      const [name, nickname, shortForms] = line.split('|');
      const full = normaliseTeamName(name);
      const nick = normaliseTeamName(nickname);
      const aliases = (shortForms ?? '').split(',').map((form) => form.trim());
      const location = nick && full.endsWith(` ${nick}`) ? full.slice(0, -nick.length - 1) : null;
      drafts.push({
        league,
        name,
        names: new Set([full, ...aliases.map(normaliseTeamName)].filter(Boolean)),
        nicknames: new Set(nick ? [nick] : []),
        locations: new Set(location ? [location] : []),
        abbreviations: new Set(aliases.filter((form) => /^[A-Z]{2,4}$/.test(form)).map(normaliseTeamName)),
      });
    }
  }
  for (const [sport, records] of Object.entries(FEED_TEAMS)) {
    const league = SPORT_LEAGUES.get(sport);
    if (!league) continue;
    const college = COLLEGE_LEAGUES.has(league);
    for (const record of records) {
      const full = normaliseTeamName(record.name);
      const nick = record.nickname ? normaliseTeamName(record.nickname) : '';
      let draft = drafts.find((d) => d.league === league && d.names.has(full));
      if (!draft) {
        draft = {
          league,
          name: record.name,
          names: new Set(),
          nicknames: new Set(),
          locations: new Set(),
          abbreviations: new Set(),
        };
        drafts.push(draft);
      }
      draft.names.add(full);
      const location = record.location ? normaliseTeamName(record.location) : '';
      if (college) {
        // a school's own name ("Ohio State", "Texas A&M") and ESPN's short form of it ("Oklahoma St")
        if (location) draft.names.add(location);
        if (nick) draft.nicknames.add(nick);
        if (record.short)
          (normaliseTeamName(record.short) === nick ? draft.nicknames : draft.names).add(
            normaliseTeamName(record.short),
          );
        continue;
      }
      // a professional team's city and nickname, when the feed's full name is the two (an MLS club's "location" and
      // "name" are the club's full name)
      if (location && nick && full === `${location} ${nick}`) {
        draft.locations.add(location);
        draft.nicknames.add(nick);
      }
      if (record.abbreviation) draft.abbreviations.add(normaliseTeamName(record.abbreviation));
      const short = record.short ? normaliseTeamName(record.short) : '';
      if (short && !draft.nicknames.has(short)) draft.names.add(short);
    }
  }
  for (const draft of drafts) for (const location of draft.locations) PLACES.add(location);
  return drafts;
}

/** Builds the directory: each team's names and forms, less places and less what two teams of one league share. */
function build(): { teams: Team[]; shared: Map<TeamLeague, Set<string>> } {
  const drafts = draftsOf();
  const candidates = drafts.map((draft) => {
    const names = new Set(draft.names);
    for (const abbreviation of draft.abbreviations) names.add(abbreviation);
    for (const location of draft.locations) {
      const cityForms = [...(CITY_GROUP.get(location) ?? [location]), ...draft.abbreviations];
      for (const city of cityForms) for (const nick of draft.nicknames) names.add(`${city} ${nick}`);
    }
    const forms = new Set([...names, ...draft.nicknames]);
    for (const form of forms) if (PLACES.has(form)) forms.delete(form);
    for (const name of names) if (!forms.has(name)) names.delete(name);
    return { draft, names, forms };
  });
  const owners = new Map<string, Set<Draft>>();
  for (const { draft, forms } of candidates) {
    for (const form of forms) {
      const key = `${draft.league}:${form}`;
      owners.set(key, (owners.get(key) ?? new Set()).add(draft));
    }
  }
  const shared = new Map<TeamLeague, Set<string>>();
  const teams = candidates.map(({ draft, names, forms }) => {
    for (const form of forms) {
      if ((owners.get(`${draft.league}:${form}`)?.size ?? 0) < 2) continue;
      forms.delete(form);
      names.delete(form);
      shared.set(draft.league, (shared.get(draft.league) ?? new Set()).add(form));
    }
    return { league: draft.league, name: draft.name, names, forms };
  });
  return { teams, shared };
}

const DIRECTORY = build();
/** Normalised name → the teams it names (several across leagues: "KC", "PHI"). */
const BY_NAME = new Map<string, Team[]>();
for (const team of DIRECTORY.teams)
  for (const name of team.names) BY_NAME.set(name, [...(BY_NAME.get(name) ?? []), team]);

/** The league of a sport key, when the directory has it. */
export function teamLeague(sport: string | null | undefined): TeamLeague | null {
  return sport ? (SPORT_LEAGUES.get(sport.toLowerCase()) ?? null) : null;
}

/** The directory's team a name identifies on its own, within the sport's league when given; null when unknown or ambiguous. */
export function findTeam(name: string, sport?: string | null): Team | null {
  const league = teamLeague(sport);
  const teams = (BY_NAME.get(normaliseTeamName(name)) ?? []).filter((t) => !league || t.league === league);
  return teams.length === 1 ? teams[0] : null;
}

/** A city, region or state (or a city's abbreviation that names no one team): never a team on its own (DECISIONS 24). */
export function isPlaceName(name: string): boolean {
  return PLACES.has(normaliseTeamName(name));
}

/** Every team of the directory (for tests and documentation). */
export function allTeams(): readonly Team[] {
  return DIRECTORY.teams;
}

/** The forms two teams of a league share, so that neither has them ("Wildcats" in college football). */
export function sharedForms(league: TeamLeague): ReadonlySet<string> {
  return DIRECTORY.shared.get(league) ?? new Set();
}
