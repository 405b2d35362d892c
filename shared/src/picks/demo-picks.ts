import { americanToDecimal } from '../engine/odds/odds-format';
import { allTeams, type TeamLeague } from '../scores/teams';
import { closingLineValue } from './closing-line';
import { pickPayoutCents, type PickStatus } from './pick';
import { settlePick, settlementPayoutCents, SETTLEMENT_CONFIDENCE } from './settlement';

/**
 * A demo account's pick history (DECISIONS 7: demo mode seeds one account per plan): 90 days of plausible picks, so a
 * newcomer signed in as a demo account sees what the tracker, the dashboard and /analytics are for. Several leagues,
 * books and markets, stakes, most picks settled by the settlement rules (spec 002 §5, DECISIONS 19, 23) against a
 * final score made up with them, the last days' picks still pending, and a closing line on most, so CLV shows.
 * Every pick is marked as demo data: its client id starts with DEMO_PICK_PREFIX and its note says so. Deterministic
 * for one seed and day, so setup re-creates the same history.
 */
export const DEMO_PICK_PREFIX = 'demo:';
export const DEMO_PICK_NOTE = 'Demo data: a sample pick of the demo account';
export const DEMO_HISTORY_DAYS = 90;

export interface DemoPick {
  clientId: string;
  game: string;
  league: TeamLeague;
  sport: string;
  market: string;
  selection: string;
  odds: string;
  bookmaker: string;
  stakeCents: number;
  potentialCents: number;
  status: PickStatus;
  actualPayoutCents: number | null;
  edge: number;
  note: string;
  commenceTime: string;
  dateAdded: string;
  settledDate: string | null;
  validatedBy: string | null;
  validationConfidence: number | null;
  closingOdds: number | null;
  clv: number | null;
}

interface LeagueModel {
  sport: string;
  /** Final scores are drawn from [min, max] per team. */
  score: [number, number];
  spreads: number[];
  totals: number[];
}

const LEAGUES: Partial<Record<TeamLeague, LeagueModel>> = {
  NFL: {
    sport: 'americanfootball_nfl',
    score: [6, 38],
    spreads: [1.5, 2.5, 3.5, 6.5, 7.5, 10.5],
    totals: [40.5, 44.5, 47.5, 51.5],
  },
  NBA: { sport: 'basketball_nba', score: [96, 128], spreads: [1.5, 3.5, 5.5, 7.5, 9.5], totals: [214.5, 222.5, 229.5] },
  MLB: { sport: 'baseball_mlb', score: [0, 9], spreads: [1.5], totals: [7.5, 8.5, 9.5] },
  NHL: { sport: 'icehockey_nhl', score: [0, 6], spreads: [1.5], totals: [5.5, 6.5] },
  MLS: { sport: 'soccer_usa_mls', score: [0, 3], spreads: [0.5], totals: [2.5, 3.5] },
};
const BOOKS = ['draftkings', 'fanduel', 'betmgm', 'williamhill_us', 'espnbet', 'fanatics', 'betrivers'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A small seeded generator (mulberry32): the same seed gives the same history. */
function random(seed: string): () => number {
  let state = 0;
  for (const char of seed) state = (Math.imul(state, 31) + char.charCodeAt(0)) | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * The history of one demo account, `perDay` picks a day on average, the newest on `now`'s day; picks on games that
 * have not finished by `now` are pending.
 */
export function demoPickHistory(seed: string, now: Date, perDay: number): DemoPick[] {
  const next = random(seed);
  const pickOf = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const leagues = Object.keys(LEAGUES) as TeamLeague[];
  const picks: DemoPick[] = [];
  const today = Math.floor(now.getTime() / DAY) * DAY;
  for (let day = DEMO_HISTORY_DAYS - 1; day >= 0; day -= 1) {
    const count = between(Math.max(0, perDay - 2), perDay + 2);
    for (let i = 0; i < count; i += 1) {
      const league = pickOf(leagues);
      const model = LEAGUES[league]!;
      const teams = allTeams().filter((t) => t.league === league);
      const home = pickOf(teams);
      const away = pickOf(teams.filter((t) => t !== home));
      const commence = today - day * DAY + between(16, 26) * HOUR;
      const added = commence - between(1, 20) * HOUR;
      if (added > now.getTime()) continue;
      const game = `${away.name} @ ${home.name}`;
      const final = {
        home_team: home.name,
        away_team: away.name,
        home_score: between(...model.score),
        away_score: between(...model.score),
      };
      const side = next() < 0.5 ? home : away;
      const kind = pickOf(['spread', 'moneyline', 'total'] as const);
      let market: string;
      let selection: string;
      let american: number;
      if (kind === 'spread') {
        const line = pickOf(model.spreads) * (next() < 0.5 ? -1 : 1);
        market = league === 'MLB' ? 'Run Line' : league === 'NHL' ? 'Puck Line' : 'Point Spread';
        selection = `${side.name} ${signed(line)}`;
        american = pickOf([-120, -115, -110, -110, -105, 100]);
      } else if (kind === 'total') {
        market = 'Totals';
        selection = `${next() < 0.5 ? 'Over' : 'Under'} ${pickOf(model.totals)}`;
        american = pickOf([-115, -110, -110, -105]);
      } else {
        market = 'Moneyline';
        selection = side.name;
        american = next() < 0.5 ? -between(11, 26) * 10 : between(10, 24) * 10;
      }
      const stakeCents = between(2, 40) * 500;
      const potentialCents = pickPayoutCents(stakeCents, String(american))!;
      // the close moves a little, more often against the side taken: a bettor who beats the close
      const closeAmerican =
        american > 0 ? Math.max(100, american - between(-8, 15)) : Math.min(-100, american - between(-8, 15));
      const closed = next() < 0.85;
      const finished = commence + 4 * HOUR <= now.getTime();
      const outcome = finished ? settlePick({ game, market, selection, sport: model.sport }, final) : null;
      const status: PickStatus = outcome?.settled ? outcome.status : 'pending';
      picks.push({
        clientId: `${DEMO_PICK_PREFIX}${seed}:${DEMO_HISTORY_DAYS - day}:${i}`,
        game,
        league,
        sport: model.sport,
        market,
        selection,
        odds: signed(american),
        bookmaker: pickOf(BOOKS),
        stakeCents,
        potentialCents,
        status,
        actualPayoutCents: status === 'pending' ? null : settlementPayoutCents(status, stakeCents, potentialCents),
        edge: round(next() * 6 - 1, 2),
        note: DEMO_PICK_NOTE,
        commenceTime: new Date(commence).toISOString(),
        dateAdded: new Date(added).toISOString(),
        settledDate: status === 'pending' ? null : new Date(commence + 4 * HOUR).toISOString(),
        validatedBy: status === 'pending' ? null : 'simulator',
        validationConfidence: status === 'pending' ? null : SETTLEMENT_CONFIDENCE,
        closingOdds: closed ? closeAmerican : null,
        clv: closed ? round(closingLineValue(americanToDecimal(american), americanToDecimal(closeAmerican)), 3) : null,
      });
    }
  }
  return picks;
}
