import { hash32, hexId, normal } from './sim-random';
import type { SportProfile } from './sim-sports';
import { remember, type SimClock } from './sim-clock';

export interface SimGame {
  sport: SportProfile;
  index: number;
  id: string;
  home: string;
  away: string;
  /** Real epoch ms. */
  commence: number;
  /** Pre-match expected margin (home − away) and total, before drift. */
  strength: number;
  total: number;
}

/** A simulated day. */
export const DAY_SEC = 86_400;
/** Rest between the end of a team's game and its next kick-off at the least (simulated minutes). */
const REST_MIN = 60;

/**
 * The fixture list of each sport: one round every `roundDays` days (a day, a week for football), every team in it
 * once, its games spread over the round's slate (the last one ends REST_MIN before the next round's first starts).
 * Teams are paired by the circle method of a round robin over a seeded order: from one round to the next a team's
 * place in the slate moves by one game at most, so its games are a round apart less one slot at the least (about a
 * day, or a week) and never a late game followed by the next round's early one. Hidden strength and total are drawn
 * from the seed. Nothing is stored: any game of any time is computed from its index (round × games a round + slot).
 */
export class GameSchedule {
  private readonly roundMemo = new Map<string, string[]>();

  constructor(private readonly clock: SimClock) {}

  static perRound(profile: SportProfile): number {
    return Math.floor(profile.teams.length / 2);
  }

  /** Simulated seconds a round lasts. */
  static roundSec(profile: SportProfile): number {
    return profile.roundDays * DAY_SEC;
  }

  /** Simulated seconds between two kick-offs of one round's slate. */
  static spacingSec(profile: SportProfile): number {
    const slate = GameSchedule.roundSec(profile) - (profile.durationMin + REST_MIN) * 60;
    return Math.floor(slate / Math.max(1, GameSchedule.perRound(profile) - 1));
  }

  /** How far ahead games are listed: the sport's look-ahead, or longer to keep its usual number of games on the board. */
  static lookaheadSec(profile: SportProfile): number {
    return Math.max(
      profile.lookaheadMin * 60,
      profile.gamesOnBoard * GameSchedule.spacingSec(profile) - profile.durationMin * 60,
    );
  }

  /** The first kick-off of a round, seeded early enough that the round's last one is in the same round too. */
  private offsetSec(profile: SportProfile): number {
    return (hash32(this.clock.seed, profile.key, 'offset') % (profile.durationMin + REST_MIN)) * 60;
  }

  /** The round a simulated moment falls in. */
  roundAt(profile: SportProfile, simSec: number): number {
    return Math.floor((simSec - this.offsetSec(profile)) / GameSchedule.roundSec(profile));
  }

  game(profile: SportProfile, index: number): SimGame {
    const seed = this.clock.seed;
    const perRound = GameSchedule.perRound(profile);
    const round = Math.floor(index / perRound);
    const slot = index - round * perRound;
    const commenceSimSec =
      round * GameSchedule.roundSec(profile) + this.offsetSec(profile) + slot * GameSchedule.spacingSec(profile);
    const order = this.roundOrder(profile, round);
    const strength = profile.homeAdvantage + profile.strengthSd * normal(seed, profile.key, index, 'strength');
    const total = Math.max(
      profile.totalMean * 0.6,
      profile.totalMean * (1 + 0.07 * normal(seed, profile.key, index, 'total')),
    );
    return {
      sport: profile,
      index,
      id: hexId(seed, profile.key, index),
      home: order[2 * slot],
      away: order[2 * slot + 1],
      commence: this.clock.realMs(commenceSimSec),
      strength,
      total,
    };
  }

  /** The game a team plays in a round (every team plays once a round; with an odd number of teams one rests). */
  teamGame(profile: SportProfile, round: number, team: string): SimGame | null {
    const position = this.roundOrder(profile, round).indexOf(team);
    const slot = Math.floor(position / 2);
    if (position < 0 || slot >= GameSchedule.perRound(profile)) return null;
    return this.game(profile, round * GameSchedule.perRound(profile) + slot);
  }

  /**
   * The round's teams in slate order, home then away for each game, and the resting team last when the number is odd.
   * Circle method: the first place of the seeded order stays, the others turn one place a round; a place's game is
   * the pair it makes with its mirror place, so a team's game moves one slot at most between rounds. With an odd
   * number the fixed place is the rest, and the team meeting it sits the round out.
   */
  private roundOrder(profile: SportProfile, round: number): string[] {
    const key = `${profile.key}:${round}`;
    let order = this.roundMemo.get(key);
    if (!order) {
      order = circleRound(this.seededOrder(profile), round);
      remember(this.roundMemo, key, order);
    }
    return order;
  }

  private seededOrder(profile: SportProfile): Array<string | null> {
    const rank = new Map(profile.teams.map((t) => [t, hash32(this.clock.seed, profile.key, 'order', t)]));
    const teams = [...profile.teams].sort((a, b) => rank.get(a)! - rank.get(b)!);
    return teams.length % 2 ? [null, ...teams] : teams;
  }

  /** Games whose start falls in (now − backSec, now + look-ahead] (simulated seconds), in start order. */
  startingAround(profile: SportProfile, nowMs: number, backSec: number): SimGame[] {
    const nowSim = this.clock.simSec(nowMs);
    const from = nowSim - backSec;
    const to = nowSim + GameSchedule.lookaheadSec(profile);
    const perRound = GameSchedule.perRound(profile);
    const games: SimGame[] = [];
    for (let round = this.roundAt(profile, from); round <= this.roundAt(profile, to); round++) {
      for (let slot = 0; slot < perRound; slot++) {
        const game = this.game(profile, round * perRound + slot);
        const start = this.clock.simSec(game.commence);
        if (start > from && start <= to) games.push(game);
      }
    }
    return games;
  }
}

/** One round of the circle method over `places` (an even count; a null place is the rest), in slate order. */
function circleRound(places: Array<string | null>, round: number): string[] {
  const turning = places.length - 1;
  const shift = ((round % turning) + turning) % turning;
  const at = (place: number) => (place === 0 ? places[0] : places[1 + ((place - 1 - shift + turning) % turning)]);
  const games: string[] = [];
  let resting: string | null = null;
  for (let pair = 0; pair < places.length / 2; pair++) {
    const a = at(pair);
    const b = at(places.length - 1 - pair);
    if (a === null || b === null) resting = a ?? b;
    // alternate who is at home, so no place is always the host
    else games.push(...((round + pair) % 2 ? [b, a] : [a, b]));
  }
  return resting === null ? games : [...games, resting];
}
