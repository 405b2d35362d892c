import { CORE_SPORTS, ScoreboardEvent, ScoreboardOdds, gameStatus } from '@oddspulse/shared';

/** The provider's sport key → ESPN's {sport}/{league} path (spec 002 §7 sport keys). */
export const ESPN_LEAGUES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    americanfootball_nfl: 'football/nfl',
    americanfootball_ncaaf: 'football/college-football',
    basketball_nba: 'basketball/nba',
    basketball_ncaab: 'basketball/mens-college-basketball',
    basketball_wnba: 'basketball/wnba',
    icehockey_nhl: 'hockey/nhl',
    baseball_mlb: 'baseball/mlb',
    soccer_usa_mls: 'soccer/usa.1',
    soccer_epl: 'soccer/eng.1',
  }),
);

// ESPN's scoreboard is undocumented and varies by league and season: every field is read defensively below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const num = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value.replace(/^[ou+]/i, '')) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/**
 * Reads both odds shapes: the old one (`details` "TEN -5.5", `overUnder`, `drawOdds`) and the newer
 * structured block (`moneyline`, `pointSpread`, `total`, each with open and close).
 */
export function mapEspnOdds(raw: Json | undefined, home: Json, away: Json): ScoreboardOdds | undefined {
  if (!raw) return undefined;
  const odds: ScoreboardOdds = { provider: raw.provider?.displayName ?? raw.provider?.name ?? 'ESPN' };
  if (typeof raw.details === 'string') odds.details = raw.details;
  const overUnder = num(raw.overUnder) ?? num(raw.total?.over?.close?.line);
  if (overUnder !== undefined) odds.overUnder = overUnder;

  const structuredSpread = num(raw.pointSpread?.home?.close?.line);
  if (structuredSpread !== undefined) odds.spread = structuredSpread;
  else if (odds.details) {
    // "TEN -5.5": the named team gives the line; "EVEN" is a pick'em. Three-digit numbers are moneylines ("CHW -155").
    const match = /^(\S+)\s+([+-]?\d+(?:\.\d+)?)$/.exec(odds.details.trim());
    if (/^even$/i.test(odds.details.trim())) odds.spread = 0;
    else if (match && Math.abs(Number(match[2])) < 100) {
      const line = Number(match[2]);
      const homeAbbr = home.team?.abbreviation;
      const awayAbbr = away.team?.abbreviation;
      if (match[1] === homeAbbr) odds.spread = line;
      else if (match[1] === awayAbbr) odds.spread = -line;
    } else if (match) {
      const ml = Number(match[2]);
      odds.moneyline =
        match[1] === home.team?.abbreviation
          ? { home: ml }
          : match[1] === away.team?.abbreviation
            ? { away: ml }
            : undefined;
      if (!odds.moneyline) delete odds.moneyline;
    }
  }
  const moneyline = {
    home: num(raw.moneyline?.home?.close?.odds),
    away: num(raw.moneyline?.away?.close?.odds),
    draw: num(raw.drawOdds?.moneyLine),
  };
  if (moneyline.home !== undefined || moneyline.away !== undefined || moneyline.draw !== undefined) {
    odds.moneyline = { ...odds.moneyline };
    if (moneyline.home !== undefined) odds.moneyline.home = moneyline.home;
    if (moneyline.away !== undefined) odds.moneyline.away = moneyline.away;
    if (moneyline.draw !== undefined) odds.moneyline.draw = moneyline.draw;
  }
  return odds;
}

function rank(competitor: Json): number | undefined {
  const current = competitor.curatedRank?.current;
  // ESPN ranks unranked teams 99.
  return typeof current === 'number' && current >= 1 && current <= 25 ? current : undefined;
}

function record(competitor: Json): string | undefined {
  const records: Json[] = competitor.records ?? competitor.record ?? [];
  return (records.find((r) => r.type === 'total') ?? records[0])?.summary;
}

/** Maps one ESPN scoreboard response to scoreboard events (spec 002 §3). Pure. */
export function mapEspnScoreboard(payload: unknown, sport: string, now = new Date()): ScoreboardEvent[] {
  const body = payload as Json;
  if (!body || !Array.isArray(body.events)) throw new TypeError('ESPN scoreboard without events');
  const league = body.leagues?.[0]?.abbreviation ?? CORE_SPORTS.find((s) => s.key === sport)?.title ?? sport;
  const games: ScoreboardEvent[] = [];
  for (const event of body.events as Json[]) {
    const competition: Json | undefined = event.competitions?.[0];
    const competitors: Json[] = competition?.competitors ?? [];
    const home = competitors.find((c) => c.homeAway === 'home');
    const away = competitors.find((c) => c.homeAway === 'away');
    if (!event.id || !home || !away) continue;
    const statusType: Json = event.status?.type ?? competition?.status?.type ?? {};
    const state: string = statusType.state ?? 'pre';
    // Spec 002 §4: final from the completed flag alone. ESPN's state "post" also covers a postponed or cancelled game
    // (STATUS_POSTPONED, STATUS_CANCELED: completed false, scores "0"), which has no result: it stays scheduled, with
    // ESPN's detail ("Postponed") as its status text, and settles nothing.
    const completed = Boolean(statusType.completed);
    const live = state === 'in';
    const status = gameStatus({ completed, live });
    const score = (c: Json) => (status === 'scheduled' ? null : (num(c.score?.value ?? c.score) ?? null));
    const homeScore = score(home);
    const awayScore = score(away);
    const period = num(event.status?.period);
    const game: ScoreboardEvent = {
      id: String(event.id),
      sport_key: sport,
      league,
      commence_time: new Date(event.date).toISOString(),
      home_team: home.team?.displayName ?? home.team?.name ?? '',
      away_team: away.team?.displayName ?? away.team?.name ?? '',
      scores: { home: homeScore, away: awayScore },
      home_score: homeScore,
      away_score: awayScore,
      completed,
      live,
      status,
      status_type: {
        name: statusType.name ?? '',
        detail: statusType.shortDetail ?? statusType.detail ?? '',
        completed,
      },
      clock: live ? (event.status?.displayClock ?? null) : null,
      period: period && period > 0 ? period : null,
      source: 'espn',
      last_update: now.toISOString(),
    };
    const optional: Partial<ScoreboardEvent> = {
      home_logo: home.team?.logo,
      away_logo: away.team?.logo,
      home_record: record(home),
      away_record: record(away),
      home_rank: rank(home),
      away_rank: rank(away),
      season: num(body.season?.year ?? event.season?.year),
      week: num(body.week?.number ?? event.week?.number),
      venue: competition?.venue?.fullName,
      odds: mapEspnOdds(competition?.odds?.[0], home, away),
    };
    for (const [key, value] of Object.entries(optional))
      if (value !== undefined) (game as unknown as Json)[key] = value;
    games.push(game);
  }
  return games;
}
